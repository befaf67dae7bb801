import type { Database } from '@steward/libs/boot';
import { compileFilterToListPage, compileFilterToPostgrest, customFieldId, isFilterGroup, type FieldTypes, type FilterNode, type ListPageFilter, type SortSpec } from '@steward/libs/filter';
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
export function buildListQuery(client: Database, ref: TableRef<unknown>, request: ListRequest) {
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
    query = query.order(sortColumn(field, request.fieldTypes), { ascending: order === 'asc', nullsFirst: order === 'desc' });
  }
  const tieBreaker = request.tieBreaker === undefined ? 'id' : request.tieBreaker;
  if (tieBreaker && !(request.sort ?? []).some((s) => s.field === tieBreaker)) query = query.order(tieBreaker, { ascending: true });
  const pageSize = request.pageSize ?? LIST_PAGE_SIZE;
  const from = (request.page ?? 0) * pageSize;
  return query.range(from, from + pageSize - 1);
}

/**
 * From this many rows into a sorted list, a page is found by public.list_page (a seek from the page
 * before, or a skip in the sort key's index) instead of PostgREST's offset, which reads every row
 * before it through row-level security.
 */
export const DEEP_PAGE_OFFSET = 1000;
/** Ids per read of a page's rows (the URL stays short). */
const IDS_PER_READ = 200;

/** What public.list_page takes: the list's relation, scope, filter and sort, and where the page starts. */
export type ListPageCall = {
  p_relation: string;
  p_org_names: string[] | null;
  p_eq: Record<string, EqValue>;
  p_exclude_archived: boolean;
  p_filter: ListPageFilter;
  p_sort: { field: string; desc: boolean }[];
  p_offset: number;
  p_limit: number;
  p_after: PageCursor | null;
  p_count: 'exact' | 'estimated' | null;
};

/** The last row of a page in the list's order: its sort values and id (where the next page seeks from). */
export type PageCursor = { values: unknown[]; id: string };

/** Whether the filter holds a text "contains"/"is" test (a scan through row-level security otherwise). */
/**
 * A sort key as PostgREST names it: a column, or a custom field's key of `custom` (`custom.<id>`): as
 * JSON for numbers (ordered as numbers), as text otherwise (dates order as their YYYY-MM-DD text).
 */
function sortColumn(field: string, fieldTypes: FieldTypes | undefined): string {
  const id = customFieldId(field);
  if (id === null) return field;
  return fieldTypes?.[field] === 'number' ? `custom->${id}` : `custom->>${id}`;
}

function hasTextTest(node: FilterNode | null | undefined): boolean {
  if (!node) return false;
  if (isFilterGroup(node)) return node.value.some(hasTextTest);
  return true;
}

/** The list (everything but its page and count) as one key: where cursors of its pages are kept. */
function listKey(ref: TableRef<unknown>, request: ListRequest): string {
  const { page: _page, count: _count, select: _select, ...rest } = request;
  return JSON.stringify([ref.schema, ref.table, rest]);
}

/** Last rows of the pages read lately, per list; relations and shapes list_page declined. */
const cursors = new Map<string, Map<number, PageCursor>>();
const declined = new Set<string>();
const MAX_LISTS_REMEMBERED = 50;

function rememberCursor(key: string, page: number, cursor: PageCursor) {
  let pages = cursors.get(key);
  if (!pages) {
    if (cursors.size >= MAX_LISTS_REMEMBERED) cursors.delete(cursors.keys().next().value as string);
    pages = new Map();
    cursors.set(key, pages);
  }
  pages.set(page, cursor);
}

/**
 * The public.list_page call for a request, or null when the list's own query is as fast: no text
 * test in the filter and a page near the top, a condition list_page does not take, or a relation or
 * shape it declined before. A page after one read before starts from that page's last row.
 */
export function listPageCall(ref: TableRef<unknown>, request: ListRequest): ListPageCall | null {
  const pageSize = request.pageSize ?? LIST_PAGE_SIZE;
  const page = request.page ?? 0;
  const deep = page * pageSize >= DEEP_PAGE_OFFSET;
  // A sort on a custom field has no index of its own: list_page sorts it (choices in their order).
  const customSort = (request.sort ?? []).some(({ field }) => customFieldId(field) !== null);
  if (!deep && !hasTextTest(request.filter) && !customSort) return null;
  if (request.tieBreaker !== undefined && request.tieBreaker !== 'id') return null;
  // The rows are matched to the page's ids: they must carry their id.
  if (request.select && !/(^|,)\s*(\*|id)\s*(,|$)/.test(request.select)) return null;
  const filter = compileFilterToListPage(request.filter ?? null, request.fieldTypes);
  if (!filter) return null;
  const sort = (request.sort ?? []).map(({ field, order }) => ({ field, desc: order === 'desc' }));
  const call: ListPageCall = {
    p_relation: `${ref.schema}.${ref.table}`,
    p_org_names: request.orgScope ? [...request.orgScope] : null,
    p_eq: { ...request.eq },
    p_exclude_archived: Boolean(request.excludeArchived),
    p_filter: filter,
    p_sort: sort,
    p_offset: page * pageSize,
    p_limit: pageSize,
    p_after: cursors.get(listKey(ref, request))?.get(page - 1) ?? null,
    p_count: request.count ? (request.count === 'estimated' ? 'estimated' : 'exact') : null,
  };
  if (declined.has(shapeOf(call))) return null;
  return call;
}

/** What list_page's answer depends on besides values: the relation and the fields it names. */
function shapeOf(call: ListPageCall): string {
  const fields = (filter: ListPageFilter): string[] => ('and' in filter ? filter.and.flatMap(fields) : 'or' in filter ? filter.or.flatMap(fields) : [filter.field]);
  return JSON.stringify([call.p_relation, Object.keys(call.p_eq).sort(), [...new Set(fields(call.p_filter))].sort(), call.p_sort.map((s) => s.field)]);
}

type ListPageAnswer = { ids: string[]; total: number | null; estimated: boolean };

/**
 * The columns a select names when it is a plain list of columns ('id,name'); null for every column
 * ('*' or no select); undefined when it holds more than column names (embedded reads, aliases, casts).
 */
export function plainColumns(select: string | undefined): string[] | null | undefined {
  if (select === undefined || select.trim() === '*') return null;
  const names = select.split(',').map((part) => part.trim());
  return names.every((name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) ? names : undefined;
}

/**
 * One page through public.list_page_rows: its ids found by list_page and its rows read from the list's
 * relation as the caller, in order, in one call. A select that is more than column names takes two:
 * the ids from list_page, then those rows by id.
 */
async function fetchListPage<Row>(client: Database, ref: TableRef<Row>, request: ListRequest, call: ListPageCall): Promise<ListResult<Row> | null> {
  const columns = plainColumns(request.select);
  if (columns !== undefined) {
    const { data, error } = await client.rpc('list_page_rows', { ...call, p_columns: columns });
    if (error) throw toDataAccessError(error);
    // A set of one page, or of none when the function declines the call.
    const answer = (Array.isArray(data) ? data[0] : null) as (ListPageAnswer & { rows?: Row[] }) | null | undefined;
    if (!answer || !Array.isArray(answer.ids) || !Array.isArray(answer.rows)) {
      declined.add(shapeOf(call));
      return null;
    }
    return { rows: answer.rows, total: answer.total, totalIsEstimate: answer.estimated };
  }
  const { data, error } = await client.rpc('list_page', call);
  if (error) throw toDataAccessError(error);
  const answer = data as ListPageAnswer | null;
  if (!answer || !Array.isArray(answer.ids)) {
    declined.add(shapeOf(call));
    return null;
  }
  const reads = [];
  for (let i = 0; i < answer.ids.length; i += IDS_PER_READ) {
    reads.push(client.schema(ref.schema).from(ref.table).select(request.select ?? '*').in('id', answer.ids.slice(i, i + IDS_PER_READ)));
  }
  const byId = new Map<string, Row>();
  for (const { data: rows, error: readError } of await Promise.all(reads)) {
    if (readError) throw toDataAccessError(readError);
    for (const row of (rows ?? []) as Row[]) byId.set(String((row as { id?: unknown }).id), row);
  }
  const rows = answer.ids.flatMap((id) => (byId.has(id) ? [byId.get(id) as Row] : []));
  return { rows, total: answer.total, totalIsEstimate: answer.estimated };
}

export async function fetchList<Row>(client: Database, ref: TableRef<Row>, request: ListRequest): Promise<ListResult<Row>> {
  const call = listPageCall(ref, request);
  const result = (call && (await fetchListPage(client, ref, request, call))) ?? (await fetchListQuery(client, ref, request));
  // The last row of the page: where the next page seeks from (a single sort key the rows carry).
  const sort = request.sort ?? [];
  const last = result.rows.at(-1) as Record<string, unknown> | undefined;
  const pageSize = request.pageSize ?? LIST_PAGE_SIZE;
  if (last && typeof last.id === 'string' && sort.length <= 1 && result.rows.length === pageSize && sort.every(({ field }) => field in last)) {
    rememberCursor(listKey(ref, request), request.page ?? 0, { values: sort.map(({ field }) => last[field]), id: last.id });
  }
  return result;
}

/** One page through the list's own PostgREST query. */
async function fetchListQuery<Row>(client: Database, ref: TableRef<Row>, request: ListRequest): Promise<ListResult<Row>> {
  const { data, error, count } = await buildListQuery(client, ref, request);
  if (error) throw toDataAccessError(error);
  const total = count ?? null;
  return { rows: (data ?? []) as Row[], total, totalIsEstimate: request.count === 'estimated' && total !== null && total > EXACT_COUNT_LIMIT };
}

/** Every row the request selects, in order, fetched in chunks (what export needs, not one page). */
export async function fetchAllRows<Row>(client: Database, ref: TableRef<Row>, request: Omit<ListRequest, 'page' | 'pageSize' | 'count'>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page += 1) {
    const { rows: chunk } = await fetchList(client, ref, { ...request, page, pageSize: FETCH_ALL_CHUNK });
    rows.push(...chunk);
    if (chunk.length < FETCH_ALL_CHUNK) return rows;
  }
}
