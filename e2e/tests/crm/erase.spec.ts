import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './pages/a11y';
import { CrmDetail } from './pages/CrmDetail';
import { CrmList } from './pages/CrmList';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';
import { createMember, setLevels } from '../roles/support/roleApi';

// A contact erased at their request (GDPR Art. 17) from their page: only for whoever may delete the
// contact, after a dialog that says what goes and asks for the name; the stored file goes too.
test.describe.configure({ timeout: 180_000 });

async function openDetail(page: Page, path: string): Promise<CrmDetail> {
  await page.goto(path);
  const detail = new CrmDetail(page);
  await expect(detail.heading).toBeVisible({ timeout: 30_000 });
  return detail;
}

test("Erase: offered to whoever may delete the contact; the dialog names what goes and wants the name typed; then the list lacks them, History says a contact was erased, and their file's bytes are gone", async ({ page, baseURL }) => {
  const owner = await createOwner('Eraser');
  const name = unique('Ezra Quillfeather');
  const { data, error } = await serviceClient().schema('crm').from('contacts').insert({ org_name: owner.orgName, name, first_name: 'Ezra', last_name: 'Quillfeather' }).select('id, short_id').single();
  expect(error).toBeNull();
  const person = data as { id: string; short_id: string };
  const note = await serviceClient().schema('crm').from('notes').insert({ org_name: owner.orgName, contact_id: person.id, name: 'Passport seen', description: 'Checked at the desk' });
  expect(note.error).toBeNull();

  // A member who may view and edit contacts but not delete them is not offered Erase.
  const editor = await createMember(owner, 'Contact Editor');
  await setLevels(owner.orgName, editor.roleId, 'crm', { view: 'Organization', create: true, edit: 'Organization', delete: 'None' });
  await signInThroughApi(page, editor.email, editor.password, baseURL ?? '');
  const asEditor = await openDetail(page, `/contact/${person.short_id}`);
  await expect(asEditor.editButton).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erase', exact: true })).toHaveCount(0);

  // The owner keeps a file on the contact, then erases them.
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  const detail = await openDetail(page, `/contact/${person.short_id}`);
  await detail.tab('Files').click();
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  await detail.main.getByLabel(/Upload a file/).setInputFiles({ name: 'waiver.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded waiver.pdf.' })).toBeVisible();
  const { data: file } = await serviceClient().schema('crm').from('crm_files').select('storage_path').eq('contact_id', person.id).single();
  const storagePath = (file as { storage_path: string }).storage_path;
  const [folder, objectName] = storagePath.split('/');
  const stored = async () => ((await serviceClient().storage.from('record-files').list(folder, { search: objectName })).data ?? []).map((entry) => entry.name);
  expect(await stored()).toEqual([objectName]);

  await page.getByRole('button', { name: 'Erase', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${name}?` });
  await expect(dialog).toContainText('the contact, with their phones, e-mail addresses, addresses, notes and relationships');
  await expect(dialog).toContainText('their history entries');
  await expect(dialog).toContainText('their search words');
  await expect(dialog).toContainText('their files, with the stored copies');
  await expect(dialog).toContainText('This cannot be undone.');
  const eraseForGood = dialog.getByRole('button', { name: 'Erase for good' });
  const typed = dialog.getByLabel(`Type ${name} to confirm`);
  await expect(eraseForGood).toBeDisabled();
  await typed.fill('Ezra');
  await expect(eraseForGood).toBeDisabled();
  await expectAccessible(page);
  await typed.fill(name);
  await expect(eraseForGood).toBeEnabled();
  await eraseForGood.click();

  // The list, without them; History of the erased contact: one entry, naming no one.
  await expect(page).toHaveURL(/\/contacts$/);
  const list = new CrmList(page);
  await expect(list.table.getByText('Loading…')).toHaveCount(0);
  await expect(list.row(name)).toHaveCount(0);
  const history = page.getByRole('region', { name: 'History of the erased contact' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toContainText(`${owner.fullName} erased this contact at their request (`);
  await expect(history.getByRole('listitem')).toContainText('1 file');
  await expect(history).not.toContainText('Ezra');
  await expectAccessible(page);

  // Their file's stored copy is removed from storage, and their page is gone.
  await expect.poll(stored, { timeout: 20_000 }).toEqual([]);
  await page.goto(`/contact/${person.short_id}`);
  await expect(page.getByText('Contact not found.', { exact: true })).toBeVisible({ timeout: 30_000 });
});
