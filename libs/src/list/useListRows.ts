import { useCallback, useMemo, useState } from 'react';
import {
  LIST_PAGE_SIZE,
  errorMessage,
  fetchAllRows,
  getDatabase,
  readRowPages,
  useList,
  type EqValue,
  type ListRequest,
  type TableRef,
} from '@steward/libs/data';
import { filterRows, sortRows, type FieldTypes, type FilterNode, type SortSpec } from '@steward/libs/filter';
import { useSession } from '@steward/libs/session';
import { t } from '@steward/libs/messages';

export type TableSource<Row> = {
  kind: 'table';
  table: TableRef<Row>;
  /** What to ask for, when the columns do not say it (e.g. subtasks embedded); default: what the columns read. */
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

export type ListRowsOptions<Row> = {
  source: TableSource<Row> | RowsSource<Row>;
  /** Detail mode: only the record with this short_id. */
  shortId?: string | null;
  filter: FilterNode | null;
  sort: SortSpec;
  fieldTypes: FieldTypes;
  /** 1-based. */
  page: number;
  /** What the columns read (selectOfColumns); the source's own select wins. */
  select?: string;
};

type Row0 = Record<string, unknown>;

export type TableListParams = Pick<ListRowsOptions<unknown>, 'shortId' | 'filter' | 'sort' | 'fieldTypes' | 'page' | 'select'> & {
  /** The session's organisation scope (org_name in …). */
  orgScope: readonly string[];
  /** Count every row even past EXACT_COUNT_LIMIT (asked for on the page); otherwise estimated there. */
  exactCount?: boolean;
};

function fieldsNamed(filter: FilterNode | null, into: Set<string>): Set<string> {
  if (!filter) return into;
  if ('field' in filter) into.add(filter.field);
  else for (const child of filter.value) fieldsNamed(child, into);
  return into;
}

/**
 * The types of the fields the filter and sort name, and only those: a list's request (and its cache
 * key) stays the same when fields it does not use come and go (an organisation's own fields load).
 */
export function usedFieldTypes(fieldTypes: FieldTypes, filter: FilterNode | null, sort: SortSpec): FieldTypes {
  const used = fieldsNamed(filter, new Set(sort.map(({ field }) => field)));
  return Object.fromEntries(Object.entries(fieldTypes).filter(([field]) => used.has(field)));
}

/** The request for one page of a table-backed list: what the list sends, and what a route prefetch starts early. */
export function tableListRequest<Row>(source: TableSource<Row>, { orgScope, shortId, filter, fieldTypes, sort, page, select, exactCount = false }: TableListParams): ListRequest {
  return {
    select: source.select ?? select,
    orgScope: source.orgScoped === false ? undefined : orgScope,
    eq: shortId ? { ...source.eq, short_id: shortId } : source.eq,
    excludeArchived: source.excludeArchived,
    filter,
    fieldTypes: usedFieldTypes(fieldTypes, filter, sort),
    sort,
    tieBreaker: source.tieBreaker,
    page: page - 1,
    pageSize: source.pageSize ?? LIST_PAGE_SIZE,
    // A large list's exact count costs a scan of every row it holds: estimated unless asked for.
    count: exactCount ? 'exact' : 'estimated',
  };
}

const NO_TABLE = { schema: 'public', table: '', audit: false } as const;

/**
 * The rows a list shows: from a table, filtered, sorted and paged by the database (pages of 200 with
 * an exact count), or from rows the page already holds, filtered and sorted in memory. `loadAll`
 * gives every row of the filtered and sorted list (what Export writes), not only the page on screen.
 */
export function useListRows<Row extends Row0>({ source, shortId, filter, sort, fieldTypes, page, select }: ListRowsOptions<Row>) {
  const session = useSession();
  const pageSize = source.kind === 'table' ? (source.pageSize ?? LIST_PAGE_SIZE) : Number.POSITIVE_INFINITY;
  const [exactCount, setExactCount] = useState(false);
  const countExactly = useCallback(() => setExactCount(true), []);

  const request = useMemo<ListRequest | null>(
    () => (source.kind === 'table' ? tableListRequest(source, { orgScope: session.orgScope, shortId, filter, fieldTypes, sort, page, select, exactCount }) : null),
    [fieldTypes, filter, sort, page, select, session.orgScope, shortId, source, exactCount],
  );

  const tableQuery = useList<Row>(source.kind === 'table' ? source.table : (NO_TABLE as TableRef<Row>), request ?? {}, {
    enabled: source.kind === 'table' && !session.loading,
  });

  const memory = useMemo(() => {
    if (source.kind !== 'rows') return null;
    const all = source.rows ?? [];
    const scoped = shortId ? all.filter((row) => row.short_id === shortId) : all;
    return sortRows(filterRows(scoped, filter, fieldTypes), sort);
  }, [fieldTypes, filter, sort, shortId, source]);

  const rows = useMemo<readonly Row[]>(() => (source.kind === 'table' ? (tableQuery.data?.rows ?? []) : (memory ?? [])), [memory, source.kind, tableQuery.data]);
  const rawError = source.kind === 'table' ? tableQuery.error : source.error;

  const loadAll = useCallback(
    async (): Promise<readonly Row[]> => (source.kind === 'table' && request ? fetchAllRows<Row>(getDatabase(), source.table, request) : rows),
    [request, rows, source],
  );

  // Export reads the whole list page by page (keyset by id for tables) and writes as pages arrive.
  const readPages = useCallback(
    (signal?: AbortSignal): AsyncIterable<readonly Row[]> =>
      source.kind === 'table' && request
        ? readRowPages<Row>(getDatabase(), source.table, request, signal)
        : (async function* () {
            yield rows;
          })(),
    [request, rows, source],
  );

  return {
    rows,
    total: source.kind === 'table' ? (tableQuery.data?.total ?? rows.length) : rows.length,
    /** The total is an estimate ("about 1.2 million"); countExactly asks for the exact figure. */
    totalIsEstimate: source.kind === 'table' && Boolean(tableQuery.data?.totalIsEstimate),
    countExactly,
    pageSize,
    isLoading: source.kind === 'table' ? session.loading || tableQuery.isLoading : source.isLoading,
    isFetching: source.kind === 'table' ? tableQuery.isFetching : false,
    error: rawError ? errorMessage(rawError, t('common.unknownError')) : null,
    loadAll,
    readPages,
  };
}
