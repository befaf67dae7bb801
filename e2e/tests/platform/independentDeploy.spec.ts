import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createStaticServer } from '../../../scripts/lib/staticServer.mjs';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { areaOf } from '../../support/areaOf';
import { signInThroughApi } from '../../support/signInThroughApi';
import { startOwnPlatform, workspaceRoot } from '../../support/ownPlatform';

const PORT = 4500;
const V2_PORT = 4550;
const V2_VERSION = '9.9.9-e2e';
const V2_OUT = 'dist-e2e-v2';

async function hashTree(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const files = entries.map((entry) => path.join(entry.parentPath, entry.name)).sort();
  for (const file of files) hash.update(path.relative(dir, file)).update(await readFile(file));
  return hash.digest('hex');
}

test('a new CRM deployment goes live by pointing the registry at it; the shell is not rebuilt', async ({ page }) => {
  test.setTimeout(120_000);
  const shellDist = path.join(workspaceRoot, 'apps/shell/dist');
  const shellBefore = await hashTree(shellDist);
  const platform = await startOwnPlatform(PORT);
  const crmDir = path.join(workspaceRoot, 'apps/crm');
  execFileSync('npx', ['rsbuild', 'build'], {
    cwd: crmDir,
    env: { ...process.env, STEWARD_APP_VERSION: V2_VERSION, STEWARD_OUT_DIR: V2_OUT, NODE_ENV: 'production' },
    stdio: 'pipe',
  });
  const v2 = createStaticServer({ root: path.join(crmDir, V2_OUT), port: V2_PORT, cors: true });
  await v2.start();
  try {
    const baseURL = `http://localhost:${PORT}`;
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, baseURL);
    await page.goto(`${baseURL}/businesses`);
    const crmVersion = JSON.parse(await readFile(path.join(crmDir, 'package.json'), 'utf8')).version;
    await expect(areaOf(page, 'crm')).toHaveAttribute('data-area-version', crmVersion);

    const registry = JSON.parse(await readFile(platform.configFile, 'utf8'));
    registry.remotes.crm.manifest = `http://localhost:${V2_PORT}/mf-manifest.json`;
    await writeFile(platform.configFile, JSON.stringify(registry, null, 2));

    await page.reload();
    await expect(areaOf(page, 'crm')).toHaveAttribute('data-area-version', V2_VERSION);
    expect(await hashTree(shellDist)).toBe(shellBefore);
  } finally {
    await v2.stop();
    await platform.stop();
    await rm(path.join(crmDir, V2_OUT), { recursive: true, force: true });
  }
});
