import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './chooseOption';

/** A CRM list screen: toolbar, filter panel, table. */
export class CrmList {
  readonly table: Locator;
  readonly toolbar: Locator;
  readonly addNewButton: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table');
    this.toolbar = page.getByRole('toolbar', { name: 'List actions' });
    this.addNewButton = this.toolbar.getByRole('button', { name: 'Add New' });
  }

  /** Opens a list and waits until its first load has finished. */
  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.table).toBeVisible({ timeout: 30_000 });
    await expect(this.table.getByText('Loading…')).toHaveCount(0, { timeout: 30_000 });
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Filters → one condition → Apply. */
  async filterBy(field: string, operator: string, value: string): Promise<void> {
    await this.toolbar.getByRole('button', { name: 'Filters' }).click();
    const panel = this.page.getByRole('region', { name: 'Filters' });
    await panel.getByRole('button', { name: 'Add condition' }).click();
    await chooseOption(this.page, panel, 'Field 1', field);
    await chooseOption(this.page, panel, 'Operator 1', operator);
    await panel.getByLabel('Value 1').fill(value);
    await panel.getByRole('button', { name: 'Apply' }).click();
  }
}
