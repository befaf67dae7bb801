import type { Locator, Page } from '@playwright/test';

/** A CRM record's detail page. */
export class CrmDetail {
  readonly heading: Locator;
  readonly editButton: Locator;
  readonly editor: Locator;
  readonly goBack: Locator;
  readonly main: Locator;

  constructor(private readonly page: Page) {
    this.main = page.locator('main');
    this.heading = this.main.getByRole('heading', { level: 2 });
    this.editButton = this.main.getByRole('button', { name: 'Edit', exact: true });
    this.editor = this.main.locator('.ant-card').filter({ hasText: /^Edit / });
    this.goBack = this.main.getByRole('link', { name: 'Go back' });
  }

  section(name: string): Locator {
    return this.main.getByRole('region', { name });
  }

  tab(name: string): Locator {
    return this.main.getByRole('tab', { name });
  }

  async rename(label: string, value: string): Promise<void> {
    await this.editButton.click();
    const field = this.editor.getByLabel(label, { exact: true });
    await field.fill(value);
    await this.editor.getByRole('button', { name: 'Save' }).click();
  }
}
