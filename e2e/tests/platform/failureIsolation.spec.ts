import { expect, test } from '@playwright/test';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { MainMenu } from '../../support/MainMenu';
import { areaOf } from '../../support/areaOf';
import { signInThroughApi } from '../../support/signInThroughApi';
import { startOwnPlatform } from '../../support/ownPlatform';

const PORT = 4400;
let platform: Awaited<ReturnType<typeof startOwnPlatform>>;

test.beforeAll(async () => {
  platform = await startOwnPlatform(PORT);
});

test.afterAll(async () => {
  await platform?.stop();
});

test('one remote down never breaks the shell or another remote, and Retry recovers without a reload', async ({ page }) => {
  const baseURL = `http://localhost:${PORT}`;
  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, baseURL);
  await platform.remotes.crm.stop();

  await page.goto(`${baseURL}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();

  await page.goto(`${baseURL}/supplies`);
  await expect(areaOf(page, 'catalog')).not.toBeEmpty();

  await page.goto(`${baseURL}/businesses`);
  await expect(page.getByText('The CRM area is unavailable')).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  // Another area still works from here, by client-side navigation.
  const menu = new MainMenu(page);
  await menu.open('Catalog', 'Supplies');
  await expect(areaOf(page, 'catalog')).not.toBeEmpty();
  await menu.open('CRM', 'Businesses');
  await expect(page.getByText('The CRM area is unavailable')).toBeVisible();

  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
  await platform.remotes.crm.start();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(areaOf(page, 'crm')).not.toBeEmpty();
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});
