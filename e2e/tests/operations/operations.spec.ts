import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, unique } from '../shell/support/shellApi';

test('projects: an empty organisation says so, and a project added through the editor appears', async ({ page }) => {
  const owner = await createOwner('Ops');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/projects');
  await expect(page.getByText('No projects found.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const name = unique('Dock repair');
  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Project' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Active');
});

test('tasks show their subtasks, transactions their amounts, and the placeholders show no data', async ({ page }) => {
  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  await page.goto('/tasks');
  await expect(page.getByRole('columnheader', { name: 'Subtasks' })).toBeVisible();
  await expect(page.getByRole('table').getByText('No subtasks').first()).toBeVisible();
  await expect(page.getByRole('table').getByText(/\((To Do|In Progress|Blocked|Done)\)/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/transactions');
  await expect(page.getByRole('table').getByText(/^\$[\d,]+\.\d\d$/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  for (const [path, section] of [
    ['/calendar', 'Calendars'],
    ['/lists', 'Lists'],
    ['/forms', 'Forms'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(`${section} are coming soon. This screen does not show any data yet.`)).toBeVisible();
  }
});
