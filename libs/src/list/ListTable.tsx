import { Table, type TableColumnsType, type TableProps } from '@steward/libs/antd-data';
import { displayValue } from '@steward/libs/ui';
import { columnField, cellValue } from './listColumn';
import { EMPTY_LIST_TEXT, LOADING_TEXT } from './listMessages';
import { VIRTUAL_THRESHOLD, type ListPageApi } from './useListPage';

type Row0 = Record<string, unknown>;

export type ListTableProps<Row extends Row0> = {
  list: ListPageApi<Row>;
  emptyText?: string;
  /** Height of the scrolling body once the list is long enough to be virtualised. */
  height?: number;
  /** Accessible name of the table. */
  label?: string;
};

/** The list's antd table: columns from the spec's column definitions, paging, header sort, virtual rows for long lists. */
export function ListTable<Row extends Row0>({ list, emptyText = EMPTY_LIST_TEXT, height = 600, label }: ListTableProps<Row>) {
  const primarySort = list.filterState.sort[0];
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
      render: (_value: unknown, row: Row) => (column.render ? column.render(row) : displayValue(cellValue(row, field))),
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
  return (
    <Table<Row>
      aria-label={label ?? list.title}
      size="middle"
      rowKey={list.rowKey}
      columns={columns}
      dataSource={list.rows as Row[]}
      onChange={onChange}
      loading={list.isFetching && !list.isLoading}
      virtual={virtual}
      scroll={virtual ? { y: height } : undefined}
      locale={{ emptyText: list.isLoading ? LOADING_TEXT : emptyText }}
      pagination={
        paged
          ? { current: list.page, pageSize: list.pageSize, total: list.total, showSizeChanger: false, onChange: (page) => list.setPage(page), showTotal: (total) => `${total} rows` }
          : false
      }
    />
  );
}
