import type { Locator, Page } from '@playwright/test';

/** Set a new password (/reset-password), where the reset e-mail's link lands. */
export class ResetPasswordPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly alert: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Set a new password' });
    this.form = page.getByRole('form', { name: 'Set a new password' });
    this.alert = page.getByRole('alert');
  }

  async setPassword(password: string, confirmation = password): Promise<void> {
    await this.form.getByLabel('New password', { exact: true }).fill(password);
    await this.form.getByLabel('Confirm new password').fill(confirmation);
    await this.form.getByRole('button', { name: 'Update password' }).click();
  }
}
