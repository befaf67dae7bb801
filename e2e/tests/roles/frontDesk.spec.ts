import { expect, test } from '@playwright/test';
import { encodeFilterParam } from '../../../libs/src/filter/filterUrlCodec';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { areaOf } from '../../support/areaOf';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { FRONT_DESK, noAccess, recordReads, shortIdOf } from './support/roleApi';

// Sam Ortiz, front desk at Cedar Grove: CRM view Organization, may add, edits their own, deletes
// nothing; catalogue read-only; reservations Organization-wide without deleting; their own tasks; no
// team portal, no settings.
test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, FRONT_DESK.email, FRONT_DESK.password, E2E_BASE_URL);
});

test('CRM: Add New and Import, Edit only on their own contact, no Archive anywhere', async ({ page }) => {
  const rosa = await shortIdOf('crm', 'contacts', FRONT_DESK.orgName, 'Rosa Delgado');
  // The list in one-record mode: their own contact alone.
  await page.goto(`/contacts?short_id=${rosa}`);
  const toolbar = page.getByRole('toolbar', { name: 'List actions' });
  await expect(toolbar.getByRole('button', { name: 'Add New' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Import' })).toBeVisible();
  // Selecting rows offers no archiving to a role that deletes nothing.
  await page.getByRole('checkbox', { name: /Select Rosa Delgado/ }).check();
  const bulk = page.getByRole('group', { name: /^Actions on/ });
  await expect(bulk.getByRole('button', { name: 'Export selection' })).toBeVisible();
  await expect(bulk.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Their own contact (they are its primary owner): Edit and the tabs' add buttons, no Archive.
  await page.goto(`/contact/${rosa}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Contact: Rosa Delgado' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Phone' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();

  // Someone else's contact: shown, with nothing to change.
  await page.goto(`/contact/${await shortIdOf('crm', 'contacts', FRONT_DESK.orgName, 'Emma Whitaker')}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Contact: Emma Whitaker' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Contact Methods/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Phone' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('CRM bulk change (edit Personal): of their contact and someone else\'s, the bar says only theirs changes', async ({ page }) => {
  const filter = encodeFilterParam({
    operator: 'or',
    value: [
      { field: 'name', operator: 'is', value: 'Rosa Delgado' },
      { field: 'name', operator: 'is', value: 'Emma Whitaker' },
    ],
  });
  await page.goto(`/contacts?f=${encodeURIComponent(filter ?? '')}`);
  const table = page.getByRole('table').first();
  for (const name of ['Rosa Delgado', 'Emma Whitaker']) await table.getByRole('checkbox', { name: `Select ${name}` }).check();
  const bulk = page.getByRole('group', { name: 'Actions on 2 contacts' });
  await bulk.getByLabel('Set Status').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Inactive - Former"]').click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('1 of the 2 selected contacts is yours; only that one changes.');
  await expect(question.getByRole('button', { name: 'Set Status to Inactive - Former on 1 contact' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The demo organisation is shared: the question is the point here, not the change.
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  await expect(bulk).toBeVisible();
});

test('Catalog read-only: no Add New, View instead of Edit, a read-only product with Close and no Save', async ({ page }) => {
  await page.goto('/inventory');
  const table = page.getByRole('table').first();
  const view = table.getByRole('button', { name: /^View / }).first();
  await expect(view).toBeVisible();
  await expect(table.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Add New' })).toHaveCount(0);
  await view.click();
  const dialog = page.getByRole('dialog', { name: /^View Product/ });
  await expect(dialog.getByRole('button', { name: 'Close', exact: true }).last()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(dialog.getByRole('textbox').first()).toBeDisabled();
  await expectNoSeriousA11yViolations(page, { include: '.ant-modal' });
});

test('Lodging: Add New and bookable free cells for a role that takes reservations', async ({ page }) => {
  await page.goto('/reservations');
  await expect(areaOf(page, 'lodging').getByRole('button', { name: 'Add New' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^New reservation: / }).first()).toBeAttached();
});

test('Team portal (None): the page says so and reads nothing of the team', async ({ page }) => {
  const seen = recordReads(page);
  await page.goto('/staff');
  await expect(page.getByText(noAccess('Team Directory'), { exact: true })).toBeVisible();
  // The menu still lists every item.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Team Portal', exact: true })).toBeVisible();
  expect(seen.reads.filter((read) => read.startsWith('hr.'))).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('Operations (Personal): their own task with Edit and Add New; Settings (None) says so, their profile still opens', async ({ page }) => {
  await page.goto('/tasks?view=list');
  await expect(page.getByRole('button', { name: 'Edit Refill welcome packets' })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Add New' })).toBeVisible();

  await page.goto('/orgsettings');
  await expect(page.getByText(noAccess('Organization Settings'), { exact: true })).toBeVisible();
  await page.goto('/settings/roles');
  await expect(page.getByText(noAccess('Roles'), { exact: true })).toBeVisible();
  await page.goto('/acctsettings');
  await expect(page.getByRole('textbox', { name: 'Name' }).first()).toHaveValue('Sam Ortiz');
  // Organisation users are profiles, which Settings rights govern: listed, but no one to invite.
  await page.goto('/users');
  await expect(page.getByRole('table').first().getByRole('link', { name: 'Sam Ortiz' })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Add New' })).toHaveCount(0);
});
