// The front desk's benchmark rows, with a running stack: the quote of a 14-night stay over 10
// overlapping rates (catalog.quote_stay), and the Today page's request (catalog.desk_day) for an
// organisation with 300 units and 1,000 stays in the window. Both as the signed-in owner through the
// gateway (RLS applies), timed end to end like the timeline's query row.
// Called by scripts/bench.mjs with the area rows; alone: `node apps/lodging/bench/deskBench.mjs`
// against STEWARD_BENCH_API_URL / STEWARD_BENCH_DB_URL (default: a stack on the default ports).
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { median, percentile, printRow } from '../../../scripts/lib/benchReport.mjs';
import { settleDatabase } from '../../../scripts/lib/settleDatabase.mjs';
import { waitForQuietMachine } from '../../../scripts/lib/quietMachine.mjs';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../../supabase/local/keys.mjs';

const RUNS = 60;
const WARMUP = 5;
const UNITS = 300;
const STAYS = 1000;
const RATES = 10;
const QUOTE_NIGHTS = 14;

async function applyForAccess({ apiUrl, serviceRoleKey }, label) {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const owner = { email: `desk-bench-${stamp}@bench.steward.dev`, password: 'Bench-pass-2026', orgName: `${label} ${stamp}` };
  const response = await fetch(`${apiUrl}/rest/v1/rpc/apply_for_access`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_email: owner.email, p_password: owner.password, p_full_name: 'Bench Owner', p_business_name: owner.orgName }),
  });
  if (!response.ok) throw new Error(`apply_for_access: ${response.status} ${await response.text()}`);
  const token = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  if (!token.ok) throw new Error(`sign-in: ${token.status}`);
  return { ...owner, accessToken: (await token.json()).access_token };
}

/** Times `runs` POSTs of one rpc (after a warm-up), checking each answer. */
async function rpcTimes({ apiUrl, anonKey }, owner, name, body, check) {
  const call = async () => {
    const started = performance.now();
    const response = await fetch(`${apiUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json', 'content-profile': 'catalog', 'accept-profile': 'catalog' },
      body: JSON.stringify(body),
    });
    const data = await response.json();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(data)}`);
    check(data);
    return ms;
  };
  for (let i = 0; i < WARMUP; i += 1) await call();
  const times = [];
  for (let i = 0; i < RUNS; i += 1) times.push(await call());
  return times;
}

const spread = (times) => `p10 ${percentile(times, 10).toFixed(1)} · p90 ${percentile(times, 90).toFixed(1)} ms over ${times.length} runs`;

export async function runDeskBench({ apiUrl, anonKey = ANON_KEY, serviceRoleKey = SERVICE_ROLE_KEY, dbUrl }) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    // 1. A 14-night quote over 10 overlapping rates on one unit.
    const quoteOwner = await applyForAccess({ apiUrl, serviceRoleKey }, 'Desk Quote Bench');
    const { rows: [unit] } = await client.query(
      `insert into catalog.accommodations (org_name, name, base_rate) values ($1, 'Bench cabin', 100) returning id`,
      [quoteOwner.orgName],
    );
    await client.query(`insert into catalog.lodging_settings (org_name, tax_percent, stay_fee, nightly_fee) values ($1, 8.5, 25, 3)`, [quoteOwner.orgName]);
    // Rates with staggered date ranges over the stay (each covers part of it, all overlap the middle),
    // priorities 1–10, some without weekend prices, extras for guests over two adults.
    await client.query(
      `insert into catalog.accommodation_rates (org_name, name, accommodation_id, priority, qty, start_date, end_date,
         mon, tue, wed, thu, fri, sat, sun, included_adults, included_children, additional_adult, additional_child, min_stay, max_stay)
       select $1, 'Rate ' || n, $2, n, 1, current_date + 30 + (n % 5), current_date + 36 + n,
              100 + n, 100 + n, 100 + n, 100 + n, case when n % 3 = 0 then null else 150 + n end, case when n % 3 = 0 then null else 160 + n end, 110 + n,
              2, 0, 20, 10, 1, 30
       from generate_series(1, $3::int) n`,
      [quoteOwner.orgName, unit.id, RATES],
    );
    await settleDatabase(client, ['catalog.accommodation_rates']);
    const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const quoteQuiet = await waitForQuietMachine();
    const quoteTimes = await rpcTimes(
      { apiUrl, anonKey },
      quoteOwner,
      'quote_stay',
      { p_accommodation_id: unit.id, p_check_in: day(29), p_check_out: day(29 + QUOTE_NIGHTS), p_adults: 3, p_children: 2, p_pets: 0 },
      (quote) => {
        if (!quote.ok || quote.nights.length !== QUOTE_NIGHTS) throw new Error(`unexpected quote ${JSON.stringify(quote).slice(0, 200)}`);
      },
    );
    printRow({ figure: `quote of a ${QUOTE_NIGHTS}-night stay over ${RATES} overlapping rates (quote_stay, via the API): p50`, value: percentile(quoteTimes, 50), unit: 'ms', budget: 20, note: `${spread(quoteTimes)}; CPU ${(quoteQuiet.busy * 100).toFixed(0)} % busy before` });

    // 2. The Today page's request with 300 units and 1,000 stays in the window.
    const deskOwner = await applyForAccess({ apiUrl, serviceRoleKey }, 'Desk Today Bench');
    await client.query(
      `insert into catalog.accommodations (org_name, name, base_rate) select $1, 'Unit ' || lpad(n::text, 3, '0'), 100 from generate_series(1, $2::int) n`,
      [deskOwner.orgName, UNITS],
    );
    // Each unit: stays of 3 nights every 5 days around today (a third of a stay per unit more for
    // the first units), so 1,000 stays fall within two weeks either side of today.
    await client.query(
      `with unit as (select id, row_number() over (order by name) as n from catalog.accommodations where org_name = $1),
       slot as (select u.id, u.n, k from unit u cross join generate_series(0, 3) k where k < 3 or u.n <= $2::int - 3 * $3::int)
       insert into catalog.reservations (org_name, name, accommodation_id, status, check_in, check_out, adults, children, total_amount)
       select $1, 'Stay ' || s.n || '/' || s.k, s.id, case when s.k = 1 then 'Checked in' else 'Confirmed' end,
              (current_date + (s.k * 5 - 7 + (s.n % 5)::int))::timestamp at time zone 'UTC' + interval '15 hours',
              (current_date + (s.k * 5 - 4 + (s.n % 5)::int))::timestamp at time zone 'UTC' + interval '11 hours',
              2, (s.n % 3)::int, 300
       from slot s`,
      [deskOwner.orgName, STAYS, UNITS],
    );
    await client.query(
      `insert into catalog.reservation_payments (org_name, reservation_id, line_type, qty, unit_price)
       select org_name, id, 'deposit', 1, 100 from catalog.reservations where org_name = $1 and status = 'Checked in'`,
      [deskOwner.orgName],
    );
    await settleDatabase(client, ['catalog.reservations', 'catalog.reservation_payments', 'catalog.accommodations']);
    const { rows: [counts] } = await client.query(`select count(*)::int as stays from catalog.reservations where org_name = $1`, [deskOwner.orgName]);
    let listed = 0;
    const deskQuiet = await waitForQuietMachine();
    const deskTimes = await rpcTimes({ apiUrl, anonKey }, deskOwner, 'desk_day', { p_org_name: deskOwner.orgName, p_day: day(0) }, (rows) => {
      if (!Array.isArray(rows) || rows.length === 0) throw new Error('the desk listed nobody');
      listed = rows.length;
    });
    printRow({
      figure: `Today at the desk (desk_day, via the API), ${UNITS} units and ${counts.stays.toLocaleString('en-US')} stays in the window: p50`,
      value: percentile(deskTimes, 50),
      unit: 'ms',
      budget: 50,
      note: `${listed} stays listed; ${spread(deskTimes)}; median ${median(deskTimes).toFixed(1)} ms; CPU ${(deskQuiet.busy * 100).toFixed(0)} % busy before`,
    });
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runDeskBench({
    apiUrl: process.env.STEWARD_BENCH_API_URL ?? 'http://127.0.0.1:54321',
    dbUrl: process.env.STEWARD_BENCH_DB_URL ?? 'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
  });
}
