import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { LandingPage } from '../shell/pages/LandingPage';
import { createOwner, uniqueEmail } from '../shell/support/shellApi';
import { CrmList } from './crmPages';

test('invite a user from the CRM → they apply with that e-mail → their profile is Active in the users list', async ({ page: ownerPage, browser }) => {
  const owner = await createOwner('Inviter');
  const invitee = { email: uniqueEmail('crm-invitee'), name: 'Riley Invitee' };

  await signInThroughApi(ownerPage, owner.email, owner.password, E2E_BASE_URL);
  await ownerPage.goto('/users');
  await ownerPage.getByRole('button', { name: 'Add New' }).click();
  await expect(ownerPage).toHaveURL(/\/users\/new$/);
  const form = ownerPage.getByRole('main').or(ownerPage.locator('[data-remote-area="crm"]')).last();
  await expect(form.getByText('Invite New User')).toBeVisible();
  await expect(form.getByRole('button', { name: '← Go Back' })).toBeVisible();
  const email = form.getByLabel('Email');
  await expect(email).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('Source')).toHaveValue('invited');
  await expectNoSeriousA11yViolations(ownerPage);

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill(invitee.name);
  await email.fill(invitee.email);
  await form.getByRole('button', { name: 'Save' }).click();
  // The form returns to /user-management, which is the users list.
  await expect(ownerPage).toHaveURL(/\/users$/);
  const list = new CrmList(ownerPage);
  await expect(list.row(invitee.name)).toContainText('Pending');

  const applicant = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await applicant.newPage();
  const landing = new LandingPage(page);
  await landing.goto();
  const dialog = await landing.openApplyForAccess();
  await dialog.email.fill(invitee.email);
  await expect(dialog.root).toHaveAccessibleName('Activate Your Account');
  await expect(dialog.fullName).toHaveValue(invitee.name);
  await dialog.fill({ password: 'invitee-pass-2026', confirmPassword: 'invitee-pass-2026' });
  await dialog.submit();
  await expect(page.getByText('User account activated successfully!')).toBeVisible();

  await applicant.close();
  await ownerPage.reload();
  await expect(list.row(invitee.name)).toContainText('Active');
  await list.row(invitee.name).getByRole('link', { name: invitee.name }).click();
  await expect(ownerPage.getByRole('heading', { level: 2, name: invitee.name })).toBeVisible();
  await expectNoSeriousA11yViolations(ownerPage);
});
