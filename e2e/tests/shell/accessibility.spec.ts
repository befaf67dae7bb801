import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { AppShell } from './pages/AppShell';
import { LandingPage } from './pages/LandingPage';
import { createOwner } from './support/shellApi';

// These journeys keep the motion the other journeys turn off (playwright.config.ts): every shell state
// is scanned, and focus followed, as it is drawn for a person who has not asked for less.
test.use({ reducedMotion: 'no-preference' });

async function signedIn(page: Page, path = '/dashboard') {
  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  await page.goto(path);
  await expect(new AppShell(page).email).toHaveText(DEMO_OWNER.email);
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '<body>';
    return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
  });

test.describe('every shell state passes axe (no serious or critical violations)', () => {
  test('landing, Sign In and Apply for Access', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(landing.signInButton).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
    await expectNoSeriousA11yViolations(page);

    const signIn = await landing.openSignIn();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(signIn.root).toBeHidden();

    await landing.openApplyForAccess();
    await expectNoSeriousA11yViolations(page);
  });

  test('dashboard, sidebar open, organisation switcher open', async ({ page }) => {
    await signedIn(page);
    const shell = new AppShell(page);
    await expect(page.getByRole('heading', { name: 'Total Contacts' }).or(page.getByText('Total Contacts')).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await shell.menu.hover();
    await expect(shell.menu).toHaveAttribute('data-expanded');
    await expectNoSeriousA11yViolations(page);

    await page.mouse.move(900, 600);
    await shell.orgSwitcher.click();
    await expect(page.getByRole('menuitemradio').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("an organisation on the platform's default branding", async ({ page }) => {
    const owner = await createOwner('Contrast');
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Add a Contact' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page);
  });

  test('phone width: header and the menu drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedIn(page);
    const shell = new AppShell(page);
    await expectNoSeriousA11yViolations(page);
    await shell.header.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('phone width: a screen with many tabs shows them all, reachable by arrow keys', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedIn(page, '/reservationsettings');
    const tabs = page.getByRole('tablist').first().getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    // No tab folded into an overflow menu: every one is on screen.
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport();
    await expectNoSeriousA11yViolations(page);

    await tabs.first().focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.last()).toBeFocused();
  });
});

test.describe('focus never drops to the page body', () => {
  test('after the organisation switcher closes or switches, focus is back on the switcher', async ({ page }) => {
    await signedIn(page);
    const shell = new AppShell(page);
    await shell.orgSwitcher.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitemradio')).toHaveCount(0);
    await expect(shell.orgSwitcher).toBeFocused();

    await page.keyboard.press('Enter');
    const other = page.getByRole('menuitemradio', { name: 'Lakeside Community Church', exact: true });
    await other.focus();
    await page.keyboard.press('Enter');
    await expect(shell.orgSwitcher).toHaveText('Organization: Lakeside Community Church');
    await expect(shell.orgSwitcher).toBeFocused();
    // Put the demo owner back in their primary organisation for the journeys that follow.
    await shell.switchOrganisation(DEMO_OWNER.orgName);
    await expect(shell.orgSwitcher).toHaveText(`Organization: ${DEMO_OWNER.orgName}`);
  });

  test('after signing in, focus lands on the page heading', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    const dialog = await landing.openSignIn();
    await dialog.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(new AppShell(page).title).toBeFocused();
  });

  test('Tab stays inside the open mobile drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedIn(page);
    const shell = new AppShell(page);
    await shell.header.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    for (let step = 0; step < 20; step += 1) {
      await page.keyboard.press('Tab');
      const inside = await drawer.evaluate((root) => root.contains(document.activeElement));
      expect(inside, `Tab ${step + 1} stays in the drawer (focus on "${await focusedName(page)}")`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(shell.header.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test('Apply for Access names every missing field at once', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.goto();
  const dialog = await landing.openApplyForAccess();
  await dialog.root.getByRole('button', { name: /^Submit/ }).click();
  const invalid = dialog.root.locator('[aria-invalid="true"]');
  await expect(invalid).toHaveCount(5);
  await expect(dialog.email).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.fullName).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.businessName).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.password).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.confirmPassword).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.message).toHaveText('Please fill in all required fields');
});
