import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { settledAnimations } from './animations';

/** Impacts a journey refuses; minor and moderate findings are reported by axe but do not fail. */
const BLOCKING_IMPACTS = ['serious', 'critical'];

/** The rules a scan runs: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits (at most 10 s) until no region says its content is still arriving (`aria-busy="true"`, as a
 * list table does while it fetches): a scan of half-loaded rows would read controls in the middle of
 * changing state, e.g. Export being enabled as its rows land.
 */
async function settledContent(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
}

/** axe-core's minified build: 650 KB to send and compile where its `source` is 1.4 MB. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Puts axe-core into the page's document unless it is already there: once per page load, however many
 * scans follow. (`@axe-core/playwright` sent and compiled axe's 1.4 MB source twice for every scan:
 * two thirds of a scan's CPU on these pages.)
 */
async function withAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(AXE_SOURCE);
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on what the page shows now and fails with a readable list
 * when anything serious or critical is found. `include` narrows the scan to one region (a dialog).
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { include?: string } = {}): Promise<void> {
  await settledContent(page);
  await settledAnimations(page);
  await withAxe(page);
  // axe.run() in the page itself, on its one document (these pages have no frames from another origin),
  // asked for its violations only: the passes' nodes would cross the protocol to be thrown away.
  const findings = await page.evaluate(
    async ({ include, tags, blocking }) => {
      const { axe: inPage } = window as unknown as { axe: typeof axe };
      const results = await inPage.run(include ? { include: [include] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations
        .filter((violation) => blocking.includes(violation.impact ?? ''))
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? '',
          help: violation.help,
          nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary ?? '' })),
        }));
    },
    { include: options.include, tags: WCAG_TAGS, blocking: BLOCKING_IMPACTS },
  );
  const report = findings.map((finding) => `${finding.id} (${finding.impact}): ${finding.help}\n${finding.nodes.map((node) => `  ${node.target}: ${node.summary}`).join('\n')}`);
  expect(report, `axe on ${page.url()}`).toEqual([]);
}
