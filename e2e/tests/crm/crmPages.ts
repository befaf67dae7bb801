import { expect, type Locator, type Page } from '@playwright/test';

/** Picks an option of an antd Select found by its label; options open in a popup listbox. */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-item-option[title="${option}"]`).last().click();
}

/** A CRM list screen: its table, its toolbar and the Add New dialog. */
export class CrmList {
  constructor(private readonly page: Page) {}

  table(): Locator {
    return this.page.getByRole('table');
  }

  row(name: string): Locator {
    return this.table().getByRole('row').filter({ hasText: name });
  }

  async addNew(title: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Add New' }).click();
    const dialog = this.page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}
