// Lighthouse rows (called by scripts/bench.mjs with a running platform): the landing and the
// signed-in dashboard, mobile (slow 4G, 4× slower CPU) and desktop profiles, median of the runs; and on
// the phone an area's first screen (the CRM's businesses list), opened the same way as the dashboard.
// Debian Chromium is driven by playwright-core with a persistent profile, so Lighthouse's tab sees
// the signed-in session. Lighthouse is told to keep storage (the session), which also keeps its HTTP
// cache: every run here first empties the cache itself, so each is a cold load as Lighthouse defines
// it. The signed-in dashboard is measured as a staff member opens it who signed in and saw it before
// (that visit leaves the record index.html starts the next first view from: libs/supabase firstView),
// and two more ways: the first visit after a release (the record names the previous build's code, so
// only its reads are sent ahead), and with the code cached from yesterday ("returning" rows, median of
// the runs after a first one).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { median, printRow } from '../../../scripts/lib/benchReport.mjs';
import { CHROMIUM_ARGS, signInPage } from '../../../scripts/lib/chromium.mjs';
import { FIRST_VIEW_KEY } from '../../../libs/src/supabase/firstViewStart.mjs';

const RUNS = Math.max(1, Number(process.env.STEWARD_LIGHTHOUSE_RUNS ?? 3));
const DEMO = { email: 'demo@steward.dev', password: 'Steward-demo-2026' };
const DEBUG_PORT = Number(process.env.STEWARD_LIGHTHOUSE_PORT ?? 9333);

/** Lighthouse's own mobile and desktop presets, as its CLI applies them. */
async function profiles() {
  const desktop = (await import('lighthouse/core/config/desktop-config.js')).default;
  return { mobile: undefined, desktop };
}

async function audit(lighthouse, url, config) {
  const flags = { port: DEBUG_PORT, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance', 'accessibility'] };
  const result = await lighthouse(url, flags, config);
  const { categories, audits } = result.lhr;
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
  };
}

function printFigures(label, runs) {
  const m = (key) => median(runs.map((run) => run[key]));
  printRow({ figure: `Lighthouse ${label}: performance`, value: m('performance'), unit: '', budget: 90, compare: 'min' });
  printRow({ figure: `Lighthouse ${label}: largest contentful paint`, value: m('lcp'), unit: 'ms', budget: 2500 });
  printRow({ figure: `Lighthouse ${label}: total blocking time`, value: m('tbt'), unit: 'ms', budget: 200 });
  printRow({ figure: `Lighthouse ${label}: cumulative layout shift`, value: m('cls'), unit: '', budget: 0.05 });
  printRow({ figure: `Lighthouse ${label}: accessibility`, value: m('accessibility'), unit: '', budget: 100, compare: 'min' });
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

export async function runLighthouseBench({ baseURL, apiUrl, anonKey }) {
  const { default: lighthouse } = await import('lighthouse');
  const configs = await profiles();
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'steward-lighthouse-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.STEWARD_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUG_PORT}`],
  });
  try {
    const pages = [
      { name: 'landing', url: new URL('/', baseURL).toString(), signedIn: false },
      { name: 'dashboard (signed in)', url: new URL('/dashboard', baseURL).toString(), signedIn: true, laterVisits: true },
      { name: 'businesses list (signed in)', url: new URL('/businesses', baseURL).toString(), signedIn: true, profiles: ['mobile'] },
    ];
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const coldAudit = async (url, config) => {
      await cdp.send('Network.clearBrowserCache');
      return audit(lighthouse, url, config);
    };
    for (const target of pages) {
      if (target.signedIn) {
        await signInPage(page, { apiUrl, anonKey, baseURL, email: DEMO.email, password: DEMO.password });
        await visitFirstView(page, target.url);
      } else await page.goto(new URL('/runtime-config.json', baseURL).toString()).then(() => page.evaluate(() => localStorage.clear()));
      for (const [profile, config] of Object.entries(configs)) {
        if (target.profiles && !target.profiles.includes(profile)) continue;
        const runs = [];
        for (let run = 0; run < RUNS; run += 1) runs.push(await coldAudit(target.url, config));
        printFigures(`${profile}, ${target.name}`, runs);
      }
      // The dashboard also on the first visit after a release, and with yesterday's code cached.
      if (target.laterVisits) {
        const afterRelease = [];
        for (let run = 0; run < RUNS; run += 1) {
          await page.evaluate(recordFromAnotherBuild, FIRST_VIEW_KEY);
          afterRelease.push(await coldAudit(target.url, undefined));
        }
        printFigures(`mobile, ${target.name}, first visit after a release`, afterRelease);
        await coldAudit(target.url, undefined); // fills the cache, as yesterday's visit did
        const runs = [];
        for (let run = 0; run < RUNS; run += 1) runs.push(await audit(lighthouse, target.url, undefined));
        printFigures(`mobile, ${target.name}, returning (code cached)`, runs);
      }
    }
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
