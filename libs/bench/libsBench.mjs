// Benchmarks of @steward/libs: in-memory filter + sort, the first page of a 10,000-row table through
// the local stack to rendered rows, and scrolling a 10,000-row list. Measured in real Chromium on a
// small non-federated harness page (harness/main.tsx) built with rsbuild's JS API into bench/dist.
// `node libs/bench/libsBench.mjs` or as part of `npm run bench`; prints rows, never fails.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { createRsbuild } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { CATALOG_RULE, MESSAGE_PARSER_STANDIN } from '../../build/rsbuildApp.mjs';
import { median, percentile, printRow } from '../../scripts/lib/benchReport.mjs';
import { launchChromium } from '../../scripts/lib/chromium.mjs';
import { createStaticServer } from '../../scripts/lib/staticServer.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Math.max(5, Number(process.env.STEWARD_BENCH_RUNS ?? 7));
const PORT_BASE = Number(process.env.STEWARD_LIBS_BENCH_PORT_BASE ?? 54821);
const HARNESS_PORT = Number(process.env.STEWARD_LIBS_BENCH_PORT ?? 4790);
const DEMO = { email: 'demo@steward.dev', password: 'Steward-demo-2026' };
const ORG = 'Cedar Grove Outfitters';
const ROWS = 10_000;
const SCROLL_FRAMES = 120;

async function buildHarness() {
  const rsbuild = await createRsbuild({
    cwd: benchDir,
    rsbuildConfig: {
      mode: 'production',
      plugins: [pluginReact()],
      source: { entry: { index: './harness/main.tsx' } },
      output: { distPath: { root: 'dist' }, cleanDistPath: true },
      html: { title: 'libs bench' },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
      // The libs' messages compiled as the apps' builds compile them (their words, not their ids).
      resolve: { alias: { '@formatjs/icu-messageformat-parser$': MESSAGE_PARSER_STANDIN } },
      tools: { rspack: { module: { rules: [CATALOG_RULE] } } },
      logLevel: 'warn',
    },
  });
  await rsbuild.build();
}

/** A throw-away table like the platform's lists: org-scoped, read under row-level security. */
async function createBenchTable(dbUrl, table) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(`drop table if exists public.${table}`);
    await db.query(`
      create table public.${table} (
        id uuid primary key default gen_random_uuid(),
        short_id text not null,
        name text not null,
        city text,
        status text,
        amount numeric,
        org_name text not null,
        archive boolean not null default false,
        created_at timestamptz not null default now()
      )`);
    await db.query(
      `insert into public.${table} (short_id, name, city, status, amount, org_name)
       select 'B' || g, 'Bench business ' || lpad(g::text, 5, '0'),
              (array['Boone', 'Blowing Rock', 'Banner Elk', 'Valle Crucis', null])[1 + g % 5],
              (array['Active', 'Prospect / Pending', 'Inactive - Former'])[1 + g % 3],
              round((random() * 1000)::numeric, 2), $1
       from generate_series(1, ${ROWS}) g`,
      [ORG],
    );
    await db.query(`alter table public.${table} enable row level security`);
    await db.query(`create policy bench_read on public.${table} for select to authenticated
      using (org_name = '_system_default_' or org_name = any ((select app.member_orgs())::text[]))`);
    await db.query(`grant select on public.${table} to authenticated`);
    await db.query(`analyze public.${table}`);
    await db.query(`notify pgrst, 'reload schema'`);
  } finally {
    await db.end();
  }
}

async function dropBenchTable(dbUrl, table) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(`drop table if exists public.${table}`);
    await db.query(`notify pgrst, 'reload schema'`);
  } finally {
    await db.end();
  }
}

/** PostgREST reloads its schema cache asynchronously; wait until it serves the new table. */
async function waitForTable(apiUrl, serviceKey, table) {
  for (let i = 0; i < 100; i += 1) {
    const response = await fetch(`${apiUrl}/rest/v1/${table}?select=id&limit=1`, { headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } });
    if (response.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PostgREST does not serve ${table}`);
}

async function startOrReuseStack() {
  if (process.env.STEWARD_LIBS_BENCH_API_URL && process.env.STEWARD_LIBS_BENCH_DB_URL) {
    const { ANON_KEY, SERVICE_ROLE_KEY } = await import('../../supabase/local/keys.mjs');
    return { apiUrl: process.env.STEWARD_LIBS_BENCH_API_URL, dbUrl: process.env.STEWARD_LIBS_BENCH_DB_URL, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY, stop: async () => undefined };
  }
  const { startStack } = await import('../../supabase/local/stack.mjs');
  const { TEST_AUTH_RATE_LIMITS } = await import('../../supabase/local/config.mjs');
  // Runs sign in from 127.0.0.1 many times: auth rate limits raised, still enforced.
  return startStack({ portBase: PORT_BASE, log: 'silent', authRateLimits: TEST_AUTH_RATE_LIMITS });
}

export async function runLibsBench() {
  const table = `libs_bench_rows_${process.pid}`;
  const stack = await startOrReuseStack();
  const server = createStaticServer({ root: path.join(benchDir, 'dist'), port: HARNESS_PORT, spa: true });
  let browser;
  try {
    await Promise.all([buildHarness(), createBenchTable(stack.dbUrl, table)]);
    await waitForTable(stack.apiUrl, stack.serviceRoleKey, table);
    await server.start();
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => console.log(`(harness page error: ${error.message})`));
    await page.goto(server.url);
    await page.evaluate((config) => window.benchSetup(config), { apiUrl: stack.apiUrl, anonKey: stack.anonKey, ...DEMO, table });

    // 1. Filter + sort 10,000 rows in memory (after a warm-up, as a page that has been used).
    const filterTimes = await page.evaluate((runs) => window.benchFilterSort(runs), RUNS + 3);
    const filterMedian = median(filterTimes.slice(3));

    // 2. First page of the 10,000-row table with exact count, through the stack, to rendered rows.
    await page.evaluate(() => window.benchFirstPage());
    const firstPage = [];
    let totalText = null;
    for (let i = 0; i < RUNS; i += 1) {
      const result = await page.evaluate(() => window.benchFirstPage());
      firstPage.push(result.ms);
      totalText = result.total;
    }

    // 3. Scrolling a 10,000-row list: the longest frame of each run, median over runs.
    const longest = [];
    const all = [];
    for (let i = 0; i < RUNS; i += 1) {
      const deltas = await page.evaluate((frames) => window.benchScroll(frames), SCROLL_FRAMES);
      longest.push(Math.max(...deltas));
      all.push(...deltas);
    }

    printRow({ figure: 'libs: in-memory filter + sort of 10,000 rows', value: filterMedian, unit: 'ms', budget: 30 });
    printRow({
      figure: 'libs: first page of a 10,000-row table (exact count) → rows',
      value: median(firstPage),
      unit: 'ms',
      budget: 300,
      note: totalText ?? undefined,
    });
    printRow({
      figure: 'libs: scrolling a 10,000-row list, longest frame',
      value: median(longest),
      unit: 'ms',
      budget: 50,
      note: `p95 frame ${Math.round(percentile(all, 95) * 10) / 10} ms over ${all.length} frames`,
    });
  } finally {
    await browser?.close();
    await server.stop().catch(() => undefined);
    await dropBenchTable(stack.dbUrl, table).catch(() => undefined);
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runLibsBench().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
