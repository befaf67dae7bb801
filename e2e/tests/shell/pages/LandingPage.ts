import type { Locator, Page } from '@playwright/test';
import { settledAnimations } from '../../../support/animations';
import { ApplyForAccessDialog } from './ApplyForAccessDialog';
import { SignInDialog } from './SignInDialog';

/** The public landing page at /, /index and /signup. */
export class LandingPage {
  readonly account: Locator;
  readonly signInButton: Locator;
  readonly getStartedButton: Locator;
  readonly goToDashboardButton: Locator;

  constructor(private readonly page: Page) {
    this.account = page.getByRole('navigation', { name: 'Account' });
    this.signInButton = this.account.getByRole('button', { name: 'Sign In' });
    this.getStartedButton = this.account.getByRole('button', { name: 'Get Started' });
    this.goToDashboardButton = page.getByRole('button', { name: 'Go to Dashboard' });
  }

  async goto(path: '/' | '/index' | '/signup' = '/'): Promise<void> {
    await this.page.goto(path);
  }

  async openSignIn(): Promise<SignInDialog> {
    await this.signInButton.click();
    const dialog = new SignInDialog(this.page);
    await dialog.root.waitFor();
    await settledAnimations(this.page);
    return dialog;
  }

  async openApplyForAccess(): Promise<ApplyForAccessDialog> {
    await this.getStartedButton.click();
    const dialog = new ApplyForAccessDialog(this.page);
    await dialog.root.waitFor();
    await settledAnimations(this.page);
    return dialog;
  }
}
