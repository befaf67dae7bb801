import type { Locator, Page } from '@playwright/test';

/** The Sign In modal: log in, or switch to its sign-up form. */
export class SignInDialog {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: /^Sign (In|Up)$/ });
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.root.getByLabel('Email').fill(email);
    await this.root.getByLabel('Password').fill(password);
    await this.root.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  async signUp(values: { organizationName: string; username: string; email: string; password: string }): Promise<void> {
    await this.root.getByRole('button', { name: 'Sign up', exact: true }).click();
    await this.root.getByLabel('Organization Name').fill(values.organizationName);
    await this.root.getByLabel('Username').fill(values.username);
    await this.root.getByLabel('Email').fill(values.email);
    await this.root.getByLabel('Password').fill(values.password);
    await this.root.getByRole('button', { name: 'Sign Up', exact: true }).click();
  }
}
