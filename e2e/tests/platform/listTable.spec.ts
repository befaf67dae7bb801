import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';

// Several lists at two widths, each with an axe scan, on shared CPU.
test.describe.configure({ timeout: 240_000 });

/** Lists drawn by the one list table, each with a column whose header sorts and a link or text in its rows. */
const LISTS = [
  { path: '/businesses', name: 'Businesses', sortBy: 'Name' },
  { path: '/contacts', name: 'Contacts', sortBy: 'Name' },
  { path: '/tasks', name: 'Tasks', sortBy: 'Title' },
  { path: '/supplies', name: 'Supplies', sortBy: 'Name' },
  { path: '/staff', name: null, sortBy: 'Name' },
] as const;

async function rowsShown(page: Page) {
  const rows = page.locator('.stw-list-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return rows;
}

test('at 1280 px every list is one table: sticky header, sort by keyboard with aria-sort, no serious axe findings', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  for (const list of LISTS) {
    await page.goto(list.path);
    await rowsShown(page);
    const table = page.getByRole('main').getByRole('table');
    await expect(table).toHaveCount(1);
    if (list.name) await expect(table).toHaveAttribute('aria-label', new RegExp(list.name));
    const header = table.getByRole('columnheader', { name: list.sortBy, exact: false }).first();
    const before = await header.getAttribute('aria-sort');
    await header.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(header).not.toHaveAttribute('aria-sort', before ?? 'none');
    await expect(header).toHaveAttribute('aria-sort', /ascending|descending/);
    await expect(page).toHaveURL(/sort=/);
    await rowsShown(page);
    // Every column is in view without scrolling sideways, and no cell's content is cut at its edge
    // (the tasks list's nine columns, its Edit and Add subtask last, among them).
    const frame = page.locator('.stw-list-scroll').first();
    expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    expect(await frame.evaluate((element) => [...element.querySelectorAll('.stw-list-cell')].filter((cell) => cell.scrollWidth > cell.clientWidth + 1).length)).toBe(0);
    await expectNoSeriousA11yViolations(page);
  }
  // The header stays on top while the rows scroll beneath it.
  await page.goto('/contacts');
  await rowsShown(page);
  const frame = page.locator('.stw-list-scroll').first();
  const headerTop = async () => (await page.locator('.stw-list-head').first().boundingBox())?.y ?? 0;
  const top = await headerTop();
  await frame.evaluate((element) => element.scrollBy(0, 400));
  expect(Math.abs((await headerTop()) - top)).toBeLessThan(1);
});

test('at 390 px each row is a card: the name first, then label and value, with the same links; no serious axe findings', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  for (const list of LISTS) {
    await page.goto(list.path);
    const cards = await rowsShown(page);
    await expect(page.getByRole('main').getByRole('table')).toHaveCount(0);
    const first = cards.first();
    await expect(first.locator('dt').first()).toBeVisible();
    // The page never scrolls sideways: a card fits the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  }
  // A business card's name is its link to the record, as in the table.
  await page.goto('/businesses');
  const card = (await rowsShown(page)).first();
  const link = card.locator('.stw-list-card-title a').first();
  await expect(link).toHaveAttribute('href', /^\/business\//);
  await link.click();
  await expect(page).toHaveURL(/\/business\/[^/]+$/);
});
