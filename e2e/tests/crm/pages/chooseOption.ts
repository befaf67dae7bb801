import type { Locator, Page } from '@playwright/test';

/** Picks an option of an antd Select found by its label inside `scope` (options render in a popup). */
export async function chooseOption(page: Page, scope: Locator, label: string, optionText: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${optionText}"]`).click();
}
