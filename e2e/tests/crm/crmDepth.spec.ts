import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './pages/a11y';
import { CrmDetail } from './pages/CrmDetail';
import { CrmList } from './pages/CrmList';
import { signInThroughApi } from '../../support/signInThroughApi';
import { requireTestStack } from '../../support/testStack';
import { AppShell } from '../shell/pages/AppShell';
import { anonClient, createOwner, serviceClient, unique, type Owner } from '../shell/support/shellApi';
import { createMember, noAccess } from '../roles/support/roleApi';

// A record edited after it exists, on a fresh organisation: contact methods and addresses,
// relationships on both records' pages, files, and the Financial tab with its giving statement.
test.describe.configure({ timeout: 180_000 });

const PHONE_TYPE = '00000000-0000-4000-8012-000000000001';
const EMAIL_TYPE = '00000000-0000-4000-8012-000000000004';

async function insert(schema: string, table: string, row: Record<string, unknown>): Promise<{ id: string; short_id: string }> {
  const { data, error } = await serviceClient().schema(schema).from(table).insert(row).select('*').single();
  if (error || !data) throw new Error(`${table}: ${error?.message}`);
  return data as { id: string; short_id: string };
}

async function contact(owner: Owner, name: string) {
  const [first, last] = name.split(' ');
  return insert('crm', 'contacts', { org_name: owner.orgName, name, first_name: first, last_name: last ?? 'X' });
}

async function organizationId(orgName: string): Promise<string> {
  const { data, error } = await serviceClient().from('organizations').select('id').eq('name', orgName).single();
  if (error || !data) throw new Error(`organizations: ${error?.message}`);
  return (data as { id: string }).id;
}

async function openDetail(page: Page, path: string): Promise<CrmDetail> {
  await page.goto(path);
  const detail = new CrmDetail(page);
  await expect(detail.heading).toBeVisible({ timeout: 30_000 });
  return detail;
}

test('a second phone made primary shows in the list; an e-mail is corrected; an address archived, undone and archived', async ({ page, baseURL }) => {
  const owner = await createOwner('Crmmethods');
  const name = unique('Ada Methods');
  const person = await contact(owner, name);
  const { error } = await serviceClient()
    .schema('crm')
    .from('contact_methods')
    .insert([
      { org_name: owner.orgName, contact_id: person.id, type_id: PHONE_TYPE, value: '(207) 555-0101', is_primary: true },
      { org_name: owner.orgName, contact_id: person.id, type_id: EMAIL_TYPE, value: 'ada@exmaple.test', is_primary: true },
    ]);
  expect(error).toBeNull();
  await insert('crm', 'addresses', { org_name: owner.orgName, contact_id: person.id, label: 'Home', address_line_1: '1 Old Road', city: 'Boone', is_primary: true });

  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  const detail = await openDetail(page, `/contact/${person.short_id}`);
  const phones = detail.section('Phones');
  await expect(phones.getByText('(207) 555-0101')).toBeVisible();

  // A value that is not a phone number is refused with the rule, and what was typed stays.
  await phones.getByRole('button', { name: 'Add Phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Phone' });
  await dialog.getByLabel('Type').selectOption({ label: 'Mobile' });
  await dialog.getByLabel('Phone number').fill('call me maybe');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a phone number of 4 to 15 digits (spaces and + ( ) - . / allowed), e.g. (207) 555-0112.')).toBeVisible();
  await expect(dialog.getByLabel('Phone number')).toHaveValue('call me maybe');
  await expectAccessible(page);
  await dialog.getByLabel('Phone number').fill('(207) 555-0199');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(phones.getByText('(207) 555-0199')).toBeVisible();

  await phones.getByRole('button', { name: 'Make primary (207) 555-0199' }).click();
  await expect(phones.getByRole('listitem').filter({ hasText: '(207) 555-0199' }).getByText('Primary', { exact: true })).toBeVisible();
  await expect(phones.getByRole('listitem').filter({ hasText: '(207) 555-0101' }).getByText('Primary', { exact: true })).toHaveCount(0);
  await expect(detail.main.getByRole('link', { name: '(207) 555-0199' }).first()).toBeVisible();

  // The e-mail's typo is fixed in place.
  const emails = detail.section('E-mails');
  await emails.getByRole('button', { name: 'Edit ada@exmaple.test' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit E-mail' });
  await edit.getByLabel('E-mail address').fill('ada@example.test');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(emails.getByText('ada@example.test')).toBeVisible();
  await expect(emails.getByText('ada@exmaple.test')).toHaveCount(0);

  // She moves: the new address becomes primary, the old one is archived (and Undo brings it back once).
  const addresses = detail.section('Addresses');
  await addresses.getByRole('button', { name: 'Add Address' }).click();
  const move = page.getByRole('dialog', { name: 'Add Address' });
  await move.getByLabel('Address line 1').fill('9 New Street');
  await move.getByLabel('City').fill('Blowing Rock');
  await move.getByLabel('Primary address').check();
  await move.getByRole('button', { name: 'Save' }).click();
  await expect(move).toBeHidden();
  await expect(addresses.getByRole('listitem').filter({ hasText: '9 New Street' }).getByText('Primary', { exact: true })).toBeVisible();
  await addresses.getByRole('button', { name: /^Archive address 1 Old Road/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Archived address 1 Old Road' })).toBeVisible();
  await expect(addresses.getByText('1 Old Road')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(addresses.getByText('1 Old Road')).toBeVisible();
  await addresses.getByRole('button', { name: /^Archive address 1 Old Road/ }).click();
  await expect(addresses.getByText('1 Old Road')).toHaveCount(0);
  await expectAccessible(page);

  const list = new CrmList(page);
  await list.goto('/contacts');
  await expect(list.row(name)).toContainText('(207) 555-0199');
  await expect(list.row(name)).toContainText('ada@example.test');
  await expect(list.row(name)).toContainText('Blowing Rock');
});

test('a spouse set on one contact shows on the other; a contact added to a household as primary links both ways', async ({ page, baseURL }) => {
  const owner = await createOwner('Crmrelations');
  const a = await contact(owner, unique('Ann Spouse'));
  const bName = unique('Ben Spouse');
  await contact(owner, bName);
  const householdName = unique('Spouse Household');
  const household = await insert('crm', 'households', { org_name: owner.orgName, name: householdName });
  const aName = (await serviceClient().schema('crm').from('contacts').select('name').eq('id', a.id).single()).data?.name as string;

  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  const detail = await openDetail(page, `/contact/${a.short_id}`);
  await detail.tab('Relationships').click();
  await detail.main.getByRole('button', { name: 'Add Relationship' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Relationship' });
  await dialog.getByLabel('Relationship').selectOption({ label: 'Spouse' });
  await dialog.getByLabel('Contact').selectOption({ label: bName });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const relationships = detail.main.getByRole('list', { name: 'Relationships' });
  await relationships.getByRole('link', { name: bName }).click();

  await expect(detail.heading).toContainText(bName);
  await detail.tab('Relationships').click();
  await expect(relationships.getByRole('listitem').filter({ hasText: 'Spouse' }).getByRole('link', { name: aName })).toBeVisible();
  await detail.main.getByRole('button', { name: 'Add Relationship' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Relationship' });
  await dialog.getByLabel('Relationship').selectOption({ label: 'Household (as primary contact)' });
  await dialog.getByLabel('Household').selectOption({ label: householdName });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await relationships.getByRole('link', { name: householdName }).click();

  await expect(detail.heading).toContainText(householdName);
  expect(page.url()).toContain(`/household/${household.short_id}`);
  await detail.tab('Relationships').click();
  await expect(relationships.getByRole('listitem').filter({ hasText: 'Primary contact' }).getByRole('link', { name: bName })).toBeVisible();
  await expectAccessible(page);
});

test('a file uploads and downloads byte for byte; a refused type is explained and nothing is stored', async ({ page, baseURL }) => {
  const owner = await createOwner('Crmfiles');
  const person = await contact(owner, unique('Fay Files'));
  // A 1×1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  const detail = await openDetail(page, `/contact/${person.short_id}`);
  await detail.tab('Files').click();
  const upload = detail.main.getByLabel(/Upload a file/);
  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(detail.main.getByText(/“notes.txt” cannot be stored: only PNG, JPEG, GIF, WebP and SVG images and PDF documents are accepted/)).toBeVisible();

  await upload.setInputFiles({ name: 'signed form.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded signed form.png.' })).toBeVisible();
  const row = detail.main.getByRole('row').filter({ hasText: 'signed form.png' });
  await expect(row).toContainText('PNG');
  await expect(row).toContainText(`${png.length} B`);
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download signed form.png' }).click()]);
  expect(download.suggestedFilename()).toBe('signed form.png');
  expect(Buffer.compare(await readFile((await download.path()) ?? ''), png)).toBe(0);

  const { data } = await serviceClient().schema('crm').from('crm_files').select('id, name, storage_path, url').eq('contact_id', person.id);
  const stored = (data ?? [])[0] as { id: string; storage_path: string };
  expect(data).toEqual([{ id: stored.id, name: 'signed form.png', storage_path: `${await organizationId(owner.orgName)}/${stored.id}`, url: null }]);
});

test('a record file is private: it downloads for the owner through a signed URL; signed out, its address opens nothing; a role with CRM None sees no file', async ({ page, baseURL }) => {
  const owner = await createOwner('Crmprivate');
  const person = await contact(owner, unique('Pia Passport'));
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  const detail = await openDetail(page, `/contact/${person.short_id}`);
  await detail.tab('Files').click();
  await detail.main.getByLabel(/Upload a file/).setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded passport.pdf.' })).toBeVisible();
  const row = detail.main.getByRole('row').filter({ hasText: 'passport.pdf' });
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download passport.pdf' }).click()]);
  expect(download.suggestedFilename()).toBe('passport.pdf');
  expect(Buffer.compare(await readFile((await download.path()) ?? ''), pdf)).toBe(0);

  // The page opened a signed URL of the private bucket; without its token, or as a public URL, the
  // same object answers as a missing one once the person has signed out (sent with the public key, as
  // any visitor of the app's origin can).
  const used = new URL(download.url());
  expect(used.pathname).toMatch(/\/storage\/v1\/object\/sign\/record-files\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  expect(used.searchParams.get('token')).toBeTruthy();
  await new AppShell(page).signOut();
  await expect(page).toHaveURL(/\/$/);
  const objectPath = used.pathname.replace('/object/sign/', '/object/');
  for (const address of [`${used.origin}${objectPath}`, `${used.origin}${used.pathname.replace('/object/sign/', '/object/public/')}`]) {
    const answer = await page.request.get(address, { headers: { apikey: requireTestStack().anonKey } });
    expect([answer.status(), await answer.json()]).toEqual([404, { statusCode: '404', error: 'not_found', message: 'Object not found' }]);
  }

  // A member whose role has CRM None: the contact's page refuses them, and the bucket lists nothing.
  const member = await createMember(owner, 'No CRM');
  await signInThroughApi(page, member.email, member.password, baseURL ?? '');
  await page.goto(`/contact/${person.short_id}`);
  await expect(page.getByText(noAccess('Contact'), { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Files' })).toHaveCount(0);
  const memberApi = anonClient();
  expect((await memberApi.auth.signInWithPassword({ email: member.email, password: member.password })).error).toBeNull();
  const listing = await memberApi.storage.from('record-files').list(await organizationId(owner.orgName));
  expect(listing.data ?? []).toEqual([]);
  expect((await memberApi.storage.from('record-files').createSignedUrl(objectPath.split('/record-files/')[1] ?? '', 60)).error).not.toBeNull();
  await expectAccessible(page);
});

test('gifts in two years: Financial totals each year, and the statement for one year holds exactly its gift and total', async ({ page, baseURL }) => {
  const owner = await createOwner('Crmgiving');
  const name = unique('Gil Giver');
  const person = await contact(owner, name);
  await insert('crm', 'addresses', { org_name: owner.orgName, contact_id: person.id, address_line_1: '12 Chapel Lane', city: 'Boone', state: 'NC', zip: '28607', is_primary: true });

  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  const detail = await openDetail(page, `/contact/${person.short_id}`);
  await detail.tab('Financial').click();
  for (const gift of [
    { date: '2024-05-01', amount: '40', description: 'Spring appeal' },
    { date: '2025-03-15', amount: '25.50', description: 'Building fund' },
  ]) {
    await detail.main.getByRole('button', { name: 'Add Transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Transaction' });
    await dialog.getByLabel('Date').fill(gift.date);
    await dialog.getByLabel('Amount ($)').fill(gift.amount);
    await dialog.getByLabel('Description').fill(gift.description);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  const totals = detail.main.getByRole('region', { name: 'Totals by year' });
  await expect(totals.getByRole('row').filter({ hasText: '2025' })).toContainText('$25.50');
  await expect(totals.getByRole('row').filter({ hasText: '2024' })).toContainText('$40.00');
  const transactions = detail.main.getByRole('region', { name: 'Transactions' }).getByRole('row');
  await expect(transactions.nth(1)).toContainText('Building fund');
  await expect(transactions.nth(2)).toContainText('Spring appeal');

  await detail.main.getByLabel('Statement year').selectOption('2025');
  await detail.main.getByRole('button', { name: 'Show statement' }).click();
  const statement = detail.main.getByRole('region', { name: 'Giving statement 2025' });
  await expect(statement).toContainText(owner.orgName);
  await expect(statement.locator('address')).toContainText('12 Chapel Lane');
  const gifts = statement.getByRole('table', { name: 'Gifts 2025' });
  await expect(gifts.locator('tbody tr')).toHaveCount(1);
  await expect(gifts.locator('tbody')).toContainText('Building fund');
  await expect(gifts.locator('tbody')).not.toContainText('Spring appeal');
  await expect(statement.getByTestId('statement-total')).toHaveText('$25.50');
  await expectAccessible(page);

  const [pdf] = await Promise.all([page.waitForEvent('download'), statement.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^giving-statement-2025-.*\.pdf$/);
  const bytes = await readFile((await pdf.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.emulateMedia({ media: 'print' });
  await expect(statement).toBeVisible();
  await expect(detail.main.getByRole('button', { name: 'Add Transaction' })).toBeHidden();
});
