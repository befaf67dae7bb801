import type { Locator, Page } from '@playwright/test';

/** /settings/integrations as a user sees it. */
export class IntegrationsPage {
  constructor(private readonly page: Page) {}

  goto() {
    return this.page.goto('/settings/integrations');
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Integrations', level: 3 });
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  async add(values: { name: string; type: string; apiKey?: string; apiSecret?: string; webhookSecret?: string; generate?: boolean }) {
    await this.page.getByRole('button', { name: 'Add Integration' }).click();
    await this.fill(values);
  }

  async fill(values: { name?: string; type?: string; apiKey?: string; apiSecret?: string; webhookSecret?: string; generate?: boolean }) {
    const dialog = this.dialog;
    if (values.name !== undefined) await dialog.getByLabel('Name').fill(values.name);
    if (values.type) {
      await dialog.getByRole('combobox', { name: 'Type' }).click();
      await this.page.locator(`.ant-select-item-option[title="${values.type}"]`).click();
    }
    if (values.generate) await dialog.getByRole('button', { name: 'Generate' }).click();
    if (values.apiKey !== undefined) await dialog.getByLabel('API Key').fill(values.apiKey);
    if (values.apiSecret !== undefined) await dialog.getByLabel('API Secret').fill(values.apiSecret);
    if (values.webhookSecret !== undefined) await dialog.getByLabel('Webhook Secret').fill(values.webhookSecret);
  }

  save() {
    return this.dialog.getByRole('button', { name: 'Save' }).click();
  }
}
