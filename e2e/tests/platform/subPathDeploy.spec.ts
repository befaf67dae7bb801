import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createStaticServer } from '../../../scripts/lib/staticServer.mjs';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { signInThroughApi } from '../../support/signInThroughApi';
import { startOwnPlatform, workspaceRoot } from '../../support/ownPlatform';

const PORT = 4620;
const CDN_HOST = '127.0.0.2';
const CDN_PORT = 4631;
const RELEASE_PATH = '/releases/crm/2025-11-23/';

test('a remote published on another origin under a sub-path loads in the untouched shell', async ({ page }) => {
  test.setTimeout(90_000);
  const platform = await startOwnPlatform(PORT);
  // A "CDN": another origin (127.0.0.2 is loopback too) holding the CRM build under a dated folder.
  const cdnRoot = await mkdtemp(path.join(os.tmpdir(), 'steward-cdn-'));
  await cp(path.join(workspaceRoot, 'apps/crm/dist'), path.join(cdnRoot, RELEASE_PATH), { recursive: true });
  const cdn = createStaticServer({ root: cdnRoot, port: CDN_PORT, host: CDN_HOST, cors: true });
  await cdn.start();
  const released = `http://${CDN_HOST}:${CDN_PORT}${RELEASE_PATH}`;
  try {
    const registry = JSON.parse(await readFile(platform.configFile, 'utf8'));
    registry.remotes.crm.manifest = `${released}mf-manifest.json`;
    await writeFile(platform.configFile, JSON.stringify(registry, null, 2));

    const crmRequests: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().startsWith(`http://${CDN_HOST}:${CDN_PORT}/`)) crmRequests.push(request.url());
    });
    const baseURL = `http://localhost:${PORT}`;
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, baseURL);
    await page.goto(`${baseURL}/businesses`);
    const area = page.locator('[data-remote-area="crm"]');
    await expect(area).toBeVisible();
    await expect(area).not.toBeEmpty();
    await expect(page.getByText('The CRM area is unavailable')).toHaveCount(0);
    // Every file of the remote came from the release folder: its manifest, entry and chunks.
    expect(crmRequests.length).toBeGreaterThan(1);
    for (const url of crmRequests) expect(url.startsWith(released), url).toBe(true);
    expect(crmRequests.some((url) => url.endsWith('.js'))).toBe(true);
  } finally {
    await cdn.stop();
    await platform.stop();
    await rm(cdnRoot, { recursive: true, force: true });
  }
});
