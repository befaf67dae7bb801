import { expect, test, type Route } from '@playwright/test';
import { expectAccessible } from './pages/a11y';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';
import { CrmList } from './pages/CrmList';

test.describe.configure({ timeout: 180_000 });

async function statuses(names: readonly string[]): Promise<string[]> {
  const { data } = await serviceClient().schema('crm').from('contacts').select('name, status').in('name', [...names]).order('name');
  return (data ?? []).map((row: { status: string }) => row.status);
}

test('three selected contacts change status in one step and one Undo puts them back; an archived one comes back from Archived, a shared default in the selection skipped and counted', async ({ page, baseURL }) => {
  const owner = await createOwner('Bulk');
  const stem = unique('Bulk');
  const names = ['A', 'B', 'C'].map((letter) => `${stem} ${letter}`);
  const shared = `${stem} Shared`;
  const { error } = await serviceClient()
    .schema('crm')
    .from('contacts')
    // The shared default is archived: it shows in no organisation's list, only in Archived views.
    .insert([...names.map((name) => ({ org_name: owner.orgName, name, archive: false })), { org_name: '_system_default_', name: shared, archive: true }]);
  expect(error).toBeNull();
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');

  const list = new CrmList(page);
  await list.goto('/contacts');
  for (const name of names) await list.table.getByRole('checkbox', { name: `Select ${name}` }).check();
  const actions = page.getByRole('group', { name: 'Actions on 3 contacts' });
  await expect(actions).toBeVisible();
  await expectAccessible(page);
  // Choosing a value applies it at once (the picker goes with the selection).
  await actions.getByLabel('Set Status').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Inactive - Former"]').click();
  const toast = page.getByRole('list', { name: 'Notifications' });
  await expect(toast).toContainText('Set Status to Inactive - Former on 3 contacts');
  await expect.poll(() => statuses(names)).toEqual(['Inactive - Former', 'Inactive - Former', 'Inactive - Former']);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => statuses(names)).toEqual(['Active', 'Active', 'Active']);

  // Archive one; in the Archived view a shared default among the selection is left alone, and the
  // message says how many; Restore brings the contact back.
  await list.table.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
  await page.getByRole('group', { name: 'Actions on 1 contact' }).getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(toast).toContainText('Archived 1 contact');
  await expect(list.row(names[0]!)).toHaveCount(0);

  await list.toolbar.getByRole('button', { name: 'Archived' }).click();
  await expect(list.toolbar.getByRole('button', { name: 'Archived' })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.row(names[0]!)).toBeVisible();
  await expect(list.row(names[1]!)).toHaveCount(0);
  await expectAccessible(page);
  await list.table.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
  await list.table.getByRole('checkbox', { name: `Select ${shared}` }).check();
  await page.getByRole('group', { name: 'Actions on 2 contacts' }).getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(toast).toContainText('Restored 1 contact');
  await expect(toast).toContainText('1 shared default record was skipped');
  await expect(list.row(names[0]!)).toHaveCount(0);
  await expect(list.row(shared)).toBeVisible();
  await list.toolbar.getByRole('button', { name: 'Archived' }).click();
  await expect(list.row(names[0]!)).toBeVisible();
  await serviceClient().schema('crm').from('contacts').delete().eq('name', shared);
});

test('on a phone the selected rows’ actions arrive in one row that scrolls sideways: the cards below do not move', async ({ page, baseURL }) => {
  const owner = await createOwner('BulkPhone');
  const { error } = await serviceClient()
    .schema('crm')
    .from('contacts')
    .insert(['A', 'B'].map((letter) => ({ org_name: owner.orgName, name: unique(`Phone ${letter}`) })));
  expect(error).toBeNull();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  // Code asked for once the cards are drawn (the bar's, antd) is held back, as a slow phone network
  // would, so the bar's frame is seen before its controls arrive.
  const held: Route[] = [];
  let holding = false;
  await page.route(/\/static\/(js|css)\/async\//, (route) => (holding ? held.push(route) : route.continue()));
  await page.goto('/contacts');
  const boxes = page.getByRole('checkbox', { name: /^Select / });
  await expect(boxes.nth(1)).toBeVisible();
  holding = true;
  await boxes.nth(0).check();
  const bar = page.getByRole('group', { name: 'Actions on 1 contact' });
  await expect(page.getByText('1 selected.')).toBeVisible();
  await expect(bar).toHaveCount(0);
  const before = (await boxes.nth(1).boundingBox())?.y;
  holding = false;
  expect(held.length).toBeGreaterThan(0);
  for (const route of held.splice(0)) await route.continue();
  await expect(bar.getByRole('button', { name: 'Export selection' })).toBeVisible();
  expect((await boxes.nth(1).boundingBox())?.y).toBe(before);
  await expectAccessible(page);
});
