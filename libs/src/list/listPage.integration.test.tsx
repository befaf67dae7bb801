// @vitest-environment happy-dom
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '@steward/libs/router';
import type { ReactNode } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ConfigProvider } from '@steward/libs/ui/antd';
import { fetchAllRows, orgScopeFor, setSupabase, tableRef, useList } from '@steward/libs/data';
import { encodeFilterParam, filterRows, sortRows, type FilterNode } from '@steward/libs/filter';
import { SessionContext } from '@steward/libs/session';
import { DEMO_ORG, signedInClient } from '../data/stackFixtures.testUtil';
import { testSession } from '../testing';
import { useListPage } from './useListPage';
import { ListPage } from './ListPage';
import { nameColumn, statusColumn, textColumn } from './columns';

/**
 * The hooks against the real stack: a list filtered and sorted through PostgREST shows exactly the
 * rows the in-memory evaluator selects from the same data.
 */

type Contact = { id: string; short_id: string; name: string; nickname: string | null; status: string; org_name: string; activities_notes: string };
const contacts = tableRef<Contact>('crm', 'contacts');
const marker = `list-hooks-${randomUUID()}`;
let client: SupabaseClient;
let fixtures: Contact[] = [];

const NAMES = ['Ada (West), Inc.', 'ada lovelace', 'Bea "B" Smith', 'Cy 100% Cotton', 'Dee_Underscore', 'Eve*Star', 'Finn', 'gus'];

beforeAll(async () => {
  client = await signedInClient();
  setSupabase(client);
  const { data, error } = await client
    .schema('crm')
    .from('contacts')
    .insert(NAMES.map((name, i) => ({ name, nickname: i % 3 === 0 ? null : i % 3 === 1 ? '' : `nick ${name}`, status: i % 2 ? 'Active' : 'Inactive - Other', activities_notes: marker, org_name: DEMO_ORG })))
    .select('id, short_id, name, nickname, status, org_name, activities_notes');
  if (error) throw new Error(error.message);
  fixtures = data as Contact[];
});

afterEach(() => cleanup());

afterAll(async () => {
  await client?.schema('crm').from('contacts').delete().eq('activities_notes', marker);
});

function providers(url = '/contacts') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={testSession()}>
          <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

const filters: FilterNode[] = [
  { field: 'name', operator: 'contains', value: 'ADA' },
  { operator: 'or', value: [{ operator: 'and', value: [{ field: 'name', operator: 'contains', value: '(west), inc' }] }, { operator: 'and', value: [{ field: 'nickname', operator: 'is_empty' }, { field: 'status', operator: 'is', value: 'active' }] }] },
  { field: 'name', operator: 'not_contains', value: '%' },
  { field: 'name', operator: 'is', value: 'eve*star' },
  { field: 'nickname', operator: 'is_not', value: 'nick finn' },
  { field: 'name', operator: 'contains', value: '_' },
];

describe('useList against the local stack', () => {
  it.each(filters.map((filter) => [JSON.stringify(filter), filter] as const))('selects what the evaluator selects: %s', async (_label, filter) => {
    const { result } = renderHook(() => useList(contacts, { orgScope: orgScopeFor(DEMO_ORG), eq: { activities_notes: marker }, filter, count: true }), { wrapper: providers() });
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 10_000 });
    const expected = filterRows(fixtures, filter).map((row) => row.id).sort();
    expect(result.current.data?.rows.map((row) => row.id).sort()).toEqual(expected);
    expect(result.current.data?.total).toBe(expected.length);
  });
});

describe('list page against the local stack', () => {
  it('renders the rows a shared link selects, in order', async () => {
    const filter: FilterNode = { operator: 'or', value: [{ operator: 'and', value: [{ field: 'name', operator: 'contains', value: 'a' }] }] };
    const url = `/contacts?f=${encodeURIComponent(encodeFilterParam(filter) ?? '')}&sort=-name`;
    function Page() {
      const list = useListPage<Contact>({
        title: 'Contacts',
        columns: [nameColumn<Contact>({ href: (row) => `/contact/${row.short_id}` }), textColumn<Contact>('nickname', 'Nickname'), statusColumn<Contact>()],
        source: { kind: 'table', table: contacts, eq: { activities_notes: marker } },
      });
      return <ListPage list={list} />;
    }
    render(<Page />, { wrapper: providers(url) });
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    const expected = sortRows(filterRows(fixtures, filter), [{ field: 'name', order: 'desc' }]).map((row) => row.name);
    await waitFor(() => expect(within(table).getAllByRole('link').map((link) => link.textContent)).toHaveLength(expected.length), { timeout: 10_000 });
    // The database orders by byte value (C collation); the same rows, compared as a set, and the order it gave.
    const shown = within(table).getAllByRole('link').map((link) => link.textContent ?? '');
    expect([...shown].sort()).toEqual([...expected].sort());
    const server = await fetchAllRows(client, contacts, { eq: { activities_notes: marker }, filter, sort: [{ field: 'name', order: 'desc' }] });
    expect(shown).toEqual(server.map((row) => row.name));
  });
});
