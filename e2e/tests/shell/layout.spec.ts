import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { AppShell } from './pages/AppShell';
import { createOwner, setComponentEnabled, type Owner } from './support/shellApi';

async function signedInAs(owner: Owner, page: import('@playwright/test').Page, path = '/dashboard') {
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto(path);
}

async function widthOf(locator: import('@playwright/test').Locator): Promise<number> {
  return (await locator.boundingBox())?.width ?? 0;
}

test.describe('the authenticated layout', () => {
  let owner: Owner;
  test.beforeAll(async () => {
    owner = await createOwner('Layout');
  });

  test('the header shows the logo, wordmark, page title, organisation, e-mail and Sign Out', async ({ page }) => {
    await signedInAs(owner, page);
    const shell = new AppShell(page);
    await expect(shell.header.getByRole('link', { name: 'Steward' })).toBeVisible();
    await expect(shell.title).toHaveText('Dashboard');
    await expect(shell.orgSwitcher).toHaveText(`Organization: ${owner.orgName}`);
    await expect(shell.email).toHaveText(owner.email);
    await expect(shell.signOutButton).toBeVisible();
    const height = (await shell.header.boundingBox())?.height ?? 0;
    expect(height).toBeGreaterThanOrEqual(80);
    expect(height).toBeLessThanOrEqual(90);
  });

  test('a page shorter than the window does not scroll: the content starts under the header, not a header lower', async ({ page }) => {
    await signedInAs(owner, page, '/settings/fields');
    await expect(page.getByRole('heading', { level: 1, name: 'Fields' })).toBeVisible();
    const { scrollHeight, innerHeight } = await page.evaluate(() => ({ scrollHeight: document.documentElement.scrollHeight, innerHeight: window.innerHeight }));
    expect(scrollHeight).toBe(innerHeight);
    const header = await new AppShell(page).header.boundingBox();
    const content = await page.getByRole('main').boundingBox();
    expect(content?.y).toBe((header?.y ?? 0) + (header?.height ?? 0));
  });

  test('at 800 px the page title is shown whole; the e-mail gives way and keeps its address in its title', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 700 });
    await signedInAs(owner, page);
    const shell = new AppShell(page);
    await expect(shell.orgSwitcher).toBeVisible();
    await expect(shell.title).toHaveText('Dashboard');
    const title = await shell.title.evaluate((element) => ({ shown: element.clientWidth, needed: element.scrollWidth }));
    expect(title.shown).toBeGreaterThanOrEqual(title.needed);
    await expect(shell.email).toHaveAttribute('title', owner.email);
  });

  test('the sidebar is a 64 px strip that widens to 260 px on hover and opens the hovered group', async ({ page }) => {
    await signedInAs(owner, page);
    const shell = new AppShell(page);
    await expect(shell.menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(await widthOf(shell.menu)).toBe(64);
    await shell.menu.getByRole('button', { name: 'Team Portal' }).hover();
    await expect.poll(() => widthOf(shell.menu)).toBe(260);
    await expect(shell.menu.getByRole('link', { name: 'Team Directory' })).toBeVisible();
    await page.mouse.move(900, 500);
    await expect.poll(() => widthOf(shell.menu)).toBe(64);
    await expect(shell.menu.getByRole('link', { name: 'Team Directory' })).toBeHidden();
  });

  test('widening the strip and opening groups move nothing under the pointer', async ({ page }) => {
    await signedInAs(owner, page, '/contacts');
    const shell = new AppShell(page);
    const top = async (name: string) => (await shell.menu.getByRole('button', { name, exact: true }).boundingBox())?.y;
    // The current group's rows are marks in the collapsed strip: widening it keeps every group in place.
    await expect(shell.menu.getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
    const reservations = await top('Reservations');
    await shell.menu.getByRole('button', { name: 'Reservations' }).hover();
    await expect.poll(() => widthOf(shell.menu)).toBe(260);
    expect(await top('Reservations')).toBe(reservations);
    // From Catalog down into the group below it: Catalog stays open, so that group stays under the pointer.
    const catalog = shell.menu.getByRole('button', { name: 'Catalog' });
    await catalog.hover();
    await expect(catalog).toHaveAttribute('aria-expanded', 'true');
    const below = shell.menu.getByRole('button', { name: 'Engagement' });
    const belowTop = await top('Engagement');
    await below.hover();
    await expect(below).toHaveAttribute('aria-expanded', 'true');
    await expect(catalog).toHaveAttribute('aria-expanded', 'true');
    expect(await top('Engagement')).toBe(belowTop);
    // Back up to Catalog: the group below closes; out of the menu, Catalog too.
    await catalog.hover();
    await expect(below).toHaveAttribute('aria-expanded', 'false');
    await page.mouse.move(900, 500);
    await expect.poll(() => widthOf(shell.menu)).toBe(64);
    await expect(catalog).toHaveAttribute('aria-expanded', 'false');
  });

  test('the group of the current page opens by itself and the title follows the route', async ({ page }) => {
    await signedInAs(owner, page, '/contacts');
    const shell = new AppShell(page);
    await expect(shell.title).toHaveText('Contacts');
    await expect(page).toHaveTitle('Steward - Contacts');
    await shell.menu.hover();
    await expect(shell.menu.getByRole('button', { name: 'CRM' })).toHaveAttribute('aria-expanded', 'true');
    await expect(shell.menu.getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
  });

  test('Ctrl+B keeps the sidebar open, remembered in a cookie for seven days', async ({ page, context }) => {
    await signedInAs(owner, page);
    const shell = new AppShell(page);
    await expect(shell.menu).toBeVisible();
    await page.mouse.move(900, 500);
    await page.keyboard.press('Control+b');
    await expect.poll(() => widthOf(shell.menu)).toBe(260);
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('true');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    await page.reload();
    await expect.poll(() => widthOf(shell.menu)).toBe(260);
    await page.keyboard.press('Control+b');
    await expect.poll(() => widthOf(shell.menu)).toBe(64);
  });

  test('under 768 px the menu is a drawer opened from the header', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 900 });
    await signedInAs(owner, page);
    const shell = new AppShell(page);
    await expect(shell.menu).toHaveCount(0);
    await shell.header.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Operations' }).click();
    await drawer.getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(drawer).toBeHidden();
  });

  test('every control is reachable by keyboard with a visible focus, and the sidebar opens for it', async ({ page }) => {
    await signedInAs(owner, page);
    const shell = new AppShell(page);
    await expect(shell.title).toHaveText('Dashboard');
    // The switcher joins the header once the session has named the organisation.
    await expect(shell.orgSwitcher).toBeVisible();
    const reached: string[] = [];
    while (!reached.includes('CRM') && reached.length < 12) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return { name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '', outline: getComputedStyle(element).outlineStyle };
      });
      reached.push(focused.name);
      expect(focused.outline, `focus on "${focused.name}" is visible`).not.toBe('none');
    }
    expect(reached).toEqual(['Skip to content', 'Steward', 'Search', `Organization: ${owner.orgName}`, 'Notifications, none unread', 'Your language', 'Sign Out', 'Dashboard', 'CRM']);
    await expect(shell.menu).toHaveAttribute('data-expanded');
    // Enter opens the focused group; its items are the next stops.
    await page.keyboard.press('Enter');
    await expect(shell.menu.getByRole('button', { name: 'CRM' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Businesses');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/businesses$/);
  });
});

test('an area the organisation has not enabled is absent from the menu and its route says so', async ({ page }) => {
  const owner = await createOwner('Components');
  await setComponentEnabled(owner.orgName, 'lodging', false);
  await signedInAs(owner, page);
  const shell = new AppShell(page);
  await shell.menu.hover();
  await expect(shell.menu.getByRole('button', { name: 'CRM' })).toBeVisible();
  await expect(shell.menu.getByRole('button', { name: 'Reservations' })).toHaveCount(0);
  await page.goto('/reservations');
  await expect(page.getByText(/is not enabled for this organization/)).toBeVisible();
});
