import { describe, expect, it } from 'vitest';
import { createRecordingClient, decodedQuery } from '../testing';
import { fetchAllRows, fetchList } from './listQuery';
import { tableRef } from './tableRef';

const businesses = tableRef<{ id: string; name: string }>('crm', 'businesses_view', { audit: false });

describe('fetchList', () => {
  it('reads schema.table with org scope, detail match, archive rule, compiled filter, order and the 200-row page', async () => {
    const { client, requests } = createRecordingClient(() => ({ body: [{ id: '1', name: 'A' }], headers: { 'content-range': '0-0/1' } }));
    const result = await fetchList(client, businesses, {
      orgScope: ['Cedar Grove Outfitters', '_system_default_'],
      eq: { short_id: 'B-12' },
      excludeArchived: true,
      filter: { field: 'name', operator: 'contains', value: 'a,b' },
      sort: [{ field: 'name', order: 'asc' }],
      count: true,
    });
    const request = requests[0];
    expect(request?.url.pathname).toBe('/rest/v1/businesses_view');
    expect(request?.headers.get('accept-profile')).toBe('crm');
    expect(request?.headers.get('prefer')).toBe('count=exact');
    expect(decodedQuery(request?.url ?? new URL('http://x'))).toBe(
      'select=*&org_name=in.(Cedar Grove Outfitters,_system_default_)&short_id=eq.B-12&archive=not.is.true' +
        '&or=(name.ilike."*a,b*")&order=name.asc.nullslast,id.asc&offset=0&limit=200',
    );
    expect(result).toEqual({ rows: [{ id: '1', name: 'A' }], total: 1, totalIsEstimate: false });
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
    expect(requests.map((r) => r.url.searchParams.get('offset'))).toEqual(['0', '1000', '2000']);
    expect(requests.every((r) => r.url.searchParams.get('or') === '(name.ilike."n")')).toBe(true);
  });
});
