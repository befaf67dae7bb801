import { useCallback } from 'react';
import { Button, Flex, Typography } from '@steward/libs/antd';
import { Pagination, Table, type TableColumnsType, type TableProps } from '@steward/libs/antd-data';
import { displayValue, formatRowCount } from '@steward/libs/ui';
import { columnField, cellValue, type ListColumn } from './listColumn';
import { EMPTY_LIST_TEXT, LOADING_TEXT } from './listMessages';
import { VIRTUAL_THRESHOLD, type ListPageApi } from './useListPage';
import { VirtualTable } from './VirtualTable';
import './listTable.css';

type Row0 = Record<string, unknown>;

export type ListTableProps<Row extends Row0> = {
  list: ListPageApi<Row>;
  emptyText?: string;
  /** Height of the scrolling body once the list is long enough to be virtualised. */
  height?: number;
  /** Accessible name of the table. */
  label?: string;
};

/**
 * The list's table: columns from the spec's column definitions, paging, header sort. Short lists use
 * antd's Table; long ones (a page of 200, or thousands held in memory) the virtual table, which keeps
 * only the rows in view in the DOM.
 */
export function ListTable<Row extends Row0>({ list, emptyText = EMPTY_LIST_TEXT, height = 600, label }: ListTableProps<Row>) {
  const primarySort = list.filterState.sort[0];
  const { applySort } = list.filterState;
  const renderCell = useCallback(
    (column: ListColumn<Row>, row: Row) => (column.render ? column.render(row) : displayValue(cellValue(row, columnField(column)))),
    [],
  );
  // Header sort cycles ascending → descending → the page's default order.
  const cycleSort = useCallback(
    (field: string) => {
      if (primarySort?.field !== field) applySort([{ field, order: 'asc' }]);
      else if (primarySort.order === 'asc') applySort([{ field, order: 'desc' }]);
      else applySort([]);
    },
    [applySort, primarySort],
  );

  const columns: TableColumnsType<Row> = list.columns.map((column) => {
    const field = columnField(column);
    return {
      key: column.key,
      title: column.title,
      dataIndex: field,
      width: column.width,
      ellipsis: false,
      sorter: column.sortable ? true : undefined,
      sortOrder: column.sortable && primarySort?.field === field ? (primarySort.order === 'asc' ? 'ascend' : 'descend') : null,
      render: (_value: unknown, row: Row) => renderCell(column, row),
    };
  });

  const onChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    const field = typeof sorter.columnKey === 'string' ? columnField(list.columns.find((column) => column.key === sorter.columnKey) ?? { key: sorter.columnKey, title: '' }) : null;
    if (!field || !sorter.order) list.filterState.applySort([]);
    else list.filterState.applySort([{ field, order: sorter.order === 'ascend' ? 'asc' : 'desc' }]);
  };

  const virtual = list.rows.length > VIRTUAL_THRESHOLD;
  const paged = Number.isFinite(list.pageSize) && list.total > list.pageSize;
  const pagination = { current: list.page, pageSize: list.pageSize, total: list.total, showSizeChanger: false, onChange: (page: number) => list.setPage(page), showTotal: (total: number) =>
      list.totalIsEstimate ? (
        // Counting a large list exactly takes a scan of every row: the estimate shows, the exact figure on request.
        <span className="stw-list-count">
          {formatRowCount(total, true)}{' '}
          <Button type="link" size="small" onClick={list.countExactly}>
            Count exactly
          </Button>
        </span>
      ) : (
        formatRowCount(total)
      ) };
  if (virtual) {
    return (
      <Flex vertical gap={12}>
        <VirtualTable<Row>
          label={label ?? list.title}
          columns={list.columns}
          rows={list.rows}
          rowKey={list.rowKey}
          renderCell={renderCell}
          sort={list.filterState.sort}
          onSort={cycleSort}
          height={height}
          busy={list.isFetching}
        />
        {paged ? <Pagination {...pagination} align="end" /> : null}
      </Flex>
    );
  }
  return (
    <Table<Row>
      aria-label={label ?? list.title}
      // Tells assistive technology (and the journeys' axe scans) that rows are still arriving.
      aria-busy={list.isFetching}
      size="middle"
      rowKey={list.rowKey}
      columns={columns}
      dataSource={list.rows as Row[]}
      onChange={onChange}
      loading={list.isFetching && !list.isLoading}
      // Secondary text, not antd's disabled grey (1.8:1), so the message is readable.
      locale={{ emptyText: <Typography.Text type="secondary">{list.isLoading ? LOADING_TEXT : emptyText}</Typography.Text> }}
      pagination={paged ? pagination : false}
      // Scrolls sideways inside its frame on a narrow screen (listTable.css).
      className="stw-list-table"
    />
  );
}
