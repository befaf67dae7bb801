import { useEffect, useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchList } from '@steward/libs/data-access';
import type { SortSpec } from '@steward/libs/filter';
import { firstViewShown } from '@steward/libs/supabase';
import { columnField, fieldTypesOf, filterFieldsOf, sortableFieldsOf, type ListColumn } from './listColumn';
import { useCsvExport } from './useCsvExport';
import { appliedListParams, useFilterState } from './useFilterState';
import { tableListRequest, useListRows, type RowsSource, type TableSource } from './useListRows';

export type { RowsSource, TableSource } from './useListRows';

/** Lists longer than this render only the rows in view. */
export const VIRTUAL_THRESHOLD = 100;

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

/** The columns' filter fields, their types and the sortable fields: what the URL's filter and sort are read against. */
function fieldsOfColumns<Row>(columns: readonly ListColumn<Row>[]) {
  const fields = filterFieldsOf(columns);
  return { fields, fieldTypes: fieldTypesOf(fields), sortable: sortableFieldsOf(columns) };
}

/**
 * The headless list page, composed of its parts: the columns' filter and sort fields (listColumn),
 * filter, sort and page in the URL (useFilterState), the query (server-side with exact count and
 * pages of 200, or in memory: useListRows) and the CSV export (useCsvExport).
 */
export function useListPage<Row extends Row0>(options: ListPageOptions<Row>) {
  const { title, columns, source, shortId } = options;

  const { fields: filterFields, fieldTypes, sortable } = useMemo(() => fieldsOfColumns(columns), [columns]);
  const defaultSort = useMemo(() => options.defaultSort ?? [], [options.defaultSort]);
  const filterState = useFilterState({ fields: filterFields, sortable, defaultSort });

  const { page, setPage } = filterState;
  const list = useListRows({ source, shortId, filter: filterState.filter, sort: filterState.sort, fieldTypes, page });
  const { exporting, exportError, exportCsv } = useCsvExport(title, columns, list.loadAll);
  // The rows are on screen: a visit that started on this list starts its reads from index.html next
  // time (libs/supabase firstView), as the dashboard's does.
  const shown = !list.isLoading && list.error === null;
  useEffect(() => {
    if (shown) firstViewShown();
  }, [shown]);

  return {
    title,
    columns,
    rows: list.rows,
    total: list.total,
    totalIsEstimate: list.totalIsEstimate,
    countExactly: list.countExactly,
    page,
    pageSize: list.pageSize,
    setPage,
    isLoading: list.isLoading,
    isFetching: list.isFetching,
    error: list.error,
    exportError,
    exporting,
    exportCsv,
    filterState,
    rowKey: options.rowKey ?? ((row: Row) => String(row.id ?? row.short_id ?? JSON.stringify(row))),
    sortLabels: Object.fromEntries(columns.map((column) => [columnField(column), column.title])),
  };
}

/**
 * Starts the request the list page will send for this URL, before the page renders: an area calls it
 * for the route being opened while its screens are still being evaluated and rendered, so code and
 * data arrive together. The page's own request is then the same one (same key), in flight or done.
 */
export function prefetchListPage<Row extends Row0>(
  queryClient: QueryClient,
  options: Pick<ListPageOptions<Row>, 'columns' | 'source' | 'defaultSort' | 'shortId'>,
  { search, orgScope }: { search: URLSearchParams; orgScope: readonly string[] },
): void {
  const { source, columns } = options;
  if (source.kind !== 'table') return;
  const { fields, fieldTypes, sortable } = fieldsOfColumns(columns);
  const { filter, sort, page } = appliedListParams(search, { fields, sortable, defaultSort: options.defaultSort });
  const request = tableListRequest(source, { orgScope, shortId: options.shortId ?? null, filter, sort, page, fieldTypes });
  prefetchList(queryClient, source.table, request);
}

export type ListPageApi<Row extends Row0> = ReturnType<typeof useListPage<Row>>;
