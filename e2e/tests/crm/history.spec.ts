import { expect, test } from '@playwright/test';
import { expectAccessible } from './pages/a11y';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';
import { chooseOption } from './pages/chooseOption';
import { CrmDetail } from './pages/CrmDetail';
import { CrmList } from './pages/CrmList';

test.describe.configure({ timeout: 180_000 });

const PHONE_TYPE = '00000000-0000-4000-8012-000000000001';

test("a business's History says who changed its status and its phone; archiving it offers Undo, which brings it back", async ({ page, baseURL }) => {
  const owner = await createOwner('History');
  const name = unique('Laurel Creek Farm');
  const { data: type } = await serviceClient().schema('crm').from('business_types').select('id').eq('org_name', '_system_default_').eq('name', 'Retail').single();
  const { data, error } = await serviceClient()
    .schema('crm')
    .from('businesses')
    .insert({ org_name: owner.orgName, name, type_id: (type as { id: string }).id })
    .select('id, short_id')
    .single();
  expect(error).toBeNull();
  const business = data as { id: string; short_id: string };
  const phone = await serviceClient()
    .schema('crm')
    .from('contact_methods')
    .insert({ org_name: owner.orgName, business_id: business.id, type_id: PHONE_TYPE, value: '(207) 555-0101', is_primary: true });
  expect(phone.error).toBeNull();
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');

  await page.goto(`/business/${business.short_id}`);
  const detail = new CrmDetail(page);
  await expect(detail.heading).toContainText(`Business: ${name}`);
  await detail.editButton.click();
  await chooseOption(page, detail.editor, 'Status', 'Inactive - Former');
  await detail.editor.getByRole('button', { name: 'Save' }).click();
  await expect(detail.editor).toBeHidden();

  // The phone is corrected on the Contact Methods tab: the business's History tells that too.
  await detail.tab('Contact Methods').click();
  const phones = detail.section('Phones');
  await phones.getByRole('button', { name: 'Edit (207) 555-0101' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Phone' });
  await edit.getByLabel('Phone number').fill('(207) 555-0123');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(phones.getByText('(207) 555-0123')).toBeVisible();

  await detail.tab('History').click();
  const history = page.getByRole('region', { name: `History of ${name}` });
  const latest = history.getByRole('listitem').first();
  await expect(latest).toContainText(`${owner.fullName} changed the contact method`);
  await expect(latest).toContainText('Value from (207) 555-0101 to (207) 555-0123');
  await expect(latest).toContainText('just now');
  await expect(history.getByRole('listitem').filter({ hasText: 'changed Status' })).toContainText(`${owner.fullName} changed Status from Active to Inactive - Former`);
  await expect(history.getByRole('listitem').last()).toContainText('Steward created this record');
  await expectAccessible(page);

  // Archive: back to the list without the business, Undo for 10 s.
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  const list = new CrmList(page);
  await expect(page).toHaveURL(/\/businesses$/);
  await expect(list.table.getByText('Loading…')).toHaveCount(0);
  await expect(list.row(name)).toHaveCount(0);
  const toast = page.getByRole('list', { name: 'Notifications' });
  await expect(toast).toContainText(`Archived ${name}`);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(list.row(name)).toBeVisible();

  await list.row(name).getByRole('link', { name, exact: true }).click();
  await detail.tab('History').click();
  await expect(history.getByRole('listitem').nth(0)).toContainText(`${owner.fullName} restored this record`);
  await expect(history.getByRole('listitem').nth(1)).toContainText(`${owner.fullName} archived this record`);
});
