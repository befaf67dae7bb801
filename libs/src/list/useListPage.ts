import { useCallback, useMemo, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchList, type RelationSource, type TableRef } from '@steward/libs/data';
import { useSearchParams } from '@steward/libs/router';
import { compileFilterToListPage, type ListPageFilter, type SortSpec } from '@steward/libs/filter';
import { useFirstViewShown } from '@steward/libs/boot';
import { useAccess, type AccessComponent } from '@steward/libs/session';
import { fieldsOfColumns, type ListColumn } from './listColumn';
import { useCsvExport } from './useCsvExport';
import { appliedListParams, useFilterState } from './useFilterState';
import { tableListRequest, useListRows, type RowsSource, type TableSource } from './useListRows';
import { useRowSelection, type RowSelection } from './useRowSelection';
import { customBulkFieldsOf } from './bulk/bulkFields';
import { useSensitiveValues } from './customColumns';

export type { RowsSource, TableSource } from './useListRows';

/** A field a bulk change can set on the selected rows (status, owner, type…), with its choices. */
export type BulkField = {
  field: string;
  label: string;
  options?: readonly { value: string; label: string }[];
  /** Choices read from a related table (owners, types); the session's organisation scope is added. */
  relation?: Omit<RelationSource, 'orgScope'> & { orgScoped?: boolean };
};

/**
 * What a list's rows go through after they are written: an Archived view with Restore, bulk changes
 * on the selected rows, deleting archived rows for good. Every write is one database call on `table`
 * (the list may read a view over it): all rows or none, recorded in history, undoable.
 */
export type ListLifecycle<Row> = {
  table: Pick<TableRef<unknown>, 'schema' | 'table'>;
  /** How messages name the rows: { one: 'contact', many: 'contacts' }. */
  noun: { one: string; many: string };
  /** Fields the selection can be set to at once. */
  fields?: readonly BulkField[];
  /** The rows may be changed here (bulk changes); the role's edit level applies on top. Default true. */
  canEdit?: boolean;
  /** The rows may be deleted for good (from the Archived view only); the role's delete level applies on top. Default false. */
  canDelete?: boolean;
  /**
   * The rows are archived and restored here, with an Archived view. Default true; false for rows
   * that leave through a field instead (an organisation's users: their status).
   */
  archivable?: boolean;
  /** A row's name in a confirmation; default its `name`. */
  label?: (row: Row) => string;
  /**
   * Actions of an area on the selection besides the lifecycle's own (mail to many): drawn in the bulk
   * bar, given what is chosen.
   */
  actions?: (chosen: BulkChosen) => ReactNode;
};

/**
 * What a bulk action of an area acts on: how many rows, their ids (every matching row's when "all N
 * matching" is chosen), and then the list's filter as public.list_page takes it (null when it cannot
 * be said that way, or only some rows are chosen), so the database can find the rows itself.
 */
export type BulkChosen = {
  count: number;
  allMatching: boolean;
  ids: () => Promise<string[]>;
  listPageFilter: ListPageFilter | null;
  clear: () => void;
};

/** The URL parameter of the Archived view. */
export const ARCHIVED_PARAM = 'archived';

export type ListPageOptions<Row> = {
  /** The page title; the export file is named after it. */
  title: string;
  columns: readonly ListColumn<Row>[];
  /**
   * Columns the person has not chosen to show (the column chooser): still offered in Filters and Sort,
   * so a link or a saved view that filters or sorts on one works, but neither read, drawn nor exported.
   */
  hiddenColumns?: readonly ListColumn<Row>[];
  source: TableSource<Row> | RowsSource<Row>;
  defaultSort?: SortSpec;
  /** Detail mode: a route with a short id (`/contacts/:shortId`) shows only that record. */
  shortId?: string | null;
  rowKey?: (row: Row) => string;
  /** Rows can be selected (checkbox column, page and range selection, "all matching"): `list.selection`. */
  selectable?: boolean;
  /** Archived view, bulk changes and deleting for good (selection comes with it). */
  lifecycle?: ListLifecycle<Row>;
  /** Whose rights govern the rows, when not the area's (an organisation's users: Settings). */
  accessComponent?: AccessComponent;
};

type Row0 = Record<string, unknown>;

/**
 * What a list's lifecycle offers this role: bulk changes need edit access, archive and restore need
 * edit and delete access, deleting for good needs delete access.
 */
export function lifecycleRules<Row>(given: ListLifecycle<Row>, access: { edit: string; delete: string }) {
  const canEdit = (given.canEdit ?? true) && access.edit !== 'None';
  const archivable = given.archivable ?? true;
  return {
    ...given,
    canEdit,
    archivable,
    canArchive: archivable && canEdit && access.delete !== 'None',
    canDelete: archivable && Boolean(given.canDelete) && access.delete !== 'None',
  };
}

const defaultRowKey = (row: Row0) => String(row.id ?? row.short_id ?? JSON.stringify(row));

/**
 * The headless list page, composed of its parts: the columns' filter and sort fields (listColumn),
 * filter, sort and page in the URL (useFilterState), the query (server-side with exact count and
 * pages of 200, or in memory: useListRows) and the CSV export (useCsvExport).
 */
export function useListPage<Row extends Row0>(options: ListPageOptions<Row>) {
  const { title, columns, shortId } = options;
  const access = useAccess(options.accessComponent);
  const { edit, delete: del } = access;
  // The organisation's choice and Yes/No fields among the columns (shown or not) can be set in bulk too.
  const { hiddenColumns } = options;
  const customBulk = useMemo(() => customBulkFieldsOf([...columns, ...(hiddenColumns ?? [])]), [columns, hiddenColumns]);
  const lifecycle = useMemo(
    () => (options.lifecycle ? lifecycleRules({ ...options.lifecycle, fields: [...(options.lifecycle.fields ?? []), ...customBulk] }, { edit, delete: del }) : undefined),
    [options.lifecycle, customBulk, edit, del],
  );
  const [searchParams, setSearchParams] = useSearchParams();
  const archived = Boolean(lifecycle?.archivable) && searchParams.get(ARCHIVED_PARAM) === '1';
  // The Archived view reads the same table, archived rows only.
  const source = useMemo<ListPageOptions<Row>['source']>(
    () => (archived && options.source.kind === 'table' ? { ...options.source, excludeArchived: false, eq: { ...options.source.eq, archive: true } } : options.source),
    [archived, options.source],
  );
  const showArchived = useCallback(
    (show: boolean) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (show) next.set(ARCHIVED_PARAM, '1');
        else next.delete(ARCHIVED_PARAM);
        next.delete('page');
        return next;
      }),
    [setSearchParams],
  );

  const { fields: filterFields, fieldTypes, sortable, select, sortLabels } = useMemo(() => fieldsOfColumns(columns, hiddenColumns), [columns, hiddenColumns]);
  const defaultSort = useMemo(() => options.defaultSort ?? [], [options.defaultSort]);
  const filterState = useFilterState({ fields: filterFields, sortable, defaultSort });

  const { page, setPage } = filterState;
  const list = useListRows({ source, shortId, filter: filterState.filter, sort: filterState.sort, fieldTypes, page, select });
  const exportTotal = useMemo(() => ({ count: list.total, isEstimate: list.totalIsEstimate }), [list.total, list.totalIsEstimate]);
  const { exporting, exportProgress, exportError, exportCsv, cancelExport } = useCsvExport(title, columns, list.readPages, exportTotal);
  // The rows are on screen: a visit that started on this list starts its reads from index.html next
  // time (libs/boot firstView), as the dashboard's does.
  useFirstViewShown(!list.isLoading && list.error === null);

  // A sensitive field's column on a table read directly: its values as the person may see them.
  const rows = useSensitiveValues(columns, list.rows, source.kind === 'table' ? source.table.schema : null);
  const rowKey = (options.rowKey ?? defaultRowKey) as (row: Row) => string;
  const pageKeys = useMemo(() => list.rows.map(rowKey), [list.rows, rowKey]);
  const scope = useMemo(() => JSON.stringify([filterState.filter, shortId ?? null, archived]), [filterState.filter, shortId, archived]);
  const selection = useRowSelection({ pageKeys, total: list.total, scope });
  // The filter as the database's list_page reads it, for actions on every matching row (archived rows
  // are never in it: such actions are for the live list).
  const listPageFilter = useMemo(() => (archived ? null : compileFilterToListPage(filterState.filter, fieldTypes)), [archived, filterState.filter, fieldTypes]);

  return {
    title,
    columns,
    rows,
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
    exportProgress,
    exportCsv,
    cancelExport,
    filterState,
    rowKey,
    /** Present when the list opts in (`selectable`, `lifecycle`): what is chosen, for actions on many rows. */
    selection: (options.selectable || lifecycle ? selection : null) as RowSelection | null,
    /** The role's access to the list's component: Add New and Import show only with create access. */
    access,
    /** Present when the list has a lifecycle: whether the Archived view is shown, and the switch. */
    lifecycle: lifecycle ? { ...lifecycle, archived, showArchived } : null,
    loadAll: list.loadAll,
    listPageFilter,
    sortLabels,
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
  const { fields, fieldTypes, sortable, select } = fieldsOfColumns(columns);
  const { filter, sort, page } = appliedListParams(search, { fields, sortable, defaultSort: options.defaultSort });
  const request = tableListRequest(source, { orgScope, shortId: options.shortId ?? null, filter, sort, page, fieldTypes, select });
  void prefetchList(queryClient, source.table, request);
}

export type ListPageApi<Row extends Row0> = ReturnType<typeof useListPage<Row>>;

/**
 * What bulk actions need of a list: its rows and columns, the selection, the lifecycle with the role's
 * rules and the Archived switch, every row (loadAll) and the export. A list page is one; a generic
 * editor's table (RecordTableCard) builds one over the rows it holds.
 */
export type BulkTarget<Row extends Row0> = Pick<ListPageApi<Row>, 'title' | 'columns' | 'rows' | 'rowKey' | 'access' | 'selection' | 'lifecycle' | 'loadAll' | 'exportCsv'> &
  Partial<Pick<ListPageApi<Row>, 'listPageFilter'>>;
