// Lighthouse rows (called by scripts/bench.mjs with a running platform): the landing and the
// signed-in dashboard, mobile (slow 4G, a mid-range phone's CPU) and desktop profiles, median of the
// runs with their spread; and on the phone the first screen of three areas (the CRM's businesses list,
// the tasks list, the reservation timeline), opened the same way as the dashboard.
// The phone's CPU is the same on any host: Lighthouse's mobile preset slows the host's CPU 4×, which
// turns a high-end desktop (benchmarkIndex ≈ 1750) into a mid-range phone (≈ 440) but a slower host
// into a slower phone, and a busy host into a slower one still. So right before each phone audit the
// host's benchmarkIndex is read (Lighthouse's own benchmark, run in the page) and that audit slows the
// CPU by host ÷ phone instead (never below 1×); the readings and the slowdowns are printed.
// Debian Chromium is driven by playwright-core with a persistent profile, so Lighthouse's tab sees
// the signed-in session. Lighthouse is told to keep storage (the session), which also keeps its HTTP
// cache: every run here first empties the cache itself, so each is a cold load as Lighthouse defines
// it. The signed-in dashboard is measured as a staff member opens it who signed in and saw it before
// (that visit leaves the record index.html starts the next first view from: libs/boot firstView),
// and two more ways: the first visit after a release (the record names the previous build's code, so
// only its reads are sent ahead), and with the code cached from yesterday ("returning" rows, median of
// the runs after a first one).
// Lighthouse is run as it ships but for two pieces of DevTools' own work that a staff member's browser
// never does and that the rows here cannot carry: the coverage behind two diagnostics (every audit;
// AUDIT_FLAGS) and, on the returning rows only, the debugger (withoutDebugger). Each says why.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { median, printRow } from '../../../scripts/lib/benchReport.mjs';
import { chromiumArgs, signInPage } from '../../../scripts/lib/chromium.mjs';
import { FIRST_VIEW_KEY } from '../../../libs/src/boot/firstViewStart.mjs';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

// Five audits a row by default (STEWARD_LIGHTHOUSE_RUNS for more): a phone row's blocking time moves by
// 100–250 ms between audits of one build, and a median of three moved with it.
const RUNS = Math.max(3, Number(process.env.STEWARD_LIGHTHOUSE_RUNS ?? 5));
/** The emulated phone's benchmarkIndex: Lighthouse's 4× default applied to a typical high-end desktop (1500–2000). */
const PHONE_BENCHMARK_INDEX = 1750 / 4;
const DEMO = { email: 'demo@steward.dev', password: 'Steward-demo-2026', org: 'Cedar Grove Outfitters' };
const DEBUG_PORT = Number(process.env.STEWARD_LIGHTHOUSE_PORT ?? 9333);
/** `STEWARD_LIGHTHOUSE_PAGES=businesses,tasks` audits only the pages whose name starts with one of these. */
const PAGES = process.env.STEWARD_LIGHTHOUSE_PAGES?.split(',').filter(Boolean) ?? null;
/** `STEWARD_LIGHTHOUSE_PROFILES=mobile` audits with these profiles only, and the dashboard's later visits not at all. */
const PROFILES = process.env.STEWARD_LIGHTHOUSE_PROFILES?.split(',').filter(Boolean) ?? null;
/** `STEWARD_LIGHTHOUSE_REPORTS=dir` keeps each audit's full report (the request waterfall, main-thread work) there. */
const REPORTS = process.env.STEWARD_LIGHTHOUSE_REPORTS ?? null;
/**
 * `STEWARD_LIGHTHOUSE_ARTIFACTS=dir` keeps each audit's trace and network log there (a folder per audit),
 * which `lighthouseWhatIf.mjs` audits again with chosen files made empty: what a change would gain.
 */
const ARTIFACTS = process.env.STEWARD_LIGHTHOUSE_ARTIFACTS ?? null;

/** The CPU slowdown that makes this host a mid-range phone (Lighthouse's mobile preset assumes a high-end desktop). */
export function cpuSlowdownFor(benchmarkIndex) {
  return Math.max(1, Math.round((benchmarkIndex / PHONE_BENCHMARK_INDEX) * 10) / 10);
}

/**
 * Lighthouse's presets as its CLI applies them, the phone's CPU calibrated: `mobile(page)` reads the
 * host's benchmarkIndex in `page` now and returns the mobile preset with the slowdown it calls for.
 */
async function profiles(calibrations) {
  const desktop = (await import('lighthouse/core/config/desktop-config.js')).default;
  const { throttling } = await import('lighthouse/core/config/constants.js');
  const mobile = async (page) => {
    const hostIndex = await page.evaluate(pageFunctions.computeBenchmarkIndex);
    const cpuSlowdownMultiplier = cpuSlowdownFor(hostIndex);
    calibrations.push({ hostIndex, cpuSlowdownMultiplier });
    return { extends: 'lighthouse:default', settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier } } };
  };
  return { mobile, desktop: async () => desktop };
}

/**
 * The flags every audit here runs with; an audit of kept artifacts must use the same (lighthouseWhatIf.mjs).
 * Two diagnostics are left out: unused JavaScript and the script treemap read V8's precise coverage, and
 * DevTools starts that coverage again as each audited page commits, deoptimising all code and walking the
 * heap on the main thread (13 walks; 1–40 ms of this host's time in one task, 6–7× that on the phone, in
 * a page's first 50 ms). No score or metric reads them; the JavaScript a page loads has its own rows.
 */
export const AUDIT_FLAGS = {
  disableStorageReset: true,
  onlyCategories: ['performance', 'accessibility'],
  skipAudits: ['unused-javascript', 'script-treemap-data'],
};

async function audit(lighthouse, url, config) {
  const flags = { port: DEBUG_PORT, output: 'json', logLevel: 'error', ...AUDIT_FLAGS };
  if (ARTIFACTS) {
    // Gathered into the folder, then audited from it, as the CLI's -GA does.
    flags.gatherMode = flags.auditMode = path.join(ARTIFACTS, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}`);
  }
  const result = await lighthouse(url, flags, config);
  const { categories, audits } = result.lhr;
  if (REPORTS) {
    await mkdir(REPORTS, { recursive: true });
    await writeFile(path.join(REPORTS, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(result.lhr));
  }
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
  };
}

const spread = (values) => `spread ${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;

function printFigures(label, runs, only = null, transport = '') {
  const m = (key) => median(runs.map((run) => run[key]));
  const note = (key) => `median of ${runs.length}, ${spread(runs.map((run) => run[key]))}; host benchmarkIndex ${Math.round(m('benchmarkIndex'))}${transport}`;
  const rows = [
    { key: 'performance', figure: `Lighthouse ${label}: performance`, unit: '', budget: 90, compare: 'min' },
    { key: 'lcp', figure: `Lighthouse ${label}: largest contentful paint`, unit: 'ms', budget: 2500 },
    { key: 'tbt', figure: `Lighthouse ${label}: total blocking time`, unit: 'ms', budget: 200 },
    { key: 'cls', figure: `Lighthouse ${label}: cumulative layout shift`, unit: '', budget: 0.05 },
    { key: 'accessibility', figure: `Lighthouse ${label}: accessibility`, unit: '', budget: 100, compare: 'min' },
  ];
  for (const { key, ...row } of rows) {
    if (!only || only.includes(key)) printRow({ ...row, value: m(key), note: key === 'cls' ? `median of ${runs.length}` : note(key) });
  }
}

/** A visit to a signed-in page, until what it shows first is on screen and the record of it is kept. */
async function visitFirstView(page, url) {
  await page.goto(url);
  await page.waitForFunction(
    ([key, path]) => JSON.parse(localStorage.getItem(key) ?? 'null')?.path === path,
    [FIRST_VIEW_KEY, new URL(url).pathname],
    { timeout: 30_000 },
  );
}

/** Runs in the page: the record now names an earlier build, as it does on the first visit after a release. */
function recordFromAnotherBuild(key) {
  const record = JSON.parse(localStorage.getItem(key) ?? 'null');
  if (!record) throw new Error('no first-view record to age');
  localStorage.setItem(key, JSON.stringify({ ...record, build: 'an-earlier-release' }));
}

/**
 * Runs `audit` with Lighthouse's Debugger commands answered here instead of sent to the page. Lighthouse
 * attaches DevTools' debugger to every page it audits (async stacks for its request graph). With a
 * debugger attached V8 needs source positions for every function it has compiled, so each script it takes
 * from the code cache is parsed again, function by function, on the main thread, unless the cache was
 * written while a debugger was attached too: 40–56 ms of this host's time for React's chunk alone against
 * 3–10 without, and which of the two a run got depended on when Chromium wrote the cache (the row read
 * 39 ms in one run and 500–580 in others). A staff member's browser reads its cache with no debugger
 * attached; the returning rows are audited so, and their notes carry both costs (codeCacheCost). Their
 * request graph loses the async part of initiators' stacks: in a run that audited both ways, the largest
 * paint moved 39 ms.
 */
export async function withoutDebugger(audit) {
  const { ProtocolSession } = await import('lighthouse/core/gather/session.js');
  const send = ProtocolSession.prototype.sendCommand;
  if (typeof send !== 'function') throw new Error("Lighthouse's ProtocolSession has no sendCommand: see withoutDebugger in lighthouseBench.mjs");
  let answered = 0;
  ProtocolSession.prototype.sendCommand = function sendCommand(method, ...params) {
    if (!method.startsWith('Debugger.')) return send.call(this, method, ...params);
    answered += 1;
    return Promise.resolve({});
  };
  try {
    const result = await audit();
    if (answered === 0) throw new Error('Lighthouse sent no Debugger command: withoutDebugger no longer stands between it and the page');
    return result;
  } finally {
    ProtocolSession.prototype.sendCommand = send;
  }
}

/**
 * What consuming the code cache costs the main thread on a returning visit, with and without a debugger
 * attached, median of `runs` loads each (this host's milliseconds): the returning rows' notes carry both
 * (see withoutDebugger).
 */
async function codeCacheCost(page, cdp, url, runs = 3) {
  const cost = { attached: [], detached: [] };
  for (let run = 0; run < runs * 2; run += 1) {
    const attached = run % 2 === 0;
    await page.goto('about:blank');
    await cdp.send(attached ? 'Debugger.enable' : 'Debugger.disable');
    const events = [];
    const collect = ({ value }) => events.push(...value);
    cdp.on('Tracing.dataCollected', collect);
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'v8', transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'load' });
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    const cached = events.filter((event) => event.name === 'v8.compile' && event.args?.data?.consumedCacheSize);
    (attached ? cost.attached : cost.detached).push(cached.reduce((sum, event) => sum + event.dur / 1000, 0));
  }
  await cdp.send('Debugger.disable');
  return { attached: median(cost.attached), detached: median(cost.detached) };
}

/** The demo person's language (My profile's) in every organisation, through the service role. */
async function setDemoLanguage(apiUrl, serviceRoleKey, language) {
  const response = await fetch(`${apiUrl}/rest/v1/user_profiles?email=eq.${encodeURIComponent(DEMO.email)}`, {
    method: 'PATCH',
    headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
    body: JSON.stringify({ language }),
  });
  if (!response.ok) throw new Error(`user_profiles language: ${response.status} ${await response.text()}`);
}

export async function runLighthouseBench({ baseURL, apiUrl, anonKey, serviceRoleKey }) {
  const { default: lighthouse } = await import('lighthouse');
  // What the simulated phone's network carried: a figure over HTTP/1.1 (six connections an origin) is
  // not one over HTTP/2 (one), so each row says which.
  const transport = new URL(baseURL).protocol === 'https:' ? '; served over HTTPS, HTTP/2' : '; served over HTTP/1.1';
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'steward-lighthouse-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.STEWARD_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [...chromiumArgs(), `--remote-debugging-port=${DEBUG_PORT}`],
  });
  try {
    const pages = [
      { name: 'landing', url: new URL('/', baseURL).toString(), signedIn: false },
      { name: 'dashboard (signed in)', url: new URL('/dashboard', baseURL).toString(), signedIn: true, laterVisits: true },
      { name: 'businesses list (signed in)', url: new URL('/businesses', baseURL).toString(), signedIn: true, profiles: ['mobile'] },
      // The same list for a person who reads Spanish (issue 51: a language leaves the phone's list as fast).
      { name: 'businesses list in Spanish (signed in)', url: new URL('/businesses', baseURL).toString(), signedIn: true, profiles: ['mobile'], language: 'es' },
      // A guest's first view of an organisation's booking page (issue 50), no session.
      { name: 'public booking page', url: new URL(`/book/${encodeURIComponent(DEMO.org)}`, baseURL).toString(), signedIn: false, profiles: ['mobile'] },
      { name: 'tasks list (signed in)', url: new URL('/tasks', baseURL).toString(), signedIn: true, profiles: ['mobile'], only: ['lcp'] },
      // The timeline's window starts today: its reads are sent ahead on a visit the same day, as here.
      { name: 'reservations (signed in)', url: new URL('/reservations', baseURL).toString(), signedIn: true, profiles: ['mobile'], only: ['lcp'] },
    ];
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const coldAudit = async (url, config) => {
      await cdp.send('Network.clearBrowserCache');
      return audit(lighthouse, url, config);
    };
    const calibrations = [];
    const configs = await profiles(calibrations);
    /** Each target's phone runs, for the rows that compare two of them. */
    const mobileRuns = new Map();
    for (const target of pages) {
      if (PAGES && !PAGES.some((name) => target.name.startsWith(name))) continue;
      if (target.language && !serviceRoleKey) continue;
      // The demo person reads the target's language (their profile's, as My profile sets it), then English again.
      if (target.language) await setDemoLanguage(apiUrl, serviceRoleKey, target.language);
      try {
        // Each page from a browser of its own: the one before it leaves its session, locale and first-view
        // record in storage (a Spanish page's record names Spanish catalogues, which an English page's
        // start would then preload).
        await page.goto(new URL('/runtime-config.json', baseURL).toString()).then(() => page.evaluate(() => localStorage.clear()));
        if (target.signedIn) {
          await signInPage(page, { apiUrl, anonKey, baseURL, email: DEMO.email, password: DEMO.password });
          await visitFirstView(page, target.url);
        }
        for (const [profile, config] of Object.entries(configs)) {
          if (target.profiles && !target.profiles.includes(profile)) continue;
          if (PROFILES && !PROFILES.includes(profile)) continue;
          const runs = [];
          for (let run = 0; run < RUNS; run += 1) runs.push(await coldAudit(target.url, await config(page)));
          printFigures(`${profile}, ${target.name}`, runs, target.only, transport);
          if (profile === 'mobile') mobileRuns.set(target.name, runs);
        }
      } finally {
        if (target.language) await setDemoLanguage(apiUrl, serviceRoleKey, 'en');
      }
      // The dashboard also on the first visit after a release, and with yesterday's code cached.
      if (target.laterVisits && !PROFILES) {
        const afterRelease = [];
        for (let run = 0; run < RUNS; run += 1) {
          await page.evaluate(recordFromAnotherBuild, FIRST_VIEW_KEY);
          afterRelease.push(await coldAudit(target.url, await configs.mobile(page)));
        }
        printFigures(`mobile, ${target.name}, first visit after a release`, afterRelease, null, transport);
        const yesterday = await configs.mobile(page);
        await withoutDebugger(() => coldAudit(target.url, yesterday)); // fills the cache, as yesterday's visit did
        const runs = [];
        for (let run = 0; run < RUNS; run += 1) {
          const config = await configs.mobile(page);
          runs.push(await withoutDebugger(() => audit(lighthouse, target.url, config)));
        }
        const cache = await codeCacheCost(page, cdp, target.url);
        const debuggerNote = `; audited without Lighthouse's debugger: the cached code took the main thread ${cache.detached.toFixed(0)} ms of this host's time without one, ${cache.attached.toFixed(0)} ms with one attached`;
        printFigures(`mobile, ${target.name}, returning (code cached)`, runs, null, transport + debuggerNote);
      }
    }
    const english = mobileRuns.get('businesses list (signed in)');
    const spanish = mobileRuns.get('businesses list in Spanish (signed in)');
    if (english && spanish) {
      const lcp = (runs) => median(runs.map((run) => run.lcp));
      printRow({
        figure: 'phone list rows in Spanish ÷ in English (Lighthouse mobile, businesses list: largest contentful paint)',
        value: lcp(spanish) / lcp(english),
        unit: '×',
        budget: 1.1,
        note: `Spanish ${Math.round(lcp(spanish))} ms, English ${Math.round(lcp(english))} ms (medians of ${spanish.length} and ${english.length}; ${spread(spanish.map((run) => run.lcp))} and ${spread(english.map((run) => run.lcp))} ms)`,
      });
    }
    const slowdowns = calibrations.map((calibration) => calibration.cpuSlowdownMultiplier);
    const indexes = calibrations.map((calibration) => calibration.hostIndex);
    printRow({
      figure: 'Lighthouse phone CPU slowdown (host benchmarkIndex ÷ a mid-range phone’s, read before each phone audit)',
      value: median(slowdowns),
      unit: '×',
      budget: 10,
      note: `${slowdowns.length} audits, slowdown ${Math.min(...slowdowns)}–${Math.max(...slowdowns)}×; host benchmarkIndex median ${Math.round(median(indexes))}, ${spread(indexes)}; phone ${Math.round(PHONE_BENCHMARK_INDEX)}`,
    });
  } finally {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  }
}

// Run alone against a running platform: node apps/shell/bench/lighthouseBench.mjs http://localhost:3000 http://localhost:54321 <anon key>
if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseURL = 'http://localhost:3000', apiUrl = 'http://127.0.0.1:54321', anonKey] = process.argv.slice(2);
  const key = anonKey ?? (await import('../../../supabase/local/keys.mjs')).ANON_KEY;
  await runLighthouseBench({ baseURL, apiUrl, anonKey: key });
}
