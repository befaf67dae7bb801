import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from '@steward/libs/router';
import { tableRef } from '@steward/libs/data';
import { renderWithStack, chooseOption, type Answer, type CapturedRequest } from '../testing';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '@steward/libs/session';
import { prefetchListPage, useListPage, type ListPageOptions } from './useListPage';
import { ListPage } from './ListPage';
import { nameColumn, statusColumn, textColumn } from './columns';
// The panels load when first opened; loaded here first, a test's time is the page's, not the first transform of antd's inputs.
import './FilterPanel';
import './SortPanel';
import './SavedFilters';

type Business = { id: string; short_id: string; name: string; dba_name: string | null; status: string | null; org_name: string; city: string | null };

const view = tableRef<Business>('crm', 'businesses_view', { audit: false });
const columns = [
  nameColumn<Business>({ href: (row) => `/business/${row.short_id}`, beneath: (row) => row.dba_name }),
  textColumn<Business>('city', 'City'),
  statusColumn<Business>(),
];
const rows: Business[] = [
  { id: '1', short_id: 'B1', name: 'Acme Outfitters', dba_name: 'Acme', status: 'Active', org_name: 'Cedar Grove Outfitters', city: 'Boone' },
  { id: '2', short_id: 'B2', name: 'Retail default', dba_name: null, status: null, org_name: '_system_default_', city: null },
];

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{decodeURIComponent(location.search.replace(/\+/g, ' '))}</output>;
}

function Page({ options }: { options?: Partial<ListPageOptions<Business>> }) {
  const list = useListPage<Business>({ title: 'Steward - Businesses', columns, source: { kind: 'table', table: view, excludeArchived: true }, ...options });
  return <ListPage list={list} addNew={{ onClick: () => undefined }} />;
}

function renderPage(respond: (req: CapturedRequest) => Answer | Promise<Answer>, url = '/businesses', options?: Partial<ListPageOptions<Business>>) {
  return renderWithStack(<Page options={options} />, {
    respond,
    wrapper: (children) => (
      <MemoryRouter initialEntries={[url]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    ),
  });
}

const listRequests = (requests: CapturedRequest[]) => requests.filter((r) => r.url.pathname === '/rest/v1/businesses_view');

describe('list page', () => {
  it('shows "Loading…" (the table busy), then the rows with links, the dba line and the S badge for shared defaults', async () => {
    let release: (() => void) | undefined;
    const { requests } = renderPage(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { body: rows, headers: { 'content-range': '0-1/2' } };
    });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(document.querySelector('[aria-label="Steward - Businesses"]')).toHaveAttribute('aria-busy', 'true');
    act(() => release?.());
    const link = await screen.findByRole('link', { name: 'Acme Outfitters' });
    await waitFor(() => expect(document.querySelector('[aria-label="Steward - Businesses"]')).toHaveAttribute('aria-busy', 'false'));
    expect(link).toHaveAttribute('href', '/business/B1');
    expect(screen.getByText('Acme')).toBeInTheDocument();
    const defaultRow = screen.getByText('Retail default').closest('tr') as HTMLElement;
    expect(within(defaultRow).getByLabelText('System default')).toHaveTextContent('S');
    const acmeRow = link.closest('tr') as HTMLElement;
    expect(within(acmeRow).queryByLabelText('System default')).toBeNull();
    const request = listRequests(requests)[0];
    expect(request?.headers.get('prefer')).toBe('count=estimated');
    expect(request?.headers.get('accept-profile')).toBe('crm');
    expect(decodeURIComponent(request?.url.search ?? '').replace(/\+/g, ' ')).toBe(
      '?select=*&org_name=in.(Cedar Grove Outfitters,_system_default_)&archive=not.is.true&order=id.asc&offset=0&limit=200',
    );
  });

  it('says "No data found." for an empty list', async () => {
    renderPage(() => ({ body: [] }));
    expect(await screen.findByText('No data found.')).toBeInTheDocument();
  });

  it('shows the error in a banner and an empty list when loading fails', async () => {
    renderPage(() => ({ status: 400, body: { message: 'permission denied for view businesses_view', code: '42501' } }));
    // The banner is drawn plain, then as antd's Alert once antd is in (LazyAlert): read it as it is now.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error: permission denied for view businesses_view'));
    // (The table's text follows in a render of its own: rows and placeholder are deferred.)
    expect(await screen.findByText('No data found.')).toBeInTheDocument();
  });

  it('holds filter conditions on the page until Apply, then puts them in the URL and the query', async () => {
    const user = userEvent.setup();
    const { requests } = renderPage(() => ({ body: rows }));
    await screen.findByText('Acme Outfitters');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('region', { name: 'Filters' });
    await user.click(within(panel).getByRole('button', { name: 'Add condition' }));
    await user.type(within(panel).getByLabelText('Value 1'), 'acme, (west)');
    await user.click(within(panel).getByRole('button', { name: 'Add OR group' }));
    await chooseOption('Field 2', 'Status', panel);
    await chooseOption('Operator 2', 'is empty', panel);
    expect(listRequests(requests)).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listRequests(requests)).toHaveLength(2));
    expect(listRequests(requests)[1]?.url.searchParams.get('or')).toBe('(name.ilike."*acme, (west)*",or(status.is.null,status.eq.""))');
    expect(screen.getByLabelText('location')).toHaveTextContent('?f=[[["name","contains","acme, (west)"]],[["status","is_empty"]]]');
  });

  it('reads a shared link back, and a malformed one gives the full list and a notice', async () => {
    const shared = renderPage(() => ({ body: rows }), '/businesses?f=[[["city","is","boone"]]]&sort=-name');
    await screen.findByText('Acme Outfitters');
    const request = listRequests(shared.requests)[0];
    expect(request?.url.searchParams.get('or')).toBe('(city.ilike."boone")');
    expect(request?.url.searchParams.get('order')).toBe('name.desc.nullsfirst,id.asc');
    shared.unmount();
    const broken = renderPage(() => ({ body: rows }), '/businesses?f=[[["city","is"');
    expect(await screen.findByText('The filter in this link could not be read, so the full list is shown.')).toBeInTheDocument();
    await screen.findByText('Acme Outfitters');
    expect(listRequests(broken.requests)[0]?.url.searchParams.get('or')).toBeNull();
  });

  it('sends a request started before it rendered (an area’s route prefetch) once, for the URL’s filter and sort', async () => {
    // What the shell does when an area's code arrives: start the route's data from the URL, then render.
    function Prefetch() {
      const queryClient = useQueryClient();
      const { orgScope } = useSession();
      const { search } = useLocation();
      prefetchListPage(queryClient, { columns, source: { kind: 'table', table: view, excludeArchived: true } }, { search: new URLSearchParams(search), orgScope });
      return null;
    }
    const { requests } = renderWithStack(
      <>
        <Prefetch />
        <Page />
      </>,
      { respond: () => ({ body: rows }), wrapper: (children) => <MemoryRouter initialEntries={['/businesses?f=[[["city","is","boone"]]]&sort=-name']}>{children}</MemoryRouter> },
    );
    await screen.findByText('Acme Outfitters');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listRequests(requests)).toHaveLength(1);
    expect(listRequests(requests)[0]?.url.searchParams.get('or')).toBe('(city.ilike."boone")');
    expect(listRequests(requests)[0]?.url.searchParams.get('order')).toBe('name.desc.nullsfirst,id.asc');
  });

  it('sorts from the Sort panel', async () => {
    const user = userEvent.setup();
    const { requests } = renderPage(() => ({ body: rows }));
    await screen.findByText('Acme Outfitters');
    await user.click(screen.getByRole('button', { name: 'Sort' }));
    const panel = await screen.findByRole('region', { name: 'Sort' });
    await user.click(within(panel).getByRole('button', { name: 'Add sort key' }));
    await chooseOption('Sort direction 1', 'Descending', panel);
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listRequests(requests).at(-1)?.url.searchParams.get('order')).toBe('name.desc.nullsfirst,id.asc'));
    expect(screen.getByLabelText('location')).toHaveTextContent('?sort=-name');
  });

  it('shows one record in detail mode', async () => {
    const { requests } = renderPage(() => ({ body: [rows[0]] }), '/businesses', { shortId: 'B1' });
    await screen.findByText('Acme Outfitters');
    expect(listRequests(requests)[0]?.url.searchParams.get('short_id')).toBe('eq.B1');
  });

  it('pages through large lists 200 rows at a time with the exact total', async () => {
    const user = userEvent.setup();
    const many: Business[] = Array.from({ length: 200 }, (_, i) => ({ ...(rows[0] as Business), id: String(i), short_id: `S${i}`, name: `Business ${i}` }));
    const { requests } = renderPage(() => ({ body: many, headers: { 'content-range': '0-199/450' } }));
    expect(await screen.findByText('450 rows')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listRequests(requests).at(-1)?.url.searchParams.get('offset')).toBe('200'));
    expect(screen.getByLabelText('location')).toHaveTextContent('?page=2');
  });

  it('shows an estimate for a list past a thousand rows and counts exactly on request', async () => {
    const user = userEvent.setup();
    const many: Business[] = Array.from({ length: 200 }, (_, i) => ({ ...(rows[0] as Business), id: String(i), short_id: `S${i}`, name: `Business ${i}` }));
    const { requests } = renderPage((request) => ({
      body: many,
      headers: { 'content-range': request.headers.get('prefer')?.includes('count=exact') ? '0-199/1234567' : '0-199/1230000' },
    }));
    expect(await screen.findByText(/about 1\.2 million rows/)).toBeInTheDocument();
    expect(listRequests(requests)[0]?.headers.get('prefer')).toBe('count=estimated');
    await user.click(screen.getByRole('button', { name: 'Count exactly' }));
    expect(await screen.findByText('1234567 rows')).toBeInTheDocument();
    expect(listRequests(requests).at(-1)?.headers.get('prefer')).toBe('count=exact');
  });

  it('exports every filtered and sorted row with all listed fields, named from the page title', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const names: string[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:x';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    // The names' null block (read after the values, an ascending sort's nulls coming last) is empty.
    const { requests } = renderPage((request) => ({ body: request.url.searchParams.get('name') === 'is.null' ? [] : rows }), '/businesses?f=[[["name","contains","a"]]]&sort=name');
    await screen.findByText('Acme Outfitters');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(names).toEqual(['Steward - Businesses.csv']));
    const exportRequest = listRequests(requests).at(-1);
    expect(exportRequest?.url.searchParams.get('name')).toBe('is.null');
    expect(exportRequest?.url.searchParams.get('limit')).toBe('250');
    expect(exportRequest?.url.searchParams.get('or')).toBe('(name.ilike."*a*")');
    expect(exportRequest?.url.searchParams.get('order')).toBe('name.asc.nullslast,id.asc');
    expect(await blobs[0]?.text()).toBe('\ufeffName,City,Status\r\nAcme Outfitters,Boone,Active\r\nRetail default,,');
    createObjectURL.mockRestore();
    click.mockRestore();
  });

  it('filters and sorts rows held in memory, and renders long lists virtually', async () => {
    // happy-dom has no layout: give the scrolling body the size a browser would.
    const rect = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('stw-list-scroll') ? 600 : 0;
    });
    const many: Business[] = Array.from({ length: 1000 }, (_, i) => ({ ...(rows[0] as Business), id: String(i), short_id: `S${i}`, name: `Item ${i}`, city: i % 2 ? 'Boone' : 'Banner Elk' }));
    renderWithStack(<MemoryPage rows={many} />, { wrapper: (children) => <MemoryRouter initialEntries={['/tasks?f=[[["city","is","BOONE"]]]&sort=-name']}>{children}</MemoryRouter> });
    await screen.findByText('Item 999');
    const table = screen.getByRole('table', { name: 'Tasks' });
    expect(table).toHaveAttribute('aria-rowcount', '501');
    const rendered = within(table).getAllByRole('row').slice(1);
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(100);
    // Filtered out (an even row), and not rendered yet (the last of 500 matching rows).
    expect(screen.queryByText('Item 998')).toBeNull();
    expect(screen.queryByText('Item 1')).toBeNull();
    rect.mockRestore();
  });
});

function MemoryPage({ rows: data }: { rows: Business[] }) {
  const list = useListPage<Business>({ title: 'Tasks', columns, source: { kind: 'rows', rows: data, isLoading: false, error: null } });
  return <ListPage list={list} />;
}
