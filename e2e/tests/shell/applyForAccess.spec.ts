import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { inviteCodeOf, waitForMail } from '../auth/support/mailOutbox';
import { AppShell } from './pages/AppShell';
import type { ApplyValues } from './pages/ApplyForAccessDialog';
import { DashboardPage } from './pages/DashboardPage';
import { LandingPage } from './pages/LandingPage';
import { SEEDED_INVITE } from './support/seededAccounts';
import { createOwner, invite, inviteAs, profileState, unique, uniqueEmail } from './support/shellApi';

function validApplication(): Required<ApplyValues> {
  return {
    email: uniqueEmail('applicant'),
    fullName: 'Robin Hale',
    title: 'Owner',
    phone: '555-0100',
    businessName: unique('Hale Outfitters'),
    password: 'correct-horse-battery',
    confirmPassword: 'correct-horse-battery',
  };
}

test('a new organisation applies, lands on an empty dashboard and signs out to the landing page', async ({ page }) => {
  const application = validApplication();
  const landing = new LandingPage(page);
  await landing.goto();
  const dialog = await landing.openApplyForAccess();
  await dialog.fill(application);
  await dialog.submit();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('User account created successfully!')).toBeVisible();
  const dashboard = new DashboardPage(page);
  await expect(dashboard.noData).toBeVisible();
  await expect(dashboard.noData.getByRole('button', { name: 'Add a Contact' })).toBeVisible();
  await expect(dashboard.noData.getByRole('button', { name: 'Add a Business' })).toBeVisible();
  await expect(dashboard.value('Revenue')).toHaveText('$0.00');

  const shell = new AppShell(page);
  await expect(shell.email).toHaveText(application.email);
  await expect(shell.orgSwitcher).toHaveText(`Organization: ${application.businessName}`);

  await shell.signOut();
  await expect(page).toHaveURL(/\/$/);
  await expect(landing.signInButton).toBeVisible();
  await expect(landing.getStartedButton).toBeVisible();
});

test.describe('Apply for Access messages', () => {
  const clientCases: { input: string; change: (values: Required<ApplyValues>) => ApplyValues; message: string }[] = [
    { input: 'no e-mail', change: (v) => ({ ...v, email: '' }), message: 'Please fill in all required fields' },
    { input: 'no name', change: (v) => ({ ...v, fullName: '' }), message: 'Please fill in all required fields' },
    { input: 'no business name', change: (v) => ({ ...v, businessName: '' }), message: 'Business name is required for new organizations' },
    { input: 'no password', change: (v) => ({ ...v, password: '', confirmPassword: '' }), message: 'Password is required' },
    { input: 'a 7-character password', change: (v) => ({ ...v, password: 'abc1234', confirmPassword: 'abc1234' }), message: 'Password must be at least 8 characters long' },
    { input: 'no confirmation', change: (v) => ({ ...v, confirmPassword: '' }), message: 'Please confirm your password' },
    { input: 'a different confirmation', change: (v) => ({ ...v, confirmPassword: `${v.password}!` }), message: 'Passwords do not match' },
  ];

  for (const { input, change, message } of clientCases) {
    test(`"${message}" for ${input}`, async ({ page }) => {
      const landing = new LandingPage(page);
      await landing.goto();
      const dialog = await landing.openApplyForAccess();
      await dialog.fill(change(validApplication()));
      await dialog.submit();
      await expect(dialog.message).toHaveText(message);
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('"An organization with this name already exists" for an existing name in another case', async ({ page }) => {
    const owner = await createOwner('Taken');
    const landing = new LandingPage(page);
    await landing.goto();
    const dialog = await landing.openApplyForAccess();
    await dialog.fill({ ...validApplication(), businessName: owner.orgName.toUpperCase() });
    await dialog.submit();
    await expect(dialog.message).toHaveText('An organization with this name already exists');
  });

  test('"A user with this email already exists" for an active user\'s e-mail', async ({ page }) => {
    const owner = await createOwner('Existing');
    const landing = new LandingPage(page);
    await landing.goto();
    const dialog = await landing.openApplyForAccess();
    await dialog.fill({ ...validApplication(), email: owner.email });
    await dialog.submit();
    await expect(dialog.message).toHaveText('A user with this email already exists');
  });
});

test.describe('invitations', () => {
  const codeFor = (email: string, orgName: string) => async () => inviteCodeOf(await waitForMail(email, `Your code to join ${orgName}`));

  test('the seeded invitation: the code mailed to the address switches the dialog to activate mode with name and title filled in', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    const dialog = await landing.openApplyForAccess();
    await dialog.email.fill(SEEDED_INVITE.email.toUpperCase());
    await dialog.sendCode.click();
    // The same answer for any address: nothing about the invitation until the code is entered.
    await expect(dialog.codeStatus).toHaveText(
      `If ${SEEDED_INVITE.email} has an invitation, a code is on its way to it. Enter it below: it works for one hour.`,
    );
    await expect(dialog.root).toHaveAccessibleName('Apply for Access');
    await expect(dialog.root).not.toContainText(SEEDED_INVITE.orgName);
    // Focus follows the person: to the code field, then on to the password once the code is used.
    await expect(dialog.inviteCode).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await dialog.inviteCode.fill(await codeFor(SEEDED_INVITE.email, SEEDED_INVITE.orgName)());
    await dialog.useCode.click();
    await expect(dialog.root).toHaveAccessibleName('Activate Your Account');
    await expect(dialog.password).toBeFocused();
    await expect(dialog.fullName).toHaveValue(SEEDED_INVITE.name);
    await expect(dialog.title).toHaveValue(SEEDED_INVITE.title);
    await expect(dialog.businessName).toHaveCount(0);
    await expect(dialog.root).toContainText(`${SEEDED_INVITE.invitedBy} invited you to ${SEEDED_INVITE.orgName} as front desk.`);
    await expectNoSeriousA11yViolations(page);
  });

  test('an invitee activates the account with the mailed code and lands in the inviting organisation', async ({ page }) => {
    const owner = await createOwner('Inviter');
    const invitee = { email: uniqueEmail('invitee'), name: 'Sam Invitee', title: 'Volunteer' };
    await invite(owner.orgName, invitee);

    const landing = new LandingPage(page);
    await landing.goto();
    const dialog = await landing.openApplyForAccess();
    await dialog.email.fill(invitee.email);
    await dialog.enterInvitationCode(codeFor(invitee.email, owner.orgName));
    await expect(dialog.root).toHaveAccessibleName('Activate Your Account');
    await expect(dialog.fullName).toHaveValue(invitee.name);
    await expect(dialog.businessName).toHaveCount(0);
    await dialog.fill({ password: 'invitee-pass-2026', confirmPassword: 'invitee-pass-2026' });
    await dialog.submit();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('User account activated successfully!')).toBeVisible();
    const shell = new AppShell(page);
    await expect(shell.orgSwitcher).toHaveText(`Organization: ${owner.orgName}`);
    await expect(shell.email).toHaveText(invitee.email);
  });

  test('invited by two organisations, the person accepts the one whose code they enter: the other, planted earlier, stays open', async ({ page }) => {
    const planter = await createOwner('Planter');
    const employer = await createOwner('Employer');
    const invitee = { email: uniqueEmail('chooser'), name: 'Cam Chooser' };
    const planted = await inviteAs(planter, invitee);
    const chosen = await inviteAs(employer, invitee);

    const landing = new LandingPage(page);
    await landing.goto();
    const dialog = await landing.openApplyForAccess();
    await dialog.email.fill(invitee.email);
    await dialog.sendCode.click();
    // One mail per invitation, each naming its organisation and who invited, with its own code.
    const plantedMail = await waitForMail(invitee.email, `Your code to join ${planter.orgName}`);
    const chosenMail = await waitForMail(invitee.email, `Your code to join ${employer.orgName}`);
    expect(plantedMail.text).toContain(`${planter.fullName} invited you to join ${planter.orgName} on Steward`);
    expect(chosenMail.text).toContain(`${employer.fullName} invited you to join ${employer.orgName} on Steward`);
    expect(inviteCodeOf(chosenMail)).not.toBe(inviteCodeOf(plantedMail));

    await dialog.inviteCode.fill(inviteCodeOf(chosenMail));
    await dialog.useCode.click();
    await expect(dialog.root).toHaveAccessibleName('Activate Your Account');
    await expect(dialog.root).toContainText(`${employer.fullName} invited you to ${employer.orgName} as team member.`);
    await expect(dialog.root).not.toContainText(planter.orgName);
    await dialog.fill({ password: 'chooser-pass-2026', confirmPassword: 'chooser-pass-2026' });
    await dialog.submit();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(new AppShell(page).orgSwitcher).toHaveText(`Organization: ${employer.orgName}`);
    expect(await profileState(chosen)).toEqual({ status: 'Active', linked: true });
    expect(await profileState(planted)).toEqual({ status: 'Pending', linked: false });
  });

  test('a wrong code is refused and shows nothing of the invitation', async ({ page }) => {
    const owner = await createOwner('Guessed');
    const invitee = { email: uniqueEmail('guessed'), name: 'Gus Guessed' };
    await invite(owner.orgName, invitee);
    const landing = new LandingPage(page);
    await landing.goto();
    const dialog = await landing.openApplyForAccess();
    await dialog.email.fill(invitee.email);
    await dialog.enterInvitationCode(async () => 'ABC123');
    await expect(dialog.message).toHaveText('The code is not valid or has expired');
    await expect(dialog.root).toHaveAccessibleName('Apply for Access');
    await expect(dialog.root).not.toContainText(owner.orgName);
    await expect(dialog.businessName).toBeVisible();
  });

  test('leaving the invited e-mail returns the dialog to a new application', async ({ page }) => {
    const owner = await createOwner('Leaving');
    const invitee = { email: uniqueEmail('leaving'), name: 'Lee Leaving' };
    await invite(owner.orgName, invitee);
    const landing = new LandingPage(page);
    await landing.goto();
    const dialog = await landing.openApplyForAccess();
    await dialog.email.fill(invitee.email);
    await dialog.enterInvitationCode(codeFor(invitee.email, owner.orgName));
    await expect(dialog.root).toHaveAccessibleName('Activate Your Account');
    await dialog.email.fill(uniqueEmail('someone'));
    await expect(dialog.root).toHaveAccessibleName('Apply for Access');
    await expect(dialog.businessName).toBeVisible();
  });
});
