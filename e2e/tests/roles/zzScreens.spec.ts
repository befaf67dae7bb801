import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { FRONT_DESK, VOLUNTEER, shortIdOf } from './support/roleApi';

for (const width of [1280, 390]) {
  test(`screens at ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await signInThroughApi(page, FRONT_DESK.email, FRONT_DESK.password, E2E_BASE_URL);
    await page.goto('/staff');
    await expect(page.getByText(/Your role doesn't/)).toBeVisible();
    await page.screenshot({ path: `/tmp/roles-ui-shots/noaccess-${width}.png` });
    await page.goto(`/contact/${await shortIdOf('crm', 'contacts', FRONT_DESK.orgName, 'Emma Whitaker')}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Contact: Emma Whitaker' })).toBeVisible();
    await page.screenshot({ path: `/tmp/roles-ui-shots/other-contact-${width}.png` });
    await page.goto('/inventory');
    await page.getByRole('table').first().getByRole('button', { name: /^View / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `/tmp/roles-ui-shots/view-product-${width}.png` });
    await page.goto('/');
    await signInThroughApi(page, VOLUNTEER.email, VOLUNTEER.password, E2E_BASE_URL);
    await page.goto('/positions');
    await expect(page.getByRole('table').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/roles-ui-shots/positions-${width}.png` });
  });
}
