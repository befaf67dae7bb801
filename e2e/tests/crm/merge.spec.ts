import { expect, test } from '@playwright/test';
import { expectAccessible } from './pages/a11y';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';
import { CrmDetail } from './pages/CrmDetail';
import { CrmList } from './pages/CrmList';

test.describe.configure({ timeout: 180_000 });

async function contactWith(orgName: string, name: string, phone: string, note: string): Promise<string> {
  const db = serviceClient().schema('crm');
  const { data: type } = await db.from('contact_method_types').select('id').eq('org_name', '_system_default_').eq('kind', 'phone').limit(1).single();
  const { data: contact, error } = await db.from('contacts').insert({ org_name: orgName, name }).select('id').single();
  if (error) throw new Error(error.message);
  const id = (contact as { id: string }).id;
  const method = await db.from('contact_methods').insert({ org_name: orgName, contact_id: id, type_id: (type as { id: string }).id, value: phone, label: 'Mobile', is_primary: true });
  if (method.error) throw new Error(method.error.message);
  const notes = await db.from('notes').insert({ org_name: orgName, contact_id: id, name: note, description: `${note} text` });
  if (notes.error) throw new Error(notes.error.message);
  return id;
}

test('two copies of a person merge into one with both phones and both notes, and History says so', async ({ page, baseURL }) => {
  const owner = await createOwner('Merge');
  const surname = unique('Foster').replace(/\s+/g, '');
  const keep = `Abigail ${surname}`;
  const drop = `Abigail ${surname}e`;
  await contactWith(owner.orgName, keep, '(828) 555-0101', 'Met at the spring fair');
  await contactWith(owner.orgName, drop, '(828) 555-0199', 'Volunteered in May');
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');

  const list = new CrmList(page);
  await list.goto('/contacts');
  await list.toolbar.getByRole('link', { name: 'Possible duplicates' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Possible duplicates: Contacts' })).toBeVisible();
  const pair = page.getByRole('row').filter({ hasText: keep }).filter({ hasText: drop });
  await expect(pair).toContainText('Similar names');
  await expectAccessible(page);
  await pair.getByRole('button', { name: /^Compare/ }).click();

  const panel = page.getByRole('region', { name: 'Merge records' });
  const keepRadio = panel.getByRole('radio', { name: new RegExp(`Keep ${keep}$`) });
  await keepRadio.check();
  await expect(keepRadio).toBeChecked();
  await expect(panel.getByRole('radio', { name: new RegExp(`Keep ${drop}$`) })).not.toBeChecked();
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Merge…' }).click();
  await expect(panel.getByRole('alert')).toContainText(`Merge ${drop} into ${keep}?`);
  await panel.getByRole('button', { name: 'Merge', exact: true }).click();

  const detail = new CrmDetail(page);
  await expect(detail.heading).toContainText(`Contact: ${keep}`);
  await expect(detail.section('Phones').getByRole('listitem')).toContainText(['(828) 555-0101', '(828) 555-0199']);
  await detail.tab('Notes').click();
  await expect(page.getByText('Met at the spring fair', { exact: true })).toBeVisible();
  await expect(page.getByText('Volunteered in May', { exact: true })).toBeVisible();
  await detail.tab('History').click();
  const history = page.getByRole('region', { name: `History of ${keep}` });
  await expect(history.getByRole('listitem').first()).toContainText(`${owner.fullName} merged ${drop} into this record`);
  await expect(history.getByRole('button', { name: 'Undo merge' })).toBeVisible();

  // Only one of them is left in the list.
  await list.goto('/contacts');
  await expect(list.row(keep)).toBeVisible();
  await expect(list.row(drop)).toHaveCount(0);
});
