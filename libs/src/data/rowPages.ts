import type { Database } from '@steward/libs/boot';
import { toDataAccessError } from './DataAccessError';
import { buildListQuery, fetchList, type ListRequest } from './listQuery';
import type { TableRef } from './tableRef';

/** A value inside a PostgREST logic tree: double-quoted, backslashes and quotes escaped. */
function quoted(value: unknown): string {
  return `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

type SortKey = { field: string; order: 'asc' | 'desc' };

/** A row's value that sorts as null (a missing key reads as one). */
const isNull = (value: unknown): value is null | undefined => value === null || value === undefined;

/**
 * Rows per export page. Each page's JSON is parsed on the page's main thread: 250 rows keep that a
 * small part of a frame, and the next page is already on its way while one is written.
 */
export const EXPORT_PAGE_SIZE = 250;

/**
 * The rows after `last` in the order `sort` then id ascending, as one PostgREST `or=(…)` tree: for each
 * key, the earlier keys equal and this one past the last value; or every key equal and a larger id.
 * Nulls sort as the list sorts them: last when ascending, first when descending.
 */
export function keysetAfter(sort: readonly SortKey[], last: Record<string, unknown>): string {
  const equal = (key: SortKey) => (isNull(last[key.field]) ? `${key.field}.is.null` : `${key.field}.eq.${quoted(last[key.field])}`);
  const after = (key: SortKey): string | null => {
    const value = last[key.field];
    if (key.order === 'asc') return isNull(value) ? null : `or(${key.field}.gt.${quoted(value)},${key.field}.is.null)`;
    return isNull(value) ? `${key.field}.not.is.null` : `${key.field}.lt.${quoted(value)}`;
  };
  const branches: string[] = [];
  sort.forEach((key, index) => {
    const past = after(key);
    if (past) branches.push(index === 0 ? past : `and(${[...sort.slice(0, index).map(equal), past].join(',')})`);
  });
  branches.push(sort.length === 0 ? `id.gt.${quoted(last.id)}` : `and(${[...sort.map(equal), `id.gt.${quoted(last.id)}`].join(',')})`);
  return branches.join(',');
}

/**
 * Every row a list request selects, in the list's order, one page of EXPORT_PAGE_SIZE at a time, for
 * writing as it arrives (export). Tables with an id are read in keyset pages (the rows after the last
 * one's sort values and id), so page 100 costs what page 1 does; views without an id, or sorted by a
 * related table's column, are read by offset. Stops between pages when `signal` aborts.
 *
 * A keyset page also bounds the first sort key by a plain comparison (from the last value on, or down
 * to it), which an index on that key can start from: the `or` of the rows after is no index condition,
 * and without the bound each page read the list from its start again. Ascending, the nulls come last
 * and the bound leaves them out, so they are read as a block of their own once the values run out.
 */
export async function* readRowPages<Row>(
  client: Database,
  ref: TableRef<Row>,
  request: Omit<ListRequest, 'page' | 'pageSize' | 'count'>,
  signal?: AbortSignal,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<Row[]> {
  const sort = (request.sort ?? []).filter((key) => key.field !== 'id');
  if (request.tieBreaker === null || sort.some((key) => !/^[a-z_][a-z0-9_]*$/i.test(key.field))) {
    for (let page = 0; ; page += 1) {
      signal?.throwIfAborted();
      const { rows } = await fetchList(client, ref, { ...request, page, pageSize });
      yield rows;
      if (rows.length < pageSize) return;
    }
  }
  const keyset = { ...request, sort, tieBreaker: 'id', page: 0, pageSize };
  // The id and sort values are read even when no column shows them: the next page starts after them.
  if (keyset.select && keyset.select !== '*') {
    const listed = new Set(keyset.select.split(',').map((part) => part.trim()));
    const missing = ['id', ...sort.map((key) => key.field)].filter((field) => !listed.has(field));
    if (missing.length) keyset.select = [...new Set(missing)].join(',') + ',' + keyset.select;
  }
  const [first] = sort;
  /** The page after `last` (null: the first page), or with `nullBlock` the first page of an ascending first key's nulls. */
  const fetchAfter = async (last: Record<string, unknown> | null, nullBlock = false): Promise<Row[]> => {
    signal?.throwIfAborted();
    let query = buildListQuery(client, ref, keyset);
    if (first) {
      // The first key's bound: among the nulls (the null block, or already in it ascending), else from the last value on.
      const value = last?.[first.field];
      if (nullBlock || (last && isNull(value) && first.order === 'asc')) query = query.is(first.field, null);
      else if (!isNull(value)) query = first.order === 'asc' ? query.gte(first.field, value) : query.lte(first.field, value);
    }
    if (last && !nullBlock) query = query.or(keysetAfter(sort, last));
    if (signal) query = query.abortSignal(signal);
    const { data, error } = await query;
    if (error) throw toDataAccessError(error);
    return (data ?? []) as Row[];
  };
  let pending = fetchAfter(null);
  let last: Record<string, unknown> | null = null;
  let nullBlockAsked = false;
  for (;;) {
    const rows = await pending;
    if (rows.length > 0) last = rows[rows.length - 1] as Record<string, unknown>;
    const full = rows.length >= pageSize;
    // Ascending from a value, the values ran out: the null block is next (none read yet, or the last row would be one).
    const nullBlockNext: boolean = !full && !nullBlockAsked && first?.order === 'asc' && last !== null && !isNull(last[first.field]);
    if (full || nullBlockNext) {
      // The next page is asked for before this one is handed on (a page read while one is written).
      pending = fetchAfter(last, nullBlockNext);
      nullBlockAsked ||= nullBlockNext;
      // An export stopped meanwhile leaves it unread: its failure is nobody's error.
      pending.catch(() => undefined);
    }
    if (rows.length > 0 || !nullBlockNext) yield rows;
    if (!full && !nullBlockNext) return;
  }
}
