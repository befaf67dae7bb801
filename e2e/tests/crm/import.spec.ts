import { expect, test } from '@playwright/test';
import { expectAccessible } from './pages/a11y';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';
import { CrmList } from './pages/CrmList';

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
