import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { chooseOption } from '../crm/pages/chooseOption';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';
import { setOrgCurrency } from '../shell/support/languages';

test('Lodging Settings: an amenity added through the generic editor appears in its tab, shows its History, is archived with Undo and restored from Archived', async ({ page }) => {
  test.setTimeout(150_000);
  const owner = await createOwner('Amenity');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/reservationsettings');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Lodging Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Go back' })).toHaveAttribute('href', '/settings');
  await expect(page.getByRole('tab')).toHaveText(['Accommodations', 'Types', 'Classes', 'Amenities', 'Rate Types', 'Rates', 'Blocks', 'Files', 'Taxes & Fees', 'Calendar Feeds', 'Online Booking']);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Amenities' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('No rows yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('New Amenity')).toBeVisible();
  const name = unique('Hot tub');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('cell', { name, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The row's History, from its editor.
  await panel.getByRole('button', { name: `Edit ${name}` }).click();
  const editor = page.getByRole('dialog');
  await editor.getByRole('button', { name: 'History' }).click();
  await expect(editor.getByRole('region', { name: 'History of this amenity' }).getByRole('listitem').first()).toContainText(`${owner.fullName} created this record`);
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();

  // Archived from the list with Undo for 10 s; then found under Archived and restored.
  await panel.getByRole('checkbox', { name: `Select ${name}` }).check();
  await panel.getByRole('group', { name: 'Actions on 1 amenity' }).getByRole('button', { name: 'Archive', exact: true }).click();
  const toasts = page.getByRole('list', { name: 'Notifications' });
  await expect(toasts).toContainText('Archived 1 amenity');
  await expect(toasts.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(panel.getByRole('cell', { name, exact: true })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Archived' }).click();
  await expect(panel.getByRole('button', { name: 'Archived' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByText('Archived amenities: select rows to restore them or delete them for good.')).toBeVisible();
  await expect(panel.getByRole('cell', { name, exact: true })).toBeVisible();
  await panel.getByRole('checkbox', { name: `Select ${name}` }).check();
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole('group', { name: 'Actions on 1 amenity' }).getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(toasts).toContainText('Restored 1 amenity');
  await expect(panel.getByRole('cell', { name, exact: true })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Archived' }).click();
  await expect(panel.getByRole('cell', { name, exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Blocks' }).click();
  await expect(page.getByRole('tabpanel').getByText('Block Outs')).toBeVisible();
  await page.getByRole('tab', { name: 'Files' }).click();
  await expect(page.getByRole('tabpanel').getByText('Files / Images')).toBeVisible();
});

test('Lodging Settings: a unit is given the member who looks after it (told of its arrivals)', async ({ page }) => {
  const owner = await createOwner('Caretaker');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/reservationsettings');
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog');
  const name = unique('Heron Cabin');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Base Rate', { exact: true }).fill('100');
  await chooseOption(page, dialog, 'Looked After By', owner.fullName);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('cell', { name, exact: true })).toBeVisible();
  const { data: profile } = await serviceClient().from('user_profiles').select('id').eq('org_name', owner.orgName).eq('email', owner.email).single();
  const { data: unit } = await serviceClient().schema('catalog').from('accommodations').select('caretaker_id').eq('org_name', owner.orgName).eq('name', name).single();
  expect(unit).toEqual({ caretaker_id: (profile as { id: string }).id });
});

test('Lodging Settings: Taxes & Fees asks for no currency; a line names the organisation\'s, set in Org Data, with a link there', async ({ page }) => {
  const owner = await createOwner('Currency');
  await setOrgCurrency(owner.orgName, 'EUR');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/reservationsettings');
  await page.getByRole('tab', { name: 'Taxes & Fees' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Amounts are in the organization\'s currency (EUR), set in Settings → Org Data.')).toBeVisible();
  await panel.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Tax %', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Currency')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await panel.getByRole('link', { name: 'Settings → Org Data' }).click();
  await expect(page).toHaveURL(/\/orgsettings$/);
  await expect(page.getByRole('tab', { name: 'Org Data', selected: true })).toBeVisible();
});
