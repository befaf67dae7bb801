import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Impacts a journey refuses; minor and moderate findings are reported by axe but do not fail. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Waits (at most 2 s) for running transitions and finite animations to end, so colours are read as a
 * person sees them once the page settles: a button enabled a moment ago is still fading from its
 * disabled grey for 0.2 s, and axe would measure that halfway colour.
 */
async function settledAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    return Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

/**
 * Waits (at most 10 s) until no region says its content is still arriving (`aria-busy="true"`, as a
 * list table does while it fetches): a scan of half-loaded rows would read controls in the middle of
 * changing state, e.g. Export being enabled as its rows land.
 */
async function settledContent(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on what the page shows now and fails with a readable list
 * when anything serious or critical is found. `include` narrows the scan to one region (a dialog).
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { include?: string } = {}): Promise<void> {
  await settledContent(page);
  await settledAnimations(page);
  // axe.run() in the page itself: the same rules and results for these pages, which have no frames
  // from another origin. The default (runPartial in each frame, then finishRun in a blank page opened
  // for it) opens a page and compiles axe twice per scan: about a third more CPU for every scan.
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode();
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  const report = blocking.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, `axe on ${page.url()}`).toEqual([]);
}
