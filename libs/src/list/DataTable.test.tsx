import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@steward/libs/router';
import type { SortSpec } from '@steward/libs/filter';
import { DataTable } from './DataTable';
import { nameColumn, statusColumn, textColumn } from './columns';
import { useRowSelection, type RowSelection } from './useRowSelection';

type Item = { id: string; short_id: string; name: string; city: string; status: string; org_name: string };

const columns = [nameColumn<Item>({ href: (row) => `/business/${row.short_id}` }), textColumn<Item>('city', 'City'), statusColumn<Item>()];
const items: Item[] = Array.from({ length: 12 }, (_, i) => ({ id: `id${i}`, short_id: `B${i}`, name: `Business ${i}`, city: i % 2 ? 'Boone' : 'Banner Elk', status: 'Active', org_name: 'Cedar Grove Outfitters' }));
const rowKey = (row: Item) => row.id;

function Sorted() {
  const [sort, setSort] = useState<SortSpec>([]);
  const onSort = (field: string) =>
    setSort((current) => (current[0]?.field !== field ? [{ field, order: 'asc' }] : current[0].order === 'asc' ? [{ field, order: 'desc' }] : []));
  return <DataTable<Item> label="Businesses" columns={columns} rows={items} rowKey={rowKey} sort={sort} onSort={onSort} placeholder="No data found." />;
}

let selection: RowSelection | null = null;
function Selectable({ total = items.length }: { total?: number }) {
  const pageKeys = items.map(rowKey);
  selection = useRowSelection({ pageKeys, total, scope: 'all' });
  return <DataTable<Item> label="Businesses" columns={columns} rows={items} rowKey={rowKey} placeholder="No data found." selection={selection} totalRows={total} />;
}

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

/** The window's width as media queries read it (happy-dom resizes and tells listeners). */
function setWidth(width: number) {
  act(() => (window as unknown as { happyDOM: { setViewport: (viewport: { width: number }) => void } }).happyDOM.setViewport({ width }));
}

afterEach(() => setWidth(1280));

describe('the list table', () => {
  it('is a table with column headers, rows and cells, numbered for assistive technology', () => {
    setWidth(1280);
    inRouter(<Sorted />);
    const table = screen.getByRole('table', { name: 'Businesses' });
    expect(table).toHaveAttribute('aria-rowcount', '13');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼↕]/g, ''))).toEqual(['Name', 'City', 'Status']);
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(first).toHaveAttribute('aria-rowindex', '2');
    expect(within(first).getAllByRole('cell')).toHaveLength(3);
    expect(within(first).getByRole('link', { name: 'Business 0' })).toHaveAttribute('href', '/business/B0');
  });

  it('sorts from the header by click and by keyboard, and says the order with aria-sort', async () => {
    const user = userEvent.setup();
    inRouter(<Sorted />);
    const header = () => screen.getByRole('columnheader', { name: /City/ });
    expect(header()).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header()).getByRole('button'));
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    within(header()).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header()).toHaveAttribute('aria-sort', 'descending');
    await user.keyboard(' ');
    expect(header()).toHaveAttribute('aria-sort', 'none');
    // Only one column at a time says it is the order.
    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(header()).toHaveAttribute('aria-sort', 'none');
  });

  it('has no checkboxes unless the list opts in to selection', () => {
    inRouter(<Sorted />);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('selects one row, a shift-click range, and a whole page', async () => {
    const user = userEvent.setup();
    inRouter(<Selectable />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Business 2' }));
    expect(selection?.count).toBe(1);
    expect(screen.getByRole('checkbox', { name: 'Select Business 2' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Business 2' }).closest('tr')).toHaveAttribute('data-selected', 'true');
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Business 5' }));
    await user.keyboard('{/Shift}');
    expect([...(selection?.selectedKeys ?? [])].sort()).toEqual(['id2', 'id3', 'id4', 'id5']);
    const page = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    expect(page.indeterminate).toBe(true);
    // Shift-click on a chosen row unchooses the range back to the row clicked before.
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Business 3' }));
    await user.keyboard('{/Shift}');
    expect([...(selection?.selectedKeys ?? [])].sort()).toEqual(['id2']);
    await user.click(page);
    expect(selection?.pageState).toBe('all');
    expect(selection?.count).toBe(12);
    await user.click(page);
    expect(selection?.count).toBe(0);
  });

  it('chooses every row matching the filter, beyond this page, until one is unchosen', async () => {
    const user = userEvent.setup();
    inRouter(<Selectable total={450} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    act(() => selection?.selectAllMatching());
    expect(selection?.allMatching).toBe(true);
    expect(selection?.count).toBe(450);
    expect(screen.getByRole('checkbox', { name: 'Select Business 7' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Business 7' }));
    expect(selection?.allMatching).toBe(false);
    expect(selection?.count).toBe(11);
  });

  it('shows each row as a card below 768 px: the name first, then each field as label and value, same links', () => {
    setWidth(390);
    inRouter(<Sorted />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Businesses' });
    const card = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(card.firstElementChild).toHaveTextContent('Business 0');
    expect(within(card).getByRole('link', { name: 'Business 0' })).toHaveAttribute('href', '/business/B0');
    expect([...card.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['City', 'Status']);
    expect([...card.querySelectorAll('dd')].map((value) => value.textContent)).toEqual(['Banner Elk', 'Active']);
    // The cards scroll in a region reached with the keyboard, even where no card holds a link (a dialog's preview).
    expect(screen.getByRole('region', { name: 'Businesses' })).toHaveAttribute('tabindex', '0');
    setWidth(1280);
    expect(screen.getByRole('table', { name: 'Businesses' })).toBeInTheDocument();
  });

  it('draws only the rows in view of 10,000, with the same row markup at the first and the last', () => {
    const many: Item[] = Array.from({ length: 10_000 }, (_, i) => ({ ...(items[0] as Item), id: `m${i}`, short_id: `M${i}`, name: `Row ${i}` }));
    inRouter(<DataTable<Item> label="Many" columns={columns} rows={many} rowKey={rowKey} placeholder="No data found." />);
    const table = screen.getByRole('table', { name: 'Many' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    const rendered = within(table).getAllByRole('row').slice(1);
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]?.className).toBe('stw-list-row');
  });
});
