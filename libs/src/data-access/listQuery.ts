import type { SupabaseClient } from '@supabase/supabase-js';
import { compileFilterToPostgrest, type FieldTypes, type FilterNode, type SortSpec } from '@steward/libs/filter';
import { toDataAccessError } from './DataAccessError';
import type { TableRef } from './tableRef';

/** The spec's page size for lists and the generic editor. */
export const LIST_PAGE_SIZE = 200;
/** Rows fetched per request when a whole filtered list is needed (export); PostgREST's max-rows cap. */
export const FETCH_ALL_CHUNK = 1000;
/**
 * Above this many rows PostgREST answers `count=estimated` with the planner's estimate instead of
 * counting (its max-rows, supabase/config.toml); at or below it the count is exact.
 */
export const EXACT_COUNT_LIMIT = FETCH_ALL_CHUNK;

export type EqValue = string | number | boolean | null;

export type ListRequest = {
  select?: string;
  /** org_name in (…); usually the session's orgScope. Omit for tables without org_name. */
  orgScope?: readonly string[];
  /** Exact matches, e.g. { short_id } for a list's detail mode or { business_id } on a detail tab. */
  eq?: Readonly<Record<string, EqValue>>;
  /** Hide rows with archive = true (rows with archive null stay). */
  excludeArchived?: boolean;
  filter?: FilterNode | null;
  fieldTypes?: FieldTypes;
  sort?: SortSpec;
  /** Zero-based page of `pageSize` rows. */
  page?: number;
  pageSize?: number;
  /**
   * Ask PostgREST for the total for pagination: true (or 'exact') counts every row (Prefer:
   * count=exact); 'estimated' counts exactly up to EXACT_COUNT_LIMIT rows and takes the planner's
   * estimate beyond, which costs nothing at a million rows where an exact count takes a second.
   */
  count?: boolean | 'exact' | 'estimated';
  /** Appended to the order so pages never overlap when sort values tie; null for views without id. */
  tieBreaker?: string | null;
};

export type ListResult<Row> = {
  rows: Row[];
  total: number | null;
  /** The total is the planner's estimate (count 'estimated' past EXACT_COUNT_LIMIT), not a count. */
  totalIsEstimate?: boolean;
};

/**
 * The one way lists read: schema.table, org scope, exact matches, the compiled filter tree (one
 * `or=(…)` parameter), order and range. Exported so tests can pin the exact URL it sends.
 */
export function buildListQuery(client: SupabaseClient, ref: TableRef<unknown>, request: ListRequest) {
  let query = client
    .schema(ref.schema)
    .from(ref.table)
    .select(request.select ?? '*', request.count ? { count: request.count === 'estimated' ? 'estimated' : 'exact' } : undefined);
  if (request.orgScope) query = query.in('org_name', [...request.orgScope]);
  for (const [column, value] of Object.entries(request.eq ?? {})) {
    query = value === null ? query.is(column, null) : query.eq(column, value);
  }
  if (request.excludeArchived) query = query.not('archive', 'is', true);
  const compiled = compileFilterToPostgrest(request.filter ?? null, request.fieldTypes);
  if (compiled) query = query.or(compiled);
  for (const { field, order } of request.sort ?? []) {
    query = query.order(field, { ascending: order === 'asc', nullsFirst: order === 'desc' });
  }
  const tieBreaker = request.tieBreaker === undefined ? 'id' : request.tieBreaker;
  if (tieBreaker && !(request.sort ?? []).some((s) => s.field === tieBreaker)) query = query.order(tieBreaker, { ascending: true });
  const pageSize = request.pageSize ?? LIST_PAGE_SIZE;
  const from = (request.page ?? 0) * pageSize;
  return query.range(from, from + pageSize - 1);
}

export async function fetchList<Row>(client: SupabaseClient, ref: TableRef<Row>, request: ListRequest): Promise<ListResult<Row>> {
  const { data, error, count } = await buildListQuery(client, ref, request);
  if (error) throw toDataAccessError(error);
  const total = count ?? null;
  return { rows: (data ?? []) as Row[], total, totalIsEstimate: request.count === 'estimated' && total !== null && total > EXACT_COUNT_LIMIT };
}

/** Every row the request selects, in order, fetched in chunks (what export needs, not one page). */
export async function fetchAllRows<Row>(client: SupabaseClient, ref: TableRef<Row>, request: Omit<ListRequest, 'page' | 'pageSize' | 'count'>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page += 1) {
    const { rows: chunk } = await fetchList(client, ref, { ...request, page, pageSize: FETCH_ALL_CHUNK });
    rows.push(...chunk);
    if (chunk.length < FETCH_ALL_CHUNK) return rows;
  }
}
