// `npm run bench`: the platform's figures against their budgets. Prints PASS/OVER per row and never
// fails the test suite. Front-end rows are measured in real Chromium over the production build,
// median of ≥ 5 runs; other areas contribute their own rows (stack, libs, shell screens).
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { workspaceRoot } from '../build/federation.mjs';
import { median, printRow } from './lib/benchReport.mjs';
import { installVisibilityClock, launchChromium, resetVisibilityClock, signInPage, trackJsBytes } from './lib/chromium.mjs';
import { startPlatform } from './lib/platform.mjs';
import { buildAll, run } from './lib/run.mjs';

const RUNS = Number(process.env.STEWARD_BENCH_RUNS ?? 5);
const PORT = Number(process.env.STEWARD_BENCH_PORT ?? 4700);
const STACK_PORT_BASE = Number(process.env.STEWARD_BENCH_PORT_BASE ?? 54521);
const DEMO = { email: 'demo@steward.dev', password: 'Steward-demo-2026' };
const KB = 1024;

async function timed(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function buildRows() {
  await rm(path.join(workspaceRoot, '.nx/cache'), { recursive: true, force: true });
  const cold = await timed(() => run('npx', ['nx', 'run-many', '-t', 'build', '--parallel=2', '--skip-nx-cache', '--output-style=static'], { env: { NX_DAEMON: 'false' } }));
  await buildAll(); // fills the cache
  const cached = await timed(() => buildAll());
  return { cold, cached };
}

async function frontEndRows(baseURL, stack) {
  const browser = await launchChromium();
  const credentials = { apiUrl: stack.apiUrl, anonKey: stack.anonKey, baseURL, ...DEMO };
  const firstLoad = [];
  const remoteAdded = [];
  const clickToContent = [];
  const directLink = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      // First screen of the shell for a new visitor: the landing page, cold cache.
      {
        const context = await browser.newContext();
        const page = await context.newPage();
        const js = trackJsBytes(page);
        await page.goto(baseURL, { waitUntil: 'networkidle' });
        firstLoad.push(await js.total());
        await context.close();
      }
      // Signed in on the dashboard, then the menu as a person uses it (open the CRM group, click
      // Businesses): JS the remote adds, and the time from the click to the remote's content.
      {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.addInitScript(installVisibilityClock, '[data-remote-area="crm"]');
        await signInPage(page, credentials);
        await page.goto(`${baseURL}/dashboard`, { waitUntil: 'networkidle' });
        const js = trackJsBytes(page);
        const menu = page.getByRole('navigation', { name: 'Main menu' });
        await menu.hover();
        await menu.getByRole('button', { name: 'CRM', exact: true }).click();
        await page.evaluate(resetVisibilityClock);
        await menu.getByRole('link', { name: 'Businesses', exact: true }).click();
        await page.waitForFunction(() => window.__stewardVisibleAt !== null);
        clickToContent.push(await page.evaluate(() => window.__stewardVisibleAt - window.__stewardPointerDownAt));
        await page.waitForLoadState('networkidle');
        remoteAdded.push(await js.total());
        await context.close();
      }
      // A direct link to a remote route, signed in, cold cache: navigation start → content.
      {
        const context = await browser.newContext();
        const page = await context.newPage();
        await signInPage(page, credentials);
        await page.addInitScript(installVisibilityClock, '[data-remote-area="crm"]');
        await page.goto(`${baseURL}/businesses`);
        await page.waitForFunction(() => window.__stewardVisibleAt !== null);
        directLink.push(await page.evaluate(() => window.__stewardVisibleAt));
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return {
    firstLoad: median(firstLoad),
    remoteAdded: median(remoteAdded),
    clickToContent: median(clickToContent),
    directLink: median(directLink),
  };
}

async function optionalBench(file, exportName, ...args) {
  const absolute = path.join(workspaceRoot, file);
  if (!existsSync(absolute)) return;
  const module = await import(pathToFileURL(absolute).href);
  try {
    await module[exportName](...args);
  } catch (error) {
    console.log(`(could not run ${file}: ${error instanceof Error ? error.message : error})`);
  }
}

/** `npm run bench -- --only=frontend,stack,libs,build` runs a subset (all by default). */
const only = (process.argv.find((arg) => arg.startsWith('--only='))?.slice(7).split(',') ?? ['build', 'stack', 'frontend', 'libs']);

async function main() {
  console.log(`Steward benchmarks (median of ${RUNS} runs where repeated)\n`);
  if (only.includes('build')) {
    const builds = await buildRows();
    printRow({ figure: 'cold build of all seven apps', value: builds.cold / 1000, unit: 's', budget: 45 });
    printRow({ figure: 'cached rebuild of all seven apps', value: builds.cached / 1000, unit: 's', budget: 3 });
  } else {
    await buildAll();
  }
  // The browser rows first: the stack's load test leaves the machine busy for a while after it.
  if (only.includes('frontend')) await frontEndBench();
  if (only.includes('stack')) await optionalBench('supabase/bench/stackBench.mjs', 'runStackBench');
  if (only.includes('libs')) await optionalBench('libs/bench/libsBench.mjs', 'runLibsBench');
}

async function frontEndBench() {

  const { startStack } = await import('../supabase/local/stack.mjs');
  const stack = await startStack({ portBase: STACK_PORT_BASE });
  const platform = await startPlatform({
    port: PORT,
    apiUrl: stack.apiUrl,
    anonKey: stack.anonKey,
    configFile: path.join(workspaceRoot, '.steward/bench/runtime-config.json'),
  });
  try {
    const fe = await frontEndRows(platform.url, stack);
    printRow({ figure: "first-load JS of the shell's first screen (gzip)", value: fe.firstLoad / KB, unit: 'KB', budget: 300 });
    printRow({ figure: 'JS added by first opening a remote (gzip)', value: fe.remoteAdded / KB, unit: 'KB', budget: 25 });
    printRow({ figure: 'click on a menu item → remote content visible', value: fe.clickToContent, unit: 'ms', budget: 200 });
    printRow({ figure: 'direct link to a remote route → content visible', value: fe.directLink, unit: 'ms', budget: 600 });
    await optionalBench('apps/shell/bench/shellBench.mjs', 'runShellBench', { baseURL: platform.url, apiUrl: stack.apiUrl, anonKey: stack.anonKey });
    await optionalBench('apps/shell/bench/lighthouseBench.mjs', 'runLighthouseBench', { baseURL: platform.url, apiUrl: stack.apiUrl, anonKey: stack.anonKey });
    await optionalBench('apps/crm/bench/crmBench.mjs', 'runCrmBench', { apiUrl: stack.apiUrl, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey });
  } finally {
    await platform.stop();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
