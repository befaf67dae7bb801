import { memo, useCallback, useDeferredValue, useState, type CSSProperties, type MouseEvent, type ReactNode, type Ref } from 'react';
import type { SortSpec } from '@steward/libs/filter';
import { displayValue, useNarrowScreen, useVirtualItems } from '@steward/libs/ui';
import { cellValue, columnField, exportValueOf, type ListColumn } from './listColumn';
import type { RowSelection } from './useRowSelection';
import './listTable.css';
import { useT } from '@steward/libs/messages';

type Row0 = Record<string, unknown>;

export type DataTableProps<Row extends Row0> = {
  /** Accessible name of the table (or, on a phone, of the list of cards). */
  label: string;
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The list's order; its first key is shown in the header (aria-sort and an arrow). */
  sort?: SortSpec;
  /** Header click or Enter/Space on a sortable header: the page decides the next order. */
  onSort?: (field: string) => void;
  /** Rows are being (re)fetched: announced as aria-busy, the rows dimmed. */
  busy?: boolean;
  /** What the body says while there are no rows (loading, or the empty text). */
  placeholder: ReactNode;
  /** Rows before this page (paged lists), so row numbers and the row count are the whole list's. */
  rowOffset?: number;
  /** Rows in the whole list; default: the rows given. */
  totalRows?: number;
  /** Checkbox column and page/range selection; absent unless the list opts in. */
  selection?: RowSelection | null;
  /** Tallest the scrolling body grows before it scrolls (any CSS length). */
  maxHeight?: number | string;
};

const ROW_HEIGHT = 56;
const CARD_FIELD_HEIGHT = 30;
const SELECT_COLUMN = '44px';
const UNLAID_HEIGHT = 600;
const DEFAULT_MAX_HEIGHT = 'max(360px, calc(100dvh - 240px))';

function gridTemplate<Row>(columns: readonly ListColumn<Row>[], selectable: boolean): string {
  const widths = columns.map((column) => (typeof column.width === 'number' ? `${column.width}px` : (column.width ?? 'minmax(120px, 1fr)')));
  return (selectable ? [SELECT_COLUMN, ...widths] : widths).join(' ');
}

function renderCell<Row>(column: ListColumn<Row>, row: Row): ReactNode {
  return column.render ? column.render(row) : displayValue(cellValue(row, columnField(column)));
}

/** How a row is named in its checkbox's label: its first column as text. */
function rowName<Row>(columns: readonly ListColumn<Row>[], row: Row, key: string): string {
  const first = columns[0];
  const value = first ? exportValueOf(first, row) : null;
  return value === null || value === undefined || value === '' ? key : String(value);
}

type RowCheckboxProps = { rowKeyValue: string; index: number; name: string; checked: boolean; onToggle: (key: string, index: number, range: boolean) => void };

const ignoreChange = () => undefined;

function RowCheckbox({ rowKeyValue, index, name, checked, onToggle }: RowCheckboxProps) {
  // A checkbox is clicked by the pointer or by Space; with Shift held either one extends the range from
  // the row clicked before. The selection owns the checked state, so the click decides, not the change.
  const t = useT();
  const onClick = (event: MouseEvent<HTMLInputElement>) => onToggle(rowKeyValue, index, event.shiftKey);
  return <input type="checkbox" className="stw-list-check" aria-label={t('table.selectRow', { name })} checked={checked} onClick={onClick} onChange={ignoreChange} />;
}

type ItemProps<Row extends Row0> = {
  row: Row;
  rowKeyValue: string;
  columns: readonly ListColumn<Row>[];
  index: number;
  ariaIndex: number;
  start: number;
  template: string;
  selectable: boolean;
  selected: boolean;
  onToggle: (key: string, index: number, range: boolean) => void;
  /** Each row shown is measured, so a row is as tall as its content needs. */
  measure: Ref<HTMLElement>;
};

// Only primitives and stable references as props: a row that stays in view is not re-rendered on
// every scroll frame.
const TableRow = memo(function TableRow<Row extends Row0>({ row, rowKeyValue, columns, index, ariaIndex, start, template, selectable, selected, onToggle, measure }: ItemProps<Row>) {
  const style: CSSProperties = { transform: `translateY(${start}px)`, gridTemplateColumns: template };
  return (
    <tr
      ref={measure as Ref<HTMLTableRowElement>}
      data-index={index}
      role="row"
      aria-rowindex={ariaIndex}
      // The row's checkbox says it is chosen; the attribute only colours the row.
      data-selected={selected || undefined}
      className="stw-list-row"
      style={style}
    >
      {selectable ? (
        <td role="cell" className="stw-list-cell stw-list-select">
          <RowCheckbox rowKeyValue={rowKeyValue} index={index} name={rowName(columns, row, rowKeyValue)} checked={selected} onToggle={onToggle} />
        </td>
      ) : null}
      {columns.map((column) => (
        <td role="cell" key={column.key} className={column.align === 'end' ? 'stw-list-cell stw-list-end' : 'stw-list-cell'}>
          {renderCell(column, row)}
        </td>
      ))}
    </tr>
  );
}) as <Row extends Row0>(props: ItemProps<Row>) => ReactNode;

/** On a phone each row is a card: the first column (the name, with its link) first, then label / value. */
const CardItem = memo(function CardItem<Row extends Row0>({ row, rowKeyValue, columns, index, start, selectable, selected, onToggle, measure }: ItemProps<Row>) {
  const [first, ...rest] = columns;
  return (
    <li ref={measure as Ref<HTMLLIElement>} data-index={index} data-selected={selected || undefined} className="stw-list-row stw-list-card" style={{ transform: `translateY(${start}px)` }}>
      <div className="stw-list-card-title">
        {selectable ? <RowCheckbox rowKeyValue={rowKeyValue} index={index} name={rowName(columns, row, rowKeyValue)} checked={selected} onToggle={onToggle} /> : null}
        {first ? <div>{renderCell(first, row)}</div> : null}
      </div>
      <dl className="stw-list-card-fields">
        {rest.map((column) => (
          <div key={column.key} className="stw-list-card-field">
            <dt className={column.titleHidden ? 'stw-visually-hidden' : undefined}>{column.title}</dt>
            <dd>{renderCell(column, row)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}) as <Row extends Row0>(props: ItemProps<Row>) => ReactNode;

function SortHeader<Row>({ column, sort, onSort }: { column: ListColumn<Row>; sort: SortSpec; onSort?: (field: string) => void }) {
  const field = columnField(column);
  const primary = sort[0];
  const direction = primary?.field === field ? primary.order : null;
  const sortable = Boolean(column.sortable && onSort);
  return (
    <th role="columnheader" scope="col" className={column.align === 'end' ? 'stw-list-head-cell stw-list-end' : 'stw-list-head-cell'} aria-sort={sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined}>
      {sortable ? (
        <button type="button" className="stw-list-sort" onClick={() => onSort?.(field)}>
          {column.title}
          <span aria-hidden="true" className="stw-list-sort-arrow">
            {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
          </span>
        </button>
      ) : column.titleHidden ? (
        <span className="stw-visually-hidden">{column.title}</span>
      ) : (
        column.title
      )}
    </th>
  );
}

/**
 * Every list's table, short or 10,000 rows long: only the rows in view (plus a few) are in the DOM,
 * each measured once shown so a cell of several lines pushes the rows below it down. The header stays
 * on top while the body scrolls, and header and rows scroll sideways together inside the frame (the
 * page itself never does). A sortable header sorts on click, Enter or Space and says its order with
 * aria-sort. Row 1 and row 10,001 are drawn by the same code. Below 768 px wide each row is a card
 * instead: the name first, then each column as label and value, with the same cells and links.
 */
export function DataTable<Row extends Row0>({
  label,
  columns,
  rows: givenRows,
  rowKey,
  sort = [],
  onSort,
  busy = false,
  placeholder: givenPlaceholder,
  rowOffset = 0,
  totalRows,
  selection = null,
  maxHeight = DEFAULT_MAX_HEIGHT,
}: DataTableProps<Row>) {
  const t = useT();
  // New rows (and what the body says without any) are drawn in a render of their own that yields to the
  // browser every few milliseconds, not in the one that delivered them: a query's answer reaches React
  // as an update it must finish in one go, and a screenful of rows measured for the virtualiser is the
  // longest piece of a phone's first view. Rows and placeholder move together, so the table never says
  // "nothing here" over rows that are still being drawn.
  const rows = useDeferredValue(givenRows);
  const placeholder = useDeferredValue(givenPlaceholder);
  const cards = useNarrowScreen();
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const selectable = selection !== null;
  const estimate = cards ? 56 + Math.max(0, columns.length - 1) * CARD_FIELD_HEIGHT : ROW_HEIGHT;
  const getKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row ? `${cards ? 'card' : 'row'}:${rowKey(row)}` : index;
    },
    [rows, cards, rowKey],
  );
  const virtual = useVirtualItems({
    count: rows.length,
    scrollElement: scroller,
    estimateSize: estimate,
    // A row is never shorter than its estimate (its min-height), also where nothing is laid out (tests).
    measure: (element) => Math.max(cards ? 0 : ROW_HEIGHT, element.getBoundingClientRect().height),
    overscan: 6,
    getKey,
    // Before layout, and where nothing is laid out (a hidden panel, tests), assume a screenful rather
    // than an empty viewport.
    initialSize: UNLAID_HEIGHT,
    sync: true,
  });
  const toggle = selection?.toggle;
  const onToggle = useCallback((key: string, index: number, range: boolean) => toggle?.(key, index, { range }), [toggle]);
  const template = gridTemplate(columns, selectable);
  // antd's table colours (its theme's values for them), on the branding's CSS variables: the table draws without antd.
  const style = {
    '--stw-list-border': '#f0f0f0',
    '--stw-list-head-bg': 'rgba(0, 0, 0, 0.02)',
    '--stw-list-bg': '#ffffff',
    '--stw-list-hover': 'rgba(0, 0, 0, 0.04)',
    '--stw-list-selected': 'var(--stw-selected)',
    '--stw-list-muted': 'var(--stw-text-secondary)',
    '--stw-list-radius': '8px',
    fontSize: 14,
    color: 'var(--stw-text)',
    maxHeight,
  } as CSSProperties;
  const total = totalRows ?? rows.length;
  const item = (index: number, start: number) => {
    const row = rows[index];
    if (!row) return null;
    const key = rowKey(row);
    const props: ItemProps<Row> = {
      row,
      rowKeyValue: key,
      columns,
      index,
      ariaIndex: rowOffset + index + 2,
      start,
      template,
      selectable,
      selected: selection?.isSelected(key) ?? false,
      onToggle,
      measure: virtual.measureElement,
    };
    return cards ? <CardItem<Row> key={`card:${key}`} {...props} /> : <TableRow<Row> key={`row:${key}`} {...props} />;
  };

  if (cards) {
    return (
      // Focusable and named: cards whose fields hold no link or button (a dialog's preview) could not be
      // scrolled from the keyboard otherwise.
      <div ref={setScroller} className="stw-list-scroll stw-list-cards" style={style} data-busy={busy || undefined} role="region" aria-label={label} tabIndex={0}>
        {rows.length === 0 ? (
          <p className="stw-list-placeholder" aria-busy={busy}>
            {placeholder}
          </p>
        ) : (
          <ul aria-label={label} aria-busy={busy} className="stw-list-card-list" style={{ height: virtual.totalSize }}>
            {virtual.items.map((shown) => item(shown.index, shown.start))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <div ref={setScroller} className="stw-list-scroll" style={style} data-busy={busy || undefined}>
      <table role="table" aria-label={label} aria-busy={busy} aria-rowcount={total + 1} className="stw-list-table">
        <thead role="rowgroup" className="stw-list-head">
          <tr role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
            {selection ? (
              <th role="columnheader" scope="col" className="stw-list-head-cell stw-list-select">
                <input
                  type="checkbox"
                  className="stw-list-check"
                  aria-label={t('table.selectPage')}
                  checked={selection.pageState === 'all'}
                  ref={(input) => {
                    if (input) input.indeterminate = selection.pageState === 'some';
                  }}
                  onChange={selection.togglePage}
                  disabled={rows.length === 0}
                />
              </th>
            ) : null}
            {columns.map((column) => (
              <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        {rows.length === 0 ? (
          <tbody role="rowgroup">
            <tr role="row" aria-rowindex={2} className="stw-list-empty-row">
              <td role="cell" className="stw-list-placeholder">
                {placeholder}
              </td>
            </tr>
          </tbody>
        ) : (
          <tbody role="rowgroup" className="stw-list-body" style={{ height: virtual.totalSize }}>
            {virtual.items.map((shown) => item(shown.index, shown.start))}
          </tbody>
        )}
      </table>
    </div>
  );
}
