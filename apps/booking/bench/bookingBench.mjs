// The public booking page's benchmark rows, with a running stack: availability and prices for 30 units
// over a 7-night search (public.booking_search as a visitor, through the gateway: every unit quoted by
// catalog.quote_stay), and 50 guests booking the last 5 rooms at once (public.booking_request, each
// from a client address of its own as the request limits count them): how many stays, clear refusals
// and double bookings; and, given the platform's URL, the JavaScript a phone fetches for the booking
// page's first view (a visitor's first visit, nothing cached: every script, as served).
// Called by scripts/bench.mjs with the area rows; alone: `node apps/booking/bench/bookingBench.mjs`
// against STEWARD_BENCH_API_URL / STEWARD_BENCH_DB_URL (default: a stack on the default ports) and,
// for the page's row, STEWARD_BENCH_BASE_URL (a running platform).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { median, percentile, printRow } from '../../../scripts/lib/benchReport.mjs';
import { settleDatabase } from '../../../scripts/lib/settleDatabase.mjs';
import { waitForQuietMachine } from '../../../scripts/lib/quietMachine.mjs';
import { launchChromium, trackJsBytes } from '../../../scripts/lib/chromium.mjs';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../../supabase/local/keys.mjs';

const RUNS = 60;
const WARMUP = 5;
const UNITS = 30;
const NIGHTS = 7;
const GUESTS = 50;
const LAST_ROOMS = 5;
const PAGE_RUNS = 5;
const KB = 1024;
/** The phone budget of a first view's JavaScript, as for the shell's first screen (docs/performance.md). */
const FIRST_VIEW_JS_BUDGET_KB = 300;

async function newOrganisation({ apiUrl, serviceRoleKey }, label) {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const orgName = `${label} ${stamp}`;
  const response = await fetch(`${apiUrl}/rest/v1/rpc/apply_for_access`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_email: `booking-bench-${stamp}@bench.steward.dev`, p_password: 'Bench-pass-2026', p_full_name: 'Bench Owner', p_business_name: orgName }),
  });
  if (!response.ok) throw new Error(`apply_for_access: ${response.status} ${await response.text()}`);
  return orgName;
}

/** A visitor's POST to a public booking function, from a given loopback address (its own client). */
function visitorRpc(apiUrl, anonKey, name, body, fromIp = '127.0.0.1') {
  const payload = JSON.stringify(body);
  const target = new URL(`${apiUrl}/rest/v1/rpc/${name}`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname, port: target.port, localAddress: fromIp, method: 'POST', path: target.pathname, agent: false,
        headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const spread = (times) => `p10 ${percentile(times, 10).toFixed(1)} · p90 ${percentile(times, 90).toFixed(1)} ms over ${times.length} runs`;

/** Units of one class with two overlapping rates (a weekend rate needing two nights over a nightly one). */
async function lodge(client, orgName, units) {
  await client.query(`insert into catalog.lodging_settings (org_name, tax_percent, stay_fee, nightly_fee, deposit_percent) values ($1, 10, 20, 0, 25)`, [orgName]);
  const { rows: [rooms] } = await client.query(`insert into catalog.accommodation_classes (org_name, name) values ($1, 'Rooms') returning id`, [orgName]);
  await client.query(
    `insert into catalog.accommodations (org_name, name, base_rate, capacity, class_id)
     select $1, 'Room ' || lpad(n::text, 3, '0'), 140, 4, $2 from generate_series(1, $3::int) n`,
    [orgName, rooms.id, units],
  );
  await client.query(
    `insert into catalog.accommodation_rates (org_name, name, class_id, priority, qty, min_stay, max_advance_days, mon, tue, wed, thu, fri, sat, sun, included_adults, additional_adult)
     values ($1, 'Nightly', $2, 10, 1, 1, 365, 139, 139, 139, 139, 169, 169, 139, 2, 20),
            ($1, 'Weekend getaway', $2, 30, 1, 2, 365, null, null, null, null, 249, 249, 249, 2, 20)`,
    [orgName, rooms.id],
  );
}

/**
 * The database's own CPU time for one search (booking_search on one connection, read from its backend's
 * /proc entry): what the search costs whatever else the host is doing, as wall time under load is not.
 * Null when the database is not a process of this machine.
 */
async function searchCpuMs(client, search, runs = 30) {
  const { rows: [{ pid }] } = await client.query('select pg_backend_pid() as pid');
  const ticks = () => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  };
  const sql = 'select public.booking_search($1, $2::date, $3::date, $4, $5, $6)';
  const args = [search.p_org, search.p_check_in, search.p_check_out, search.p_adults, search.p_children, search.p_pets];
  for (let i = 0; i < 5; i += 1) await client.query(sql, args);
  const before = ticks();
  if (before === null) return null;
  for (let i = 0; i < runs; i += 1) await client.query(sql, args);
  const after = ticks();
  return after === null ? null : ((after - before) * 10) / runs;
}

/** A visitor's first view of the booking page, nothing cached: every script's bytes as served, until the search form shows. */
async function firstViewJs(baseURL, orgName) {
  const browser = await launchChromium();
  const sizes = [];
  try {
    for (let i = 0; i < PAGE_RUNS; i += 1) {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      const js = trackJsBytes(page);
      await page.goto(new URL(`/book/${encodeURIComponent(orgName)}`, baseURL).toString());
      await page.getByRole('form', { name: 'Search stays' }).waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      sizes.push(await js.total());
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return sizes;
}

export async function runBookingBench({ apiUrl, anonKey = ANON_KEY, serviceRoleKey = SERVICE_ROLE_KEY, dbUrl, baseURL }) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    // 1. A 7-night search over 30 free units, each priced.
    const searchOrg = await newOrganisation({ apiUrl, serviceRoleKey }, 'Booking Search Bench');
    await lodge(client, searchOrg, UNITS);
    await settleDatabase(client, ['catalog.accommodations', 'catalog.accommodation_rates', 'catalog.reservations']);
    const search = { p_org: searchOrg, p_check_in: day(30), p_check_out: day(30 + NIGHTS), p_adults: 3, p_children: 1, p_pets: 0 };
    const call = async (index) => {
      const started = performance.now();
      // Each search from an address of its own: the row times the search, not the request limit.
      const answer = await visitorRpc(apiUrl, anonKey, 'booking_search', search, `127.0.81.${(index % 250) + 1}`);
      const ms = performance.now() - started;
      if (answer.status !== 200 || !answer.body.ok || answer.body.offers.length !== UNITS) throw new Error(`booking_search: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      return ms;
    };
    for (let i = 0; i < WARMUP; i += 1) await call(i);
    const quiet = await waitForQuietMachine();
    const times = [];
    for (let i = 0; i < RUNS; i += 1) times.push(await call(WARMUP + i));
    const cpu = await searchCpuMs(client, search);
    printRow({
      figure: `availability + prices for ${UNITS} units over a ${NIGHTS}-night search (booking_search, via the API): p50`,
      value: percentile(times, 50),
      unit: 'ms',
      budget: 50,
      note: `${spread(times)}; median ${median(times).toFixed(1)} ms; CPU ${(quiet.busy * 100).toFixed(0)} % busy before${cpu === null ? '' : `; the database's CPU time ${cpu.toFixed(1)} ms a search (every unit priced in one statement, catalog.quote_stays)`}`,
    });
    if (baseURL) {
      const sizes = await firstViewJs(baseURL, searchOrg);
      printRow({
        figure: 'first-view JS of the public booking page on a phone (Brotli, as served, first visit)',
        value: median(sizes) / KB,
        unit: 'KB',
        budget: FIRST_VIEW_JS_BUDGET_KB,
        note: `median of ${sizes.length}, spread ${(Math.min(...sizes) / KB).toFixed(1)}–${(Math.max(...sizes) / KB).toFixed(1)} KB; every script a first visit loads until the network is idle after the search form shows, nothing cached`,
      });
    }

    // 2. 50 guests at once for the last 5 rooms (ten for each), each from its own address.
    const raceOrg = await newOrganisation({ apiUrl, serviceRoleKey }, 'Booking Race Bench');
    await lodge(client, raceOrg, LAST_ROOMS);
    const offers = (await visitorRpc(apiUrl, anonKey, 'booking_search', { ...search, p_org: raceOrg, p_check_in: day(40), p_check_out: day(42), p_adults: 2, p_children: 0 }, '127.0.82.1')).body.offers;
    if (offers.length !== LAST_ROOMS) throw new Error(`${offers.length} rooms free, expected ${LAST_ROOMS}`);
    const answers = await Promise.all(
      Array.from({ length: GUESTS }, (_, guest) => {
        const offer = offers[guest % LAST_ROOMS];
        return visitorRpc(apiUrl, anonKey, 'booking_request', {
          p_org: raceOrg, p_accommodation_id: offer.accommodation_id, p_check_in: day(40), p_check_out: day(42), p_adults: 2, p_children: 0, p_pets: 0,
          p_name: `Guest ${guest}`, p_email: `guest-${guest}@bench.steward.dev`, p_phone: null, p_note: null, p_total: offer.quote.total,
        }, `127.0.83.${guest + 1}`);
      }),
    );
    const booked = answers.filter((answer) => answer.status === 200 && answer.body.ok).length;
    const refused = answers.filter((answer) => answer.status === 200 && !answer.body.ok && answer.body.gone && /has just been booked/.test(answer.body.reason)).length;
    const { rows: [overlaps] } = await client.query(
      `select count(*)::int as n from catalog.reservations a join catalog.reservations b
         on a.accommodation_id = b.accommodation_id and a.id < b.id
        and tstzrange(a.check_in, a.check_out) && tstzrange(b.check_in, b.check_out)
        and app.reservation_is_active(a.status) and app.reservation_is_active(b.status)
       where a.org_name = $1`,
      [raceOrg],
    );
    printRow({
      figure: `${GUESTS} concurrent guests booking the last ${LAST_ROOMS} rooms: double bookings`,
      value: overlaps.n,
      unit: '',
      budget: 0,
      note: `${booked} stays, ${refused} clear refusals ("… has just been booked …", with what is still free), ${GUESTS - booked - refused} other answers`,
    });
    if (booked !== LAST_ROOMS || refused !== GUESTS - LAST_ROOMS) throw new Error(`${booked} stays and ${refused} refusals, expected ${LAST_ROOMS} and ${GUESTS - LAST_ROOMS}`);
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runBookingBench({
    apiUrl: process.env.STEWARD_BENCH_API_URL ?? 'http://127.0.0.1:54321',
    dbUrl: process.env.STEWARD_BENCH_DB_URL ?? 'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
    baseURL: process.env.STEWARD_BENCH_BASE_URL,
  });
}
