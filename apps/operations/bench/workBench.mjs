// The work-management benchmark rows (`npm run bench -- --only=work`, after a build: it serves apps/*/dist):
//  - calendar month view with 2,000 reservations, 500 shifts and 1,000 task due dates in the month:
//    the answer of ops.calendar_events in → the grid drawn (the frame after its items are in the page);
//  - My work with 5,000 tasks in the organisation, 200 assigned to the person (p50 of the request);
//  - the header's notification count (p50 of the HEAD request), among 15,000 notifications.
// It starts a stack and the platform of its own (ports: STEWARD_WORK_BENCH_PORT_BASE, STEWARD_WORK_BENCH_PORT),
// writes the rows into the seeded demo organisation, and throws both away afterwards.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { median, percentile, printRow } from '../../../scripts/lib/benchReport.mjs';
import { launchChromium, signInPage } from '../../../scripts/lib/chromium.mjs';
import { startPlatform } from '../../../scripts/lib/platform.mjs';
import { settleDatabase } from '../../../scripts/lib/settleDatabase.mjs';

const RUNS = Math.max(5, Number(process.env.STEWARD_BENCH_RUNS ?? 5));
const QUERY_RUNS = 40;
const DEMO = { email: 'demo@steward.dev', password: 'Steward-demo-2026', orgName: 'Cedar Grove Outfitters' };
const UNITS = 100;
const STAYS_PER_UNIT = 20;
const SHIFTS = 500;
const TASKS = 5000;
const TASKS_IN_MONTH = 1000;
const ASSIGNED = 200;

async function seed(dbUrl) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select p.id as demo, date_trunc('month', app.org_today($1))::date as month_start, app.org_today($1)::text as today
         from public.user_profiles p where p.org_name = $1 and p.email = $2`,
      [DEMO.orgName, DEMO.email],
    );
    const { demo, month_start: monthStart, today } = rows[0];
    await db.query(
      `insert into catalog.accommodations (org_name, name, base_rate)
       select $1, 'Bench unit ' || lpad(n::text, 3, '0'), 100 from generate_series(1, $2) n`,
      [DEMO.orgName, UNITS],
    );
    // One-night stays, twenty per unit, on the first twenty nights of the month.
    await db.query(
      `insert into catalog.reservations (org_name, name, accommodation_id, rate_id, check_in, check_out)
       select $1, 'Bench stay ' || a.name || ' ' || k, a.id,
              (select r.id from catalog.accommodation_rates r where r.org_name = $1 order by r.name limit 1),
              ($2::date + k)::timestamp + time '15:00', ($2::date + k + 1)::timestamp + time '11:00'
         from catalog.accommodations a cross join generate_series(0, $3 - 1) k
        where a.org_name = $1 and a.name like 'Bench unit %'`,
      [DEMO.orgName, monthStart, STAYS_PER_UNIT],
    );
    await db.query(
      `insert into hr.shifts (org_name, name, start_at, end_at)
       select $1, 'Bench shift ' || n, ($2::date + n % 28)::timestamp + time '08:00' + make_interval(hours => n % 8),
              ($2::date + n % 28)::timestamp + time '12:00' + make_interval(hours => n % 8)
         from generate_series(1, $3) n`,
      [DEMO.orgName, monthStart, SHIFTS],
    );
    // 5,000 tasks: 1,000 due in the month, 200 of all assigned to the demo owner (due from ten days
    // ago to a month ahead, some done), the rest nobody's.
    await db.query(
      `insert into ops.tasks (org_name, title, description, status, priority, due_date, assignee_id)
       select $1, 'Bench task ' || n, 'bench:work',
              (array['To Do', 'In Progress', 'Blocked', 'Done'])[1 + n % 4],
              (array['Low', 'Normal', 'High', 'Urgent'])[1 + n % 4],
              case when n <= $3 then $2::date + n % 28
                   when n <= $3 + $4 then $5::date - 10 + n % 40 end,
              case when n > $3 and n <= $3 + $4 then $6::uuid end
         from generate_series(1, $7) n`,
      [DEMO.orgName, monthStart, TASKS_IN_MONTH, ASSIGNED, today, demo, TASKS],
    );
    await db.query(
      `insert into public.notifications (org_name, profile_id, kind, title, link, created_at, read_at)
       select $1, p.id, 'task_due', 'Bench notice ' || n, '/tasks', now() - make_interval(mins => n), now()
         from generate_series(1, 7500) n cross join public.user_profiles p
        where p.org_name = $1 and p.status = 'Active' and p.id <> $2
        limit 10000`,
      [DEMO.orgName, demo],
    );
    await db.query(
      `insert into public.notifications (org_name, profile_id, kind, title, link, created_at, read_at)
       select $1, $2, 'task_due', 'Bench notice ' || n, '/tasks', now() - make_interval(mins => n), case when n > 40 then now() end
         from generate_series(1, 5000) n`,
      [DEMO.orgName, demo],
    );
    await settleDatabase(db, ['ops.tasks', 'hr.shifts', 'catalog.reservations', 'catalog.accommodations', 'public.notifications']);
    const counts = await db.query(
      `select (select count(*) from ops.my_work_view v where false) as _,
              (select count(*) from ops.tasks where assignee_id = $1 and status <> 'Done' and not archive) as open_assigned,
              (select count(*) from public.notifications where profile_id = $1 and read_at is null) as unread,
              (select count(*) from public.notifications) as notifications`,
      [demo],
    );
    return { monthStart, today, ...counts.rows[0] };
  } finally {
    await db.end();
  }
}

async function userToken(apiUrl, anonKey) {
  const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: HTTP ${response.status}`);
  return (await response.json()).access_token;
}

/** One request as the browser sends it, timed QUERY_RUNS times after three warm-up calls. */
async function requestTimes(url, init, check) {
  const times = [];
  for (let i = 0; i < QUERY_RUNS + 3; i += 1) {
    const started = performance.now();
    const response = await fetch(url, init);
    const body = init.method === 'HEAD' ? null : await response.json();
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
    check(response, body);
    if (i >= 3) times.push(performance.now() - started);
  }
  return times;
}

/** In the page: the calendar_events answer's arrival, and the frame after the grid's items are in the page. */
function installCalendarClock() {
  window.__calendarDrawnAt = null;
  const observer = new MutationObserver(() => {
    if (window.__calendarDrawnAt !== null || !document.querySelector('[role="grid"] .stw-cal-item')) return;
    window.__calendarDrawnAt = -1;
    requestAnimationFrame(() => requestAnimationFrame(() => (window.__calendarDrawnAt = performance.now())));
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function calendarDrawTimes(baseURL, apiUrl, anonKey, monthStart) {
  const browser = await launchChromium();
  const times = [];
  let items = 0;
  try {
    for (let i = 0; i < RUNS + 1; i += 1) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      const page = await context.newPage();
      await signInPage(page, { apiUrl, anonKey, baseURL, email: DEMO.email, password: DEMO.password });
      // The area's code first, so the run measures the calendar, not the remote's download.
      await page.goto(`${baseURL}/tasks?view=mine`, { waitUntil: 'networkidle' });
      await page.evaluate(installCalendarClock);
      await page.getByRole('navigation', { name: 'Main menu' }).hover();
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/calendar?view=month&date=${monthStart}`);
      await page.waitForFunction(() => typeof window.__calendarDrawnAt === 'number' && window.__calendarDrawnAt > 0, null, { timeout: 30_000 });
      const { drawnAt, dataAt } = await page.evaluate(() => {
        const entry = performance.getEntriesByType('resource').filter((resource) => resource.name.includes('calendar_events')).at(-1);
        return { drawnAt: window.__calendarDrawnAt, dataAt: entry ? entry.responseEnd : NaN };
      });
      items = await page.locator('[role="grid"] .stw-cal-item').count();
      if (i > 0) times.push(drawnAt - dataAt); // the first run warms the browser's caches
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { times, items };
}

export async function runWorkBench(options = {}) {
  let { baseURL, apiUrl, anonKey, dbUrl } = options;
  let stopAll = async () => undefined;
  if (!baseURL) {
    const { startBenchStack } = await import('../../../supabase/bench/benchStack.mjs');
    const { ANON_KEY } = await import('../../../supabase/local/keys.mjs');
    const { workspaceRoot } = await import('../../../build/federation.mjs');
    const stack = await startBenchStack(Number(process.env.STEWARD_WORK_BENCH_PORT_BASE ?? 54621));
    const platform = await startPlatform({
      port: Number(process.env.STEWARD_WORK_BENCH_PORT ?? 4800),
      apiUrl: stack.config.apiUrl,
      anonKey: ANON_KEY,
      configFile: path.join(workspaceRoot, '.steward/bench-work/runtime-config.json'),
    });
    ({ apiUrl, dbUrl } = stack.config);
    anonKey = ANON_KEY;
    baseURL = platform.url;
    stopAll = async () => {
      await platform.stop();
      await stack.stop();
    };
  }
  try {
    const seeded = await seed(dbUrl);
    const token = await userToken(apiUrl, anonKey);
    const headers = { apikey: anonKey, authorization: `Bearer ${token}` };
    const org = encodeURIComponent(DEMO.orgName);
    let workRows = 0;
    const myWork = await requestTimes(
      `${apiUrl}/rest/v1/my_work_view?select=id,short_id,title,description,status,priority,due_date,due_group,record_label,record_path,org_name&org_name=eq.${org}&order=due_date.asc.nullslast,title.asc&limit=1000`,
      { headers: { ...headers, 'accept-profile': 'ops' } },
      (_response, body) => (workRows = body.length),
    );
    let unread = 0;
    const count = await requestTimes(
      `${apiUrl}/rest/v1/notifications?select=id&org_name=eq.${org}&read_at=is.null`,
      { method: 'HEAD', headers: { ...headers, prefer: 'count=exact' } },
      (response) => (unread = Number(response.headers.get('content-range')?.split('/')[1])),
    );
    // The floor of the same machine at the same time: the smallest request under row-level security
    // (one profile id). On a shared, busy host both rows move with it; the ratio says what is ours.
    const floor = await requestTimes(`${apiUrl}/rest/v1/user_profiles?select=id&limit=1`, { headers }, () => undefined);
    const calendar = await calendarDrawTimes(baseURL, apiUrl, anonKey, seeded.monthStart);
    printRow({
      figure: 'calendar month, 2,000 stays, 500 shifts, 1,000 tasks: data in → drawn',
      value: median(calendar.times),
      unit: 'ms',
      budget: 300,
      note: `${calendar.items} items drawn (3 a day, "+N more"), spread ${Math.min(...calendar.times).toFixed(0)}–${Math.max(...calendar.times).toFixed(0)} ms`,
    });
    printRow({
      figure: 'My work, 5,000 tasks in the organisation, 200 assigned: p50',
      value: percentile(myWork, 50),
      unit: 'ms',
      budget: 30,
      reference: percentile(floor, 50),
      note: `${workRows} open tasks returned, p95 ${percentile(myWork, 95).toFixed(1)} ms; reference: a one-row RLS request`,
    });
    printRow({
      figure: 'notification count in the header: p50',
      value: percentile(count, 50),
      unit: 'ms',
      budget: 10,
      reference: percentile(floor, 50),
      note: `${unread} unread of ${seeded.notifications} notifications, p95 ${percentile(count, 95).toFixed(1)} ms; reference: a one-row RLS request`,
    });
  } finally {
    await stopAll();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runWorkBench().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
