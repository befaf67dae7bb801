// The lodging remote's benchmark rows (issue 10), called by scripts/bench.mjs with a running stack and
// platform: the timeline with 100 units × 60 days and 1,000 stays in view (data in → grid painted,
// and scrolling frames), the 60-day reservations query with 100,000 stays in the table, and the JS
// the lodging remote adds. Real Chromium over the production build; in-page times.
import pg from 'pg';
import { median, percentile, printRow } from '../../../scripts/lib/benchReport.mjs';
import { settleDatabase } from '../../../scripts/lib/settleDatabase.mjs';
import { launchChromium, openSettledDashboard, signInPage, trackJsBytes } from '../../../scripts/lib/chromium.mjs';

const RUNS = Math.max(5, Number(process.env.STEWARD_BENCH_RUNS ?? 5));
const QUERY_RUNS = 40;
const UNITS = 100;
const STAYS_PER_UNIT = 1000; // 100,000 in all
const SEED_BATCH = 50; // stays per unit per insert (5,000 rows)
const PERIOD_DAYS = 6; // 5 nights, then a free night: 10 stays per unit in a 60-day window
const KB = 1024;

/** A new organisation and owner (Apply for Access), with 100 units and 100,000 stays, 1,000 of them in the next 60 days. */
async function seed({ apiUrl, serviceRoleKey, dbUrl }) {
  const stamp = Date.now();
  const owner = { email: `lodging-bench-${stamp}@bench.steward.dev`, password: 'Bench-pass-2026', orgName: `Lodging Bench ${stamp}` };
  const response = await fetch(`${apiUrl}/rest/v1/rpc/apply_for_access`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_email: owner.email, p_password: owner.password, p_full_name: 'Bench Owner', p_business_name: owner.orgName }),
  });
  if (!response.ok) throw new Error(`apply_for_access: ${response.status} ${await response.text()}`);
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(
      `insert into catalog.accommodations (org_name, name, base_rate)
       select $1, 'Unit ' || lpad(n::text, 3, '0'), 100 from generate_series(1, $2) n`,
      [owner.orgName, UNITS],
    );
    // Stays run back from today into the past, so a window starting today holds the last ten of each unit.
    // In batches with ANALYZE between them: the double-booking trigger's overlap query is planned once
    // per session, and planned against a near-empty table it scans the table for every row inserted —
    // one 100,000-row statement then takes many minutes instead of about one.
    for (let first = 1; first <= STAYS_PER_UNIT; first += SEED_BATCH) {
      await client.query(
        `insert into catalog.reservations (org_name, name, accommodation_id, check_in, check_out, adults, children)
         select $1, 'Stay ' || a.name || ' #' || s, a.id,
                (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') + make_interval(days => (s - $2 + 9) * $3) + interval '15 hours',
                (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') + make_interval(days => (s - $2 + 9) * $3 + $3 - 1) + interval '11 hours',
                2, s % 3
         from catalog.accommodations a cross join generate_series($4::int, $5::int) s
         where a.org_name = $1`,
        [owner.orgName, STAYS_PER_UNIT, PERIOD_DAYS, first, Math.min(STAYS_PER_UNIT, first + SEED_BATCH - 1)],
      );
      await client.query('analyze catalog.reservations');
    }
    await settleDatabase(client, ['catalog.reservations']);
    const { rows } = await client.query(
      `select count(*)::int as total,
              count(*) filter (where check_in < now() + interval '60 days' and check_out > date_trunc('day', now()))::int as in_window
       from catalog.reservations where org_name = $1`,
      [owner.orgName],
    );
    return { owner, total: rows[0].total, inWindow: rows[0].in_window };
  } finally {
    await client.end();
  }
}

async function accessToken({ apiUrl, anonKey }, owner) {
  const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status}`);
  return (await response.json()).access_token;
}

/** The timeline's own request for a 60-day window, as the signed-in owner (RLS applies), timed end to end. */
async function queryTimes(context, owner) {
  const token = await accessToken(context, owner);
  const from = new Date();
  from.setUTCHours(0, 0, 0, 0);
  const to = new Date(from.getTime() + 60 * 86_400_000);
  const params = new URLSearchParams({
    select: 'id,name,accommodation_id,check_in,check_out,adults,children,all_day,status,rate_id', // as the timeline asks (timelineData.ts)
    org_name: `eq.${owner.orgName}`,
    check_in: `lt.${to.toISOString()}`,
    check_out: `gt.${from.toISOString()}`,
    order: 'check_in,id',
  });
  const url = `${context.apiUrl}/rest/v1/reservations_view?${params}`;
  const headers = { apikey: context.anonKey, authorization: `Bearer ${token}`, 'accept-profile': 'catalog' };
  const times = [];
  let rows = 0;
  for (let i = 0; i < QUERY_RUNS + 3; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.json();
    if (!response.ok) throw new Error(`reservations_view: ${response.status} ${JSON.stringify(body)}`);
    rows = body.length;
    if (i >= 3) times.push(performance.now() - started);
  }
  return { times, rows };
}

async function openTimeline(browser, context, owner) {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signInPage(page, { apiUrl: context.apiUrl, anonKey: context.anonKey, baseURL: context.baseURL, email: owner.email, password: owner.password });
  return page;
}

async function chooseTwoMonths(page) {
  await page.evaluate(() => performance.clearMarks());
  await page.getByLabel('Range').selectOption({ label: '2 months' });
  await page.waitForFunction(() => performance.getEntriesByName('steward:timeline:rendered').some((rendered) => performance.getEntriesByName('steward:timeline:data-in').some((data) => rendered.startTime > data.startTime)), null, { timeout: 30_000 });
  await page.getByRole('columnheader').nth(60).waitFor();
  return page.evaluate(() => {
    const data = performance.getEntriesByName('steward:timeline:data-in').at(-1).startTime;
    const rendered = performance.getEntriesByName('steward:timeline:rendered').find((entry) => entry.startTime > data).startTime;
    return rendered - data;
  });
}

/** Scrolls the grid down and across over ~2 s, one step per frame; returns every frame's length. */
function scrollFrames(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const grid = document.querySelector('[role="table"][aria-label="Reservation timeline"]');
        const frames = [];
        let last = performance.now();
        let step = 0;
        const tick = (now) => {
          frames.push(now - last);
          last = now;
          step += 1;
          grid.scrollTop += 40;
          grid.scrollLeft += 90;
          if (step < 120) requestAnimationFrame(tick);
          else resolve(frames.slice(2));
        };
        requestAnimationFrame((now) => {
          last = now;
          requestAnimationFrame(tick);
        });
      }),
  );
}

export async function runLodgingBench({ baseURL, apiUrl, anonKey, serviceRoleKey, dbUrl }) {
  const context = { baseURL, apiUrl, anonKey };
  const { owner, total, inWindow } = await seed({ apiUrl, serviceRoleKey, dbUrl });
  const browser = await launchChromium();
  const renders = [];
  const worstFrames = [];
  const added = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      const page = await openTimeline(browser, context, owner);
      await page.goto(`${baseURL}/reservations`);
      await page.getByRole('table', { name: 'Reservation timeline' }).waitFor({ timeout: 30_000 });
      renders.push(await chooseTwoMonths(page));
      worstFrames.push(Math.max(...(await scrollFrames(page))));
      await page.context().close();
    }
    // JS the lodging remote adds: signed in on the dashboard, then the menu to Reservations.
    for (let i = 0; i < RUNS; i += 1) {
      const page = await openTimeline(browser, context, owner);
      await openSettledDashboard(page, baseURL);
      const js = trackJsBytes(page);
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await menu.hover();
      await menu.getByRole('button', { name: 'Reservations', exact: true }).click();
      await menu.getByRole('link', { name: 'Reservations', exact: true }).click();
      await page.getByRole('table', { name: 'Reservation timeline' }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const all = await js.total();
      const shell = await js.from(new URL(baseURL).origin);
      added.push({ own: all - shell, shared: shell });
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
  const { times, rows } = await queryTimes(context, owner);
  const note = `${UNITS} units, ${inWindow} stays in view`;
  printRow({ figure: 'timeline 100 units × 60 days, 1,000 stays: data in → grid rendered', value: median(renders), unit: 'ms', budget: 300, note });
  printRow({ figure: 'timeline scroll (rows and days virtualised): worst frame', value: median(worstFrames), unit: 'ms', budget: 33, note: 'median over runs of the longest frame' });
  printRow({ figure: 'reservations query, 60-day window, 100k stays in the table: p50', value: percentile(times, 50), unit: 'ms', budget: 20, note: `${total} stays, ${rows} returned` });
  // Its own code (served by the lodging remote) against the budget; the note says how much of the
  // shell's shared libraries (forms, tables, the editor) the page loaded for the first time with it.
  const shared = median(added.map((bytes) => bytes.shared)) / KB;
  printRow({ figure: 'JS the lodging remote adds (Brotli, as served, its own code)', value: median(added.map((bytes) => bytes.own)) / KB, unit: 'KB', budget: 60, note: `plus ${shared.toFixed(1)} KB of shared libraries first loaded with it` });
}
