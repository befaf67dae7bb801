import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './pages/a11y';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique, type Owner } from '../shell/support/shellApi';
import { createMember, setLevels } from '../roles/support/roleApi';
import { chooseOption } from './pages/chooseOption';
import { CrmDetail } from './pages/CrmDetail';
import { CrmList } from './pages/CrmList';

test.describe.configure({ timeout: 240_000 });

/** Contacts of the owner's organisation, of the shared type Guest, with the given custom values. */
async function newContacts(owner: Owner, names: readonly string[], custom: (name: string) => Record<string, unknown> = () => ({})) {
  const { data: type } = await serviceClient().schema('crm').from('contact_types').select('id').eq('org_name', '_system_default_').limit(1).single();
  const typeId = (type as { id: string }).id;
  const { data, error } = await serviceClient()
    .schema('crm')
    .from('contacts')
    .insert(names.map((name) => ({ org_name: owner.orgName, name, first_name: name.split(' ')[0], last_name: name.split(' ')[1] ?? 'Guest', type_id: typeId, custom: custom(name) })))
    .select('id, name, short_id');
  expect(error).toBeNull();
  return data as { id: string; name: string; short_id: string }[];
}

/** Settings → Fields → Add field, filled with the keyboard where a form is filled with it. */
async function addField(page: Page, field: { label: string; type: string; choices?: readonly string[]; required?: boolean }) {
  await page.getByRole('button', { name: 'Add field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a contact field' });
  await dialog.getByLabel('Label', { exact: true }).fill(field.label);
  await dialog.getByLabel('Type', { exact: true }).selectOption({ label: field.type });
  for (const [index, choice] of (field.choices ?? []).entries()) {
    await dialog.getByRole('button', { name: 'Add choice' }).click();
    await dialog.getByLabel(`Choice ${index + 1}`, { exact: true }).fill(choice);
  }
  if (field.required) await dialog.getByLabel('Required').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Contacts fields' }).getByRole('row').filter({ hasText: field.label })).toBeVisible();
}

test('an owner adds Paddling level and Waiver expiry to contacts, fills them in, shows them as columns, filters, sorts and exports by them', async ({ page, baseURL }) => {
  const owner = await createOwner('Fields');
  const [ann, ben] = await newContacts(owner, ['Ann Rivers', 'Ben Lakes', 'Cat Shore']);
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');

  await page.goto('/settings/fields');
  await expect(page.getByRole('tab', { name: 'Contacts', selected: true })).toBeVisible({ timeout: 30_000 });
  await addField(page, { label: 'Paddling level', type: 'Single choice', choices: ['Beginner', 'Intermediate', 'Advanced'] });
  await addField(page, { label: 'Waiver expiry', type: 'Date' });
  await expectAccessible(page);

  // Ann: Intermediate, waiver to 2027-03-01, in the form's "More fields".
  await page.goto(`/contact/${ann?.short_id}`);
  const detail = new CrmDetail(page);
  await expect(detail.heading).toContainText('Contact: Ann Rivers');
  await detail.editButton.click();
  await expect(detail.editor.getByRole('group', { name: 'More fields' })).toBeVisible();
  await chooseOption(page, detail.editor, 'Paddling level', 'Intermediate');
  await detail.editor.getByLabel('Waiver expiry', { exact: true }).fill('2027-03-01');
  await detail.editor.getByRole('button', { name: 'Save' }).click();
  await expect(detail.editor).toBeHidden();
  const more = page.getByRole('region', { name: 'More fields' });
  await expect(more).toContainText('Paddling level');
  await expect(more).toContainText('Intermediate');
  await expect(more).toContainText('2027-03-01');
  await detail.tab('History').click();
  await expect(page.getByRole('region', { name: 'History of Ann Rivers' }).getByRole('listitem').first()).toContainText('Paddling level from empty to Intermediate');

  // Ben: Beginner, waiver to 2026-12-01.
  await page.goto(`/contact/${ben?.short_id}`);
  await expect(detail.heading).toContainText('Contact: Ben Lakes');
  await detail.editButton.click();
  await chooseOption(page, detail.editor, 'Paddling level', 'Beginner');
  await detail.editor.getByLabel('Waiver expiry', { exact: true }).fill('2026-12-01');
  await detail.editor.getByRole('button', { name: 'Save' }).click();
  await expect(detail.editor).toBeHidden();

  // The list: both columns through the chooser, then remembered on the next visit.
  const list = new CrmList(page);
  await list.goto('/contacts');
  await list.toolbar.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Paddling level' }).check();
  await page.getByRole('checkbox', { name: 'Waiver expiry' }).check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(list.table.getByRole('columnheader', { name: 'Paddling level' })).toBeVisible();
  await expect(list.row('Ann Rivers')).toContainText('Intermediate');
  await list.goto('/contacts');
  await expect(list.table.getByRole('columnheader', { name: 'Waiver expiry' })).toBeVisible();

  // Filter: Paddling level is Intermediate.
  await list.toolbar.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('region', { name: 'Filters' });
  await panel.getByRole('button', { name: 'Add condition' }).click();
  await chooseOption(page, panel, 'Field 1', 'Paddling level');
  await chooseOption(page, panel, 'Operator 1', 'is');
  await chooseOption(page, panel, 'Value 1', 'Intermediate');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(list.row('Ann Rivers')).toBeVisible();
  await expect(list.row('Ben Lakes')).toHaveCount(0);
  await expect(list.row('Cat Shore')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Clear' }).click();
  await expect(list.row('Cat Shore')).toBeVisible();

  // Sort by waiver expiry: Ben's (2026) before Ann's (2027), Cat (none) last.
  await list.toolbar.getByRole('button', { name: 'Sort' }).click();
  const sort = page.getByRole('region', { name: 'Sort' });
  await chooseOption(page, sort, 'Sort field 1', 'Waiver expiry');
  await sort.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/sort=custom\./);
  const names = list.table.getByRole('row').getByRole('link');
  await expect(names).toHaveText(['Ben Lakes', 'Ann Rivers', 'Cat Shore']);
  await expectAccessible(page);

  // Export: the custom columns by label, choices by label.
  const [download] = await Promise.all([page.waitForEvent('download'), list.toolbar.getByRole('button', { name: 'Export' }).click()]);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toContain('Paddling level');
  expect(header).toContain('Waiver expiry');
  expect(lines.find((line) => line.includes('Ann Rivers'))).toContain('Intermediate');
  expect(lines.find((line) => line.includes('Ann Rivers'))).toContain('2027-03-01');
});

test('a required field left empty shows the database’s message and keeps what was typed', async ({ page, baseURL }) => {
  const owner = await createOwner('Required');
  const { data: field, error } = await serviceClient()
    .schema('settings')
    .from('custom_fields')
    .insert({ org_name: owner.orgName, record_kind: 'contact', label: 'Emergency contact', field_type: 'short_text', position: 1 })
    .select('id')
    .single();
  expect(error).toBeNull();
  const fieldId = (field as { id: string }).id;
  const [dana] = await newContacts(owner, ['Dana Brook'], () => ({ [fieldId]: 'Sam Brook' }));
  const { error: requiredError } = await serviceClient().schema('settings').from('custom_fields').update({ required: true }).eq('id', fieldId);
  expect(requiredError).toBeNull();
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');

  await page.goto(`/contact/${dana?.short_id}`);
  const detail = new CrmDetail(page);
  await expect(detail.heading).toContainText('Contact: Dana Brook');
  await detail.editButton.click();
  await detail.editor.getByLabel('Nickname', { exact: true }).fill('Dee');
  await detail.editor.getByLabel('Emergency contact', { exact: true }).fill('');
  await detail.editor.getByRole('button', { name: 'Save' }).click();
  await expect(detail.editor.getByRole('alert').filter({ hasText: 'Emergency contact is required' })).toBeVisible();
  await expect(detail.editor.getByLabel('Nickname', { exact: true })).toHaveValue('Dee');
  await expectAccessible(page);

  // Filled in again, the save goes through with the nickname.
  await detail.editor.getByLabel('Emergency contact', { exact: true }).fill('Sam Brook Jr');
  await detail.editor.getByRole('button', { name: 'Save' }).click();
  await expect(detail.editor).toBeHidden();
  await expect(page.getByRole('region', { name: 'More fields' })).toContainText('Sam Brook Jr');
});

test('a CSV with the organisation’s own fields: columns by label, a choice it does not have named with its line, then the values on the contacts', async ({ page, baseURL }) => {
  const owner = await createOwner('Csvfields');
  const { error } = await serviceClient()
    .schema('settings')
    .from('custom_fields')
    .insert([
      { org_name: owner.orgName, record_kind: 'contact', label: 'Paddling level', field_type: 'single_choice', position: 1, choices: ['Beginner', 'Intermediate', 'Advanced'].map((label) => ({ label })) },
      { org_name: owner.orgName, record_kind: 'contact', label: 'Dietary needs', field_type: 'multiple_choice', position: 2, choices: ['Vegan', 'Nut allergy', 'Gluten free'].map((label) => ({ label })) },
    ]);
  expect(error).toBeNull();
  const tag = unique('Csv').replace(/\s+/g, '');
  const csv = (level: string) => ['Name,Paddling level,Dietary needs', `${tag} Ada,beginner,"nut allergy, Vegan"`, `${tag} Cy,${level},Gluten free`].join('\n');
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');

  const list = new CrmList(page);
  await list.goto('/contacts');
  await list.toolbar.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  await dialog.getByLabel(/CSV file/).setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('Wizard')) });
  await expect(dialog.getByText('Preview (first 2 of 2 rows)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 contacts' }).click();
  await expect(dialog.getByText('Import failed: nothing was imported')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Import errors' }).getByRole('listitem')).toHaveText(['Line 3: Paddling level has no choice "Wizard"']);
  await expectAccessible(page, { include: '.ant-modal' });

  await dialog.getByLabel(/CSV file/).setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('Advanced')) });
  await dialog.getByRole('button', { name: 'Import 2 contacts' }).click();
  await expect(dialog.getByText('Imported 2 contacts.')).toBeVisible();
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  // The values as the list shows them: choices by label, a multiple choice in the order written.
  await list.toolbar.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Paddling level' }).check();
  await page.getByRole('checkbox', { name: 'Dietary needs' }).check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(list.table.getByRole('columnheader', { name: 'Dietary needs' })).toBeVisible();
  await expect(list.row(`${tag} Ada`)).toContainText('Beginner');
  await expect(list.row(`${tag} Ada`)).toContainText('Nut allergy, Vegan');
  await expect(list.row(`${tag} Cy`)).toContainText('Advanced');
  await expect(list.row(`${tag} Cy`)).toContainText('Gluten free');
});

test('a member whose role may view but not edit contacts does not see a sensitive field’s value', async ({ page, baseURL }) => {
  const owner = await createOwner('Sensitive');
  const { data: field, error } = await serviceClient()
    .schema('settings')
    .from('custom_fields')
    .insert({ org_name: owner.orgName, record_kind: 'contact', label: 'Medical notes', field_type: 'long_text', sensitive: true, position: 1 })
    .select('id')
    .single();
  expect(error).toBeNull();
  const secret = unique('Allergic to penicillin');
  const [eve] = await newContacts(owner, ['Eve Marsh'], () => ({ [(field as { id: string }).id]: secret }));
  const member = await createMember(owner, 'Viewer');
  await setLevels(owner.orgName, member.roleId, 'crm', { view: 'Organization', create: false, edit: 'None', delete: 'None' });
  await signInThroughApi(page, member.email, member.password, baseURL ?? '');

  await page.goto(`/contact/${eve?.short_id}`);
  const detail = new CrmDetail(page);
  await expect(detail.heading).toContainText('Contact: Eve Marsh');
  const more = page.getByRole('region', { name: 'More fields' });
  await expect(more).toContainText('Medical notes');
  await expect(more.getByLabel('empty')).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expectAccessible(page);
});
