import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, unique, type Owner } from '../shell/support/shellApi';

test.describe('the catalogue', () => {
  let owner: Owner;
  test.beforeAll(async () => {
    owner = await createOwner('Catalog');
  });

  test('supplies: add one through the generic editor, see it with $ and two decimals, edit it', async ({ page }) => {
    const name = unique('Paddle wax');
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/supplies');
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Add New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Supply' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please fix the highlighted fields.')).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Vendor').fill('River Goods');
    await dialog.getByLabel('Last Cost').fill('12.5');
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('$12.50');
    await expect(row).toContainText('River Goods');
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Supply' });
    await editor.getByLabel('Vendor').fill('Mountain Goods');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Mountain Goods');
  });

  test('inventory lists products with their types, and orders say honestly that they are coming', async ({ page }) => {
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/inventory');
    await expect(page.getByRole('tab', { name: 'Products' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'SKU' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/orders');
    await expect(page.getByText('Orders are coming soon. This screen does not show any order data yet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
