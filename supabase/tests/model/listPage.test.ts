import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithOwnRole } from '../rls/roleMember';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, createTestClient, testStack } from '../stack/testStack';
import { expectIndexesServe } from './indexPlans';

// public.list_page: one page of a list as ids, found with the indexes inside a security-definer query
// that applies the table's own read rule. It must answer exactly what the list's ordinary query
// answers through row-level security — same rows, same order, same count — at every read level, and
// never a row of another organisation.
const stack = testStack();
let org: SignedUpOrganization;
let other: SignedUpOrganization;
let db: pg.Client;

type Page = { ids: string[]; total: number | null; estimated: boolean } | null;
type Filter = { field: string; op: string; value?: string } | { and: Filter[] } | { or: Filter[] };

async function listPage(client: SupabaseClient, args: Record<string, unknown>): Promise<Page> {
  const { data, error } = await client.rpc('list_page', args);
  if (error) throw new Error(error.message);
  return data as Page;
}

/** The list's ordinary query through PostgREST and row-level security: ids of one page and the exact count. */
async function viaRls(client: SupabaseClient, scope: string[], or: string | null, order: { field: string; desc: boolean }, from: number, size: number) {
  let query = client.schema('crm').from('contacts_view').select('id', { count: 'exact' }).in('org_name', scope).not('archive', 'is', true);
  if (or) query = query.or(or);
  query = query.order(order.field, { ascending: !order.desc, nullsFirst: order.desc }).order('id', { ascending: true });
  const { data, error, count } = await query.range(from, from + size - 1);
  if (error) throw new Error(error.message);
  return { ids: (data as { id: string }[]).map((row) => row.id), total: count };
}

// The same condition in the list_page filter and in the list's PostgREST `or=` parameter.
const cases: { label: string; filter: Filter | null; or: string | null }[] = [
  { label: 'no filter', filter: null, or: null },
  { label: 'name contains', filter: { field: 'name', op: 'contains', value: 'smi' }, or: 'name.ilike.*smi*' },
  { label: 'name contains, any case and a LIKE character', filter: { field: 'name', op: 'contains', value: 'O_B' }, or: 'name.ilike.*o\\_b*' },
  { label: 'name is', filter: { field: 'name', op: 'is', value: 'john SMITH' }, or: 'name.ilike."john smith"' },
  { label: 'name does not contain', filter: { field: 'name', op: 'not_contains', value: 'smi' }, or: 'or(name.is.null,name.not.ilike.*smi*)' },
  { label: 'last name is empty', filter: { field: 'last_name', op: 'is_empty' }, or: 'or(last_name.is.null,last_name.eq."")' },
  {
    label: 'either of two',
    filter: { or: [{ field: 'name', op: 'contains', value: 'lee' }, { and: [{ field: 'first_name', op: 'is', value: 'ada' }, { field: 'last_name', op: 'is_not', value: 'smith' }] }] },
    or: 'name.ilike.*lee*,and(first_name.ilike.ada,or(last_name.is.null,last_name.not.ilike.smith))',
  },
];

async function insertContacts(client: SupabaseClient, orgName: string, rows: Record<string, unknown>[]) {
  const { error } = await client.schema('crm').from('contacts').insert(rows.map((row) => ({ org_name: orgName, ...row })));
  if (error) throw new Error(error.message);
}

const FIRST = ['Ada', 'John', 'Zoë', 'Bob', 'Ann', 'Lee'];
const LAST = ['Smith', 'Smithers', 'Lovelace', 'O_Brien', 'Lee', null];

beforeAll(async () => {
  org = await signUpOrganization(stack, 'List Pages');
  other = await signUpOrganization(stack, 'List Outsider');
  db = await connectDb(stack.dbUrl);
  // 72 people with many equal names (ties ordered by id), some without a last name, some archived.
  const people: Record<string, unknown>[] = [];
  for (let i = 0; i < 72; i += 1) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length] ?? null;
    people.push({ name: last ? `${first} ${last}` : first, first_name: first, last_name: last, archive: i % 11 === 0 });
  }
  await insertContacts(org.client, org.orgName, people);
  // The outsider holds the same names.
  await insertContacts(other.client, other.orgName, people.slice(0, 30));
});

afterAll(async () => {
  await db?.end();
});

/** list_page against the RLS query for every case, both directions, pages of 7 by offset and by seek. */
async function expectSameAsRls(member: SignedUpOrganization) {
  const scope = [org.orgName, '_system_default_'];
  for (const { label, filter, or } of cases) {
    for (const order of [{ field: 'name', desc: false }, { field: 'name', desc: true }, { field: 'last_name', desc: false }]) {
      const size = 7;
      let after: { values: unknown[]; id: string } | null = null;
      for (let page = 0; ; page += 1) {
        const expected = await viaRls(member.client, scope, or, order, page * size, size);
        const args = { p_relation: 'crm.contacts_view', p_org_names: scope, p_exclude_archived: true, p_filter: filter, p_sort: [order], p_limit: size, p_count: 'exact' };
        const byOffset = await listPage(member.client, { ...args, p_offset: page * size });
        expect(byOffset, `${label}, ${order.field} ${order.desc ? 'desc' : 'asc'}, page ${page}`).toEqual({ ids: expected.ids, total: expected.total, estimated: false });
        if (after) {
          const bySeek = await listPage(member.client, { ...args, p_offset: page * size, p_after: after });
          expect(bySeek?.ids, `${label}, ${order.field}, page ${page} after the page before`).toEqual(expected.ids);
        }
        if (expected.ids.length < size) break;
        const last = expected.ids.at(-1)!;
        const { rows } = await db.query(`select ${order.field} as value from crm.contacts where id = $1`, [last]);
        after = { values: [rows[0].value], id: last };
      }
    }
  }
}

/** list_page called as the organisation's owner straight in the database, with the given settings. */
async function listPageWith(settings: Record<string, string>, args: unknown[]): Promise<Page> {
  await db.query('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: org.userId, role: 'authenticated' })]);
    await db.query('set local role authenticated');
    for (const [name, value] of Object.entries(settings)) await db.query(`select set_config($1, $2, true)`, [name, value]);
    const { rows } = await db.query('select public.list_page($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) as page', args);
    return rows[0].page as Page;
  } finally {
    await db.query('rollback');
  }
}

describe('list_page answers what row-level security answers', () => {
  it('for the owner (Organization level): same rows, same order, same count, offset or seek', async () => {
    await expectSameAsRls(org);
    const all = await listPage(org.client, { p_relation: 'crm.contacts_view', p_org_names: [org.orgName], p_exclude_archived: true, p_count: 'exact' });
    expect(all?.total).toBe(72 - 7);
  });

  it("never answers another organisation's rows, asked for by name or not", async () => {
    const { rows } = await db.query<{ id: string }>('select id from crm.contacts where org_name = $1', [org.orgName]);
    const mine = new Set(rows.map((row) => row.id));
    const theirs = await listPage(other.client, { p_relation: 'crm.contacts_view', p_org_names: [org.orgName, other.orgName], p_filter: { field: 'name', op: 'contains', value: 'smi' }, p_count: 'exact' });
    expect(theirs!.ids.length).toBeGreaterThan(0);
    expect(theirs!.ids.filter((id) => mine.has(id))).toEqual([]);
    expect(theirs!.total).toBe(theirs!.ids.length);
    const unscoped = await listPage(other.client, { p_relation: 'crm.contacts', p_limit: 1000 });
    expect(unscoped!.ids.filter((id) => mine.has(id))).toEqual([]);
  });

  it('for a member at Personal level: only the rows they created; at None: nothing', async () => {
    const { member, grant: grantArea } = await memberWithOwnRole(stack, org, 'Lister');
    const grant = (view: string, create?: string) => grantArea('crm', view, create);

    await grant('None');
    const none = await listPage(member.client, { p_relation: 'crm.contacts_view', p_org_names: [org.orgName], p_count: 'exact' });
    expect(none).toEqual({ ids: [], total: 0, estimated: false });

    await grant('Personal', 'allowed');
    await insertContacts(member.client, org.orgName, [
      { name: 'Smith Of My Own', last_name: 'Own' },
      { name: 'Ada Mine', first_name: 'Ada', last_name: 'Mine' },
      { name: 'Zed Smithson', last_name: 'Smithson' },
    ]);
    const own = await listPage(member.client, { p_relation: 'crm.contacts_view', p_org_names: [org.orgName], p_count: 'exact', p_sort: [{ field: 'name' }] });
    expect(own!.total).toBe(3);
    await expectSameAsRls(member);

    await grant('Organization');
    await expectSameAsRls(member);
  });

  it('finds a filtered page the same way whichever way it takes: a look at the top, all matches, or the sort key\'s order', async () => {
    const ways: Record<string, Record<string, string>> = {
      'a look at the top': { 'steward.list_page_probe_from': '0' },
      'a look at the top that stops short, then all matches': { 'steward.list_page_probe_from': '0', 'steward.list_page_walk': '10' },
      'a look at the top that stops short, then the sort key\'s order': { 'steward.list_page_probe_from': '0', 'steward.list_page_walk': '10', 'steward.list_page_gather_upto': '0' },
      'all matches': { 'steward.list_page_probe_from': '1000000', 'steward.list_page_gather_upto': '1000000' },
      "the sort key's order": { 'steward.list_page_probe_from': '1000000', 'steward.list_page_gather_upto': '0' },
    };
    const scope = [org.orgName, '_system_default_'];
    for (const { label, filter, or } of cases.filter((c) => c.filter)) {
      for (const order of [{ field: 'name', desc: false }, { field: 'name', desc: true }]) {
        for (let page = 0; page < 3; page += 1) {
          const expected = await viaRls(org.client, scope, or, order, page * 7, 7);
          for (const [way, settings] of Object.entries(ways)) {
            const answer = await listPageWith(settings, ['crm.contacts_view', scope, '{}', true, JSON.stringify(filter), JSON.stringify([order]), page * 7, 7, null, 'exact']);
            expect(answer, `${label}, ${order.desc ? 'desc' : 'asc'}, page ${page}, ${way}`).toEqual({ ids: expected.ids, total: expected.total, estimated: false });
          }
          if (expected.ids.length < 7) break;
        }
      }
    }
  });

  it('counts a filtered list exactly up to 1,000 and estimates past that, with the same first page', async () => {
    const big = await signUpOrganization(stack, 'List Counts');
    await insertContacts(big.client, big.orgName, Array.from({ length: 1050 }, (_, i) => ({ name: `Bulk Person ${i}` })));
    const scope = [big.orgName, '_system_default_'];
    const args = { p_relation: 'crm.contacts_view', p_org_names: scope, p_exclude_archived: true, p_sort: [{ field: 'name', desc: false }], p_limit: 200, p_count: 'estimated' };
    const many = await listPage(big.client, { ...args, p_filter: { field: 'name', op: 'contains', value: 'bulk' } });
    const expected = await viaRls(big.client, scope, 'name.ilike.*bulk*', { field: 'name', desc: false }, 0, 200);
    expect(expected.total).toBe(1050);
    expect(many?.ids).toEqual(expected.ids);
    expect(many?.estimated).toBe(true);
    expect(many?.total).toBeGreaterThan(1000);
    const few = await listPage(big.client, { ...args, p_filter: { field: 'name', op: 'contains', value: 'person 10' } });
    expect(few).toEqual({ ...(await viaRls(big.client, scope, 'name.ilike."*person 10*"', { field: 'name', desc: false }, 0, 200)), estimated: false });
    expect(few?.total).toBe(1 + 10 + 50);
  });

  // Naming an organisation the caller cannot read answers as if it held no rows — {"ids": [], "total": 0,
  // "estimated": false} — for 'exact' and 'estimated' alike: no id, count, sample or planner estimate of
  // another tenant's rows. The names are intersected with the organisations the caller reads.
  it("says nothing of an organisation the caller cannot read: no ids, no count, no estimate", async () => {
    const large = await signUpOrganization(stack, 'List Large Tenant');
    await db.query(`insert into crm.contacts (org_name, name) select $1, 'Tenant Person ' || i from generate_series(1, 6000) i`, [large.orgName]);
    await db.query('analyze crm.contacts');
    const nothing = { ids: [], total: 0, estimated: false };
    for (const p_count of ['estimated', 'exact']) {
      for (const p_relation of ['crm.contacts', 'crm.contacts_view']) {
        expect(await listPage(other.client, { p_relation, p_org_names: [large.orgName], p_count }), `${p_relation} ${p_count}`).toEqual(nothing);
        expect(await listPage(other.client, { p_relation, p_org_names: [large.orgName], p_count, p_filter: { field: 'name', op: 'contains', value: 'tenant' } })).toEqual(nothing);
      }
      // With their own organisation, or with none named: their own rows only.
      const own = { ids: expect.any(Array), total: 30, estimated: false };
      expect(await listPage(other.client, { p_relation: 'crm.contacts', p_org_names: [large.orgName, other.orgName], p_count })).toEqual(own);
      expect(await listPage(other.client, { p_relation: 'crm.contacts', p_count })).toEqual(own);
    }
    // An organisation named twice is counted once.
    expect(await listPage(other.client, { p_relation: 'crm.contacts', p_org_names: [other.orgName, other.orgName], p_count: 'exact' })).toEqual({ ids: expect.any(Array), total: 30, estimated: false });
    // A member whose role reads only their own rows (Personal) gets no estimate of the others'.
    const { member, grant } = await memberWithOwnRole(stack, large, 'Narrow');
    await grant('crm', 'Personal');
    expect(await listPage(member.client, { p_relation: 'crm.contacts', p_org_names: [large.orgName], p_count: 'estimated' })).toEqual(nothing);
    expect((await listPage(large.client, { p_relation: 'crm.contacts', p_org_names: [large.orgName], p_count: 'estimated' }))?.total).toBeGreaterThan(5000);
  });

  it('refuses more than 20 organisations at once, with a clear message', async () => {
    const names = Array.from({ length: 21 }, (_, i) => `Org ${i}`);
    const { error } = await other.client.rpc('list_page', { p_relation: 'crm.contacts', p_org_names: names, p_count: 'exact' });
    expect(error?.message).toMatch(/at most 20 organisations/);
    expect(error?.code).toBe('22023');
    const ok = await listPage(other.client, { p_relation: 'crm.contacts', p_org_names: [...names.slice(0, 19), other.orgName], p_count: 'exact' });
    expect(ok?.total).toBe(30);
  });

  it('list_page_rows: the page and its rows in one call (a set of one), read as the caller, with the columns asked for', async () => {
    const scope = [org.orgName, '_system_default_'];
    const args = { p_relation: 'crm.contacts_view', p_org_names: scope, p_exclude_archived: true, p_filter: { field: 'name', op: 'contains', value: 'smi' }, p_sort: [{ field: 'name', desc: true }], p_limit: 7, p_count: 'exact' };
    const page = await listPage(org.client, args);
    const { data, error } = await org.client.rpc('list_page_rows', { ...args, p_columns: ['id', 'name', 'created_by_name', 'created_at'] });
    expect(error).toBeNull();
    const { data: rows } = await org.client.schema('crm').from('contacts_view').select('id,name,created_by_name,created_at').in('id', page!.ids);
    expect(data).toEqual([{ ...page, rows: page!.ids.map((id) => (rows as { id: string }[]).find((row) => row.id === id)) }]);
    const { data: all } = await org.client.rpc('list_page_rows', args);
    expect(Object.keys(all[0].rows[0]).sort()).toEqual(Object.keys((await org.client.schema('crm').from('contacts_view').select('*').limit(1)).data![0]).sort());
    // No page when a column is not the view's, or when list_page declines the relation.
    expect((await org.client.rpc('list_page_rows', { ...args, p_columns: ['id', 'name; select 1'] })).data).toEqual([]);
    expect((await org.client.rpc('list_page_rows', { ...args, p_relation: 'catalog.products' })).data).toEqual([]);
    const theirs = await other.client.rpc('list_page_rows', { ...args, p_org_names: [org.orgName] });
    expect(theirs.data).toEqual([{ ids: [], rows: [], total: 0, estimated: false }]);
  });

  it('declines what it does not serve, so the list reads the usual way', async () => {
    expect(await listPage(org.client, { p_relation: 'catalog.products' })).toBeNull();
    expect(await listPage(org.client, { p_relation: 'crm.contacts_view', p_filter: { field: 'primary_email', op: 'contains', value: 'a' } })).toBeNull();
    expect(await listPage(org.client, { p_relation: 'crm.contacts_view', p_sort: [{ field: 'type_name' }] })).toBeNull();
    expect(await listPage(org.client, { p_relation: 'crm.contacts_view', p_eq: { 'name; drop table crm.contacts': 'x' } })).toBeNull();
  });

  it('is not for someone signed out', async () => {
    const { error } = await createTestClient(stack.apiUrl, stack.anonKey).rpc('list_page', { p_relation: 'crm.contacts_view' });
    expect(error).not.toBeNull();
  });

  it('reads names through indexes: contains by trigram, a deep page by the (org_name, name, id) index', async () => {
    const cases: [string, string][] = [
      [`select id from crm.contacts t where lower(t.name::text) like '%smi%'`, 'contacts_name_trgm'],
      [`select id from crm.contacts t where t.org_name = 'x' and not t.archive order by t.name asc nulls last, t.id asc offset 1000 limit 200`, 'contacts_org_name_name_id_idx'],
      [`select id from crm.contacts t where t.org_name = 'x' and not t.archive order by t.name desc nulls first, t.id asc offset 1000 limit 200`, 'contacts_org_name_name_desc_id_idx'],
    ];
    await expectIndexesServe(db, cases);
  });
});
