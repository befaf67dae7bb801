import type { Page } from '@playwright/test';

/**
 * Holds back every request the page makes to `url` until the returned function is called, so a
 * journey can look at what a person sees while that answer (a chunk of code, a read) is on its way.
 */
export async function holdRequests(page: Page, url: Parameters<Page['route']>[0]): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
