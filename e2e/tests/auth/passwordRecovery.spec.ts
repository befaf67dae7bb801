import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { LandingPage } from '../shell/pages/LandingPage';
import { createOwner } from '../shell/support/shellApi';
import { ForgotPasswordDialog } from './pages/ForgotPasswordDialog';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { linkOf, waitForMail } from './support/mailOutbox';

test('Forgot password? → reset mail in the outbox → link → set a new password → sign in with it', async ({ page, browser }) => {
  // Two browsers, a mail round trip and three sign-ins: more than one journey step's usual time.
  test.slow();
  const owner = await createOwner('Recovering');
  const newPassword = `New-pass-${Date.now()}`;

  const landing = new LandingPage(page);
  await landing.goto();
  const signIn = await landing.openSignIn();
  await signIn.root.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = new ForgotPasswordDialog(page);
  await expect(forgot.root).toBeVisible();
  await forgot.settle();
  await expectNoSeriousA11yViolations(page);
  await forgot.requestLink(owner.email);
  await expect(forgot.status).toContainText(`If an account exists for ${owner.email.toLowerCase()}`);

  const mail = await waitForMail(owner.email, 'Reset Your Password');
  const link = linkOf(mail);
  expect(link).toContain('type=recovery');
  await page.goto(link);

  const reset = new ResetPasswordPage(page);
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(reset.heading).toBeVisible();
  await expect(reset.form).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await reset.setPassword(newPassword, `${newPassword}-typo`);
  await expect(reset.form.getByText('Passwords do not match')).toBeVisible();
  await reset.setPassword('short');
  await expect(reset.form.getByText('Password must be at least 8 characters long')).toBeVisible();
  await reset.setPassword(newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your password has been updated.')).toBeVisible();

  // The same link a second time: used, so the page says so and offers a new one.
  await page.goto(link);
  await expect(reset.alert).toContainText('This link has expired or has already been used');
  await expect(reset.form).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Another browser signs in with the new password; the old one no longer works.
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    const otherLanding = new LandingPage(other);
    await otherLanding.goto();
    const dialog = await otherLanding.openSignIn();
    await dialog.signIn(owner.email, owner.password);
    await expect(other.getByText('Invalid login credentials')).toBeVisible();
    await dialog.signIn(owner.email, newPassword);
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(other.getByText('Welcome back!')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the reset page without a link, or with an expired one, explains what happened and how to get a new link', async ({ page }) => {
  const reset = new ResetPasswordPage(page);
  await page.goto('/reset-password');
  await expect(reset.heading).toBeVisible();
  await expect(page.getByText('No password reset link')).toBeVisible();
  await expect(reset.form).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  // A fresh document, as a link opened from a mail is (a changed fragment alone does not reload the page).
  await page.goto('about:blank');
  await page.goto('/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
  await expect(reset.alert).toContainText('This link has expired or has already been used');
  // The tokens and error are taken out of the address bar.
  await expect(page).toHaveURL(/\/reset-password$/);
});
