import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { AppShell } from '../shell/pages/AppShell';
import { createOwner, type Owner } from '../shell/support/shellApi';

test.describe('settings', () => {
  let owner: Owner;
  test.beforeAll(async () => {
    owner = await createOwner('Settings');
  });

  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  });

  test('a branding saved in Organization Settings re-themes the app at once; the preview names colours that fail AA', async ({ page }) => {
    await page.goto('/settings');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Organization Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Organization Settings' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('tab', { name: 'Branding' }).click();
    const shell = new AppShell(page);
    const before = await shell.headerBackground();

    await page.getByLabel('Link colour', { exact: true }).fill('#ffff00');
    await page.getByLabel('Background colour', { exact: true }).fill('#ffffff');
    const preview = page.getByRole('region', { name: 'Branding preview' });
    await expect(preview.getByText(/Links on the background: 1\.07:1 is under the 4\.5:1/)).toBeVisible();
    await page.getByLabel('Link colour', { exact: true }).fill('#1d4ed8');
    await expect(preview.getByText('Every text colour reads well on its background (WCAG AA).')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Primary colour', { exact: true }).fill('not a colour');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await expect(page.getByText('Primary colour must look like #1f2937')).toBeVisible();
    await page.getByLabel('Primary colour', { exact: true }).fill('#1e5631');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await expect(page.getByText('Branding saved')).toBeVisible();
    // No reload: the header follows the saved primary colour.
    await expect.poll(() => shell.headerBackground()).toBe('rgb(30, 86, 49)');
    expect(before).not.toBe('rgb(30, 86, 49)');
  });

  test('switching a component off removes its menu group without a page load; on again brings it back', async ({ page }) => {
    await page.goto('/orgsettings');
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.getByRole('tab', { name: 'Components' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('button', { name: 'Reservations' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('switch', { name: 'Lodging' }).click();
    await expect(menu.getByRole('button', { name: 'Reservations' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Components' }).click();
    await page.getByRole('switch', { name: 'Lodging' }).click();
    await expect(menu.getByRole('button', { name: 'Reservations' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  test('my profile saves, and roles open User Role Management', async ({ page }) => {
    await page.goto('/acctsettings');
    const title = page.getByLabel('Title', { exact: true });
    await expect(title).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await title.fill('Head of Everything');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Head of Everything');

    await page.goto('/settings/roles');
    await page.getByRole('link', { name: 'owner' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'User Role Management' })).toBeVisible();
    await expect(page.getByRole('button', { name: '← Back to Roles' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'CRM' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
