import type { Locator, Page } from '@playwright/test';

/** The Sign In modal after "Forgot password?": asks for the address to send a reset link to. */
export class ForgotPasswordDialog {
  readonly root: Locator;
  readonly status: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Reset your password' });
    this.status = this.root.getByRole('status');
  }

  /** Moves the pointer off the dialog, which the "Forgot password?" click leaves over the send button (hover colours are not the resting ones axe should judge). */
  async settle(): Promise<void> {
    await this.page.mouse.move(0, 0);
    await this.root.getByRole('button', { name: 'Send reset link' }).waitFor();
  }

  async requestLink(email: string): Promise<void> {
    await this.root.getByLabel('Email').fill(email);
    await this.root.getByRole('button', { name: 'Send reset link' }).click();
  }
}
