import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';
import { expectAccessible } from '../crm/pages/a11y';
import { chooseOption } from '../crm/pages/chooseOption';

test.describe.configure({ timeout: 240_000 });

test('an owner adds Storage to supplies in Settings → Fields, fills it in a supply’s form, shows it as a column, filters and exports by it', async ({ page }) => {
  const owner = await createOwner('SupplyFields');
  const tag = unique('Lamp');
  const [oil, wick] = [`${tag} oil`, `${tag} wick`];
  const { error } = await serviceClient()
    .schema('catalog')
    .from('supplies')
    .insert([oil, wick].map((name) => ({ org_name: owner.orgName, name, category: 'Lighting' })));
  expect(error).toBeNull();
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);

  // Settings → Fields → Supplies → Add field: Storage, a single choice.
  await page.goto('/settings/fields');
  await page.getByRole('tab', { name: 'Supplies' }).click();
  await expect(page.getByRole('tab', { name: 'Supplies', selected: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add field' }).click();
  const fieldDialog = page.getByRole('dialog', { name: 'Add a supply field' });
  await fieldDialog.getByLabel('Label', { exact: true }).fill('Storage');
  await fieldDialog.getByLabel('Type', { exact: true }).selectOption({ label: 'Single choice' });
  for (const [index, choice] of ['Shed', 'Cellar'].entries()) {
    await fieldDialog.getByRole('button', { name: 'Add choice' }).click();
    await fieldDialog.getByLabel(`Choice ${index + 1}`, { exact: true }).fill(choice);
  }
  await fieldDialog.getByRole('button', { name: 'Save' }).click();
  await expect(fieldDialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Supplies fields' }).getByRole('row').filter({ hasText: 'Storage' })).toBeVisible();

  // The oil is kept in the cellar: the supply's form has Storage under "More fields".
  await page.goto('/supplies');
  const table = page.getByRole('main').getByRole('table');
  const row = (name: string) => table.getByRole('row').filter({ hasText: name });
  await expect(row(oil)).toBeVisible({ timeout: 30_000 });
  await row(oil).getByRole('button', { name: `Edit ${oil}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit Supply' });
  const more = form.getByRole('group', { name: 'More fields' });
  await expect(more).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(oil);
  await chooseOption(page, more, 'Storage', 'Cellar');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const { data: saved } = await serviceClient().schema('catalog').from('supplies').select('custom').eq('org_name', owner.orgName).eq('name', oil).single();
  expect(Object.values((saved as { custom: Record<string, unknown> }).custom)).toHaveLength(1);

  // The list: Storage through the column chooser, the oil's cell by its choice's label.
  const toolbar = page.getByRole('toolbar', { name: 'List actions' });
  await toolbar.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Storage' }).check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(table.getByRole('columnheader', { name: 'Storage' })).toBeVisible();
  await expect(row(oil)).toContainText('Cellar');
  await expect(page).toHaveURL(/cols=/);

  // Filter: Storage is Cellar — the oil, not the wick.
  await toolbar.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('region', { name: 'Filters' });
  await panel.getByRole('button', { name: 'Add condition' }).click();
  await chooseOption(page, panel, 'Field 1', 'Storage');
  await chooseOption(page, panel, 'Operator 1', 'is');
  await chooseOption(page, panel, 'Value 1', 'Cellar');
  await panel.getByRole('button', { name: 'Apply' }).click();
  // The filter is applied and its rows are read before the wick is found missing.
  await expect(page).toHaveURL(/[?&]f=/);
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(row(oil)).toBeVisible();
  await expect(row(wick)).toHaveCount(0);
  await expectAccessible(page);

  // Export: the filtered rows with Storage by label.
  const [download] = await Promise.all([page.waitForEvent('download'), toolbar.getByRole('button', { name: 'Export' }).click()]);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toContain('Storage');
  expect(lines.find((line) => line.startsWith(`${oil},`))).toContain('Cellar');
  expect(lines.some((line) => line.startsWith(`${wick},`))).toBe(false);
});
