import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '@steward/libs/router';
import {
  FILTER_PARAM,
  SORT_PARAM,
  decodeFilterParam,
  decodeSortParam,
  encodeFilterParam,
  encodeSortParam,
  filterGroupsOf,
  filterRowsToTree,
  filterTreeFromGroups,
  filterTreeToRows,
  operatorsForType,
  type FilterFieldDef,
  type FilterNode,
  type FilterRow,
  type SortSpec,
} from '@steward/libs/filter';
import { useT } from '@steward/libs/messages';

/** The page-number parameter of paged lists; any change of filter or sort goes back to page 1. */
const PAGE_PARAM = 'page';

export type FilterStateOptions = {
  fields: readonly FilterFieldDef[];
  /** Fields the Sort panel offers; a `?sort=` naming another field is refused. */
  sortable: readonly string[];
  defaultSort?: SortSpec;
};

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const pageOf = (searchParams: URLSearchParams) => Math.max(1, Number(searchParams.get(PAGE_PARAM)) || 1);

/** Filter, sort and page as the URL applies them, read outside React (a route prefetch); the hook below reads the same. */
export function appliedListParams(searchParams: URLSearchParams, { fields, sortable, defaultSort = [] }: FilterStateOptions) {
  return {
    filter: decodeFilterParam(searchParams.get(FILTER_PARAM), fields).filter,
    sort: decodeSortParam(searchParams.get(SORT_PARAM), sortable).sort ?? defaultSort,
    page: pageOf(searchParams),
  };
}

/**
 * The URL with a filter and sort applied (undefined: that one left as it is; the default sort is not
 * written), back on page 1: what Apply, a saved filter and a saved view write.
 */
export function withListParams(current: URLSearchParams, filter: FilterNode | null | undefined, sort: SortSpec | undefined, defaultSort: SortSpec = []): URLSearchParams {
  const next = new URLSearchParams(current);
  if (filter !== undefined) {
    const encoded = encodeFilterParam(filter);
    if (encoded) next.set(FILTER_PARAM, encoded);
    else next.delete(FILTER_PARAM);
  }
  if (sort !== undefined) {
    const encoded = sameJson(sort, defaultSort) ? null : encodeSortParam(sort);
    if (encoded) next.set(SORT_PARAM, encoded);
    else next.delete(SORT_PARAM);
  }
  next.delete(PAGE_PARAM);
  return next;
}

/**
 * A list's filters, sort and page: filter and sort are edited on the page as a draft
 * and applied on request. The applied state lives in the URL (`?f=`, `?sort=`, `?page=`), so a filtered
 * list can be bookmarked and shared; a link that cannot be read gives the unfiltered list and a notice.
 * This hook is the one owner of those three parameters.
 */
export function useFilterState({ fields, sortable, defaultSort = [] }: FilterStateOptions) {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawFilter = searchParams.get(FILTER_PARAM);
  const rawSort = searchParams.get(SORT_PARAM);
  const page = pageOf(searchParams);
  const setPage = useCallback(
    (next: number) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next <= 1) params.delete(PAGE_PARAM);
        else params.set(PAGE_PARAM, String(next));
        return params;
      }),
    [setSearchParams],
  );

  const decodedFilter = useMemo(() => decodeFilterParam(rawFilter, fields), [rawFilter, fields]);
  const decodedSort = useMemo(() => decodeSortParam(rawSort, sortable), [rawSort, sortable]);
  const filter = decodedFilter.filter;
  const sort = decodedSort.sort ?? defaultSort;
  const t = useT();
  const notice = [decodedFilter.notice, decodedSort.notice].flatMap((id) => (id ? [t(id)] : [])).join(' ') || null;

  // The draft follows the URL whenever the applied filter changes (apply, back button, saved filter).
  const appliedRows = useMemo(() => filterTreeToRows(filter) ?? [], [filter]);
  const [draft, setDraft] = useState<{ from: string | null; rows: FilterRow[] }>({ from: rawFilter, rows: appliedRows });
  if (draft.from !== rawFilter) setDraft({ from: rawFilter, rows: appliedRows });
  const [sortDraft, setSortDraft] = useState<{ from: string | null; sort: SortSpec }>({ from: rawSort, sort });
  if (sortDraft.from !== rawSort) setSortDraft({ from: rawSort, sort });

  // The draft lines as a tree, built only when the lines change.
  const draftTree = useMemo(() => filterRowsToTree(draft.rows), [draft.rows]);
  // The applied filter in the same canonical shape (an OR of AND-groups), read from the tree itself.
  const appliedTree = useMemo(() => filterTreeFromGroups(filterGroupsOf(filter) ?? []), [filter]);

  const writeParams = useCallback(
    (nextFilter: FilterNode | null | undefined, nextSort: SortSpec | undefined) => setSearchParams((current) => withListParams(current, nextFilter, nextSort, defaultSort)),
    [defaultSort, setSearchParams],
  );

  const firstField = fields[0]?.field ?? '';
  const addRow = useCallback(
    (join: FilterRow['join'] = 'and') =>
      setDraft((current) => ({ ...current, rows: [...current.rows, { join, field: firstField, operator: 'contains', value: '' }] })),
    [firstField],
  );

  const updateRow = useCallback(
    (index: number, patch: Partial<FilterRow>) =>
      setDraft((current) => ({
        ...current,
        rows: current.rows.map((row, i) => {
          if (i !== index) return row;
          const next = { ...row, ...patch };
          // A field of another type may not support the chosen operator.
          const type = fields.find((field) => field.field === next.field)?.type;
          return operatorsForType(type).includes(next.operator) ? next : { ...next, operator: operatorsForType(type)[0] ?? 'is' };
        }),
      })),
    [fields],
  );

  const removeRow = useCallback((index: number) => setDraft((current) => ({ ...current, rows: current.rows.filter((_, i) => i !== index) })), []);

  const applyFilter = useCallback(() => writeParams(draftTree, undefined), [draftTree, writeParams]);
  const clearFilter = useCallback(() => {
    setDraft((current) => ({ ...current, rows: [] }));
    writeParams(null, undefined);
  }, [writeParams]);

  const setSortDraftValue = useCallback((next: SortSpec) => setSortDraft((current) => ({ ...current, sort: next })), []);
  const applySort = useCallback((next?: SortSpec) => writeParams(undefined, next ?? sortDraft.sort), [sortDraft.sort, writeParams]);
  /** Applies a saved filter (or any tree and sort) at once. */
  const applyAll = useCallback((nextFilter: FilterNode | null, nextSort: SortSpec) => writeParams(nextFilter, nextSort.length ? nextSort : defaultSort), [defaultSort, writeParams]);
  /** Drops unreadable parameters so the notice goes away. */
  const dismissNotice = useCallback(() => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (decodedFilter.notice) next.delete(FILTER_PARAM);
      if (decodedSort.notice) next.delete(SORT_PARAM);
      return next;
    });
  }, [decodedFilter.notice, decodedSort.notice, setSearchParams]);

  const filterDirty = !sameJson(draftTree, appliedTree);
  const appliedCount = appliedRows.length;

  return {
    fields,
    sortable,
    filter,
    sort,
    notice,
    page,
    setPage,
    draftRows: draft.rows,
    /** The draft lines as a tree (what Apply or Save would store). */
    draftTree,
    draftSort: sortDraft.sort,
    filterDirty,
    appliedCount,
    addRow,
    updateRow,
    removeRow,
    applyFilter,
    clearFilter,
    setSortDraft: setSortDraftValue,
    applySort,
    applyAll,
    dismissNotice,
  };
}

export type FilterState = ReturnType<typeof useFilterState>;
