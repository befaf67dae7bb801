// `npm run bench`: the platform's figures against their budgets. Prints PASS/OVER per row, writes every
// row to bench/results.json (a run with --only replaces only the rows it measured), and never fails the test suite. `npm run bench -- --compare OLD.json`
// then prints the change per row against an earlier results file (`--against NEW.json` compares two
// files without running anything). Front-end rows are measured in real Chromium over the production build,
// median of ≥ 5 runs; other areas contribute their own rows (stack, libs, shell screens).
import { existsSync } from 'node:fs';
import os from 'node:os';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { workspaceRoot } from '../build/federation.mjs';
import { compareRows, median, printRow, readResults, recordedRows, writeResults } from './lib/benchReport.mjs';
import { installVisibilityClock, launchChromium, openSettledDashboard, resetVisibilityClock, signInPage, trackJsBytes } from './lib/chromium.mjs';
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
  const crmOwn = [];
  const clickToContent = [];
  const clickToRows = [];
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
        await page.addInitScript(installVisibilityClock, ['[data-remote-area="crm"]', '[data-remote-area="crm"] .stw-list-row']);
        await signInPage(page, credentials);
        await openSettledDashboard(page, baseURL);
        const js = trackJsBytes(page);
        const menu = page.getByRole('navigation', { name: 'Main menu' });
        // The pointer goes to the CRM group (the sidebar widens under it), not to the menu's middle,
        // whose link would start loading whichever other area sits there.
        await menu.getByRole('button', { name: 'CRM', exact: true }).hover();
        await menu.getByRole('button', { name: 'CRM', exact: true }).click();
        await page.evaluate(resetVisibilityClock);
        await menu.getByRole('link', { name: 'Businesses', exact: true }).click();
        await page.waitForFunction(() => window.__stewardVisibleAt !== null);
        clickToContent.push(await page.evaluate(() => window.__stewardVisibleAt - window.__stewardPointerDownAt));
        await page.waitForFunction(() => window.__stewardThenAt !== null);
        clickToRows.push(await page.evaluate(() => window.__stewardThenAt - window.__stewardPointerDownAt));
        await page.waitForLoadState('networkidle');
        remoteAdded.push(await js.total());
        crmOwn.push((await js.total()) - (await js.from(new URL(baseURL).origin)));
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
    crmOwn: median(crmOwn),
    clickToContent: median(clickToContent),
    clickToRows: median(clickToRows),
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

/**
 * The benchmark modules run after the browser rows, in this order. To add one: one line here, its file
 * exporting `exportName` (an async function that prints its rows with printRow). `group` is the name
 * `--only=` selects it by.
 */
const BENCH_MODULES = [
  { group: 'stack', file: 'supabase/bench/stackBench.mjs', exportName: 'runStackBench' },
  { group: 'stack', file: 'supabase/bench/conversationBench.mjs', exportName: 'runConversationBench' },
  { group: 'load', file: 'supabase/bench/loadBench.mjs', exportName: 'runLoadBench' },
  { group: 'faults', file: 'supabase/bench/faultBench.mjs', exportName: 'runFaultBench' },
  { group: 'properties', file: 'supabase/bench/propertyBench.mjs', exportName: 'runPropertyBench' },
  { group: 'security', file: 'supabase/bench/securityBench.mjs', exportName: 'runSecurityBench' },
  { group: 'security', file: 'supabase/bench/recordFileBench.mjs', exportName: 'runRecordFileBench' },
  { group: 'security', file: 'supabase/bench/requestLimitBench.mjs', exportName: 'runRequestLimitBench' },
  { group: 'libs', file: 'libs/bench/libsBench.mjs', exportName: 'runLibsBench' },
  { group: 'history', file: 'supabase/bench/historyBench.mjs', exportName: 'runHistoryBench' },
  { group: 'work', file: 'apps/operations/bench/workBench.mjs', exportName: 'runWorkBench' },
  { group: 'scale', file: 'supabase/bench/scaleBench.mjs', exportName: 'runScaleBench' },
  { group: 'importexport', file: 'apps/crm/bench/importExportBench.mjs', exportName: 'runImportExportBench' },
  { group: 'schema', file: 'supabase/bench/schemaBench.mjs', exportName: 'runSchemaBench' },
];

/** @param {string} name */
function argValue(name) {
  const index = process.argv.indexOf(name);
  if (index !== -1) return process.argv[index + 1];
  return process.argv.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** `npm run bench -- --only=frontend,areas,booking,browser,stack,load,faults,properties,security,libs,history,work,scale,importexport,schema,build,languages` runs a subset (all by default; frontend includes areas and languages, areas includes booking). */
const only = (process.argv.find((arg) => arg.startsWith('--only='))?.slice(7).split(',') ?? ['build', 'stack', 'frontend', 'browser', ...BENCH_MODULES.map((module) => module.group)]);
const RESULTS_FILE = path.resolve(argValue('--results') ?? path.join(workspaceRoot, 'bench/results.json'));
const compareWith = argValue('--compare');
const against = argValue('--against');

async function printComparison(oldFile, newRows) {
  const old = await readResults(path.resolve(oldFile));
  console.log(`\nChange per row against ${oldFile} (${old.startedAt}):`);
  for (const line of compareRows(old.rows, newRows)) console.log(line);
}

async function main() {
  if (compareWith && against) {
    await printComparison(compareWith, (await readResults(path.resolve(against))).rows);
    return;
  }
  const startedAt = new Date();
  console.log(`Steward benchmarks (median of ${RUNS} runs where repeated)\n`);
  if (only.includes('build')) {
    const builds = await buildRows();
    printRow({ figure: 'cold build of all seven apps', value: builds.cold / 1000, unit: 's', budget: 45 });
    printRow({ figure: 'cached rebuild of all seven apps', value: builds.cached / 1000, unit: 's', budget: 3 });
  } else if (['frontend', 'browser', 'areas', 'booking'].some((group) => only.includes(group))) {
    await buildAll();
  }
  // The browser rows first: the stack's load test leaves the machine busy for a while after it.
  if (['frontend', 'browser', 'areas', 'booking'].some((group) => only.includes(group))) await frontEndBench();
  // The frontend part includes the language row; `--only=languages` measures it alone from the last build.
  else if (only.includes('languages')) await languageRows();
  for (const module of BENCH_MODULES) {
    if (only.includes(module.group)) await optionalBench(module.file, module.exportName);
  }
  const rows = recordedRows();
  await writeResults(RESULTS_FILE, rows, {
    startedAt,
    // A run of some groups updates their rows and keeps the others'.
    partial: process.argv.some((arg) => arg.startsWith('--only=')),
    host: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryMB: Math.round(os.totalmem() / 2 ** 20), node: process.version, loadAverage: os.loadavg()[0] },
  });
  await (await import('./benchDocs.mjs')).updatePerformanceDoc(RESULTS_FILE); // docs/performance.md's table, from the file just written
  const over = rows.filter((row) => row.status === 'OVER').length;
  console.log(`\n${rows.length} rows, ${over} over budget → ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
  if (compareWith) await printComparison(compareWith, rows);
}

/** One route per area, visited in one session by client-side navigation. */
const AREA_ROUTES = [
  ['crm', '/businesses'],
  ['catalog', '/supplies'],
  ['operations', '/forms'],
  ['team-portal', '/staff'],
  ['lodging', '/reservations'],
  ['settings', '/orgsettings'],
];

/** @param {import('playwright').Page} page @param {string} path */
async function navigateInApp(page, path) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * The browser's JS heap after visiting every area once (after a forced GC), and a remote whose static
 * server is stopped: its Retry shows while another area keeps working.
 */
async function browserPlatformRows(platform, stack) {
  const browser = await launchChromium();
  const credentials = { apiUrl: stack.apiUrl, anonKey: stack.anonKey, baseURL: platform.url, ...DEMO };
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInPage(page, credentials);
    await page.goto(`${platform.url}/dashboard`, { waitUntil: 'networkidle' });
    for (const [area, route] of AREA_ROUTES) {
      await navigateInApp(page, route);
      await page.locator(`[data-remote-area="${area}"]`).first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    printRow({ figure: 'browser JS heap after visiting every area once', value: heap.usedSize / 2 ** 20, unit: 'MB', budget: 60, note: `${AREA_ROUTES.length} remotes and the shell, after GC` });
    await context.close();

    const faultContext = await browser.newContext();
    const faultPage = await faultContext.newPage();
    await signInPage(faultPage, credentials);
    await platform.remotes.crm.stop();
    let failures = 0;
    try {
      await faultPage.goto(`${platform.url}/businesses`);
      const started = performance.now();
      await faultPage.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 10_000 }).catch(() => (failures += 1));
      const retryMs = performance.now() - started;
      await navigateInApp(faultPage, '/supplies');
      await faultPage.locator('[data-remote-area="catalog"]').first().waitFor({ timeout: 10_000 }).catch(() => (failures += 1));
      printRow({ figure: 'a remote’s server stopped: its Retry shows, another area works', value: failures, unit: 'failures', budget: 0, note: `Retry visible ${Math.round(retryMs)} ms after navigation` });
    } finally {
      await platform.remotes.crm.start();
      await faultContext.close();
    }
  } finally {
    await browser.close();
  }
}

async function frontEndBench() {

  // A fresh stack in a process of its own, as `npm start` runs it: the gateway does not share this
  // process's event loop with Playwright and the request loops, and every run starts from the seed
  // (a kept data dir grew by 10,000 contacts and 100,000 stays per run, and the figures with it).
  const { startBenchStack } = await import('../supabase/bench/benchStack.mjs');
  const { ANON_KEY, SERVICE_ROLE_KEY } = await import('../supabase/local/keys.mjs');
  const benchStack = await startBenchStack(STACK_PORT_BASE);
  const stack = { apiUrl: benchStack.config.apiUrl, dbUrl: benchStack.config.dbUrl, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY, stop: benchStack.stop };
  // The stack is stopped whatever happens after it started, a platform that cannot start (its port
  // taken) included: its process must not hold the stack's ports for the next run.
  let platform;
  try {
    platform = await startPlatform({
      port: PORT,
      apiUrl: stack.apiUrl,
      anonKey: stack.anonKey,
      configFile: path.join(workspaceRoot, '.steward/bench/runtime-config.json'),
      // Served as a deployment serves it: HTTPS and HTTP/2 (a CDN, and Supabase's own API, speak nothing
      // older to a browser), not HTTP/1.1 in clear, which gives a phone six connections an origin and
      // costs its first view a round trip or two that no staff member's phone pays (README, "Performance").
      // STEWARD_BENCH_HTTP1=1 serves HTTP/1.1 in clear instead, to compare the two.
      https: process.env.STEWARD_BENCH_HTTP1 !== '1',
    });
    if (only.includes('browser')) await browserPlatformRows(platform, stack);
    if (only.includes('frontend')) await shellRows(platform, stack);
    if (only.includes('frontend') || only.includes('areas')) await areaRows(platform, stack);
    else if (only.includes('booking')) await bookingRows(platform, stack);
  } finally {
    await platform?.stop();
    await stack.stop();
  }
}

/** The shell's own rows: first load, remote loading, and Lighthouse. */
async function shellRows(platform, stack) {
  const fe = await frontEndRows(platform.url, stack);
  printRow({ figure: "first-load JS of the shell's first screen (Brotli, as served)", value: fe.firstLoad / KB, unit: 'KB', budget: 300 });
  // The platform's share of opening a list (/businesses from the menu, after the dashboard): the shell's
  // and the shared code it brings — antd's light components, libs' list, data access and session —
  // the CRM's own code left out, which has its own row.
  printRow({
    figure: 'JS the platform adds to open a list (Brotli, as served, the area’s own code excluded)',
    value: (fe.remoteAdded - fe.crmOwn) / KB,
    unit: 'KB',
    budget: 150,
    note: `${(fe.remoteAdded / KB).toFixed(1)} KB with the CRM's own code`,
  });
  printRow({ figure: 'click on a menu item → remote content visible', value: fe.clickToContent, unit: 'ms', budget: 200 });
  printRow({ figure: 'open /businesses from the menu → rows visible', value: fe.clickToRows, unit: 'ms', budget: 250 });
  printRow({ figure: 'JS the CRM remote adds (Brotli, as served, its own code)', value: fe.crmOwn / KB, unit: 'KB', budget: 60 });
  await languageRows();
  printRow({ figure: 'direct link to a remote route → content visible', value: fe.directLink, unit: 'ms', budget: 600 });
  await optionalBench('apps/shell/bench/shellBench.mjs', 'runShellBench', { baseURL: platform.url, apiUrl: stack.apiUrl, anonKey: stack.anonKey });
  await optionalBench('apps/shell/bench/lighthouseBench.mjs', 'runLighthouseBench', { baseURL: platform.url, apiUrl: stack.apiUrl, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey });
}

/**
 * What a language other than English adds to open a list: the catalogues in it of each area the list's
 * page draws (/businesses: the shell's, libs' and the CRM's; chunks of those builds, fetched only for
 * that language), Brotli as served. libs' catalogue is built into the shell (every remote takes libs
 * from it), in one chunk with the shell's own (`messages-es`: one request, not two).
 */
async function languageRows() {
  const chunks = [
    { app: 'shell', chunk: 'messages-es', says: 'shell and libs' },
    { app: 'crm', chunk: 'messages-crm-es', says: 'crm' },
  ];
  let bytes = 0;
  const parts = [];
  for (const { app, chunk, says } of chunks) {
    const dir = path.join(workspaceRoot, 'apps', app, 'dist/static/js/async');
    const file = (await readdir(dir)).find((name) => new RegExp(`^${chunk}\\.[0-9a-f]+\\.js$`).test(name));
    if (!file) throw new Error(`${app}'s build has no Spanish catalogue (${chunk}.*.js)`);
    // The build's Brotli copy, which the static server sends.
    const { size } = await stat(path.join(dir, `${file}.br`));
    bytes += size;
    parts.push(`${says} ${(size / KB).toFixed(1)} KB`);
  }
  // libs' refusals (the database's words) follow once the list is drawn: named, not counted.
  const shellAsync = path.join(workspaceRoot, 'apps/shell/dist/static/js/async');
  const refusals = (await readdir(shellAsync)).find((name) => /^messages-libs-refusals-es\.[0-9a-f]+\.js$/.test(name));
  if (!refusals) throw new Error("the shell's build has no Spanish refusals catalogue (messages-libs-refusals-es.*.js)");
  const { size: refusalsSize } = await stat(path.join(shellAsync, `${refusals}.br`));
  printRow({
    figure: 'JS a language adds to open a list (its catalogues of the areas drawn, Brotli, as served)',
    value: bytes / KB,
    unit: 'KB',
    budget: 15,
    note: `Spanish: ${parts.join(', ')}; then, after the list is drawn, libs' refusals ${(refusalsSize / KB).toFixed(1)} KB`,
  });
}

/** Each area's own rows (its screens, queries and JS), from the area's bench folder. */
async function areaRows(platform, stack) {
  await optionalBench('apps/operations/bench/operationsBench.mjs', 'runOperationsBench', { baseURL: platform.url, apiUrl: stack.apiUrl, anonKey: stack.anonKey, dbUrl: stack.dbUrl });
  await optionalBench('apps/lodging/bench/lodgingBench.mjs', 'runLodgingBench', { baseURL: platform.url, apiUrl: stack.apiUrl, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl });
  await optionalBench('apps/lodging/bench/deskBench.mjs', 'runDeskBench', { apiUrl: stack.apiUrl, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl });
  await bookingRows(platform, stack);
  await optionalBench('apps/crm/bench/crmBench.mjs', 'runCrmBench', { baseURL: platform.url, apiUrl: stack.apiUrl, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl });
  await optionalBench('apps/crm/bench/crmDetailBench.mjs', 'runCrmDetailBench', { baseURL: platform.url, apiUrl: stack.apiUrl, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl });
}

/** The public booking page's rows (also alone: `--only=booking`). */
async function bookingRows(platform, stack) {
  await optionalBench('apps/booking/bench/bookingBench.mjs', 'runBookingBench', { baseURL: platform.url, apiUrl: stack.apiUrl, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
