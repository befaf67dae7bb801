import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { createStaticServer } from '../../../scripts/lib/staticServer.mjs';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { areaOf } from '../../support/areaOf';
import { signInThroughApi } from '../../support/signInThroughApi';
import { startOwnPlatform, workspaceRoot } from '../../support/ownPlatform';

const PORT = 4660;
const CDN_HOST = '127.0.0.2';
const CDN_PORT = 4671;
const run = promisify(execFile);

type SharedEntry = { name: string; version: string; requiredVersion: string; singleton?: boolean; assets?: unknown };
type Manifest = { shared: SharedEntry[] };

const shellReact = async () => {
  const shell = JSON.parse(await readFile(path.join(workspaceRoot, 'apps/shell/dist/mf-manifest.json'), 'utf8')) as Manifest;
  const react = shell.shared.find((entry) => entry.name === 'react');
  if (!react) throw new Error('The shell does not share react');
  return react.version.replace(/^\D*/, '');
};

/**
 * The CRM build, published under `release` with its manifest saying it was built against `react
 * range` (a real build against another React would say exactly this in its mf-manifest.json).
 */
async function publishCrmBuiltFor(cdnRoot: string, release: string, range: string) {
  const folder = path.join(cdnRoot, release);
  await cp(path.join(workspaceRoot, 'apps/crm/dist'), folder, { recursive: true });
  const file = path.join(folder, 'mf-manifest.json');
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest & { id: string };
  const react = manifest.shared.find((entry) => entry.name === 'react');
  if (react) Object.assign(react, { version: range, requiredVersion: range });
  else {
    const empty = { js: { async: [], sync: [] }, css: { async: [], sync: [] } };
    manifest.shared.push({ id: `${manifest.id}:react`, name: 'react', version: range, requiredVersion: range, singleton: true, assets: empty, fallback: '' } as SharedEntry);
  }
  await writeFile(file, JSON.stringify(manifest, null, 2));
}

async function pointCrmAt(configFile: string, manifestUrl: string) {
  const registry = JSON.parse(await readFile(configFile, 'utf8'));
  registry.remotes.crm.manifest = manifestUrl;
  await writeFile(configFile, JSON.stringify(registry, null, 2));
}

async function releaseCheck(configFile: string) {
  try {
    const { stdout } = await run(process.execPath, [path.join(workspaceRoot, 'scripts/registry.mjs'), '--check', configFile], { cwd: workspaceRoot });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

async function openBusinesses(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/businesses`);
  await expect(page.getByRole('banner')).toBeVisible();
}

test('a remote built against an older minor loads; one built against a newer major is refused by the release check and, deployed anyway, shows its area as unavailable', async ({ page }) => {
  test.setTimeout(120_000);
  const platform = await startOwnPlatform(PORT);
  const cdnRoot = await mkdtemp(path.join(os.tmpdir(), 'steward-skew-'));
  const major = Number((await shellReact()).split('.')[0]);
  await publishCrmBuiltFor(cdnRoot, '/older-minor/', `^${major}.0.0`);
  await publishCrmBuiltFor(cdnRoot, '/newer-major/', `^${major + 1}.0.0`);
  const cdn = createStaticServer({ root: cdnRoot, port: CDN_PORT, host: CDN_HOST, cors: true });
  await cdn.start();
  const baseURL = `http://localhost:${PORT}`;
  try {
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, baseURL);

    await test.step('older minor: the check passes and the area renders on the shell’s copy', async () => {
      await pointCrmAt(platform.configFile, `http://${CDN_HOST}:${CDN_PORT}/older-minor/mf-manifest.json`);
      const check = await releaseCheck(platform.configFile);
      expect(check.code, check.output).toBe(0);
      expect(check.output).toContain('Every remote is compatible with the shell.');
      await openBusinesses(page, baseURL);
      const area = areaOf(page, 'crm');
      await expect(area).toBeVisible();
      await expect(area).not.toBeEmpty();
      await expect(page.getByText('The CRM area is unavailable')).toHaveCount(0);
    });

    await test.step('newer major: the check refuses it, naming the remote and the module', async () => {
      await pointCrmAt(platform.configFile, `http://${CDN_HOST}:${CDN_PORT}/newer-major/mf-manifest.json`);
      const check = await releaseCheck(platform.configFile);
      expect(check.code, check.output).toBe(1);
      expect(check.output).toMatch(new RegExp(`crm.*react.*needs major ${major + 1}`));
    });

    await test.step('newer major deployed anyway: the area says it is unavailable, the page keeps working', async () => {
      // A fresh page load: the shell reads the registry again and has never loaded this remote.
      await openBusinesses(page, baseURL);
      await expect(page.getByText('The CRM area is unavailable')).toBeVisible();
      await expect(areaOf(page, 'crm')).toHaveCount(0);
      await page.getByText('Details').click();
      await expect(page.getByText(`react ^${major + 1}.0.0`)).toBeVisible();
      await expect(page.getByRole('navigation').first()).toBeVisible();
      await page.goto(`${baseURL}/dashboard`);
      await expect(page.getByText('The CRM area is unavailable')).toHaveCount(0);
    });
  } finally {
    await cdn.stop();
    await platform.stop();
    await rm(cdnRoot, { recursive: true, force: true });
  }
});
