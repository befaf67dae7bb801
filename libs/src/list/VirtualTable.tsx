import { memo, useRef, type CSSProperties, type ReactNode, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { theme } from '@steward/libs/antd';
import type { SortSpec } from '@steward/libs/filter';
import { columnField, type ListColumn } from './listColumn';

type Row0 = Record<string, unknown>;

export type VirtualTableProps<Row extends Row0> = {
  label: string;
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  renderCell: (column: ListColumn<Row>, row: Row) => ReactNode;
  sort: SortSpec;
  onSort: (field: string) => void;
  height: number;
  /** True while rows are being (re)fetched: announced as aria-busy. */
  busy?: boolean;
  rowHeight?: number;
};

const ROW_HEIGHT = 56;

function gridTemplate<Row extends Row0>(columns: readonly ListColumn<Row>[]): string {
  return columns.map((column) => (typeof column.width === 'number' ? `${column.width}px` : (column.width ?? 'minmax(120px, 1fr)'))).join(' ');
}

type VirtualRowProps<Row extends Row0> = {
  row: Row;
  columns: readonly ListColumn<Row>[];
  renderCell: (column: ListColumn<Row>, row: Row) => ReactNode;
  index: number;
  start: number;
  minHeight: number;
  template: string;
  border: string;
  /** The virtualizer measures each row it shows, so a row is as tall as its content needs. */
  measure: Ref<HTMLDivElement>;
};

// Only primitives and stable references as props: a row that stays in view is not re-rendered on
// every scroll frame.
const VirtualRow = memo(function VirtualRow<Row extends Row0>({ row, columns, renderCell, index, start, minHeight, template, border, measure }: VirtualRowProps<Row>) {
  const style: CSSProperties = {
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    minHeight,
    boxSizing: 'border-box',
    transform: `translateY(${start}px)`,
    display: 'grid',
    gridTemplateColumns: template,
    alignItems: 'center',
    borderBottom: border,
  };
  return (
    <div ref={measure} data-index={index} role="row" aria-rowindex={index + 2} className="ant-table-row stw-virtual-row" style={style}>
      {columns.map((column) => (
        <div role="cell" key={column.key} style={{ padding: '8px 12px', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {renderCell(column, row)}
        </div>
      ))}
    </div>
  );
}) as <Row extends Row0>(props: VirtualRowProps<Row>) => ReactNode;

/**
 * Long lists: only the rows in view (plus a few) are in the DOM, each a grid row that is not
 * re-rendered while it stays in view, so scrolling 10,000 rows keeps frames short. Rows are at least
 * `rowHeight` tall and measured once shown, so a cell with several lines (a task's subtasks) pushes the
 * rows below it down instead of spilling over them. Same columns, cells and header sort as the antd
 * table used for short lists.
 */
export function VirtualTable<Row extends Row0>({ label, columns, rows, rowKey, renderCell, sort, onSort, height, busy = false, rowHeight = ROW_HEIGHT }: VirtualTableProps<Row>) {
  const { token } = theme.useToken();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    // A row is never shorter than rowHeight (its min-height), also where nothing is laid out (tests).
    measureElement: (element) => Math.max(rowHeight, element.getBoundingClientRect().height),
    overscan: 6,
    getItemKey: (index) => {
      const row = rows[index];
      return row ? rowKey(row) : index;
    },
    // Before layout (and in tests) assume the configured height rather than an empty viewport.
    initialRect: { width: 1000, height },
  });
  const template = gridTemplate(columns);
  const primary = sort[0];
  const border = `1px solid ${token.colorBorderSecondary}`;
  return (
    // On a narrow screen the header and the rows scroll sideways together inside the table's frame (the
    // page itself never does): the inner block is at least as wide as the header's columns need.
    <div role="table" aria-label={label} aria-busy={busy} aria-rowcount={rows.length + 1} style={{ border, borderRadius: token.borderRadiusLG, fontSize: token.fontSize, color: token.colorText, overflowX: 'auto' }}>
      <div style={{ minWidth: 'max-content' }}>
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} style={{ display: 'grid', gridTemplateColumns: template, background: token.colorFillAlter, borderBottom: border, fontWeight: 600 }}>
            {columns.map((column) => {
              const field = columnField(column);
              const direction = primary?.field === field ? primary.order : null;
              return (
                <div
                  role="columnheader"
                  key={column.key}
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                  style={{ padding: '12px' }}
                >
                  {column.sortable ? (
                    <button type="button" onClick={() => onSort(field)} style={{ all: 'unset', cursor: 'pointer' }} aria-label={`Sort by ${column.title}`}>
                      {column.title} {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : ''}
                    </button>
                  ) : (
                    column.title
                  )}
                </div>
              );
            })}
          </div>
        </div>
        <div ref={scrollRef} role="rowgroup" className="stw-virtual-holder" style={{ height, overflowY: 'auto', contain: 'strict', position: 'relative' }}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <VirtualRow
                  key={item.key as string}
                  row={row}
                  index={item.index}
                  columns={columns}
                  renderCell={renderCell}
                  start={item.start}
                  minHeight={rowHeight}
                  template={template}
                  border={border}
                  measure={virtualizer.measureElement}
                />
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
