import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './pages/a11y';
import { signInThroughApi } from '../../support/signInThroughApi';
import { anonClient, createOwner, serviceClient, unique, type Owner } from '../shell/support/shellApi';
import { CrmList } from './pages/CrmList';

// Shared CPU: a journey with several axe scans needs more than the default minute.
test.describe.configure({ timeout: 180_000 });

async function addContacts(orgName: string, names: readonly string[]): Promise<void> {
  const { error } = await serviceClient()
    .schema('crm')
    .from('contacts')
    .insert(names.map((name) => ({ org_name: orgName, name, first_name: name.split(' ')[0], last_name: name.split(' ')[1] ?? 'X' })));
  if (error) throw new Error(`contacts: ${error.message}`);
}

async function signedInClient(owner: Owner) {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: owner.email, password: owner.password });
  if (error) throw new Error(error.message);
  return client;
}

test('contacts filtered by "Name contains" export exactly the filtered rows, and the filter survives a reload', async ({ page, baseURL }) => {
  const owner = await createOwner('Crmfilter');
  const tag = unique('Zephyr').replace(/\s+/g, '');
  await addContacts(owner.orgName, [`${tag} Alpha`, `${tag} Beta`, 'Other Person']);
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  const list = new CrmList(page);
  await list.goto('/contacts');
  await expect(list.row('Other Person')).toBeVisible();
  await expectAccessible(page);

  await list.filterBy('Name', 'contains', tag);
  await expect(list.row('Other Person')).toHaveCount(0);
  await expect(list.row(`${tag} Alpha`)).toBeVisible();
  await expect(list.row(`${tag} Beta`)).toBeVisible();
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), list.toolbar.getByRole('button', { name: 'Export' }).click()]);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Name,Type,Contact Methods,Address,Owner(s),Status');
  expect(lines.slice(1).map((line) => line.split(',')[0]).sort()).toEqual([`${tag} Alpha`, `${tag} Beta`]);

  await page.reload();
  await expect(list.table.getByText('Loading…')).toHaveCount(0, { timeout: 30_000 });
  await expect(list.row(`${tag} Alpha`)).toBeVisible();
  await expect(list.row('Other Person')).toHaveCount(0);
  await expect(list.toolbar.getByRole('button', { name: /Filters/ })).toBeVisible();
});

test("a second organisation never sees the first one's records, in the UI or through REST", async ({ page, baseURL }) => {
  const first = await createOwner('Crmfirst');
  const second = await createOwner('Crmsecond');
  const secret = unique('Private Client');
  await addContacts(first.orgName, [secret]);

  const asFirst = await signedInClient(first);
  const mine = await asFirst.schema('crm').from('contacts_view').select('name').eq('name', secret);
  expect(mine.data).toEqual([{ name: secret }]);
  const asSecond = await signedInClient(second);
  const theirs = await asSecond.schema('crm').from('contacts_view').select('name').eq('name', secret);
  expect(theirs.error).toBeNull();
  expect(theirs.data).toEqual([]);

  await signInThroughApi(page, second.email, second.password, baseURL ?? '');
  const list = new CrmList(page);
  await list.goto('/contacts');
  await expect(page.getByText('No data found.')).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expectAccessible(page);
});
