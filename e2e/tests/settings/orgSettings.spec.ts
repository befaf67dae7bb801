import { expect, test, type Page } from '@playwright/test';
import { E2E_BASE_URL, remotePort } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { AppShell } from '../shell/pages/AppShell';
import { createOwner, serviceClient } from '../shell/support/shellApi';
import { OrgSettingsPage } from './pages/OrgSettingsPage';

// Slow shared CPUs: each journey signs in, loads two areas and runs several axe scans.
test.describe.configure({ timeout: 180_000 });

const LODGING_ORIGIN = `http://localhost:${remotePort('lodging')}`;

async function markPage(page: Page) {
  await page.evaluate(() => ((window as { __stewardNoReload?: boolean }).__stewardNoReload = true));
}

async function stillSamePage(page: Page) {
  return page.evaluate(() => (window as { __stewardNoReload?: boolean }).__stewardNoReload === true);
}

test('Org Data: the organisation’s language is chosen from the languages Steward speaks, and saved as its code', async ({ page }) => {
  const owner = await createOwner('OrgLanguage');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  const settings = new OrgSettingsPage(page);
  await settings.goto();
  await expect(settings.heading).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Language', { exact: true }).click();
  // None (—), or one of the languages Steward speaks, each named in itself (no pseudo-locale, no typed "Spanish").
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(['—', 'English', 'Español']);
  await options.filter({ hasText: 'Español' }).click();
  await expect(page.locator('.ant-select').filter({ has: page.getByLabel('Language', { exact: true }) })).toContainText('Español');
  await page.getByRole('button', { name: 'Save' }).click();
  // Saved, the organisation's language applies to its owner (no language of their own): the notice may read either.
  await expect(page.getByText(/^(Organization saved|Organización guardada)$/)).toBeVisible();
  await expect(async () => {
    const { data } = await serviceClient().from('organizations').select('language').eq('name', owner.orgName).single();
    expect((data as { language: string | null }).language).toBe('es');
  }).toPass({ timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
});

test('Branding: the preview flags a failing colour, and Save re-themes the primary buttons without a reload', async ({ page }) => {
  const owner = await createOwner('Branding');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  const settings = new OrgSettingsPage(page);
  await settings.goto();
  await expect(settings.heading).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);
  await settings.tab('Branding').click();
  await expect(settings.color('Button Color')).toBeVisible();
  await markPage(page);

  await settings.color('Button Color').fill('#ffd400');
  await settings.color('Button Text Color').fill('#ffffff');
  await expect(settings.preview).toContainText(/Button colour #ffd400 fails WCAG AA against the button text \(#ffffff\): 1\.\d\d:1, needs 4\.5:1\. It will be drawn as #[0-9a-f]{6}\./);
  // Drawn in a passing shade, as the app will draw it.
  await expect(settings.preview.getByTestId('preview-button')).not.toHaveCSS('background-color', 'rgb(255, 212, 0)');
  await expectNoSeriousA11yViolations(page);

  await settings.color('Button Color').fill('#0b6b3a');
  await expect(settings.preview).not.toContainText('Button colour');
  await expect(settings.preview.getByTestId('preview-button')).toHaveCSS('background-color', 'rgb(11, 107, 58)');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save Branding' }).click();
  await expect(page.getByText('Branding saved', { exact: true })).toBeVisible();
  const { data } = await serviceClient().schema('settings').from('org_branding').select('button_color').eq('org_name', owner.orgName).single();
  expect(data).toEqual({ button_color: '#0b6b3a' });
  // The area's own (antd) primary button and the shell's dashboard button both take the new colour
  // (the pointer moved off the button first: hovered, it is drawn a shade darker).
  await page.mouse.move(0, 0);
  await expect(page.getByRole('button', { name: 'Save Branding' })).toHaveCSS('background-color', 'rgb(11, 107, 58)');

  await new AppShell(page).menu.getByRole('link', { name: 'Dashboard' }).click();
  const primary = page.getByRole('main').getByRole('button', { name: 'Add a Contact' });
  await expect(primary).toBeVisible();
  await expect(primary).toHaveCSS('background-color', 'rgb(11, 107, 58)');
  expect(await stillSamePage(page)).toBe(true);
});

test('Components: switching Lodging off removes its menu and routes for that organisation only, and on brings them back', async ({ page, browser }) => {
  const owner = await createOwner('Components');
  const other = await createOwner('Other');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  const shell = new AppShell(page);
  const settings = new OrgSettingsPage(page);
  await settings.goto();
  await expect(settings.heading).toBeVisible({ timeout: 30_000 });
  await settings.tab('Components').click();
  await expect(settings.componentSwitch('Lodging')).toBeChecked();
  await expect(shell.menu.getByRole('button', { name: 'Reservations' })).toBeVisible();
  await expect(settings.componentSwitch('Settings')).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await markPage(page);
  const lodgingRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(LODGING_ORIGIN)) lodgingRequests.push(request.url());
  });

  await settings.componentSwitch('Lodging').click();
  await expect(page.getByText('Lodging disabled', { exact: true })).toBeVisible();
  await expect(shell.menu.getByRole('button', { name: 'Reservations' })).toHaveCount(0);
  await expect(settings.componentSwitch('Lodging')).not.toBeChecked();
  expect(await stillSamePage(page)).toBe(true);

  // Its routes say the area is not enabled (in-app navigation, no reload), and the shell never asks
  // the lodging remote for code.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/reservations');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByText('Lodging is not enabled for this organization')).toBeVisible();
  // The libs Toaster's <li role="status"> is itself an axe 'list' finding (reported): scan once it has closed.
  await expect(page.getByText('Lodging disabled', { exact: true })).toBeHidden({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
  expect(await stillSamePage(page)).toBe(true);
  expect(lodgingRequests).toEqual([]);

  // Another organisation still has it.
  const otherContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const otherPage = await otherContext.newPage();
  await signInThroughApi(otherPage, other.email, other.password, E2E_BASE_URL);
  await otherPage.goto('/dashboard');
  await expect(new AppShell(otherPage).menu.getByRole('button', { name: 'Reservations' })).toBeVisible({ timeout: 30_000 });
  await otherContext.close();

  await settings.goto();
  await settings.tab('Components').click();
  await markPage(page);
  await settings.componentSwitch('Lodging').click();
  await expect(page.getByText('Lodging enabled', { exact: true })).toBeVisible();
  await expect(shell.menu.getByRole('button', { name: 'Reservations' })).toBeVisible();
  expect(await stillSamePage(page)).toBe(true);
});
