import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique, type Owner } from '../shell/support/shellApi';
import { CrmList, chooseOption } from './crmPages';

async function signedInAs(page: import('@playwright/test').Page, owner: Owner, path: string) {
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto(path);
}

test.describe('the CRM on a fresh organisation', () => {
  let owner: Owner;
  test.beforeAll(async () => {
    owner = await createOwner('Crm');
  });

  test('add a business with phone, e-mail and address → list links → detail with Primary badges → rename inline → list shows it', async ({ page }) => {
    const name = unique('Acme Kayaks');
    await signedInAs(page, owner, '/businesses');
    const list = new CrmList(page);
    await expect(page.getByText('No data found.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const dialog = await list.addNew('Add New Business');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await chooseOption(page, dialog, 'Type', 'Retail');
    await chooseOption(page, dialog, 'Phone type', 'Mobile');
    await dialog.getByLabel('Primary phone').fill('(828) 555-0199');
    await chooseOption(page, dialog, 'E-mail type', 'Email');
    await dialog.getByLabel('Primary e-mail').fill('hello@acme.example');
    await dialog.getByLabel('Address line 1').fill('12 River Road');
    await dialog.getByLabel('City').fill('Boone');
    await dialog.getByLabel('State').fill('NC');
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const row = list.row(name);
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: '(828) 555-0199' })).toHaveAttribute('href', 'tel:8285550199');
    await expect(row.getByRole('link', { name: 'hello@acme.example' })).toHaveAttribute('href', 'mailto:hello@acme.example');
    await expect(row).toContainText('12 River Road, Boone, NC');
    await expect(row).toContainText('Retail');

    await row.getByRole('link', { name }).click();
    await expect(page).toHaveTitle(`Steward - Business: ${name}`);
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    const phones = page.getByRole('region', { name: 'Phones' });
    await expect(phones).toContainText('(828) 555-0199');
    await expect(phones).toContainText('Primary');
    await expect(page.getByRole('region', { name: 'E-mails' })).toContainText('Primary');
    await expect(page.getByRole('region', { name: 'Addresses' })).toContainText('Primary');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Financial' }).click();
    await expect(page.getByText('Financial data coming soon.')).toBeVisible();
    await page.getByRole('tab', { name: 'Notes' }).click();
    await expect(page.getByText('No notes to display.')).toBeVisible();
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText('Please fix the highlighted fields.')).toBeVisible();
    await page.getByLabel('Title').fill('First call');
    await page.getByLabel('Note', { exact: true }).fill('Wants a quote for ten kayaks.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Wants a quote for ten kayaks.');

    const renamed = `${name} & Canoes`;
    await page.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByLabel('Name', { exact: true });
    await editor.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please fix the highlighted fields.')).toBeVisible();
    await editor.fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 2, name: renamed })).toBeVisible();

    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(list.row(renamed)).toBeVisible();
  });

  test('contacts: "Name contains" filter, kept in the URL across a reload, and an export of exactly the filtered rows', async ({ page }) => {
    const db = serviceClient().schema('crm');
    const stamp = unique('Zed');
    const names = [`${stamp} Alpha`, `${stamp} Beta`, `Other ${stamp.slice(-6)} Person`];
    const { error } = await db.from('contacts').insert(names.map((name) => ({ name, first_name: name.split(' ')[0], last_name: 'Test', org_name: owner.orgName })));
    expect(error).toBeNull();

    await signedInAs(page, owner, '/contacts');
    const list = new CrmList(page);
    await expect(list.row(names[0]!)).toBeVisible();
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('region', { name: 'Filters' });
    await panel.getByRole('button', { name: 'Add condition' }).click();
    await chooseOption(page, panel, 'Field 1', 'Name');
    await chooseOption(page, panel, 'Operator 1', 'contains');
    await panel.getByLabel('Value 1').fill(stamp);
    await expectNoSeriousA11yViolations(page);
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(list.row(names[2]!)).toHaveCount(0);
    await expect(list.row(names[0]!)).toBeVisible();
    await expect(list.row(names[1]!)).toBeVisible();
    await expect(page).toHaveURL(/[?&]f=/);

    await page.reload();
    await expect(list.row(names[0]!)).toBeVisible();
    await expect(list.row(names[2]!)).toHaveCount(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Name');
    expect(lines.slice(1)).toHaveLength(2);
    expect(csv).toContain(names[0]);
    expect(csv).toContain(names[1]);
    expect(csv).not.toContain(names[2]);
  });

  test('a shared default row shows S and no Edit; another organisation never sees this one’s records', async ({ page }) => {
    const db = serviceClient().schema('crm');
    const shared = unique('Shared Supplier');
    const own = unique('Private Business');
    expect((await db.from('businesses').insert([{ name: shared, org_name: '_system_default_' }, { name: own, org_name: owner.orgName }])).error).toBeNull();
    const other = await createOwner('CrmOther');

    await signedInAs(page, other, '/businesses');
    const list = new CrmList(page);
    const sharedRow = list.row(shared);
    await expect(sharedRow).toBeVisible();
    await expect(sharedRow.getByText('S', { exact: true })).toBeVisible();
    await expect(list.row(own)).toHaveCount(0);

    await sharedRow.getByRole('link', { name: shared }).click();
    await expect(page.getByRole('heading', { level: 2, name: shared })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

    // Not by the API either: the other organisation's session reads none of this one's rows.
    const { data } = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name));
      return { data: key ? JSON.parse(localStorage.getItem(key) ?? '{}').access_token : null };
    }).then(async ({ data: token }) => {
      const { requireTestStack } = await import('../../support/testStack');
      const { apiUrl, anonKey } = requireTestStack();
      const response = await fetch(`${apiUrl}/rest/v1/businesses?select=name&name=eq.${encodeURIComponent(own)}`, {
        headers: { apikey: anonKey, Authorization: `Bearer ${token}`, 'Accept-Profile': 'crm' },
      });
      return { data: (await response.json()) as unknown[] };
    });
    expect(data).toEqual([]);
  });

  test('an unknown record says so', async ({ page }) => {
    await signedInAs(page, owner, '/business/no-such-record');
    await expect(page.getByText('Business not found.')).toBeVisible();
    await page.goto('/contact/no-such-record');
    await expect(page.getByText('Contact not found.')).toBeVisible();
    await page.goto('/household/no-such-record');
    await expect(page.getByText('Household not found.')).toBeVisible();
  });
});
