import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './pages/a11y';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';
import { CrmList } from './pages/CrmList';
import { holdRequests } from '../../support/holdRequests';

// Shared CPU: a journey with several axe scans needs more than the default minute.
test.describe.configure({ timeout: 180_000 });

async function contactNames(orgName: string): Promise<string[]> {
  const { data, error } = await serviceClient().schema('crm').from('contacts').select('name').eq('org_name', orgName).order('name');
  if (error) throw new Error(error.message);
  return (data as { name: string }[]).map((row) => row.name);
}

test('a CSV with one bad row imports nothing and names the line; fixed, it imports all three contacts', async ({ page, baseURL }) => {
  const owner = await createOwner('Crmimport');
  const tag = unique('Imp').replace(/\s+/g, '');
  const good: [string, string, string] = [`${tag} Ada Byron`, `${tag} Cy Young`, `${tag} Di Prince`];
  const csv = (third: string) =>
    ['Name,Type,Primary Phone,Primary E-mail,City,Status', `${good[0]},Customer,555-0101,ada@example.test,Boone,Active`, `${good[1]},Donor,555-0102,,Boone,Active`, third].join('\n');

  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  const list = new CrmList(page);
  await list.goto('/contacts');
  await list.toolbar.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  await dialog.getByLabel(/CSV file/).setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(`${good[2]},Not A Type,555-0103,,Boone,Active`)) });
  await expect(dialog.getByText('Preview (first 3 of 3 rows)')).toBeVisible();
  await expect(dialog.getByRole('table')).toContainText(good[0]);
  await expect(dialog.getByLabel('Name (required)')).toBeVisible();
  await expectAccessible(page, { include: '.ant-modal' });

  await dialog.getByRole('button', { name: 'Import 3 contacts' }).click();
  await expect(dialog.getByText('Import failed: nothing was imported')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Import errors' }).getByRole('listitem')).toHaveText(['Line 4: Unknown type "Not A Type"']);
  expect(await contactNames(owner.orgName)).toEqual([]);
  await expectAccessible(page, { include: '.ant-modal' });

  await dialog.getByLabel(/CSV file/).setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(`${good[2]},Volunteer,555-0103,,Boone,Active`)) });
  await dialog.getByRole('button', { name: 'Import 3 contacts' }).click();
  await expect(dialog.getByText('Imported 3 contacts.')).toBeVisible();
  expect(await contactNames(owner.orgName)).toEqual(good);
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  for (const name of good) await expect(list.row(name)).toBeVisible();
  await expect(list.row(good[0]).getByRole('link', { name: 'ada@example.test' })).toHaveAttribute('href', 'mailto:ada@example.test');
});

test('likely duplicates are flagged before anything is imported; Cancel leaves nothing; then the import and an export with progress', async ({ page, baseURL }) => {
  const owner = await createOwner('Crmdupes');
  const tag = unique('Dup').replace(/\s+/g, '');
  const service = serviceClient();
  // One contact the organisation already has, with an e-mail.
  const { data: existing, error: existingError } = await service.schema('crm').from('contacts').insert({ org_name: owner.orgName, name: `${tag} Existing`, first_name: tag, last_name: 'Existing' }).select('id').single();
  if (existingError) throw new Error(existingError.message);
  const { data: emailType } = await service.schema('crm').from('contact_method_types').select('id').eq('org_name', '_system_default_').eq('kind', 'email').limit(1).single();
  const { error: methodError } = await service
    .schema('crm')
    .from('contact_methods')
    .insert({ org_name: owner.orgName, contact_id: (existing as { id: string }).id, type_id: (emailType as { id: string }).id, value: 'known@example.test', is_primary: true });
  if (methodError) throw new Error(methodError.message);
  const imported: [string, string, string, string] = [`${tag} Ann Known`, `${tag} Bo Phone`, `${tag} Cy Phone`, `${tag} Di Fresh`];
  const csv = ['Name,Primary Phone,Primary E-mail', `${imported[0]},,KNOWN@example.test`, `${imported[1]},(207) 555-0142,`, `${imported[2]},207.555.0142,`, `${imported[3]},,di@example.test`].join('\n');

  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  const list = new CrmList(page);
  await list.goto('/contacts');
  await list.toolbar.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  await dialog.getByLabel(/CSV file/).setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('Preview (first 4 of 4 rows)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 4 contacts' }).click();

  // Uploaded and checked: the likely duplicates by line, nothing imported yet.
  const progress = dialog.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '4');
  await expect(progress).toHaveAttribute('aria-valuetext', 'Uploaded 4 of 4 rows');
  await progress.focus();
  await expect(progress).toBeFocused();
  await expect(dialog.getByRole('list', { name: 'Likely duplicates' }).getByRole('listitem')).toHaveText([`Line 2: Same e-mail as ${tag} Existing`, 'Line 4: Same phone as line 3']);
  await expectAccessible(page, { include: '.ant-modal' });
  expect(await contactNames(owner.orgName)).toEqual([`${tag} Existing`]);

  // Cancel: the staged rows are deleted, nothing is imported.
  await dialog.getByRole('button', { name: 'Cancel import' }).click();
  await expect(dialog.getByText('Import cancelled: nothing was imported.')).toBeVisible();
  await expect.poll(async () => (await service.schema('crm').from('import_jobs').select('id').eq('org_name', owner.orgName)).data?.length).toBe(0);
  expect(await contactNames(owner.orgName)).toEqual([`${tag} Existing`]);

  // Again, and this time import them anyway.
  await dialog.getByRole('button', { name: 'Import 4 contacts' }).click();
  await dialog.getByRole('button', { name: 'Import 4 contacts anyway' }).click();
  await expect(dialog.getByText('Imported 4 contacts.')).toBeVisible();
  expect(await contactNames(owner.orgName)).toEqual([`${tag} Ann Known`, `${tag} Bo Phone`, `${tag} Cy Phone`, `${tag} Di Fresh`, `${tag} Existing`]);
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(list.row(imported[3])).toBeVisible();

  // Export: the first page of the read is held until the progress bar shows, then the file arrives.
  const release = await holdRequests(page, (url) => url.pathname.endsWith('/contacts_view') && url.searchParams.get('limit') === '250');
  const downloaded = page.waitForEvent('download');
  await list.toolbar.getByRole('button', { name: 'Export' }).click();
  const exportProgress = page.getByRole('progressbar', { name: 'Export progress' });
  await expect(exportProgress).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('button', { name: 'Cancel export' })).toBeVisible();
  release();
  const download = await downloaded;
  await expect(exportProgress).toHaveCount(0);
  const lines = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('Name,Type,Contact Methods,Address,Owner(s),Status');
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([`${tag} Ann Known`, `${tag} Bo Phone`, `${tag} Cy Phone`, `${tag} Di Fresh`, `${tag} Existing`]);
  expect(lines.find((line) => line.startsWith(`${tag} Bo Phone`))).toContain('(207) 555-0142');
});
