import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './pages/a11y';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, type Owner } from '../shell/support/shellApi';
import { createMember, setLevels } from '../roles/support/roleApi';
import { chooseOption } from './pages/chooseOption';
import { CrmList } from './pages/CrmList';

test.describe.configure({ timeout: 240_000 });

type Field = { id: string; choices: { id: string; label: string }[] };

async function defineField(owner: Owner, label: string, fieldType: string, position: number, choices: readonly string[] = []): Promise<Field> {
  const { data, error } = await serviceClient()
    .schema('settings')
    .from('custom_fields')
    .insert({ org_name: owner.orgName, record_kind: 'contact', label, field_type: fieldType, position, choices: choices.map((choice) => ({ label: choice })) })
    .select('id, choices')
    .single();
  expect(error).toBeNull();
  return data as Field;
}

async function newContacts(owner: Owner, rows: readonly { name: string; custom: Record<string, unknown> }[]) {
  const { data: type } = await serviceClient().schema('crm').from('contact_types').select('id').eq('org_name', '_system_default_').limit(1).single();
  const { error } = await serviceClient()
    .schema('crm')
    .from('contacts')
    .insert(rows.map(({ name, custom }) => ({ org_name: owner.orgName, name, first_name: name.split(' ')[0], last_name: name.split(' ')[1], type_id: (type as { id: string }).id, custom })));
  expect(error).toBeNull();
}

const viewsPanel = (page: Page) => page.getByRole('group', { name: 'Saved views' });

test('a person saves a view with a custom column, filter and sort, finds it again after a reload, and a colleague sees the shared one', async ({ page, baseURL, browser }) => {
  const owner = await createOwner('Views');
  const level = await defineField(owner, 'Paddling level', 'single_choice', 1, ['Beginner', 'Intermediate']);
  const waiver = await defineField(owner, 'Waiver expiry', 'date', 2);
  const [beginner, intermediate] = level.choices.map((choice) => choice.id);
  await newContacts(owner, [
    { name: 'Ann Rivers', custom: { [level.id]: intermediate, [waiver.id]: '2027-03-01' } },
    { name: 'Ben Lakes', custom: { [level.id]: intermediate, [waiver.id]: '2026-12-01' } },
    { name: 'Cat Shore', custom: { [level.id]: beginner } },
  ]);
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');

  // The list as the person wants it: Paddling level shown, Intermediate only, by waiver expiry.
  const list = new CrmList(page);
  await list.goto('/contacts');
  await list.toolbar.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Paddling level' }).check();
  await page.getByRole('group', { name: 'Columns shown' }).getByRole('button', { name: 'Done' }).click();
  await list.toolbar.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('region', { name: 'Filters' });
  await panel.getByRole('button', { name: 'Add condition' }).click();
  await chooseOption(page, panel, 'Field 1', 'Paddling level');
  await chooseOption(page, panel, 'Operator 1', 'is');
  await chooseOption(page, panel, 'Value 1', 'Intermediate');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await list.toolbar.getByRole('button', { name: 'Sort' }).click();
  const sort = page.getByRole('region', { name: 'Sort' });
  await chooseOption(page, sort, 'Sort field 1', 'Waiver expiry');
  await sort.getByRole('button', { name: 'Apply' }).click();
  const names = list.table.getByRole('row').getByRole('link');
  await expect(names).toHaveText(['Ben Lakes', 'Ann Rivers']);

  // Saved under a name, shared with the organisation.
  await list.toolbar.getByRole('button', { name: 'Views' }).click();
  await viewsPanel(page).getByLabel('View name').fill('Intermediate paddlers');
  await viewsPanel(page).getByLabel('Share with the organisation').check();
  await viewsPanel(page).getByRole('button', { name: 'Save view' }).click();
  await expect(viewsPanel(page).getByRole('button', { name: 'Intermediate paddlers', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.toolbar.getByLabel('Current view')).toHaveText('Intermediate paddlers');
  await expectAccessible(page);

  // The plain list again, then the view chosen from the toolbar: its columns, filter and sort, in the URL.
  await list.goto('/contacts');
  await expect(list.row('Cat Shore')).toBeVisible();
  await list.toolbar.getByRole('button', { name: 'Views' }).click();
  // The views are read (the view is listed, not chosen) before the toolbar is found naming none.
  await expect(viewsPanel(page).getByRole('button', { name: 'Intermediate paddlers', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(list.toolbar.getByLabel('Current view')).toHaveCount(0);
  await viewsPanel(page).getByRole('button', { name: 'Intermediate paddlers', exact: true }).click();
  await expect(names).toHaveText(['Ben Lakes', 'Ann Rivers']);
  await expect(list.table.getByRole('columnheader', { name: 'Paddling level' })).toBeVisible();
  await expect(page).toHaveURL(/f=.*custom\..*sort=custom\..*cols=/);
  await page.reload();
  await expect(names).toHaveText(['Ben Lakes', 'Ann Rivers']);
  await expect(list.toolbar.getByLabel('Current view')).toHaveText('Intermediate paddlers');

  // A colleague who views contacts sees the shared view, chooses it, and may not rename or delete it.
  const member = await createMember(owner, 'Guide');
  await setLevels(owner.orgName, member.roleId, 'crm', { view: 'Organization', create: false, edit: 'None', delete: 'None' });
  const context = await browser.newContext({ baseURL });
  const colleague = await context.newPage();
  await signInThroughApi(colleague, member.email, member.password, baseURL ?? '');
  const theirs = new CrmList(colleague);
  await theirs.goto('/contacts');
  await expect(theirs.row('Cat Shore')).toBeVisible();
  await theirs.toolbar.getByRole('button', { name: 'Views' }).click();
  const shared = viewsPanel(colleague).getByRole('listitem').filter({ hasText: 'Intermediate paddlers' });
  await expect(shared).toContainText('(shared)');
  await expect(shared.getByRole('button', { name: /Rename|Delete/ })).toHaveCount(0);
  await shared.getByRole('button', { name: 'Intermediate paddlers', exact: true }).click();
  await expect(theirs.table.getByRole('row').getByRole('link')).toHaveText(['Ben Lakes', 'Ann Rivers']);
  await expect(theirs.table.getByRole('columnheader', { name: 'Paddling level' })).toBeVisible();
  await expectAccessible(colleague);
  await context.close();

  // The owner renames it; the name follows in the list of views.
  await list.toolbar.getByRole('button', { name: 'Views' }).click();
  await viewsPanel(page).getByRole('button', { name: 'Rename Intermediate paddlers' }).click();
  await viewsPanel(page).getByLabel('New name for Intermediate paddlers').fill('Trip leaders');
  await viewsPanel(page).getByRole('button', { name: 'Save name' }).click();
  await expect(viewsPanel(page).getByRole('button', { name: 'Trip leaders', exact: true })).toBeVisible();

  // On a phone the panel stays on the screen, though its button sits far along the row of actions.
  await list.toolbar.getByRole('button', { name: 'Views' }).click();
  await expect(viewsPanel(page)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await list.toolbar.getByRole('button', { name: 'Views' }).click();
  await expect(viewsPanel(page).getByRole('button', { name: 'Trip leaders', exact: true })).toBeVisible();
  const box = await viewsPanel(page).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});
