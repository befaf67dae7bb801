// @ts-check
// Benchmark of record history, bulk changes and merging (a fresh stack in its own process): what
// recording history costs a single-row update through the gateway (with vs without the history
// triggers, interleaved), the History tab's first page of a record with 1,000 events, a bulk status
// change of 10,000 selected rows, and a merge of two contacts with 50 related rows each.
// Usage: npm run bench -- --only=history   (STEWARD_HISTORY_BENCH_PORT_BASE, default 54921)
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { median, printRow, spreadNote } from '../../scripts/lib/benchReport.mjs';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../local/keys.mjs';
import { startBenchStack } from './benchStack.mjs';

const UPDATE_RUNS = 200;
const PAGE_RUNS = 50;
const BULK_ROWS = 10_000;
const BULK_RUNS = 3;
const MERGES = 7;
const RELATED = 50;

/**
 * @param {string} apiUrl
 * @param {string} method
 * @param {string} path
 * @param {{ token?: string, body?: unknown, schema?: string, key?: string }} [options]
 */
async function rest(apiUrl, method, path, { token, body, schema = 'public', key = ANON_KEY } = {}) {
  const response = await fetch(`${apiUrl}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: key,
      authorization: `Bearer ${token ?? key}`,
      'content-type': 'application/json',
      'accept-profile': schema,
      'content-profile': schema,
      prefer: 'return=minimal',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** @param {() => Promise<unknown>} fn */
async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}


export async function runHistoryBench() {
  const portBase = Number(process.env.STEWARD_HISTORY_BENCH_PORT_BASE ?? 54921);
  const stack = await startBenchStack(portBase);
  const apiUrl = stack.config.apiUrl;
  const db = new pg.Client({ connectionString: stack.config.dbUrl });
  await db.connect();
  try {
    const stamp = Date.now().toString(36);
    const owner = { email: `history.bench.${stamp}@example.test`, password: 'History-bench-2026', org: `History Bench ${stamp}` };
    await rest(apiUrl, 'POST', 'rpc/apply_for_access', {
      key: SERVICE_ROLE_KEY,
      body: { p_email: owner.email, p_password: owner.password, p_full_name: 'Bench Owner', p_business_name: owner.org },
    });
    const session = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    const { access_token: token } = await session.json();

    // 10,000 contacts of the organisation, written as the database owner (no history for the fixture).
    await db.query('alter table crm.contacts disable trigger steward_90_history_insert');
    await db.query(
      `insert into crm.contacts (org_name, name, first_name, last_name)
       select $1, 'Contact ' || lpad(i::text, 5, '0'), 'Contact', i::text from generate_series(1, $2) i`,
      [owner.org, BULK_ROWS],
    );
    await db.query('alter table crm.contacts enable trigger steward_90_history_insert');
    await db.query('analyze crm.contacts');
    const { rows: contactRows } = await db.query('select id from crm.contacts where org_name = $1 order by name', [owner.org]);
    /** @type {string[]} */
    const ids = contactRows.map((row) => row.id);

    // 1. A single-row update through the gateway, with and without the history triggers, interleaved.
    const target = ids[0];
    const withHistory = [];
    const withoutHistory = [];
    for (let run = 0; run < UPDATE_RUNS + 20; run += 1) {
      const off = run % 2 === 1;
      if (off) await db.query('alter table crm.contacts disable trigger steward_90_history_update');
      const elapsed = await timed(() => rest(apiUrl, 'PATCH', `contacts?id=eq.${target}`, { token, schema: 'crm', body: { nickname: `n${run}` } }));
      if (off) await db.query('alter table crm.contacts enable trigger steward_90_history_update');
      if (run >= 20) (off ? withoutHistory : withHistory).push(elapsed);
    }
    printRow({
      figure: 'history recording overhead on a single-row update (p50 with ÷ without, through the gateway)',
      value: median(withHistory) / median(withoutHistory),
      unit: '×',
      budget: 1.3,
      note: `with ${median(withHistory).toFixed(2)} ms, without ${median(withoutHistory).toFixed(2)} ms; ${UPDATE_RUNS / 2} runs each, interleaved`,
    });

    // 2. The History tab's first page of a record with 1,000 events.
    const busy = ids[1];
    for (let i = 0; i < 1000; i += 1) await db.query('update crm.contacts set nickname = $1 where id = $2', [`v${i}`, busy]);
    const page = [];
    for (let run = 0; run < PAGE_RUNS + 10; run += 1) {
      const elapsed = await timed(async () => {
        const rows = await fetch(`${apiUrl}/rest/v1/rpc/record_history_page`, {
          method: 'POST',
          headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ p_record_id: busy }),
        }).then((response) => response.json());
        if (!Array.isArray(rows) || rows.length !== 50) throw new Error(`history page: ${JSON.stringify(rows).slice(0, 200)}`);
      });
      if (run >= 10) page.push(elapsed);
    }
    printRow({ figure: 'History tab, record with 1,000 events, first page (50)', value: median(page), unit: 'ms', budget: 30, note: `p50 of ${PAGE_RUNS}, ${spreadNote(page)}` });

    // 3. A bulk status change of 10,000 selected rows: one call, one transaction, history for each.
    const bulk = [];
    for (let run = 0; run < BULK_RUNS; run += 1) {
      const status = run % 2 === 0 ? 'Inactive - Former' : 'Active';
      bulk.push(await timed(() => rest(apiUrl, 'POST', 'rpc/bulk_update', { token, body: { p_table: 'crm.contacts', p_ids: ids, p_changes: { status } } })));
    }
    printRow({ figure: `bulk status change of ${BULK_ROWS.toLocaleString('en')} selected rows`, value: median(bulk) / 1000, unit: 's', budget: 2, note: `median of ${BULK_RUNS}: ${bulk.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s` });

    // 4. Merging two contacts, each with 50 related rows (25 contact methods, 25 notes).
    const { rows: typeRows } = await db.query(`select id from crm.contact_method_types where org_name = '_system_default_' and kind = 'phone' limit 1`);
    const phoneType = typeRows[0].id;
    const merges = [];
    for (let run = 0; run < MERGES; run += 1) {
      const pair = [ids[100 + run * 2], ids[101 + run * 2]];
      for (const contact of pair) {
        await db.query(
          `insert into crm.contact_methods (org_name, contact_id, type_id, value, label)
           select $1, $2, $3, '555-' || lpad(i::text, 4, '0'), 'Phone' from generate_series(1, $4) i`,
          [owner.org, contact, phoneType, RELATED / 2],
        );
        await db.query(
          `insert into crm.notes (org_name, contact_id, name, description) select $1, $2, 'Note ' || i, 'text' from generate_series(1, $3) i`,
          [owner.org, contact, RELATED / 2],
        );
      }
      const elapsed = await timed(() =>
        rest(apiUrl, 'POST', 'rpc/merge_records', { token, schema: 'crm', body: { p_kind: 'contacts', p_survivor: pair[0], p_merged: pair[1], p_values: {} } }),
      );
      if (run >= 2) merges.push(elapsed);
    }
    printRow({ figure: `merge of two contacts each with ${RELATED} related rows`, value: median(merges), unit: 'ms', budget: 200, note: `median of ${merges.length}, ${spreadNote(merges)}` });
  } finally {
    await db.end();
    await stack.stop();
  }
}
