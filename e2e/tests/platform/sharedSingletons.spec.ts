import { expect, test } from '@playwright/test';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { MainMenu } from '../../support/MainMenu';
import { installReactRendererProbe, readInstanceCounts, readLoadedSharedVersions } from '../../support/instanceProbes';
import { signInThroughApi } from '../../support/signInThroughApi';
import { E2E_BASE_URL, E2E_PORT, remotePort } from '../../support/ports';
import { areaOf } from '../../support/areaOf';

test('the shell and the three remotes a session loads run on one React and one @steward/libs', async ({ page }) => {
  await page.addInitScript(installReactRendererProbe);
  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  const remoteScripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js') && Number(url.port) !== E2E_PORT) remoteScripts.add(url.port);
  });

  await page.goto('/dashboard');
  const menu = new MainMenu(page);
  await menu.open('CRM', 'Businesses');
  await expect(page).toHaveURL(/\/businesses$/);
  await expect(areaOf(page, 'crm')).not.toBeEmpty();

  await menu.open('Catalog', 'Supplies');
  await expect(page).toHaveURL(/\/supplies$/);
  await expect(areaOf(page, 'catalog')).not.toBeEmpty();
  // A list's first view is drawn without antd; a panel drawn with it (Filters) brings it, whichever
  // area asks first (a list also fetches its record page's code at the person's first move).
  const filters = areaOf(page, 'catalog').getByRole('button', { name: 'Filters', exact: true });
  // From the keyboard: the menu the pointer just used still lies over the toolbar.
  await filters.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Filters' })).toBeVisible();

  // The dashboard's revenue chart comes from the operations remote; the menu brings the CRM and the catalog.
  // A menu group the pointer comes to rest on preloads its remote too: whichever load, they share one copy.
  const expected = ['crm', 'catalog', 'operations'].map((area) => String(remotePort(area)));
  expect([...remoteScripts]).toEqual(expect.arrayContaining(expected));
  expect(await page.evaluate(readInstanceCounts)).toEqual({ reactRenderers: 1, libsFederation: 1 });
  const shared = await page.evaluate(readLoadedSharedVersions);
  for (const name of ['react', 'react-dom', '@steward/libs/router', '@tanstack/react-query', '@supabase/supabase-js', '@steward/libs/session', '@steward/libs/ui/antd', '@steward/libs/area']) {
    expect(shared[name], name).toBe(1);
  }
  // Every remote reads the one session context the shell provides: one copy of each shared module.
  expect(Object.values(shared).every((versions) => versions === 1)).toBe(true);
});
