import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner } from '../shell/support/shellApi';

test('roles list the organisation’s roles; User Role Management edits a role and its permissions per component', async ({ page }) => {
  const owner = await createOwner('Roles');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/settings/roles');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'owner' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'User Role Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: '← Back to Roles' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'CRM' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: '← Back to Roles' }).click();
  await expect(page).toHaveURL(/\/settings\/roles$/);
});
