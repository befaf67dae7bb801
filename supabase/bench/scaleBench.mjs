// @ts-check
// `npm run bench -- --only=scale`: global search and the CRM lists at a million contacts, through the
// gateway and row-level security as the demo owner (and custom fields: a choice filter, a date sort, a
// page with 20 fields shown, adding a field). Seeds Cedar Grove Outfitters with 1,000,000
// contacts (3,000,000 phones and e-mails), 100,000 businesses and 100,000 households, and 9 other
// organisations with 50,000 contacts each (supabase/bench/scaleSeed.sql, generate_series in SQL), in a
// stack of its own; then measures each figure over many different queries and checks that no answer
// holds another organisation's row.
//
// Usage: node supabase/bench/scaleBench.mjs  (STEWARD_SCALE_BENCH_PORT_BASE, default 54721;
// STEWARD_SCALE_BENCH_API_URL + STEWARD_SCALE_BENCH_DB_URL measure an already running stack instead,
// seeding it only when its big organisation is not seeded yet).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { printRow } from '../../scripts/lib/benchReport.mjs';
import { REPO_ROOT } from '../local/config.mjs';
import { ANON_KEY } from '../local/keys.mjs';
import { startBenchStack } from './benchStack.mjs';

const BIG_ORG = 'Cedar Grove Outfitters';
const SCOPE = `("${BIG_ORG}","_system_default_")`;
const DEMO = { email: 'demo@steward.dev', password: 'Steward-demo-2026' };
const CONTACTS = Number(process.env.STEWARD_SCALE_CONTACTS ?? 1_000_000);
const OTHER_ORGS = 9;
const OTHER_CONTACTS = 50_000;
const REPEATS = Number(process.env.STEWARD_SCALE_REPEATS ?? 3);
/** The 20-field row of a page that list_page_rows reads (a filtered or custom-sorted page). */
const FILTERED_FIELDS_ROW = 'list page with 20 custom fields shown through list_page_rows (a filtered or custom-sorted page), 200 rows (× the same page without them)';

/** @param {number[]} values @param {number} p */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** p50, p95 and the spread of a set of timings, for a row's note. @param {number[]} values */
function spread(values) {
  return `p95 ${percentile(values, 95).toFixed(0)} ms, min–max ${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms over ${values.length}`;
}

/** A SQL literal. @param {string} value */
const literal = (value) => `'${value.replaceAll("'", "''")}'`;

/** The seed file with its psql variables filled in. @param {string} sql @param {Record<string, string | number>} vars */
function fill(sql, vars) {
  return sql.replace(/:'(\w+)'|:(\w+)\b/g, (match, quoted, bare) => {
    const name = quoted ?? bare;
    if (!(name in vars)) return match;
    return quoted ? literal(String(vars[name])) : String(vars[name]);
  });
}

/** @param {pg.Client} db */
async function seed(db) {
  const sql = await readFile(path.join(REPO_ROOT, 'supabase/bench/scaleSeed.sql'), 'utf8');
  const started = performance.now();
  const { rows: big } = await db.query('select count(*)::int as n from crm.contacts where org_name = $1', [BIG_ORG]);
  if (big[0].n < CONTACTS) {
    const { rows } = await db.query(`select id from public.user_profiles where org_name = $1 and auth_user_id = (select id from auth.users where email = $2)`, [BIG_ORG, DEMO.email]);
    await db.query(fill(sql, { org: BIG_ORG, contacts: CONTACTS, businesses: 100_000, households: 100_000, creator: rows[0].id }));
  }
  for (let i = 1; i <= OTHER_ORGS; i += 1) {
    const orgName = `Scale Bench Org ${i}`;
    const { rows: existing } = await db.query('select 1 from public.organizations where name = $1', [orgName]);
    if (existing.length > 0) continue;
    const email = `scale-owner-${i}@bench.example`;
    const applied = await db.query(`select public.apply_for_access($1, 'Scale-bench-2026', $2, $3) as result`, [email, `Scale Owner ${i}`, orgName]);
    await db.query(fill(sql, { org: orgName, contacts: OTHER_CONTACTS, businesses: 1_000, households: 1_000, creator: applied.rows[0].result.profile_id }));
  }
  await db.query('vacuum analyze crm.contacts, crm.contact_methods, crm.businesses, crm.households, app.shown_contact_methods');
  return (performance.now() - started) / 1000;
}

/**
 * Two custom fields on the big organisation's contacts, "Bench level" (a single choice of four) and
 * "Bench waiver" (a date), with a value on every contact: once per stack.
 * @param {pg.Client} db
 */
async function seedCustomFields(db) {
  const level = '0bec0000-0000-4000-8000-000000000001';
  const waiver = '0bec0000-0000-4000-8000-000000000002';
  const choices = ['Beginner', 'Improver', 'Intermediate', 'Expert'].map((label, i) => ({ id: `0bec0000-0000-4000-8001-00000000000${i + 1}`, label }));
  const { rows } = await db.query('select 1 from settings.custom_fields where id = $1', [level]);
  if (rows.length === 0) {
    const started = performance.now();
    await db.query(
      `insert into settings.custom_fields (id, org_name, record_kind, label, field_type, choices) values
         ($1, $3, 'contact', 'Bench level', 'single_choice', $4), ($2, $3, 'contact', 'Bench waiver', 'date', '[]')`,
      [level, waiver, BIG_ORG, JSON.stringify(choices)],
    );
    await db.query('begin');
    await db.query(`set local session_replication_role = replica`);
    await db.query(
      `update crm.contacts c set custom = jsonb_build_object($1::text, ($3::text[])[1 + abs(hashtext(c.id::text)) % 4],
                                                              $2::text, to_char(date '2026-01-01' + abs(hashtext(c.name || c.id::text)) % 1500, 'YYYY-MM-DD'))
        where c.org_name = $4`,
      [level, waiver, choices.map((choice) => choice.id), BIG_ORG],
    );
    await db.query('commit');
    await db.query('vacuum analyze crm.contacts');
    console.log(`(custom values on every contact of ${BIG_ORG} in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  // The values were written with the per-row triggers off: their sort keys are written set-wise, as a
  // migration writes those of the values already stored (once per stack).
  const { rows: keyed } = await db.query('select 1 from app.custom_sort_keys where field_id = $1 limit 1', [waiver]);
  if (keyed.length === 0) {
    const started = performance.now();
    await db.query('select app.custom_sort_keys_of_field($1), app.custom_sort_keys_of_field($2)', [level, waiver]);
    await db.query('vacuum analyze app.custom_sort_keys');
    console.log(`(sort keys of ${BIG_ORG}'s custom values in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  return { level, waiver, choices: choices.map((choice) => choice.id) };
}

/** @param {string} apiUrl */
async function signIn(apiUrl) {
  const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const body = await response.json();
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return /** @type {string} */ (body.access_token);
}

/**
 * One timed GET through the gateway. @param {string} url @param {string} token
 * @param {Record<string, string>} [headers]
 */
async function timedGet(url, token, headers = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, ...headers } });
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${response.status} ${url}: ${JSON.stringify(body)}`);
  return { ms, body, range: response.headers.get('content-range') };
}

/**
 * Queries of each kind, taken from the seeded data so each finds something: prefixes, full names,
 * names with one typo, phone fragments, e-mail fragments.
 * @param {pg.Client} db
 */
async function searchQueries(db) {
  const { rows } = await db.query(
    `select c.name, c.first_name, c.last_name,
            (select value from crm.contact_methods m where m.contact_id = c.id and m.label = 'Mobile') as phone,
            (select value from crm.contact_methods m where m.contact_id = c.id and m.label = 'Email') as email
     from crm.contacts c where c.org_name = $1 and c.created_by is not null and c.first_name is not null
     order by c.id limit 20`,
    [BIG_ORG],
  );
  /** @param {string} word */
  const typo = (word) => (word.length > 3 ? word.slice(0, 1) + word[2] + word[1] + word.slice(3) : `${word}x`);
  return {
    'prefix (3 letters)': rows.map((row) => row.last_name.slice(0, 3)),
    'full name': rows.map((row) => row.name),
    'name with a typo': rows.map((row) => `${row.first_name} ${typo(row.last_name)}`),
    'phone fragment': rows.map((row) => String(row.phone).replace(/^\((\d+)\) (\d+)-.*$/, '$1 $2')),
    'e-mail fragment': rows.map((row) => String(row.email).split('@')[0]),
  };
}

/** @param {string} apiUrl @param {string} dbUrl */
async function measure(apiUrl, dbUrl) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows: seeded } = await db.query(
      `select (select count(*) from crm.contacts where org_name = $1)::int as n, exists (select 1 from public.organizations where name = $2) as others`,
      [BIG_ORG, `Scale Bench Org ${OTHER_ORGS}`],
    );
    if (seeded[0].n < CONTACTS || !seeded[0].others) {
      const seconds = await seed(db);
      console.log(`(seeded ${CONTACTS.toLocaleString('en-US')} contacts and the rest in ${seconds.toFixed(0)} s)`);
    }
    const token = await signIn(apiUrl);
    const rpc = `${apiUrl}/rest/v1/rpc/global_search`;
    /** @type {Set<string>} */
    const seenIds = new Set();
    const queries = await searchQueries(db);
    const all = [];
    // Warm the caches the way a running server is warm.
    for (const query of queries['full name'].slice(0, 3)) await timedGet(`${rpc}?p_query=${encodeURIComponent(query)}&p_org_name=${encodeURIComponent(BIG_ORG)}`, token);
    for (const [label, list] of Object.entries(queries)) {
      const times = [];
      let empty = 0;
      for (let round = 0; round < REPEATS; round += 1) {
        for (const query of list) {
          const { ms, body } = await timedGet(`${rpc}?p_query=${encodeURIComponent(query)}&p_org_name=${encodeURIComponent(BIG_ORG)}`, token);
          times.push(ms);
          if (body.length === 0) empty += 1;
          for (const hit of body) seenIds.add(hit.id);
        }
      }
      all.push(...times);
      printRow({
        figure: `global search at 1M contacts, ${label}: p50`,
        value: percentile(times, 50),
        unit: 'ms',
        budget: 100,
        note: `${spread(times)} (p95 budget 250); ${list.length} queries × ${REPEATS}, e.g. "${list[0]}"; ${empty} without a result`,
      });
    }
    printRow({ figure: 'global search at 1M contacts, all kinds: p95', value: percentile(all, 95), unit: 'ms', budget: 250 });

    const contactsView = `${apiUrl}/rest/v1/contacts_view`;
    const select = 'id,short_id,name,org_name,status,primary_phone,primary_email,address_line_1,address_line_2,city,state,zip,country,address_line_3,spouse_name,type_name,primary_owner_name,primary_owner_short_id,secondary_owner_name,secondary_owner_short_id';
    const base = `${contactsView}?select=${select}&org_name=in.${encodeURIComponent(SCOPE)}&archive=not.is.true`;
    const crm = { 'accept-profile': 'crm' };
    /** @param {string} url @param {Record<string, string>} headers @param {number} runs */
    const timesOf = async (url, headers, runs = 10) => {
      const times = [];
      let range = null;
      let failed = 0;
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        try {
          const result = await timedGet(url, token, { ...crm, ...headers });
          range = result.range;
          for (const row of result.body) seenIds.add(row.id);
        } catch {
          failed += 1; // the statement timeout: its time counts
        }
        times.push(performance.now() - started);
      }
      return { times, range, failed };
    };
    const firstPage = `${base}&order=name.asc,id.asc&offset=0&limit=200`;
    const estimated = await timesOf(firstPage, { prefer: 'count=estimated' }, 20);
    printRow({ figure: '/contacts at 1M, first page with its count (estimated past 1,000)', value: percentile(estimated.times, 50), unit: 'ms', budget: 50, note: `${spread(estimated.times)}; Content-Range ${estimated.range}` });
    const exact = await timesOf(firstPage, { prefer: 'count=exact' }, 5);
    printRow({ figure: '/contacts at 1M, first page with the exact count (on request)', value: percentile(exact.times, 50), unit: 'ms', budget: 1000, note: `${spread(exact.times)}; Content-Range ${exact.range}; asked for by Count exactly only` });

    // What the list sends for a text filter or a deep page (libs/src/data/listQuery.ts): one
    // call to public.list_page_rows, which finds the page's ids and reads those rows from the view as
    // the caller.
    /** @param {Record<string, unknown>} call */
    const listPage = async (call) => {
      const started = performance.now();
      const response = await fetch(`${apiUrl}/rest/v1/rpc/list_page_rows`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ p_relation: 'crm.contacts_view', p_org_names: [BIG_ORG, '_system_default_'], p_eq: {}, p_exclude_archived: true, p_filter: { and: [] }, p_sort: [{ field: 'name', desc: false }], p_offset: 0, p_limit: 200, p_after: null, p_count: null, p_columns: select.split(','), ...call }),
      });
      const body = await response.json();
      // A set of one page (none when the function declines the call).
      const answer = response.ok && Array.isArray(body) ? body[0] : undefined;
      if (!answer) throw new Error(`list_page_rows: ${JSON.stringify(body)}`);
      for (const row of answer.rows) seenIds.add(row.id);
      return { ms: performance.now() - started, rows: answer.rows, total: answer.total, estimated: answer.estimated };
    };

    const fragments = ['smi', 'garc', 'illia', 'ander', 'rodrig', 'jennife', 'thompson', 'martinez'];
    const contains = [];
    let mismatched = 0;
    let lastTotal = '';
    for (let round = 0; round < REPEATS; round += 1) {
      for (const fragment of fragments) {
        const page = await listPage({ p_filter: { field: 'name', op: 'contains', value: fragment }, p_count: 'estimated' });
        contains.push(page.ms);
        if (page.rows.some((/** @type {{ name: string } | undefined} */ row) => !row || !row.name.toLowerCase().includes(fragment))) mismatched += 1;
        lastTotal = `${page.estimated ? 'about ' : ''}${page.total} for "${fragment}"`;
      }
    }
    // The same first pages through the list's former query (PostgREST's ilike through row-level security), once each.
    const former = [];
    for (const fragment of fragments) {
      const started = performance.now();
      await timedGet(`${base}&or=${encodeURIComponent(`(name.ilike.*${fragment}*)`)}&order=name.asc,id.asc&offset=0&limit=200`, token, { ...crm, prefer: 'count=estimated' }).catch(() => undefined);
      former.push(performance.now() - started);
    }
    printRow({
      figure: '/contacts at 1M, "Name contains" 3 to 8 characters, first page',
      value: percentile(contains, 50),
      unit: 'ms',
      budget: 150,
      reference: percentile(former, 50),
      note: `${spread(contains)}; ${fragments.join(', ')}, with the count (${lastTotal}); ${mismatched} pages holding a row that does not match; reference: the former ilike query through RLS`,
    });

    // Page 500 of the name-sorted list: opened directly (a skip in the (org_name, name, id) index),
    // and reached from page 499 (a seek from its last row).
    const direct = [];
    const seek = [];
    let disagree = 0;
    for (let i = 0; i < 5 * REPEATS; i += 1) {
      const opened = await listPage({ p_offset: 499 * 200 });
      direct.push(opened.ms);
      const before = await listPage({ p_offset: 498 * 200 });
      const last = before.rows.at(-1);
      const next = await listPage({ p_offset: 499 * 200, p_after: { values: [last.name], id: last.id } });
      seek.push(next.ms);
      if (JSON.stringify(next.rows.map((/** @type {{ id: string }} */ row) => row.id)) !== JSON.stringify(opened.rows.map((/** @type {{ id: string }} */ row) => row.id))) disagree += 1;
    }
    printRow({ figure: '/contacts at 1M, page 500 sorted by name, opened directly', value: percentile(direct, 50), unit: 'ms', budget: 100, note: spread(direct) });
    printRow({ figure: '/contacts at 1M, page 500 sorted by name, after page 499 (seek)', value: percentile(seek, 50), unit: 'ms', budget: 100, note: `${spread(seek)}; ${disagree} times the two ways gave different rows` });

    // Custom fields (issue 48) at a million contacts: a single choice and a date on every contact of
    // the big organisation (values written with the per-row triggers off, as the seed writes rows);
    // the list filtered on the choice and sorted by the date through list_page, as the list asks.
    const custom = await seedCustomFields(db);
    const choiceFilter = [];
    let choiceMismatched = 0;
    for (let round = 0; round < REPEATS * 3; round += 1) {
      const choice = custom.choices[round % custom.choices.length];
      const page = await listPage({ p_filter: { field: `custom.${custom.level}`, op: 'any_of', value: [choice] }, p_count: 'estimated' });
      choiceFilter.push(page.ms);
      if (page.rows.length < 200 || page.rows.some((/** @type {{ id: string }} */ row) => !row)) choiceMismatched += 1;
    }
    printRow({
      figure: 'filter on a single-choice custom field at 1M contacts, first page',
      value: percentile(choiceFilter, 50),
      unit: 'ms',
      budget: 150,
      note: `${spread(choiceFilter)}; one of ${custom.choices.length} choices, sorted by name, with the estimated count; ${choiceMismatched} short or broken pages`,
    });
    const dateSort = [];
    for (let round = 0; round < REPEATS * 3; round += 1) {
      const page = await listPage({ p_sort: [{ field: `custom.${custom.waiver}`, desc: round % 2 === 1 }], p_count: 'estimated' });
      dateSort.push(page.ms);
    }
    printRow({ figure: 'sort by a custom date field at 1M contacts, first page', value: percentile(dateSort, 50), unit: 'ms', budget: 150, note: `${spread(dateSort)}; up and down alternately, from the sort keys (app.custom_sort_keys)` });

    // The first page with 20 of the organisation's fields shown: 20 fields (the two above and 18 more,
    // text and numbers), a value of each on the contacts the first page shows (and the next ones), the
    // page read with the rows' custom values and without them, alternately.
    try {
      const extra = [];
      for (let i = 1; i <= 18; i += 1) extra.push({ id: `0bec0000-0000-4000-8002-${String(i).padStart(12, '0')}`, label: `Bench extra ${i}`, type: i % 2 ? 'short_text' : 'number' });
      await db.query(
        `insert into settings.custom_fields (id, org_name, record_kind, label, field_type, position)
         select (e ->> 'id')::uuid, $1, 'contact', e ->> 'label', e ->> 'type', 10 + n from jsonb_array_elements($2::jsonb) with ordinality x(e, n)
         on conflict (id) do nothing`,
        [BIG_ORG, JSON.stringify(extra)],
      );
      const shownIds = (await listPage({ p_limit: 400 })).rows.map((/** @type {{ id: string }} */ row) => row.id);
      await db.query(
        `update crm.contacts c set custom = c.custom || (select jsonb_object_agg(e ->> 'id', case when e ->> 'type' = 'number' then to_jsonb(n * 10 + 1) else to_jsonb('Bench value ' || n || ' of ' || c.name) end)
                                                        from jsonb_array_elements($2::jsonb) with ordinality x(e, n))
          where c.id = any($1::uuid[]) and not c.custom ? (($2::jsonb) -> 0 ->> 'id')`,
        [shownIds, JSON.stringify(extra)],
      );
      // The list's first page is its own query (PostgREST's select with the estimated count, as the list
      // sends it without a filter); a filtered or custom-sorted page is one list_page_rows call, timed
      // here on the same 200 rows. Each is read with the rows' custom values and without them, alternately,
      // 60 times: each row is a ratio of two medians 2–4 ms apart, which 15 rounds left to swing by 0.1
      // between runs of one build.
      /** The list's own first page reading these columns. @param {string} columns */
      const ownPage = (columns) => firstPage.replace(`select=${select}`, `select=${columns}`);
      /** @type {Record<'own' | 'filtered', { with: number[], without: number[] }>} */
      const runs = { own: { with: [], without: [] }, filtered: { with: [], without: [] } };
      let fieldsShown = 0;
      for (let round = 0; round < REPEATS * 20; round += 1) {
        runs.own.without.push((await timedGet(ownPage(select), token, { ...crm, prefer: 'count=estimated' })).ms);
        const own = await timedGet(ownPage(`${select},custom`), token, { ...crm, prefer: 'count=estimated' });
        runs.own.with.push(own.ms);
        fieldsShown = Math.max(fieldsShown, ...own.body.map((/** @type {{ custom?: object }} */ row) => Object.keys(row.custom ?? {}).length));
        runs.filtered.without.push((await listPage({})).ms);
        runs.filtered.with.push((await listPage({ p_columns: [...select.split(','), 'custom'] })).ms);
      }
      /** @param {{ with: number[], without: number[] }} pair */
      const ratioNote = (pair) => `${percentile(pair.with, 50).toFixed(0)} ms with (${spread(pair.with)}), ${percentile(pair.without, 50).toFixed(0)} ms without (${spread(pair.without)}); ${fieldsShown} values on a row; alternately`;
      printRow({
        figure: 'list first page with 20 custom fields shown, 200 rows (× the same list without them)',
        value: percentile(runs.own.with, 50) / percentile(runs.own.without, 50),
        unit: '×',
        budget: 1.2,
        note: `the list's own query, as its first page reads: ${ratioNote(runs.own)}`,
      });
      printRow({
        figure: FILTERED_FIELDS_ROW,
        value: percentile(runs.filtered.with, 50) / percentile(runs.filtered.without, 50),
        unit: '×',
        budget: 1.2,
        note: `the same rows: ${ratioNote(runs.filtered)}`,
      });
    } catch (error) {
      for (const figure of ['list first page with 20 custom fields shown, 200 rows (× the same list without them)', FILTERED_FIELDS_ROW]) {
        printRow({ figure, value: Number.POSITIVE_INFINITY, unit: '×', budget: 1.2, note: `not measured: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
    const added = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const response = await fetch(`${apiUrl}/rest/v1/custom_fields`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-profile': 'settings', prefer: 'return=minimal' },
        body: JSON.stringify({ org_name: BIG_ORG, record_kind: 'contact', label: `Bench field ${Date.now()} ${i}`, field_type: 'short_text' }),
      });
      if (!response.ok) throw new Error(`adding a field: ${response.status} ${await response.text()}`);
      added.push(performance.now() - started);
    }
    await db.query(`delete from settings.custom_fields where org_name = $1 and label like 'Bench field %'`, [BIG_ORG]);
    printRow({ figure: 'add a field to contacts at 1M rows (no table rewrite)', value: percentile(added, 50), unit: 'ms', budget: 100, note: `${spread(added)}; through the API as the owner` });

    const ids = [...seenIds];
    const { rows: foreign } = await db.query(
      `select count(*)::int as n from (
         select id, org_name from crm.contacts union all select id, org_name from crm.businesses
         union all select id, org_name from crm.households union all select id, org_name from public.user_profiles
         union all select id, org_name from catalog.reservations) r
       where r.id = any($1::uuid[]) and r.org_name <> $2`,
      [ids, BIG_ORG],
    );
    printRow({ figure: 'search and list answers holding another organisation\'s row', value: foreign[0].n, unit: 'rows', budget: 0, note: `${ids.length} distinct rows checked` });
  } finally {
    await db.end();
  }
}

export async function runScaleBench() {
  const givenApi = process.env.STEWARD_SCALE_BENCH_API_URL;
  const givenDb = process.env.STEWARD_SCALE_BENCH_DB_URL;
  if (givenApi && givenDb) {
    await measure(givenApi, givenDb);
    return;
  }
  const stack = await startBenchStack(Number(process.env.STEWARD_SCALE_BENCH_PORT_BASE ?? 54721));
  try {
    await measure(stack.config.apiUrl, stack.config.dbUrl);
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runScaleBench();
}
