import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { AppShell } from './pages/AppShell';
import { createOwner, setBranding } from './support/shellApi';

test("the organisation's branding themes the app, and its custom CSS stays inside the app", async ({ page }) => {
  const owner = await createOwner('Brand');
  await setBranding(owner.orgName, {
    primary_color: '#0a7d4f',
    card_color: '#fdf6e3',
    font_family: 'Verdana',
    custom_css: [
      '.stw-header__title { color: rgb(4, 5, 6) !important; }',
      'body { background-color: rgb(1, 2, 3) !important; }',
      '@import url("https://example.test/steal.css");',
      '</style><img src="x" onerror="window.__injected = true"><style>',
    ].join('\n'),
  });
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/dashboard');
  const shell = new AppShell(page);
  await expect(shell.title).toHaveText('Dashboard');

  await expect.poll(() => shell.headerBackground()).toBe('rgb(10, 125, 79)');
  await expect.poll(() => shell.title.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(4, 5, 6)');
  expect(await shell.themeRoot.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^Verdana/);
  // Scoped: the same stylesheet cannot reach the page outside the app's root.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(1, 2, 3)');
  // It is text in one style element: no markup, no script, no remote stylesheet.
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.locator('style[data-org-custom-css]').textContent()).not.toContain('@import');
});
