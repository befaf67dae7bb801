import { expect, test } from '@playwright/test';
import { expectAccessible } from './pages/a11y';
import { signInThroughApi } from '../../support/signInThroughApi';
import { LandingPage } from '../shell/pages/LandingPage';
import { createOwner, serviceClient, uniqueEmail } from '../shell/support/shellApi';
import { inviteCodeOf, waitForMail } from '../auth/support/mailOutbox';
import { CrmList } from './pages/CrmList';
import { chooseOption } from './pages/chooseOption';

// Shared CPU: a journey with several axe scans needs more than the default minute.
test.describe.configure({ timeout: 180_000 });

test('an invited user (with an address and a group) is Pending until Apply for Access with that e-mail makes the profile Active; users are set Inactive in bulk, with Undo; the only manager cannot set themselves Inactive', async ({ page, browser, baseURL }) => {
  const owner = await createOwner('Crminviter');
  // The team portal's groups are what the invite form's Group offers.
  const { data: group, error: groupError } = await serviceClient().schema('hr').from('groups').insert({ org_name: owner.orgName, name: 'Greeters' }).select('id').single();
  expect(groupError).toBeNull();
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  const list = new CrmList(page);
  await list.goto('/users');
  await expect(list.row(owner.fullName)).toBeVisible();
  await expectAccessible(page);

  await list.addNewButton.click();
  await expect(page).toHaveURL(/\/users\/new$/);
  const main = page.locator('main');
  await expect(main.getByRole('heading', { name: 'Invite New User' })).toBeVisible();
  await expect(main.getByRole('button', { name: '← Go Back' })).toBeVisible();
  await expect(main.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
  await expect(main.getByLabel('Source', { exact: true })).toHaveValue('invited');
  await expect(main.getByLabel('Source', { exact: true })).toHaveAttribute('readonly', '');
  await expectAccessible(page);

  await main.getByRole('button', { name: 'Save' }).click();
  await expect(main.getByText('Please fix the highlighted fields.')).toBeVisible();

  const invitee = { name: 'Sam Invitee', email: uniqueEmail('crminvitee') };
  await main.getByLabel('Name', { exact: true }).fill(invitee.name);
  await main.getByLabel('Email', { exact: true }).fill(invitee.email);
  await chooseOption(page, main, 'Phone type', 'Mobile');
  await main.getByLabel('Primary phone', { exact: true }).fill('555-0199');
  await main.getByLabel('City', { exact: true }).fill('Invitee Falls');
  await chooseOption(page, main, 'Group', 'Greeters');
  await main.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/users$/);
  const row = list.row(invitee.name);
  await expect(row).toContainText('Pending');
  await expect(row.getByRole('link', { name: '555-0199' })).toHaveAttribute('href', 'tel:5550199');
  await expect(row).toContainText('Invitee Falls');

  const applicant = await browser.newContext({ baseURL });
  const applicantPage = await applicant.newPage();
  const landing = new LandingPage(applicantPage);
  await landing.goto();
  const dialog = await landing.openApplyForAccess();
  await dialog.email.fill(invitee.email);
  // The invitation is claimed with the code mailed to the invited address.
  await dialog.enterInvitationCode(async () => inviteCodeOf(await waitForMail(invitee.email, `Your code to join ${owner.orgName}`)));
  await expect(dialog.root).toHaveAccessibleName('Activate Your Account');
  await expect(dialog.fullName).toHaveValue(invitee.name);
  await dialog.fill({ password: 'invitee-pass-2026', confirmPassword: 'invitee-pass-2026' });
  await dialog.submit();
  await expect(applicantPage).toHaveURL(/\/dashboard$/);
  await applicant.close();

  const { data } = await serviceClient().from('user_profiles').select('id, status, group_id').eq('email', invitee.email).single();
  expect(data).toMatchObject({ status: 'Active', group_id: (group as { id: string }).id });
  const { data: addresses } = await serviceClient().schema('crm').from('addresses').select('city').eq('user_id', (data as { id: string }).id);
  expect(addresses).toEqual([{ city: 'Invitee Falls' }]);
  await list.goto('/users');
  await expect(list.row(invitee.name)).toContainText('Active');

  await page.goto('/user-management');
  await expect(page).toHaveURL(/\/users$/);
  await expect(list.row(invitee.name)).toBeVisible();

  // Users leave through their status: selected, set Inactive in one step, and Undo makes them Active again.
  await list.table.getByRole('checkbox', { name: `Select ${invitee.name}` }).check();
  const actions = page.getByRole('group', { name: 'Actions on 1 user' });
  await expect(actions.getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0);
  await expect(list.toolbar.getByRole('button', { name: 'Archived' })).toHaveCount(0);
  await expectAccessible(page);
  await actions.getByLabel('Set Status').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Inactive"]').click();
  const toast = page.getByRole('list', { name: 'Notifications' });
  await expect(toast).toContainText('Set Status to Inactive on 1 user');
  await expect(list.row(invitee.name)).toContainText('Inactive');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(list.row(invitee.name)).toContainText('Active');
  await expect(list.row(invitee.name)).not.toContainText('Inactive');

  // The owner is the only one who manages the organisation: setting themselves Inactive is refused.
  await list.table.getByRole('checkbox', { name: `Select ${owner.fullName}` }).check();
  const ownActions = page.getByRole('group', { name: 'Actions on 1 user' });
  await ownActions.getByLabel('Set Status').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Inactive"]').click();
  await expect(page.getByRole('alert').filter({ hasText: 'This change would leave the organization with no active member who can manage users and roles' })).toBeVisible();
  await expect(list.row(owner.fullName)).not.toContainText('Inactive');
  // The same refusal from Edit User reads as the users' save error.
  const { data: ownerRow } = await serviceClient().from('user_profiles').select('short_id, status').eq('email', owner.email).single();
  expect(ownerRow).toMatchObject({ status: 'Active' });
  await page.goto(`/user/${(ownerRow as { short_id: string }).short_id}/edit`);
  await expect(main.getByRole('heading', { name: 'Edit User' })).toBeVisible();
  await chooseOption(page, main, 'Status', 'Inactive');
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(main.getByRole('alert')).toHaveText('Error saving user: This change would leave the organization with no active member who can manage users and roles');
  const { data: still } = await serviceClient().from('user_profiles').select('status').eq('email', owner.email).single();
  expect(still).toEqual({ status: 'Active' });
});
