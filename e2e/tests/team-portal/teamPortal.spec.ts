import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';

test('the team portal lists staff, groups, positions and shifts, and opens one staff member by short id', async ({ page }) => {
  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  await page.goto('/staff');
  const table = page.getByRole('table');
  for (const header of ['Name', 'Job / Assignments', 'Availability', 'Contact', 'Status']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const staffCount = await rows.count();
  await expectNoSeriousA11yViolations(page);

  // One record: the first staff link opens /Staff/{short_id} with that row only.
  const first = rows.nth(1).getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/Staff\/[^/]+$/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(name);
  expect(staffCount).toBeGreaterThan(2);

  for (const [path, header] of [
    ['/groups', 'Active Members'],
    ['/positions', 'Last Modified At'],
    ['/shifts', 'Owner(s)'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
