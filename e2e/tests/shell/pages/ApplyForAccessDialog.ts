import type { Locator, Page } from '@playwright/test';

export type ApplyValues = {
  email?: string;
  fullName?: string;
  title?: string;
  phone?: string;
  businessName?: string;
  password?: string;
  confirmPassword?: string;
};

/** The Apply for Access dialog (new organisation), which becomes "Activate Your Account" for an invitee. */
export class ApplyForAccessDialog {
  readonly root: Locator;
  readonly message: Locator;
  readonly email: Locator;
  readonly fullName: Locator;
  readonly title: Locator;
  readonly phone: Locator;
  readonly businessName: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  /** "Invited by an organization? Email me a code", and what follows once a code is sent. */
  readonly sendCode: Locator;
  readonly codeStatus: Locator;
  readonly inviteCode: Locator;
  readonly useCode: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: /^(Apply for Access|Activate Your Account)$/ });
    this.message = this.root.getByRole('alert');
    this.email = this.root.getByLabel('Email', { exact: true });
    this.fullName = this.root.getByLabel('Full Name', { exact: true });
    this.title = this.root.getByLabel('Title', { exact: true });
    this.phone = this.root.getByLabel('Phone', { exact: true });
    this.businessName = this.root.getByLabel('Business Name', { exact: true });
    this.password = this.root.getByLabel('Password', { exact: true });
    this.confirmPassword = this.root.getByLabel('Confirm Password', { exact: true });
    this.sendCode = this.root.getByRole('button', { name: 'Email me a code' });
    this.codeStatus = this.root.getByRole('status');
    this.inviteCode = this.root.getByLabel('Invitation Code', { exact: true });
    this.useCode = this.root.getByRole('button', { name: 'Use Code' });
  }

  /** Asks for the invitation code of the e-mail in the field, then enters the one from the mail. */
  async enterInvitationCode(code: () => Promise<string>): Promise<void> {
    await this.sendCode.click();
    await this.inviteCode.fill(await code());
    await this.useCode.click();
  }

  /** Replaces every field given (an empty string clears it). */
  async fill(values: ApplyValues): Promise<void> {
    const fields: [keyof ApplyValues, Locator][] = [
      ['email', this.email],
      ['fullName', this.fullName],
      ['title', this.title],
      ['phone', this.phone],
      ['businessName', this.businessName],
      ['password', this.password],
      ['confirmPassword', this.confirmPassword],
    ];
    for (const [key, locator] of fields) {
      const value = values[key];
      if (value !== undefined) await locator.fill(value);
    }
  }

  async submit(): Promise<void> {
    await this.root.getByRole('button', { name: /^(Submit Application|Activate Account)$/ }).click();
  }
}
