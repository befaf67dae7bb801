import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option of an antd Select found by its label inside `scope` (options render in a popup),
 * and waits until the select shows it. On a busy machine a click can reach the popup while it is still
 * opening and choose nothing; then it picks again (opening the select only if its popup is closed).
 */
export async function chooseOption(page: Page, scope: Locator, label: string, optionText: string): Promise<void> {
  const select = scope.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) });
  const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${optionText}"]`);
  await expect(async () => {
    if (!(await option.isVisible())) await scope.getByLabel(label, { exact: true }).click();
    await option.click({ timeout: 5_000 });
    await expect(select).toContainText(optionText, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
