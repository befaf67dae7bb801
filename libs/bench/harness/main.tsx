import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '@steward/libs/router';
import { createClient } from '@supabase/supabase-js';
import { setSupabase, tableRef } from '@steward/libs/data';
import { filterRows, sortRows, type FilterNode, type SortSpec } from '@steward/libs/filter';
import { ListPage, nameColumn, statusColumn, textColumn, dollarsColumn, useListPage, type ListPageOptions } from '@steward/libs/list';
import { SessionContext, signedInSession, type SessionApi } from '@steward/libs/session';

/**
 * A plain (not federated) page that renders the libs list on 10,000 rows, driven by
 * libs/bench/libsBench.mjs through Playwright. Every figure is taken inside the page with
 * performance.now() so Playwright's own latency never counts.
 */

type BenchRow = { id: string; short_id: string; name: string; city: string | null; status: string | null; amount: number | null; org_name: string };

const ORG = 'Cedar Grove Outfitters';
const CITIES = ['Boone', 'Blowing Rock', 'Banner Elk', 'Valle Crucis', null];
const STATUSES = ['Active', 'Prospect / Pending', 'Inactive - Former', null];

const columns = [
  nameColumn<BenchRow>({ href: (row) => `/business/${row.short_id}` }),
  textColumn<BenchRow>('city', 'City'),
  statusColumn<BenchRow>(),
  dollarsColumn<BenchRow>('amount', 'Amount'),
];

/** Deterministic rows (a small LCG) so every run measures the same work. */
export function makeRows(count: number): BenchRow[] {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, (_, i) => ({
    id: `row-${i}`,
    short_id: `R${i}`,
    name: `${['Alpha', 'beta', 'Gamma', 'delta', 'Epsilon'][Math.floor(next() * 5)]} Outfitters ${Math.floor(next() * 100000)}`,
    city: CITIES[Math.floor(next() * CITIES.length)] ?? null,
    status: STATUSES[Math.floor(next() * STATUSES.length)] ?? null,
    amount: Math.round(next() * 100000) / 100,
    org_name: ORG,
  }));
}

/** A filter a user would build in the panel: two OR-groups with case-insensitive tests. */
const TYPICAL_FILTER: FilterNode = {
  operator: 'or',
  value: [
    { operator: 'and', value: [{ field: 'name', operator: 'contains', value: 'OUTFITTERS 1' }, { field: 'status', operator: 'is_not', value: 'inactive - former' }] },
    { operator: 'and', value: [{ field: 'city', operator: 'is', value: 'boone' }, { field: 'amount', operator: 'is_not_empty' }] },
  ],
};
const TYPICAL_SORT: SortSpec = [
  { field: 'city', order: 'asc' },
  { field: 'name', order: 'desc' },
];

let session: SessionApi | null = null;

function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  if (!session) throw new Error('benchSetup has not run');
  return (
    <MemoryRouter initialEntries={['/bench']}>
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

function ListHarness({ options }: { options: ListPageOptions<BenchRow> }) {
  const list = useListPage<BenchRow>(options);
  return <ListPage list={list} />;
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

async function until(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > timeoutMs) throw new Error('Timed out waiting for the list to render');
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

function mount(options: ListPageOptions<BenchRow>): { root: Root; host: HTMLElement } {
  const host = document.createElement('div');
  host.style.width = '1100px';
  document.body.appendChild(host);
  const root = createRoot(host);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  flushSync(() =>
    root.render(
      <Providers queryClient={queryClient}>
        <ListHarness options={options} />
      </Providers>,
    ),
  );
  return { root, host };
}

function unmount({ root, host }: { root: Root; host: HTMLElement }) {
  root.unmount();
  host.remove();
}

const renderedRows = (host: HTMLElement) => host.querySelectorAll('.stw-list-row').length;

declare global {
  interface Window {
    benchSetup: (config: { apiUrl: string; anonKey: string; email: string; password: string; table: string }) => Promise<void>;
    benchFilterSort: (runs: number) => number[];
    benchFirstPage: () => Promise<{ ms: number; total: string | null }>;
    benchScroll: (frames: number) => Promise<number[]>;
  }
}

let benchTable = tableRef<BenchRow>('public', 'libs_bench_rows');

window.benchSetup = async ({ apiUrl, anonKey, email, password, table }) => {
  const client = createClient(apiUrl, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(error.message);
  setSupabase(client);
  benchTable = tableRef<BenchRow>('public', table, { audit: false });
  session = signedInSession({ id: data.user?.id ?? '', email }, ORG);
};

window.benchFilterSort = (runs) => {
  const rows = makeRows(10_000);
  const fieldTypes = { amount: 'number' } as const;
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    const result = sortRows(filterRows(rows, TYPICAL_FILTER, fieldTypes), TYPICAL_SORT);
    times.push(performance.now() - start);
    if (result.length === 0) throw new Error('The bench filter selected nothing');
  }
  return times;
};

/** Mount → first rows of the 10,000-row table in the DOM (query with exact count, PostgREST, render). */
window.benchFirstPage = async () => {
  const start = performance.now();
  const mounted = mount({ title: 'Bench', columns, source: { kind: 'table', table: benchTable } });
  await until(() => renderedRows(mounted.host) > 0);
  const ms = performance.now() - start;
  const total = mounted.host.querySelector('.stw-list-total')?.textContent ?? null;
  unmount(mounted);
  return { ms, total };
};

/** Scrolls a 10,000-row list one step per frame and returns the time between frames. */
window.benchScroll = async (frames) => {
  const rows = makeRows(10_000);
  const mounted = mount({ title: 'Bench', columns, source: { kind: 'rows', rows, isLoading: false, error: null } });
  await until(() => renderedRows(mounted.host) > 0);
  const holder = mounted.host.querySelector<HTMLElement>('.stw-list-scroll');
  if (!holder) throw new Error('The list did not render virtually');
  await nextFrame();
  const deltas: number[] = [];
  let last = await nextFrame();
  for (let i = 0; i < frames; i += 1) {
    // A fast fling: most of a screen per frame, so nearly every row in view is new each frame.
    holder.scrollTop += 480;
    const now = await nextFrame();
    deltas.push(now - last);
    last = now;
  }
  unmount(mounted);
  return deltas;
};
