import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { E2E_BASE_URL } from '../../support/ports';
import { areaOf } from '../../support/areaOf';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner } from '../shell/support/shellApi';

type Violation = { directive: string; blocked: string; source: string };

/**
 * Collects every Content-Security-Policy violation the pages of this test report, across navigations,
 * and every console message that names the policy (a refused inline script reports both).
 */
async function watchPolicy(page: Page): Promise<{ violations: Violation[]; console: string[] }> {
  const seen = { violations: [] as Violation[], console: [] as string[] };
  await page.exposeBinding('__stewardCspViolation', (_source, violation: Violation) => void seen.violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __stewardCspViolation: (v: Violation) => void }).__stewardCspViolation;
      report({ directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}` });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.console.push(message.text());
  });
  return seen;
}

test('the shell runs whole under its Content-Security-Policy: the landing, the dashboard, a CRM list and a record, with no violation', async ({ page }) => {
  const seen = await watchPolicy(page);
  const landing = await page.goto('/');
  const policy = landing?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/script-src [^;]*'sha256-/);
  expect(policy).not.toContain("'unsafe-eval'");
  expect(landing?.headers()['x-content-type-options']).toBe('nosniff');
  expect(landing?.headers()['referrer-policy']).toBe('same-origin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.goto('/contacts');
  const crm = areaOf(page, 'crm');
  const table = crm.getByRole('table');
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByText('Loading…')).toHaveCount(0, { timeout: 30_000 });
  const first = table.getByRole('row').nth(1).getByRole('link').first();
  const name = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/contact\/[^/]+$/);
  await expect(crm.getByText(name).first()).toBeVisible();
  // A second area (another remote origin) in the same page.
  await page.goto('/supplies');
  await expect(areaOf(page, 'catalog')).not.toBeEmpty();

  expect(seen.violations).toEqual([]);
  expect(seen.console).toEqual([]);
});

test('an uploaded SVG logo shows in the header, and opened by its URL it downloads instead of running on the app’s origin', async ({ page }) => {
  const seen = await watchPolicy(page);
  const owner = await createOwner('Logo');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/orgsettings');
  await page.getByRole('tab', { name: 'Branding' }).click();
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>localStorage.setItem("svg-ran", "yes")</script><rect width="64" height="64" fill="#0a7d4f"/></svg>';
  await page.locator('input[type="file"]').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  const logoUrl = page.getByRole('textbox', { name: 'Logo URL' });
  await expect(logoUrl).toHaveValue(/\/storage\/v1\/object\/public\/organization-assets\/.+logo\.svg$/, { timeout: 20_000 });
  const url = await logoUrl.inputValue();
  // The API is the app's own origin here (the same-origin rewrite): the case that matters.
  expect(new URL(url).origin).toBe(new URL(E2E_BASE_URL).origin);
  await page.getByRole('button', { name: 'Save Branding' }).click();
  await expect(page.getByText('Branding saved')).toBeVisible();

  const logo = page.locator('img.stw-header__logo');
  await expect(logo).toHaveAttribute('src', url);
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(64);

  const answer = await page.request.get(url);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-disposition']).toMatch(/^attachment/);
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  expect(answer.headers()['content-security-policy']).toContain('sandbox');

  // Opened as a page (a link someone was sent), it is a download: nothing of it runs on this origin.
  const download = page.waitForEvent('download');
  await page.goto(url).catch(() => undefined);
  expect((await download).suggestedFilename()).toMatch(/logo\.svg$/);
  await page.goto('/dashboard');
  expect(await page.evaluate(() => localStorage.getItem('svg-ran'))).toBeNull();
  await expect(page.locator('img.stw-header__logo')).toBeVisible();

  expect(seen.violations).toEqual([]);
  expect(seen.console).toEqual([]);
});
