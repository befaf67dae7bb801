import type { Locator, Page } from '@playwright/test';
import { chooseOption } from './chooseOption';

export type AddNewValues = {
  fields: Record<string, string>;
  selects?: Record<string, string>;
  phone?: { type: string; value: string };
  email?: { type: string; value: string };
  address?: Record<string, string>;
};

/** The Add New dialog of a CRM list. */
export class AddNewDialog {
  readonly dialog: Locator;

  constructor(
    private readonly page: Page,
    title: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
  }

  async fill(values: AddNewValues): Promise<void> {
    for (const [label, value] of Object.entries(values.fields)) await this.dialog.getByLabel(label, { exact: true }).fill(value);
    for (const [label, option] of Object.entries(values.selects ?? {})) await chooseOption(this.page, this.dialog, label, option);
    if (values.phone) {
      await chooseOption(this.page, this.dialog, 'Phone type', values.phone.type);
      await this.dialog.getByLabel('Primary phone', { exact: true }).fill(values.phone.value);
    }
    if (values.email) {
      await chooseOption(this.page, this.dialog, 'E-mail type', values.email.type);
      await this.dialog.getByLabel('Primary e-mail', { exact: true }).fill(values.email.value);
    }
    for (const [label, value] of Object.entries(values.address ?? {})) await this.dialog.getByLabel(label, { exact: true }).fill(value);
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Save' }).click();
  }
}
