import { useCallback, useMemo, useState } from 'react';
import {
  LIST_PAGE_SIZE,
  errorMessage,
  fetchAllRows,
  getSupabase,
  useList,
  type EqValue,
  type ListRequest,
  type TableRef,
} from '@steward/libs/data-access';
import { filterRows, sortRows, type FieldTypes, type FilterFieldDef, type SortSpec } from '@steward/libs/filter';
import { useSession } from '@steward/libs/session';
import { buildCsv, csvFileName, downloadTextFile } from './exportCsv';
import { columnField, exportValueOf, type ListColumn } from './listColumn';
import { useFilterState } from './useFilterState';

/** Lists longer than this render only the rows in view. */
export const VIRTUAL_THRESHOLD = 100;

export type TableSource<Row> = {
  kind: 'table';
  table: TableRef<Row>;
  select?: string;
  /** org_name in (active organisation, _system_default_); false for tables without org_name. */
  orgScoped?: boolean;
  eq?: Readonly<Record<string, EqValue>>;
  excludeArchived?: boolean;
  pageSize?: number;
  tieBreaker?: string | null;
};

/** Rows the page already holds (joined client side, e.g. tasks with subtasks); filtered and sorted here. */
export type RowsSource<Row> = { kind: 'rows'; rows: readonly Row[] | undefined; isLoading: boolean; error: unknown };

export type ListPageOptions<Row> = {
  /** The page title; the export file is named after it. */
  title: string;
  columns: readonly ListColumn<Row>[];
  source: TableSource<Row> | RowsSource<Row>;
  defaultSort?: SortSpec;
  /** Detail mode: show only the record with this short_id (000 §2, 001 §2). */
  shortId?: string | null;
  rowKey?: (row: Row) => string;
};

type Row0 = Record<string, unknown>;

/**
 * The headless list page: filter and sort state (in the URL), the query (server-side with exact count
 * and pages of 200, or in memory), loading and error states, CSV export of the filtered and sorted
 * rows, and the props for ListTable and ListToolbar.
 */
export function useListPage<Row extends Row0>(options: ListPageOptions<Row>) {
  const { title, columns, source, shortId } = options;
  const session = useSession();

  const filterFields = useMemo<FilterFieldDef[]>(
    () =>
      columns
        .filter((column) => column.filterable)
        .map((column) => ({ field: columnField(column), label: column.title, type: column.filterable === true ? 'text' : column.filterable || 'text' })),
    [columns],
  );
  const fieldTypes = useMemo<FieldTypes>(() => Object.fromEntries(filterFields.map((field) => [field.field, field.type ?? 'text'])), [filterFields]);
  const sortable = useMemo(() => columns.filter((column) => column.sortable).map(columnField), [columns]);
  const defaultSort = useMemo(() => options.defaultSort ?? [], [options.defaultSort]);
  const filterState = useFilterState({ fields: filterFields, sortable, defaultSort });

  const pageSize = source.kind === 'table' ? (source.pageSize ?? LIST_PAGE_SIZE) : Number.POSITIVE_INFINITY;
  const { page, setPage } = filterState;

  const request = useMemo<ListRequest | null>(() => {
    if (source.kind !== 'table') return null;
    return {
      select: source.select,
      orgScope: source.orgScoped === false ? undefined : session.orgScope,
      eq: shortId ? { ...source.eq, short_id: shortId } : source.eq,
      excludeArchived: source.excludeArchived,
      filter: filterState.filter,
      fieldTypes,
      sort: filterState.sort,
      tieBreaker: source.tieBreaker,
      page: page - 1,
      pageSize,
      count: true,
    };
  }, [fieldTypes, filterState.filter, filterState.sort, page, pageSize, session.orgScope, shortId, source]);

  const tableQuery = useList<Row>(source.kind === 'table' ? source.table : ({ schema: 'public', table: '', audit: false } as TableRef<Row>), request ?? {}, {
    enabled: source.kind === 'table' && !session.loading,
  });

  const memory = useMemo(() => {
    if (source.kind !== 'rows') return null;
    const all = source.rows ?? [];
    const scoped = shortId ? all.filter((row) => row.short_id === shortId) : all;
    return sortRows(filterRows(scoped, filterState.filter, fieldTypes), filterState.sort);
  }, [fieldTypes, filterState.filter, filterState.sort, shortId, source]);

  const rows = useMemo<readonly Row[]>(() => (source.kind === 'table' ? (tableQuery.data?.rows ?? []) : (memory ?? [])), [memory, source.kind, tableQuery.data]);
  const total = source.kind === 'table' ? (tableQuery.data?.total ?? rows.length) : rows.length;
  const isLoading = source.kind === 'table' ? session.loading || tableQuery.isLoading : source.isLoading;
  const rawError = source.kind === 'table' ? tableQuery.error : source.error;
  const error = rawError ? errorMessage(rawError, 'Unknown error') : null;

  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const exportCsv = useCallback(async () => {
    setExporting(true);
    setExportError(null);
    try {
      // Export means the whole filtered and sorted list, not only the page on screen.
      const all = source.kind === 'table' && request ? await fetchAllRows(getSupabase(), source.table, request) : rows;
      const csv = buildCsv(all, columns.filter((column) => column.exported !== false).map((column) => ({ title: column.title, value: (row: Row) => exportValueOf(column, row) })));
      downloadTextFile(csv, csvFileName(title));
    } catch (problem) {
      setExportError(errorMessage(problem, 'Export failed'));
    } finally {
      setExporting(false);
    }
  }, [columns, request, rows, source, title]);

  return {
    title,
    columns,
    rows,
    total,
    page,
    pageSize,
    setPage,
    isLoading,
    isFetching: source.kind === 'table' ? tableQuery.isFetching : false,
    error,
    exportError,
    exporting,
    exportCsv,
    filterState,
    rowKey: options.rowKey ?? ((row: Row) => String(row.id ?? row.short_id ?? JSON.stringify(row))),
    sortLabels: Object.fromEntries(columns.map((column) => [columnField(column), column.title])),
  };
}

export type ListPageApi<Row extends Row0> = ReturnType<typeof useListPage<Row>>;
