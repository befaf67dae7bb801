import { z } from 'zod/mini';
import type { LibsMessageId } from '@steward/libs/messages';
import {
  FIELD_NAME_PATTERN,
  FILTER_OPERATORS,
  filterNodeSchema,
  isFilterGroup,
  operatorsForType,
  type FilterCondition,
  type FilterFieldDef,
  type FilterNode,
  type SortSpec,
} from './filterModel';
import { filterGroupsOf, filterTreeFromGroups } from './filterPanelRows';

/** URL parameter names: `?f=` holds the filter, `?sort=` the order, e.g. `sort=name,-created_at`. */
export const FILTER_PARAM = 'f';
export const SORT_PARAM = 'sort';

/** The notices of an unreadable link, as ids of libs' messages (the list shows them in the person's language). */
export const FILTER_URL_NOTICE = 'filter.linkFilterUnreadable' satisfies LibsMessageId;
export const SORT_URL_NOTICE = 'filter.linkSortUnreadable' satisfies LibsMessageId;

/**
 * The compact form: a list of OR-groups, each a list of AND-ed `[field, operator, value?]` triples.
 * Short enough to share, still readable: `[[["status","is","Active"],["city","contains","york"]]]`.
 */
const compactCondition = z.union([
  z.tuple([z.string(), z.enum(FILTER_OPERATORS)]),
  z.tuple([z.string(), z.enum(FILTER_OPERATORS), z.string().check(z.maxLength(2000))]),
]);
const compactFilterSchema = z.array(z.array(compactCondition).check(z.minLength(1), z.maxLength(50))).check(z.minLength(1), z.maxLength(50));

export function encodeFilterParam(tree: FilterNode | null): string | null {
  if (!tree) return null;
  const groups = filterGroupsOf(tree);
  if (!groups) return JSON.stringify(tree);
  if (groups.every((group) => group.length === 0)) return null;
  const triple = ({ field, operator, value }: FilterCondition) =>
    operator === 'is_empty' || operator === 'is_not_empty' ? [field, operator] : [field, operator, value ?? ''];
  return JSON.stringify(groups.filter((group) => group.length > 0).map((group) => group.map(triple)));
}

function conditionsOf(node: FilterNode): FilterCondition[] {
  return isFilterGroup(node) ? node.value.flatMap(conditionsOf) : [node];
}

/** A condition the page's fields cannot show (unknown column, operator its type lacks) makes the link unreadable. */
function fitsFields(tree: FilterNode, fields: readonly FilterFieldDef[] | undefined): boolean {
  if (!fields) return true;
  const byName = new Map(fields.map((def) => [def.field, def]));
  return conditionsOf(tree).every((condition) => {
    const def = byName.get(condition.field);
    return def !== undefined && operatorsForType(def.type).includes(condition.operator);
  });
}

export type DecodedFilter = { filter: FilterNode | null; notice: LibsMessageId | null };

/** Reads `?f=` back. Anything malformed gives the unfiltered list and a notice, never an exception. */
export function decodeFilterParam(raw: string | null, fields?: readonly FilterFieldDef[]): DecodedFilter {
  if (raw === null || raw === '') return { filter: null, notice: null };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { filter: null, notice: FILTER_URL_NOTICE };
  }
  let tree: FilterNode | null = null;
  const compact = compactFilterSchema.safeParse(json);
  if (compact.success) {
    tree = filterTreeFromGroups(compact.data.map((group) => group.map(([field, operator, value]) => ({ field, operator, value: value ?? '' }))));
  } else {
    const full = filterNodeSchema.safeParse(json);
    if (full.success) tree = full.data;
  }
  if (!tree || !conditionsOf(tree).every((c) => FIELD_NAME_PATTERN.test(c.field)) || !fitsFields(tree, fields)) {
    return { filter: null, notice: FILTER_URL_NOTICE };
  }
  return { filter: tree, notice: null };
}

export function encodeSortParam(sort: SortSpec): string | null {
  if (sort.length === 0) return null;
  return sort.map(({ field, order }) => (order === 'desc' ? `-${field}` : field)).join(',');
}

export type DecodedSort = { sort: SortSpec | null; notice: LibsMessageId | null };

/** Reads `?sort=`; `null` sort means "use the page's default". */
export function decodeSortParam(raw: string | null, sortable?: readonly string[]): DecodedSort {
  if (raw === null || raw === '') return { sort: null, notice: null };
  const parts = raw.split(',');
  const sort = parts.map((part) => (part.startsWith('-') ? { field: part.slice(1), order: 'desc' as const } : { field: part, order: 'asc' as const }));
  const valid =
    sort.length <= 5 &&
    sort.every(({ field }) => FIELD_NAME_PATTERN.test(field) && (!sortable || sortable.includes(field)));
  return valid ? { sort, notice: null } : { sort: null, notice: SORT_URL_NOTICE };
}

/** A list page filtered to rows whose `field` is `value`: how a record without a page of its own opens. */
export function filteredListPath(listPath: string, field: string, value: string): string {
  const filter = encodeFilterParam({ field, operator: 'is', value });
  return filter ? `${listPath}?${FILTER_PARAM}=${encodeURIComponent(filter)}` : listPath;
}
