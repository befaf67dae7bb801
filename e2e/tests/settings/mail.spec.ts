import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';
import { IntegrationsPage } from './pages/IntegrationsPage';

test.describe.configure({ timeout: 180_000 });

test('Settings → E-mail: the inbound address, the sender and signature, a template written with the merge-field menu and archived, a suppressed address removed', async ({ page }) => {
  const owner = await createOwner('MailSettings');
  const suppressed = `${unique('gone').toLowerCase().replace(/\W/g, '')}@example.org`;
  const { error } = await serviceClient().schema('crm').from('mail_suppressions').insert({ org_name: owner.orgName, email: suppressed, reason: 'bounced' });
  expect(error).toBeNull();
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/settings/mail');
  const slug = owner.orgName.replace(/\s+/g, '').replace(/[^A-Za-z0-9_-]/g, '-');
  await expect(page.getByLabel('Inbound address')).toHaveText(`${slug}@in.steward.localhost`.toLowerCase(), { ignoreCase: true, timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);

  const sender = page.getByRole('region', { name: 'Sender' });
  await sender.getByLabel('From name').fill('The Front Office');
  await sender.getByLabel('Signature').fill('Kind regards,\nThe Front Office');
  await sender.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('E-mail settings saved')).toBeVisible();
  await expect
    .poll(async () => (await serviceClient().schema('settings').from('mail_settings').select('from_name, signature').eq('org_name', owner.orgName).single()).data)
    .toEqual({ from_name: 'The Front Office', signature: 'Kind regards,\nThe Front Office' });

  // A template: its text gets a merge field from the menu; a name is required.
  await page.getByRole('button', { name: 'Add template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add template' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill('Reminder');
  await dialog.getByLabel('Subject', { exact: true }).fill('See you soon');
  await dialog.getByLabel('Message', { exact: true }).fill('Hello ');
  await dialog.getByLabel('Insert field').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="First name"]').click();
  await expect(dialog.getByLabel('Message', { exact: true })).toHaveValue('Hello {{first_name}}');
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, { include: '.ant-modal' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();
  const row = page.getByRole('table', { name: 'Templates' }).getByRole('row').filter({ hasText: 'Reminder' });
  await expect(row).toContainText('See you soon');
  await row.getByRole('button', { name: 'Archive Reminder' }).click();
  await expect(row).toContainText('Archived');

  const suppressedRow = page.getByRole('table', { name: 'Suppressed addresses' }).getByRole('row').filter({ hasText: suppressed });
  await expect(suppressedRow).toContainText('Bounced');
  await suppressedRow.getByRole('button', { name: `Remove ${suppressed}` }).click();
  await expect(page.getByText(`${suppressed} may receive mail again`)).toBeVisible();
  await expect(suppressedRow).toHaveCount(0);
});

test('an SMTP mail account is an integration: host, port, user, a write-only password and the from-address', async ({ page }) => {
  const owner = await createOwner('Smtp');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  const screen = new IntegrationsPage(page);
  await screen.goto();
  await expect(screen.heading).toBeVisible({ timeout: 30_000 });
  await screen.add({ name: 'Office mail', type: 'SMTP mail account' });
  const dialog = screen.dialog;
  await dialog.getByLabel('Host').fill('smtp.example.org');
  await dialog.getByLabel('From address').fill('office');
  await screen.save();
  await expect(dialog.getByText('The from-address is not an e-mail address')).toBeVisible();
  await dialog.getByLabel('From address').fill('office@example.org');
  await dialog.getByLabel('User').fill('office');
  await dialog.getByLabel('Password').fill('mail-secret-9876');
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, { include: '.ant-modal' });
  await screen.save();
  await expect(screen.toast('Integration created successfully')).toBeVisible();
  await expect(screen.row('Office mail')).toContainText('SMTP mail account');
  // The password is the write-only secret: stored out of reach, only its last four characters shown.
  const { data } = await serviceClient().schema('settings').from('integrations').select('type, base_url, settings, api_secret, api_secret_set, api_secret_last4').eq('org_name', owner.orgName).single();
  expect(data).toEqual({ type: 'smtp', base_url: 'smtp://smtp.example.org:587', settings: { user: 'office', from_email: 'office@example.org', from_name: null }, api_secret: null, api_secret_set: true, api_secret_last4: '9876' });
});
