import { expect, test } from '@playwright/test';
import { expectAccessible } from './pages/a11y';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';
import { AddNewDialog } from './pages/AddNewDialog';
import { CrmDetail } from './pages/CrmDetail';
import { CrmList } from './pages/CrmList';

// Shared CPU: a journey with several axe scans needs more than the default minute.
test.describe.configure({ timeout: 180_000 });

test('a business added with phone, e-mail and address shows in the list and its detail, and renames inline', async ({ page, baseURL }) => {
  const owner = await createOwner('Crm');
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  const list = new CrmList(page);
  await list.goto('/businesses');
  await expect(page.getByText('No data found.')).toBeVisible();
  await expectAccessible(page);

  const name = unique('Blue Ridge Supply');
  await list.addNewButton.click();
  const dialog = new AddNewDialog(page, 'Add New Business');
  await dialog.fill({
    fields: { Name: name, DBA: 'Blue Ridge' },
    selects: { Type: 'Retail', 'Primary Owner': owner.fullName },
    phone: { type: 'Mobile', value: '(828) 555-0142' },
    email: { type: 'Work Email', value: 'orders@blueridge.example' },
    address: { 'Address line 1': '12 Main St', City: 'Boone', State: 'NC', ZIP: '28607' },
  });
  await expectAccessible(page, { include: '.ant-modal' });
  await dialog.save();
  await expect(dialog.dialog).toBeHidden();

  const row = list.row(name);
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: '(828) 555-0142' })).toHaveAttribute('href', 'tel:8285550142');
  await expect(row.getByRole('link', { name: 'orders@blueridge.example' })).toHaveAttribute('href', 'mailto:orders@blueridge.example');
  await expect(row).toContainText('12 Main St, Boone, NC 28607');
  await expect(row).toContainText('Blue Ridge');
  await expect(row).toContainText('Retail');
  const { data: profile } = await serviceClient().from('user_profiles').select('short_id').eq('email', owner.email).single();
  await expect(row.getByRole('link', { name: owner.fullName })).toHaveAttribute('href', `/user/${(profile as { short_id: string }).short_id}`);
  await expectAccessible(page);

  await row.getByRole('link', { name, exact: true }).click();
  const detail = new CrmDetail(page);
  await expect(detail.heading).toContainText(`Business: ${name}`);
  await expect(page).toHaveTitle(new RegExp(`Business: ${name}`));
  await expect(detail.tab('Contact Methods')).toHaveAttribute('aria-selected', 'true');
  await expect(detail.section('Phones').getByRole('listitem')).toContainText(['(828) 555-0142Primary']);
  await expect(detail.section('E-mails').getByRole('listitem')).toContainText(['orders@blueridge.examplePrimary']);
  await expect(detail.section('Addresses').getByRole('listitem')).toContainText(['12 Main St, Boone, NC 28607 Primary']);
  await expectAccessible(page);

  await detail.tab('Notes').click();
  await expect(page.getByText('No notes to display.')).toBeVisible();
  await detail.tab('Financial').click();
  await expect(detail.main.getByRole('region', { name: 'Totals by year' })).toContainText('No transactions yet.');
  await expect(detail.main.getByRole('button', { name: 'Add Transaction' })).toBeVisible();

  const renamed = `${name} Co`;
  await detail.editButton.click();
  await expect(detail.editor).toBeVisible();
  await expectAccessible(page);
  await detail.editor.getByLabel('Name', { exact: true }).fill(renamed);
  await detail.editor.getByRole('button', { name: 'Save' }).click();
  await expect(detail.heading).toContainText(`Business: ${renamed}`);

  await detail.goBack.click();
  await expect(list.row(renamed)).toBeVisible();
  await expect(list.row(name)).toHaveCount(0);
});

test('a shared default business shows the S badge and no Edit; a missing one says "Business not found."', async ({ page, baseURL }) => {
  const owner = await createOwner('Crmdefault');
  const name = unique('Shared Default Supplier');
  const { data, error } = await serviceClient().schema('crm').from('businesses').insert({ org_name: '_system_default_', name }).select('short_id').single();
  expect(error).toBeNull();
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  const list = new CrmList(page);
  await list.goto('/businesses');
  await expect(list.row(name).getByLabel('System default')).toHaveText('S');
  await list.row(name).getByRole('link', { name, exact: true }).click();
  const detail = new CrmDetail(page);
  await expect(detail.heading).toContainText(`Business: ${name}`);
  await expect(detail.main.getByLabel('System default')).toHaveText('S');
  await expect(detail.main.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(detail.tab('Contact Methods')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/business/${(data as { short_id: string }).short_id}$`));

  await page.goto('/business/NOPE-000');
  await expect(page.getByText('Business not found.')).toBeVisible();
  await expect(detail.goBack).toHaveAttribute('href', '/businesses');
  await expectAccessible(page);
});
