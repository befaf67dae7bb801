import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { buildListQuery, fetchAllRows, fetchList, listPageCall } from './listQuery';
import { readRowPages } from './rowPages';
import { archiveRecord, deleteRecord, fetchRecord, insertRecord, insertRecords, updateRecord, updateWhere, upsertRecord } from './records';
import { callFunction, functionRef } from './callFunction';
import { DataAccessError } from './DataAccessError';
import { fetchRelationOptions, OPTIONS_LIMIT } from './relationOptions';
import { deleteSavedFilter, fetchSavedFilters, saveFilter } from './savedFilters';
import { uploadAccommodationFile, uploadOrgAsset } from './storageUpload';
import { orgScopeFor, SYSTEM_DEFAULT_ORG } from '../org-scope/orgScope';
import { tableRef } from './tableRef';
import { DEMO_ORG, HARBOR_EMAIL, HARBOR_PASSWORD, signedInClient } from './stackFixtures.testUtil';

type Business = { id: string; short_id: string; name: string; description: string | null; status: string; org_name: string; archive: boolean; created_by: string | null; last_modified_at: string; dba_name: string | null };

const businesses = tableRef<Business>('crm', 'businesses');
const businessesView = tableRef<Business & { type_name: string | null }>('crm', 'businesses_view', { audit: false });
const businessTypes = tableRef<{ id: string; name: string; org_name: string; last_modified_at: string }>('crm', 'business_types');

let demo: SupabaseClient;
let otherTab: SupabaseClient;
const marker = `data-access-${randomUUID()}`;
const created: Business[] = [];

beforeAll(async () => {
  demo = await signedInClient();
  // The same user in a second browser tab: a separate client with its own session.
  otherTab = await signedInClient();
  for (const name of ['Delta Outfitters', 'alpha Cabins', 'Charlie Guides', 'Bravo Rentals', 'Echo Supply']) {
    created.push(await insertRecord(demo, businesses, { name, description: marker }, { orgName: DEMO_ORG }));
  }
});

afterAll(async () => {
  await demo?.schema('crm').from('businesses').delete().eq('description', marker);
});

describe('writes', () => {
  it('insert: the database fills audit fields, short_id and (when absent) org_name', async () => {
    const row = await insertRecord(demo, businesses, { name: 'Foxtrot Tours', description: marker });
    expect(row.org_name).toBe(DEMO_ORG);
    expect(row.created_by).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.short_id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(row.last_modified_at).toBeTruthy();
  });

  it('update: only changed fields, and a stale version is refused instead of overwriting', async () => {
    const original = created[0] as Business;
    const mine = await updateRecord(demo, businesses, { id: original.id, original, values: { ...original, dba_name: 'Delta' } });
    expect(mine.status).toBe('updated');
    const fresh = mine.status === 'updated' ? mine.row : original;
    expect(fresh.last_modified_at > original.last_modified_at).toBe(true);
    // The other tab still holds the first version.
    await expect(updateRecord(otherTab, businesses, { id: original.id, original, values: { dba_name: 'Other' } })).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Someone else changed this record after you opened it, so your changes were not saved. Reload it to see the latest version, then make your changes again.',
    });
    const stored = await fetchRecord(demo, businesses, { id: original.id });
    expect(stored?.dba_name).toBe('Delta');
    // After reloading it may save.
    const reloaded = stored as Business;
    await expect(updateRecord(otherTab, businesses, { id: reloaded.id, original: reloaded, values: { dba_name: 'Other' } })).resolves.toMatchObject({ status: 'updated' });
  });

  it('update: nothing changed sends nothing and keeps the version', async () => {
    const row = (await fetchRecord(demo, businesses, { id: (created[1] as Business).id })) as Business;
    await expect(updateRecord(demo, businesses, { id: row.id, original: row, values: { name: row.name } })).resolves.toEqual({ status: 'unchanged' });
    expect((await fetchRecord(demo, businesses, { id: row.id }))?.last_modified_at).toBe(row.last_modified_at);
  });

  it('update: shared default rows are visible but refused', async () => {
    const { rows } = await fetchList(demo, businessTypes, { orgScope: [SYSTEM_DEFAULT_ORG], pageSize: 1 });
    const system = rows[0];
    expect(system?.org_name).toBe(SYSTEM_DEFAULT_ORG);
    await expect(updateRecord(demo, businessTypes, { id: system?.id ?? '', original: system ?? {}, values: { name: 'Mine now' } })).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'You do not have permission to change this record.',
    });
  });

  it('archive hides a row from lists that exclude archived rows; delete removes it', async () => {
    const row = await insertRecord(demo, businesses, { name: 'Golf Lodge', description: marker }, { orgName: DEMO_ORG });
    await archiveRecord(demo, businesses, row);
    const visible = await fetchList(demo, businesses, { eq: { description: marker }, excludeArchived: true });
    expect(visible.rows.map((r) => r.id)).not.toContain(row.id);
    await deleteRecord(demo, businesses, row.id);
    expect(await fetchRecord(demo, businesses, { id: row.id })).toBeNull();
    await expect(deleteRecord(demo, businesses, row.id)).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('writes of several rows and of rows found by other keys', () => {
  // Rows of their own, so the list checks below still count only theirs.
  const bulkMarker = `${marker}-bulk`;
  afterAll(async () => {
    await demo?.schema('crm').from('businesses').delete().eq('description', bulkMarker);
  });

  it('insertRecords: several rows in one statement, none when one is refused', async () => {
    const rows = await insertRecords(demo, businesses, [{ name: 'Bulk One', description: bulkMarker }, { name: 'Bulk Two', description: bulkMarker }], { orgName: DEMO_ORG });
    expect(rows.map((row) => [row.name, row.org_name])).toEqual([['Bulk One', DEMO_ORG], ['Bulk Two', DEMO_ORG]]);
    const refused = insertRecords(demo, businesses, [{ name: 'Bulk Three', description: bulkMarker }, { name: '   ', description: bulkMarker }], { orgName: DEMO_ORG });
    await expect(refused).rejects.toBeInstanceOf(DataAccessError);
    const { data } = await demo.schema('crm').from('businesses').select('id').eq('name', 'Bulk Three').eq('description', bulkMarker);
    expect(data).toEqual([]);
  });

  it('updateWhere: changes the rows that match, and reports none for rows the caller cannot change', async () => {
    const changed = await updateWhere(demo, businesses, { description: bulkMarker, name: 'Bulk One' }, { dba_name: 'Bulk DBA' });
    expect(changed.map((row) => row.dba_name)).toEqual(['Bulk DBA']);
    const harbor = await signedInClient(HARBOR_EMAIL, HARBOR_PASSWORD);
    expect(await updateWhere(harbor, businesses, { description: bulkMarker }, { dba_name: 'Stolen' })).toEqual([]);
  });

  it('upsertRecord: inserts once, then updates the row with the same key', async () => {
    const settingsRef = tableRef<{ org_name: string; font_family: string | null }>('settings', 'org_branding');
    const first = await upsertRecord(demo, settingsRef, { org_name: DEMO_ORG, font_family: 'Inter' }, 'org_name');
    expect(first?.font_family).toBe('Inter');
    const second = await upsertRecord(demo, settingsRef, { org_name: DEMO_ORG, font_family: null }, 'org_name');
    expect(second?.font_family).toBeNull();
    const { data } = await demo.schema('settings').from('org_branding').select('org_name').eq('org_name', DEMO_ORG);
    expect(data).toHaveLength(1);
  });

  it('callFunction: one database call, its refusal as a DataAccessError with the database’s message', async () => {
    const addRecord = functionRef<{ id: string; name: string }>('crm', 'add_record');
    const row = await callFunction(demo, addRecord, { p_org_name: DEMO_ORG, p_kind: 'business', p_record: { name: 'Called Business', description: bulkMarker } });
    expect(row.name).toBe('Called Business');
    const refused = callFunction(demo, addRecord, { p_org_name: DEMO_ORG, p_kind: 'business', p_record: { name: 'x' }, p_email: { value: 'a@b.co', type_id: '00000000-0000-4000-8012-000000000002' } });
    await expect(refused).rejects.toMatchObject({ name: 'DataAccessError', message: 'primary email: the type is not an e-mail type' });
  });
});

describe('lists', () => {
  it('pages with an exact count, in order, without overlap', async () => {
    const request = { orgScope: orgScopeFor(DEMO_ORG), eq: { description: marker }, sort: [{ field: 'name', order: 'asc' as const }], pageSize: 2, count: true };
    const pages = await Promise.all([0, 1, 2, 3].map((page) => fetchList(demo, businessesView, { ...request, page })));
    const total = pages[0]?.total ?? 0;
    expect(total).toBeGreaterThanOrEqual(5);
    const all = pages.flatMap((page) => page.rows.map((row) => row.name));
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    expect(await fetchAllRows(demo, businessesView, request)).toHaveLength(total);
  });

  it('a text filter: list_page serves it, page by page (each seeking from the one before) as the list\'s own query orders it', async () => {
    const request = {
      orgScope: orgScopeFor(DEMO_ORG),
      eq: { description: marker },
      filter: { operator: 'or' as const, value: [{ field: 'name', operator: 'contains' as const, value: 'O' }, { field: 'name', operator: 'is' as const, value: 'echo supply' }] },
      sort: [{ field: 'name', order: 'desc' as const }],
      pageSize: 2,
      count: true,
    };
    expect(await demo.rpc('list_page', listPageCall(businessesView, request)!).then(({ data }) => data)).toMatchObject({ ids: expect.any(Array), total: expect.any(Number) });
    const pages = Math.ceil(((await buildListQuery(demo, businessesView, request)).count ?? 0) / request.pageSize);
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let page = 0; page < pages; page += 1) {
      const served = await fetchList(demo, businessesView, { ...request, page });
      const { data, count } = await buildListQuery(demo, businessesView, { ...request, page });
      expect(served.rows, `page ${page}`).toEqual(data);
      expect(served.total).toBe(count);
    }
  });

  it('export pages: keyset pages in the list order (ties, nulls, quotes and commas in values) equal the offset pages', async () => {
    await insertRecord(demo, businesses, { name: 'Quote "Co", Ltd \\ West', dba_name: 'Q, "x"', description: marker }, { orgName: DEMO_ORG });
    await insertRecord(demo, businesses, { name: 'Golf Lodge', dba_name: 'Q, "x"', description: marker }, { orgName: DEMO_ORG });
    for (const sort of [[{ field: 'dba_name', order: 'asc' as const }], [{ field: 'dba_name', order: 'desc' as const }, { field: 'name', order: 'asc' as const }], [{ field: 'name', order: 'desc' as const }]]) {
      const request = { orgScope: orgScopeFor(DEMO_ORG), eq: { description: marker }, sort };
      const offset = (await fetchAllRows(demo, businessesView, request)).map((row) => row.id);
      expect(offset.length).toBeGreaterThanOrEqual(7);
      // Pages of 1 and 2: the values of an ascending first key end on a page's edge and inside a page.
      for (const pageSize of [1, 2]) {
        const keyset: string[] = [];
        for await (const page of readRowPages(demo, businessesView, request, undefined, pageSize)) keyset.push(...page.map((row) => row.id));
        expect(keyset, `${JSON.stringify(sort)} in pages of ${pageSize}`).toEqual(offset);
      }
    }
  });

  it('detail mode: one record by short_id', async () => {
    const target = created[2] as Business;
    const { rows } = await fetchList(demo, businessesView, { orgScope: orgScopeFor(DEMO_ORG), eq: { short_id: target.short_id } });
    expect(rows.map((row) => row.name)).toEqual(['Charlie Guides']);
  });

  it('org scope: rows of the organisation plus shared defaults, nothing of another organisation', async () => {
    const { rows } = await fetchList(demo, businessTypes, { orgScope: orgScopeFor(DEMO_ORG), pageSize: 500 });
    expect(rows.some((row) => row.org_name === SYSTEM_DEFAULT_ORG)).toBe(true);
    expect(rows.every((row) => row.org_name === DEMO_ORG || row.org_name === SYSTEM_DEFAULT_ORG)).toBe(true);
    const harbor = await signedInClient(HARBOR_EMAIL, HARBOR_PASSWORD);
    const seen = await fetchList(harbor, businesses, { eq: { description: marker } });
    expect(seen.rows).toEqual([]);
  });

  it('related options are capped at 500 and ordered by label', async () => {
    const options = await fetchRelationOptions(demo, { schema: 'crm', table: 'contact_method_types', valueField: 'id', labelField: 'name', extraFields: ['category'], orgScope: orgScopeFor(DEMO_ORG) });
    expect(options.length).toBeGreaterThan(0);
    expect(options.length).toBeLessThanOrEqual(OPTIONS_LIMIT);
    expect(options[0]?.row).toHaveProperty('category');
  });
});

describe('saved filters', () => {
  it('are per user and list, replaced by name, and private to their owner', async () => {
    const listKey = `tasks_filters`;
    const name = `Open ${randomUUID().slice(0, 6)}`;
    const filter = { operator: 'or' as const, value: [{ operator: 'and' as const, value: [{ field: 'status', operator: 'is' as const, value: 'Open' }] }] };
    const saved = await saveFilter(demo, { listKey, name, filter, sort: [{ field: 'title', order: 'asc' }], orgName: DEMO_ORG });
    expect(saved).toMatchObject({ list_key: listKey, name, filter, sort: [{ field: 'title', order: 'asc' }] });
    const replaced = await saveFilter(demo, { listKey, name, filter: null, sort: [], orgName: DEMO_ORG });
    expect(replaced.id).toBe(saved.id);
    expect(replaced.filter).toBeNull();
    expect((await fetchSavedFilters(demo, listKey)).filter((f) => f.name === name)).toHaveLength(1);
    expect(await fetchSavedFilters(demo, 'transactions_filters')).not.toContainEqual(expect.objectContaining({ name }));
    const harbor = await signedInClient(HARBOR_EMAIL, HARBOR_PASSWORD);
    expect((await fetchSavedFilters(harbor, listKey)).map((f) => f.id)).not.toContain(saved.id);
    await deleteSavedFilter(demo, saved.id);
    expect((await fetchSavedFilters(demo, listKey)).map((f) => f.id)).not.toContain(saved.id);
  });
});

describe('storage', () => {
  it('uploads organisation assets under the sanitised "{org}-{file}" name and serves the public URL', async () => {
    const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    const name = `logo ${randomUUID().slice(0, 6)}.png`;
    const result = await uploadOrgAsset(demo, DEMO_ORG, { name, type: 'image/png', body: bytes });
    expect(result.path).toBe(`CedarGroveOutfitters-${name.replace(' ', '-')}`);
    const response = await fetch(result.publicUrl);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    // Organisation assets are replaced in place.
    await expect(uploadOrgAsset(demo, DEMO_ORG, { name, type: 'image/png', body: bytes })).resolves.toEqual(result);
    await demo.storage.from('organization-assets').remove([result.path]);
  });

  it('stores accommodation files under "{org}/{timestamp}_{file}" and never overwrites', async () => {
    const now = Date.now();
    const file = { name: 'cabin #1.pdf', type: 'application/pdf', body: new Uint8Array([37, 80, 68, 70]) };
    const result = await uploadAccommodationFile(demo, DEMO_ORG, file, now);
    expect(result.path).toBe(`CedarGroveOutfitters/${now}_cabin--1.pdf`);
    await expect(uploadAccommodationFile(demo, DEMO_ORG, file, now)).rejects.toThrow();
    await demo.storage.from('accommodations').remove([result.path]);
  });

  it('refuses uploads into another organisation\'s namespace', async () => {
    await expect(uploadOrgAsset(demo, 'Harbor Bakery', { name: 'x.png', type: 'image/png', body: new Uint8Array([1]) })).rejects.toThrow();
  });
});
