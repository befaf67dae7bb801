// The Operations and Team portal benchmark rows (called by scripts/bench.mjs with a running platform):
//  - open /tasks from the menu → rows with subtasks visible, 500 tasks × 4 subtasks (budget 250 ms);
//  - revenue chart query, 12 months over 50,000 transactions, aggregated in the database (p50 ≤ 25 ms);
//  - JS each of the two remotes adds when first opened, its own code (the shared libraries the shell
//    serves are the platform's row), as served, chart excluded (≤ 60 KB).
// The bench rows are written to a fresh organisation of the demo owner's database and removed after.
import pg from 'pg';
import { median, percentile, printRow } from '../../../scripts/lib/benchReport.mjs';
import { settleDatabase } from '../../../scripts/lib/settleDatabase.mjs';
import { installVisibilityClock, launchChromium, openSettledDashboard, resetVisibilityClock, signInPage, trackJsBytes } from '../../../scripts/lib/chromium.mjs';

const RUNS = Math.max(5, Number(process.env.STEWARD_BENCH_RUNS ?? 5));
const QUERY_RUNS = 30;
const TASKS = 500;
const SUBTASKS_PER_TASK = 4;
const TRANSACTIONS = 50_000;
const KB = 1024;
const DEMO = { email: 'demo@steward.dev', password: 'Steward-demo-2026', orgName: 'Cedar Grove Outfitters' };
const MARK = 'bench:operations';

async function seedBenchRows(dbUrl) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `insert into ops.tasks (org_name, title, description, status, position)
       select $1, 'Bench task ' || n, $2, (array['To Do', 'In Progress', 'Blocked'])[1 + n % 3], 1000 + n
       from generate_series(1, $3) as n`,
      [DEMO.orgName, MARK, TASKS],
    );
    await db.query(
      `insert into ops.subtasks (org_name, task_id, title, status)
       select t.org_name, t.id, 'Step ' || s, (array['To Do', 'Done'])[1 + s % 2]
       from ops.tasks t cross join generate_series(1, $2) as s
       where t.description = $1`,
      [MARK, SUBTASKS_PER_TASK],
    );
    await db.query(
      `insert into public.transactions (org_name, date, description, amount, transaction_type)
       select $1, current_date - (n % 365), $2, round((random() * 500)::numeric, 2), (array['sale', 'sale', 'sale', 'expense'])[1 + n % 4]
       from generate_series(1, $3) as n`,
      [DEMO.orgName, MARK, TRANSACTIONS],
    );
    await settleDatabase(db, ['ops.tasks', 'ops.subtasks', 'public.transactions']);
  } finally {
    await db.end();
  }
}

async function removeBenchRows(dbUrl) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query('delete from ops.tasks where description = $1', [MARK]);
    await db.query('delete from public.transactions where description = $1', [MARK]);
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

/** The chart's query as the browser sends it (RLS applies: the demo owner's token). */
async function revenueQueryTimes(apiUrl, anonKey) {
  const token = await userToken(apiUrl, anonKey);
  const times = [];
  for (let i = 0; i < QUERY_RUNS + 3; i += 1) {
    const started = performance.now();
    const response = await fetch(`${apiUrl}/rest/v1/rpc/revenue_by_month`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_org_name: DEMO.orgName, p_months: 12 }),
    });
    const rows = await response.json();
    if (!response.ok || !Array.isArray(rows) || rows.length !== 12) throw new Error(`revenue_by_month answered HTTP ${response.status}`);
    if (i >= 3) times.push(performance.now() - started); // the first calls warm the plan cache
  }
  return times;
}

/**
 * Dashboard → open a menu group → click an item: time to `selector` visible and the JS it added.
 * Rows of every list carry `stw-list-row`, short or long (500 tasks), table row or phone card.
 */
async function openFromMenu(browser, credentials, { group, item, selector }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.addInitScript(installVisibilityClock, selector);
    await signInPage(page, credentials);
    await openSettledDashboard(page, credentials.baseURL);
    const js = trackJsBytes(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.hover();
    await menu.getByRole('button', { name: group, exact: true }).click();
    await page.evaluate(resetVisibilityClock);
    await menu.getByRole('link', { name: item, exact: true }).click();
    await page.waitForFunction(() => window.__stewardVisibleAt !== null, null, { timeout: 30_000 });
    const elapsed = await page.evaluate(() => window.__stewardVisibleAt - window.__stewardPointerDownAt);
    await page.waitForLoadState('networkidle');
    // The remote's own code: what came from its origin, not the shared libraries the shell serves
    // (those are counted once, in the platform's row, by whichever area opens first).
    return { elapsed, js: (await js.total()) - (await js.from(new URL(credentials.baseURL).origin)) };
  } finally {
    await context.close();
  }
}

export async function runOperationsBench({ baseURL, apiUrl, anonKey, dbUrl }) {
  if (!dbUrl) throw new Error('the operations bench needs the stack database URL');
  await seedBenchRows(dbUrl);
  const browser = await launchChromium();
  const credentials = { apiUrl, anonKey, baseURL, email: DEMO.email, password: DEMO.password };
  const tasks = [];
  const operationsJs = [];
  const teamJs = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      const opened = await openFromMenu(browser, credentials, { group: 'Operations', item: 'Tasks', selector: '[data-remote-area="operations"] .stw-list-row li' });
      tasks.push(opened.elapsed);
      operationsJs.push(opened.js);
      teamJs.push((await openFromMenu(browser, credentials, { group: 'Team Portal', item: 'Team Directory', selector: '[data-remote-area="team-portal"] .stw-list-row' })).js);
    }
    const queries = await revenueQueryTimes(apiUrl, anonKey);
    printRow({ figure: `open /tasks from the menu → rows with subtasks (${TASKS} tasks × ${SUBTASKS_PER_TASK} subtasks)`, value: median(tasks), unit: 'ms', budget: 250 });
    printRow({ figure: `revenue chart query, 12 months over ${TRANSACTIONS.toLocaleString('en-US')} transactions (p50)`, value: percentile(queries, 50), unit: 'ms', budget: 25 });
    printRow({ figure: 'JS the Operations remote adds (Brotli, as served, its own code, chart excluded)', value: median(operationsJs) / KB, unit: 'KB', budget: 60 });
    printRow({ figure: 'JS the Team portal remote adds (Brotli, as served, its own code)', value: median(teamJs) / KB, unit: 'KB', budget: 60 });
  } finally {
    await browser.close();
    await removeBenchRows(dbUrl);
  }
}
