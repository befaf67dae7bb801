import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { VOLUNTEER, noAccess, recordReads, shortIdOf } from './support/roleApi';

// Riley Chen, volunteer at Lakeside: CRM and operations Personal (may add, edits their own, deletes
// nothing), reads the team portal, no catalogue, lodging or settings.
test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, VOLUNTEER.email, VOLUNTEER.password, E2E_BASE_URL);
});

test('CRM Personal: only the contacts they created, own or share, each with Edit; no Archive', async ({ page }) => {
  await page.goto('/contacts');
  const table = page.getByRole('table').first();
  // Primary owner, secondary owner, creator.
  for (const name of ['Helen Brandt', 'Marcus Webb', 'Priscilla Nowak']) await expect(table.getByRole('link', { name })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Margaret Olsen' })).toHaveCount(0);
  await expect(page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Add New' })).toBeVisible();
  // Merging changes one record and archives the other: not offered without delete access.
  await expect(page.getByRole('toolbar', { name: 'List actions' }).getByRole('link', { name: 'Possible duplicates' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  for (const name of ['Helen Brandt', 'Marcus Webb']) {
    await page.goto(`/contact/${await shortIdOf('crm', 'contacts', VOLUNTEER.orgName, name)}`);
    await expect(page.getByRole('heading', { level: 2, name: `Contact: ${name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0);
  }
});

test('Operations Personal: the transaction they recorded, with Edit', async ({ page }) => {
  await page.goto('/transactions');
  await expect(page.getByRole('button', { name: 'Edit Coffee hour donations' })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Add New' })).toBeVisible();
});

test('Team portal read-only: no Add New, View instead of Edit', async ({ page }) => {
  await page.goto('/positions');
  const table = page.getByRole('table').first();
  await expect(table.getByRole('button', { name: /^View / }).first()).toBeVisible();
  await expect(table.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Add New' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('Catalog, lodging and settings (None): each page says so and reads none of its rows', async ({ page }) => {
  const seen = recordReads(page);
  await page.goto('/inventory');
  await expect(page.getByText(noAccess('Inventory'), { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/reservations');
  await expect(page.getByText(noAccess('Reservations'), { exact: true })).toBeVisible();
  await page.goto('/orgsettings');
  await expect(page.getByText(noAccess('Organization Settings'), { exact: true })).toBeVisible();
  // Catalogue and lodging rows live in the catalog schema; the organisation's record in public.organizations,
  // of which every member's session reads only the name, language and currency of the organisations they
  // belong to (the switcher's names, what the screens format in).
  const sessionRead = 'public.organizations?select=name,language,currency';
  // The pages' reads were recorded (the session's among them) before none is found of those rows.
  expect(seen.reads).toContain(sessionRead);
  expect(seen.reads.filter((read) => read.startsWith('catalog.') || (read.startsWith('public.organizations') && read !== sessionRead))).toEqual([]);
});
