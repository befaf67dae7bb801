import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { DashboardPage } from './pages/DashboardPage';
import { LandingPage } from './pages/LandingPage';
import { DEMO, DEMO_SECOND_ORG } from './support/seededAccounts';
import { createOwner, dashboardCounts, primaryColorOf, unique, uniqueEmail } from './support/shellApi';

test('the demo owner signs in and the stat cards show the organisation\'s figures', async ({ page }) => {
  const expected = await dashboardCounts(DEMO.orgName);
  const landing = new LandingPage(page);
  await landing.goto();
  const dialog = await landing.openSignIn();
  await dialog.signIn(DEMO.email, DEMO.password);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  const dashboard = new DashboardPage(page);
  await expect(dashboard.value('Total Contacts')).toHaveText(String(expected.contacts));
  await expect(dashboard.value('Businesses')).toHaveText(String(expected.businesses));
  await expect(dashboard.value('Orders')).toHaveText(String(expected.orders));
  await expect(dashboard.value('Revenue')).toHaveText(expected.revenue);
  await expect(dashboard.card('Total Contacts')).toHaveAttribute('href', '/contacts');
  await expect(dashboard.card('Businesses')).toHaveAttribute('href', '/businesses');
  await expect(dashboard.card('Orders')).toHaveAttribute('href', '/orders');
  await expect(dashboard.card('Revenue')).toHaveAttribute('href', '/transactions');
  await expect(page).toHaveTitle('Steward - Dashboard');
  await expect(new AppShell(page).title).toHaveText('Dashboard');
});

test('switching organisation changes the header, the data scope and the theme without a page load', async ({ page }) => {
  const [firstCounts, secondCounts] = await Promise.all([dashboardCounts(DEMO.orgName), dashboardCounts(DEMO_SECOND_ORG)]);
  const [firstColor, secondColor] = await Promise.all([primaryColorOf(DEMO.orgName), primaryColorOf(DEMO_SECOND_ORG)]);
  expect(secondColor, 'the seed brands the two organisations differently').not.toEqual(firstColor);

  const landing = new LandingPage(page);
  await landing.goto();
  await (await landing.openSignIn()).signIn(DEMO.email, DEMO.password);
  const shell = new AppShell(page);
  const dashboard = new DashboardPage(page);
  await expect(shell.orgSwitcher).toHaveText(`Organization: ${DEMO.orgName}`);
  await expect(dashboard.value('Total Contacts')).toHaveText(String(firstCounts.contacts));
  expect(await shell.organisations()).toEqual([DEMO.orgName, DEMO_SECOND_ORG].sort((a, b) => a.localeCompare(b)));

  await page.evaluate(() => Object.assign(window, { __samePage: true }));
  await shell.switchOrganisation(DEMO_SECOND_ORG);
  await expect(shell.orgSwitcher).toHaveText(`Organization: ${DEMO_SECOND_ORG}`);
  await expect(shell.themeRoot).toHaveAttribute('data-org', DEMO_SECOND_ORG);
  await expect(dashboard.root).toHaveAttribute('data-org', DEMO_SECOND_ORG);
  await expect(dashboard.value('Total Contacts')).toHaveText(String(secondCounts.contacts));
  await expect(dashboard.value('Revenue')).toHaveText(secondCounts.revenue);
  if (secondColor) await expect.poll(() => shell.headerBackground()).toBe(secondColor);
  expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);

  // The choice is kept in the browser and wins over the primary organisation on the next visit.
  expect(await page.evaluate(() => localStorage.getItem('active_org_name'))).toBe(DEMO_SECOND_ORG);
  await page.reload();
  await expect(shell.orgSwitcher).toHaveText(`Organization: ${DEMO_SECOND_ORG}`);

  // Choosing the current organisation only closes the list.
  await shell.switchOrganisation(DEMO_SECOND_ORG);
  await expect(page.getByRole('menuitemradio')).toHaveCount(0);
  await expect(shell.orgSwitcher).toHaveText(`Organization: ${DEMO_SECOND_ORG}`);
});

test('a wrong password shows the error toast and stays on the landing page', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.goto();
  const dialog = await landing.openSignIn();
  await dialog.signIn(DEMO.email, 'not-the-password');
  const toast = page.getByRole('alert').filter({ hasText: /^Error/ });
  await expect(toast).toBeVisible();
  await expect(dialog.root).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a refused sign-in gives the Sign In button back every time, so the next try is one click', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.goto();
  const dialog = await landing.openSignIn();
  // A wrong password is refused within milliseconds: the busy icon comes and goes between two frames.
  const submit = dialog.root.locator('button[type=submit]');
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    await dialog.signIn(DEMO.email, `not-the-password-${attempt}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }).first()).toBeVisible();
    // Once the button is no longer busy, it is named "Sign In" again at once (not "loading Sign In").
    await expect(submit).not.toHaveClass(/ant-btn-loading/);
    expect(await dialog.root.getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(1);
  }
  await dialog.signIn(DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('the sign-up form', () => {
  test('an existing organisation name gives "Organization Exists"', async ({ page }) => {
    const owner = await createOwner('Signup');
    const landing = new LandingPage(page);
    await landing.goto();
    const dialog = await landing.openSignIn();
    await dialog.signUp({ organizationName: owner.orgName, username: 'newbie', email: uniqueEmail('newbie'), password: 'long-enough-1' });
    const toast = page.getByRole('alert').filter({ hasText: 'Organization Exists' });
    await expect(toast).toContainText("You are attempting to sign up under an existing organization. Please contact your organization's administrator.");
  });

  test('an existing e-mail gives "Email Taken"', async ({ page }) => {
    const owner = await createOwner('Signup');
    const landing = new LandingPage(page);
    await landing.goto();
    const dialog = await landing.openSignIn();
    await dialog.signUp({ organizationName: unique('Fresh Org'), username: 'again', email: owner.email, password: 'long-enough-1' });
    const toast = page.getByRole('alert').filter({ hasText: 'Email Taken' });
    await expect(toast).toContainText('An account with this email already exists.');
  });

  test('a new organisation signs up and lands on its dashboard', async ({ page }) => {
    const orgName = unique('Signup Org');
    const landing = new LandingPage(page);
    await landing.goto('/signup');
    const dialog = await landing.openSignIn();
    await dialog.signUp({ organizationName: orgName, username: 'founder', email: uniqueEmail('founder'), password: 'long-enough-1' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(new AppShell(page).orgSwitcher).toHaveText(`Organization: ${orgName}`);
  });
});

test('the landing page offers the dashboard and sign-out to a signed-in visitor', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.goto();
  await (await landing.openSignIn()).signIn(DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await landing.goto('/index');
  await expect(landing.account).toContainText(DEMO.email);
  await expect(landing.account.getByRole('button', { name: 'Dashboard' })).toBeVisible();
  await expect(landing.goToDashboardButton).toBeVisible();
  await landing.account.getByRole('button', { name: 'Sign Out' }).click();
  await expect(landing.signInButton).toBeVisible();
  await expect(landing.goToDashboardButton).toHaveCount(0);
});
