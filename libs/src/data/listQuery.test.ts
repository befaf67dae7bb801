import { describe, expect, it } from 'vitest';
import { createRecordingClient, decodedQuery } from '../testing';
import { fetchAllRows, fetchList } from './listQuery';
import { tableRef } from './tableRef';

const businesses = tableRef<{ id: string; name: string }>('crm', 'businesses_view', { audit: false });

describe('fetchList', () => {
  it('reads schema.table with org scope, detail match, archive rule, compiled filter, order and the 200-row page', async () => {
    // list_page_rows declines (answers no page): the list's own query is sent.
    const { client, requests } = createRecordingClient((req) =>
      req.url.pathname.endsWith('/rpc/list_page_rows') ? { body: [] } : { body: [{ id: '1', name: 'A' }], headers: { 'content-range': '0-0/1' } },
    );
    const result = await fetchList(client, businesses, {
      orgScope: ['Cedar Grove Outfitters', '_system_default_'],
      eq: { short_id: 'B-12' },
      excludeArchived: true,
      filter: { field: 'name', operator: 'contains', value: 'a,b' },
      sort: [{ field: 'name', order: 'asc' }],
      count: true,
    });
    expect(requests[0]?.url.pathname).toBe('/rest/v1/rpc/list_page_rows');
    const request = requests[1];
    expect(request?.url.pathname).toBe('/rest/v1/businesses_view');
    expect(request?.headers.get('accept-profile')).toBe('crm');
    expect(request?.headers.get('prefer')).toBe('count=exact');
    expect(decodedQuery(request?.url ?? new URL('http://x'))).toBe(
      'select=*&org_name=in.(Cedar Grove Outfitters,_system_default_)&short_id=eq.B-12&archive=not.is.true' +
        '&or=(name.ilike."*a,b*")&order=name.asc.nullslast,id.asc&offset=0&limit=200',
    );
    expect(result).toEqual({ rows: [{ id: '1', name: 'A' }], total: 1, totalIsEstimate: false });
  });

  it('sorts by a custom field through list_page, and through the key of custom when list_page declines', async () => {
    const field = 'custom.11111111-1111-4111-8111-111111111111';
    const { client, requests } = createRecordingClient((req) =>
      req.url.pathname.endsWith('/rpc/list_page_rows') ? { body: [] } : { body: [], headers: { 'content-range': '*/0' } },
    );
    await fetchList(client, businesses, { sort: [{ field, order: 'desc' }], fieldTypes: { [field]: 'date' } });
    expect(requests[0]?.url.pathname).toBe('/rest/v1/rpc/list_page_rows');
    expect(requests[0]?.body).toMatchObject({ p_sort: [{ field, desc: true }] });
    expect(decodedQuery(requests[1]?.url ?? new URL('http://x'))).toBe('select=*&order=custom->>11111111-1111-4111-8111-111111111111.desc.nullsfirst,id.asc&offset=0&limit=200');
    await fetchList(client, businesses, { sort: [{ field, order: 'asc' }], fieldTypes: { [field]: 'number' } });
    expect(decodedQuery(requests.at(-1)?.url ?? new URL('http://x'))).toBe('select=*&order=custom->11111111-1111-4111-8111-111111111111.asc.nullslast,id.asc&offset=0&limit=200');
  });

  it("asks for an estimated count and says when the total is the planner's estimate", async () => {
    const { client, requests } = createRecordingClient(() => ({ body: [], headers: { 'content-range': '0-199/1234567' } }));
    const result = await fetchList(client, businesses, { count: 'estimated' });
    expect(requests[0]?.headers.get('prefer')).toBe('count=estimated');
    expect(result).toMatchObject({ total: 1_234_567, totalIsEstimate: true });
    const small = createRecordingClient(() => ({ body: [], headers: { 'content-range': '0-199/640' } }));
    expect(await fetchList(small.client, businesses, { count: 'estimated' })).toMatchObject({ total: 640, totalIsEstimate: false });
  });

  it('pages with offset and limit and orders descending with empty values first', async () => {
    const { client, requests } = createRecordingClient(() => ({ body: [] }));
    await fetchList(client, businesses, { page: 2, pageSize: 50, sort: [{ field: 'created_at', order: 'desc' }], tieBreaker: null });
    expect(decodedQuery(requests[0]?.url ?? new URL('http://x'))).toBe('select=*&order=created_at.desc.nullsfirst&offset=100&limit=50');
  });

  it('raises the server message on error', async () => {
    const { client } = createRecordingClient(() => ({ status: 400, body: { message: 'column x does not exist', code: '42703' } }));
    await expect(fetchList(client, businesses, {})).rejects.toThrow('column x does not exist');
  });

  it('fetchAllRows walks every chunk of the filtered list for export', async () => {
    const total = 2_345;
    const { client, requests } = createRecordingClient((req) => {
      const offset = Number(req.url.searchParams.get('offset'));
      const limit = Number(req.url.searchParams.get('limit'));
      const count = Math.max(0, Math.min(limit, total - offset));
      return { body: Array.from({ length: count }, (_, i) => ({ id: String(offset + i), name: 'n' })) };
    });
    const rows = await fetchAllRows(client, businesses, { filter: { field: 'name', operator: 'is', value: 'n' } });
    expect(rows).toHaveLength(total);
    // list_page_rows declined the shape once (an answer that is not a page); the list's own query reads every chunk.
    expect(requests.filter((r) => r.url.pathname.endsWith('/rpc/list_page_rows'))).toHaveLength(1);
    const reads = requests.filter((r) => !r.url.pathname.endsWith('/rpc/list_page_rows'));
    expect(reads.map((r) => r.url.searchParams.get('offset'))).toEqual(['0', '1000', '2000']);
    expect(reads.every((r) => r.url.searchParams.get('or') === '(name.ilike."n")')).toBe(true);
  });
});

const contacts = tableRef<{ id: string; name: string }>('crm', 'contacts_view', { audit: false });

describe('fetchList through list_page', () => {
  const scope = ['Cedar Grove Outfitters', '_system_default_'];

  const filtered = {
    orgScope: scope,
    excludeArchived: true,
    filter: { operator: 'or' as const, value: [{ field: 'name', operator: 'contains' as const, value: ' smi ' }, { field: 'city', operator: 'is_empty' as const }] },
    sort: [{ field: 'name', order: 'asc' as const }],
    count: 'estimated' as const,
  };
  const call = {
    p_relation: 'crm.contacts_view',
    p_org_names: scope,
    p_eq: {},
    p_exclude_archived: true,
    p_filter: { or: [{ field: 'name', op: 'contains', value: 'smi' }, { field: 'city', op: 'is_empty' }] },
    p_sort: [{ field: 'name', desc: false }],
    p_offset: 0,
    p_limit: 200,
    p_after: null,
    p_count: 'estimated',
  };

  it('finds a text-filtered page and its rows in one call to list_page_rows, naming the columns the list shows', async () => {
    const { client, requests } = createRecordingClient(() => ({
      body: [{ ids: ['b', 'a'], total: 5400, estimated: true, rows: [{ id: 'b', name: 'Al Smith' }, { id: 'a', name: 'Ann Smith' }] }],
    }));
    const result = await fetchList(client, contacts, { ...filtered, select: 'id, name' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url.pathname).toBe('/rest/v1/rpc/list_page_rows');
    expect(requests[0]?.body).toEqual({ ...call, p_columns: ['id', 'name'] });
    expect(result).toEqual({ rows: [{ id: 'b', name: 'Al Smith' }, { id: 'a', name: 'Ann Smith' }], total: 5400, totalIsEstimate: true });
    // Every column when the list names none.
    const all = createRecordingClient(() => ({ body: [{ ids: [], total: 0, estimated: false, rows: [] }] }));
    await fetchList(all.client, contacts, { ...filtered, page: 1 });
    expect(all.requests[0]?.body).toMatchObject({ p_columns: null });
  });

  it('with a select that embeds related rows: the ids from list_page, then those rows by id as the caller, in its order', async () => {
    const { client, requests } = createRecordingClient((req) =>
      req.url.pathname.endsWith('/rpc/list_page')
        ? { body: { ids: ['b', 'a'], total: 5400, estimated: true } }
        : { body: [{ id: 'a', name: 'Ann Smith' }, { id: 'b', name: 'Al Smith' }] },
    );
    const result = await fetchList(client, contacts, { ...filtered, select: 'id,name,owner:user_profiles(name)' });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url.pathname).toBe('/rest/v1/rpc/list_page');
    expect(requests[0]?.body).toEqual(call);
    expect(requests[1]?.url.pathname).toBe('/rest/v1/contacts_view');
    expect(requests[1]?.headers.get('accept-profile')).toBe('crm');
    expect(decodedQuery(requests[1]!.url)).toBe('select=id,name,owner:user_profiles(name)&id=in.(b,a)');
    expect(result).toEqual({ rows: [{ id: 'b', name: 'Al Smith' }, { id: 'a', name: 'Ann Smith' }], total: 5400, totalIsEstimate: true });
  });

  it('keeps pages near the top of an unfiltered list, and filters on other than text, on the list\'s own query', async () => {
    const { client, requests } = createRecordingClient(() => ({ body: [] }));
    await fetchList(client, contacts, { page: 4, sort: [{ field: 'name', order: 'asc' }] });
    await fetchList(client, contacts, { filter: { field: 'age', operator: 'is', value: '4' }, fieldTypes: { age: 'number' }, page: 9 });
    await fetchList(client, contacts, { filter: { field: 'name', operator: 'contains', value: 'x' }, tieBreaker: null });
    expect(requests.map((r) => r.url.pathname)).toEqual(['/rest/v1/contacts_view', '/rest/v1/contacts_view', '/rest/v1/contacts_view']);
  });

  it('seeks a deep page from the last row of the page before it, and skips by offset when opened directly', async () => {
    const page = (from: number) => Array.from({ length: 200 }, (_, i) => ({ id: `id-${from + i}`, name: `Name ${String(from + i).padStart(6, '0')}` }));
    const { client, requests } = createRecordingClient((req) => {
      const body = req.body as { p_offset: number };
      const rows = page(body.p_offset);
      return { body: [{ ids: rows.map((row) => row.id), total: null, estimated: false, rows }] };
    });
    const request = { orgScope: scope, sort: [{ field: 'name', order: 'asc' as const }] };
    await fetchList(client, contacts, { ...request, page: 499 });
    const direct = requests.filter((r) => r.url.pathname.endsWith('/rpc/list_page_rows'));
    expect(direct[0]?.body).toMatchObject({ p_offset: 99_800, p_after: null });
    expect(requests).toHaveLength(1);
    const next = await fetchList(client, contacts, { ...request, page: 500 });
    const calls = requests.filter((r) => r.url.pathname.endsWith('/rpc/list_page_rows'));
    expect(calls[1]?.body).toMatchObject({ p_offset: 100_000, p_after: { values: ['Name 099999'], id: 'id-99999' } });
    expect(next.rows[0]).toEqual({ id: 'id-100000', name: 'Name 100000' });
  });

  it("falls back to the list's own query when list_page does not serve the list, and asks it no more", async () => {
    // Every answer empty: list_page_rows a set of no page (declined), the list's own query no rows.
    const { client, requests } = createRecordingClient(() => ({ body: [] }));
    const unserved = tableRef<{ id: string }>('catalog', 'products', { audit: true });
    await fetchList(client, unserved, { filter: { field: 'name', operator: 'contains', value: 'map' } });
    await fetchList(client, unserved, { filter: { field: 'name', operator: 'contains', value: 'trail' } });
    expect(requests.map((r) => r.url.pathname)).toEqual(['/rest/v1/rpc/list_page_rows', '/rest/v1/products', '/rest/v1/products']);
  });
});
