// The CRM remote's benchmark rows (called by scripts/bench.mjs with a running platform): the /contacts
// first page through the gateway with an exact count, in an organisation holding 10,000 contacts and
// 30,000 contact methods; median of the runs, timed from the client like the browser's request. The
// request is the one the contacts list sends: recorded once from the page in Chromium, then replayed.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { median, printRow } from '../../../scripts/lib/benchReport.mjs';
import { settleDatabase } from '../../../scripts/lib/settleDatabase.mjs';
import { REST_POOL_SIZE } from '../../../supabase/local/postgrest.mjs';

import { launchChromium, signInPage } from '../../../scripts/lib/chromium.mjs';

const CONTACTS = 10_000;
const RUNS = Math.max(20, Number(process.env.STEWARD_BENCH_RUNS ?? 20));
const CHUNK = 1000;
const PHONE_TYPE = '00000000-0000-4000-8012-000000000002';
const EMAIL_TYPE = '00000000-0000-4000-8012-000000000004';
const WEB_TYPE = '00000000-0000-4000-8012-000000000007';

async function rest(apiUrl, key, method, pathAndQuery, { body, schema = 'public', headers = {}, token = key } = {}) {
  const response = await fetch(`${apiUrl}/rest/v1/${pathAndQuery}`, {
    method,
    headers: {
      apikey: key,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'accept-profile': schema,
      'content-profile': schema,
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathAndQuery}: ${response.status} ${await response.text()}`);
  return response;
}

async function seed(stack) {
  const stamp = Date.now().toString(36);
  const owner = { email: `crm.bench.${stamp}@example.test`, password: 'Crm-bench-2026', org: `CRM Bench ${stamp}` };
  await rest(stack.apiUrl, stack.serviceRoleKey, 'POST', 'rpc/apply_for_access', {
    body: { p_email: owner.email, p_password: owner.password, p_full_name: 'Bench Owner', p_business_name: owner.org },
  });
  for (let start = 0; start < CONTACTS; start += CHUNK) {
    const contacts = [];
    const methods = [];
    for (let i = start; i < Math.min(CONTACTS, start + CHUNK); i += 1) {
      const id = randomUUID();
      contacts.push({ id, org_name: owner.org, name: `Contact ${String(i).padStart(5, '0')}`, first_name: 'Contact', last_name: String(i) });
      methods.push(
        { org_name: owner.org, contact_id: id, type_id: PHONE_TYPE, value: `555-${String(i).padStart(4, '0')}`, label: 'Mobile', is_primary: true },
        { org_name: owner.org, contact_id: id, type_id: EMAIL_TYPE, value: `c${i}@example.test`, label: 'Email', is_primary: true },
        { org_name: owner.org, contact_id: id, type_id: WEB_TYPE, value: `https://example.test/${i}`, label: 'Website', is_primary: false },
      );
    }
    await rest(stack.apiUrl, stack.serviceRoleKey, 'POST', 'contacts', { schema: 'crm', body: contacts, headers: { prefer: 'return=minimal' } });
    await rest(stack.apiUrl, stack.serviceRoleKey, 'POST', 'contact_methods', { schema: 'crm', body: methods, headers: { prefer: 'return=minimal' } });
  }
  const session = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  if (!session.ok) throw new Error(`sign-in: ${session.status}`);
  const { access_token: token } = await session.json();
  return { owner, token };
}

/** The tables as autovacuum leaves them a minute after the import, so the plan is the steady one. */
async function settle(dbUrl) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await settleDatabase(client, ['crm.contacts', 'crm.contact_methods', 'app.shown_contact_methods']);
  } finally {
    await client.end();
  }
}

/** The request the contacts list sends for its first page, as the page sends it (path and query after /rest/v1/). */
async function contactsListRequest({ baseURL, apiUrl, anonKey }, owner) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await signInPage(page, { apiUrl, anonKey, baseURL, email: owner.email, password: owner.password });
    const request = page.waitForRequest((candidate) => candidate.method() === 'GET' && new URL(candidate.url()).pathname.endsWith('/rest/v1/contacts_view'), { timeout: 60_000 });
    await page.goto(new URL('/contacts', baseURL).toString());
    const url = new URL((await request).url());
    return `contacts_view${url.search}`;
  } finally {
    await browser.close();
  }
}

/** @param {{ baseURL: string, apiUrl: string, anonKey: string, serviceRoleKey: string, dbUrl: string }} stack */
export async function runCrmBench(stack) {
  if (!stack.baseURL) throw new Error('The CRM bench opens /contacts in the browser: give it the platform URL (baseURL)');
  const { owner, token } = await seed(stack);
  await settle(stack.dbUrl);
  const query = await contactsListRequest(stack, owner);
  const times = [];
  let total = null;
  // Steady state: PostgREST hands requests to its pooled connections in turn, and a connection's first
  // run of a query loads the views' and tables' catalog entries and policies (a few ms). Earlier
  // benchmarks leave the pool full, so the runs before the timed ones reach every connection once.
  const warmup = REST_POOL_SIZE + 3;
  for (let run = 0; run < RUNS + warmup; run += 1) {
    const started = performance.now();
    const response = await rest(stack.apiUrl, stack.anonKey, 'GET', query, { schema: 'crm', token, headers: { prefer: 'count=exact' } });
    const rows = await response.json();
    const elapsed = performance.now() - started;
    total = response.headers.get('content-range');
    if (rows.length !== 200) throw new Error(`expected a first page of 200 rows, got ${rows.length}`);
    if (run >= warmup) times.push(elapsed);
  }
  printRow({ figure: '/contacts first page, exact count (10k contacts, 30k methods)', value: median(times), unit: 'ms', budget: 30, note: `p50 of ${RUNS}, ${total}` });
}
