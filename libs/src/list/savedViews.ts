// Saved views: a list's filter, sort and columns under a name, for the person or shared with the
// organisation (settings.saved_filters). The URL stays the state: choosing a view writes its `?f=`,
// `?sort=` and `?cols=`; the view shown is the one whose parts the URL carries.
import { FILTER_PARAM, SORT_PARAM, decodeFilterParam, decodeSortParam, encodeFilterParam, encodeSortParam, type FilterNode, type SortSpec } from '@steward/libs/filter';
import type { SavedFilter } from '@steward/libs/data';
import { COLUMNS_PARAM } from './columnChooser';
import { withListParams } from './useFilterState';
import type { LibsMessageId } from '@steward/libs/messages';

/**
 * The saved-filter key of a list's views: the column chooser's list key ('contacts', 'catalog.accommodations')
 * as the database's key format wants it, so a list's views and its saved filters are the same rows
 * ('contacts' → 'contacts_filters').
 */
export function viewListKey(listKey: string): string {
  const plain = listKey.toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^[^a-z]+/, '');
  return `${plain || 'list'}_filters`;
}

/** What a view would keep of the list as shown: the URL's filter and sort, the columns shown. */
export function viewOfList(searchParams: URLSearchParams, columns: readonly string[]): { filter: FilterNode | null; sort: SortSpec; columns: string[] } {
  return {
    filter: decodeFilterParam(searchParams.get(FILTER_PARAM)).filter,
    sort: decodeSortParam(searchParams.get(SORT_PARAM)).sort ?? [],
    columns: [...columns],
  };
}

/** The URL that shows a view: its filter, sort and columns (a view without columns leaves them), from page 1. */
export function paramsOfView(current: URLSearchParams, view: Pick<SavedFilter, 'filter' | 'sort' | 'columns'>): URLSearchParams {
  const next = withListParams(current, view.filter, view.sort);
  if (view.columns?.length) next.set(COLUMNS_PARAM, view.columns.join(','));
  return next;
}

const canonicalFilter = (raw: string | null) => encodeFilterParam(decodeFilterParam(raw).filter) ?? '';
const canonicalSort = (raw: string | null) => encodeSortParam(decodeSortParam(raw).sort ?? []) ?? '';

/** The view the list shows now: the first readable one whose filter, sort and columns are the list's. */
export function currentView(views: readonly SavedFilter[], searchParams: URLSearchParams, columns: readonly string[]): SavedFilter | null {
  const filter = canonicalFilter(searchParams.get(FILTER_PARAM));
  const sort = canonicalSort(searchParams.get(SORT_PARAM));
  const shown = columns.join(',');
  return (
    views.find(
      (view) =>
        !view.problem &&
        (encodeFilterParam(view.filter) ?? '') === filter &&
        (encodeSortParam(view.sort) ?? '') === sort &&
        (!view.columns?.length || view.columns.join(',') === shown),
    ) ?? null
  );
}

/** Whether the person may rename or delete a view: their own, or a shared one when they may edit Settings. */
export function mayChangeView(view: Pick<SavedFilter, 'profile_id' | 'shared'>, profileId: string | null | undefined, settingsEditor: boolean): boolean {
  return (Boolean(profileId) && view.profile_id === profileId) || (Boolean(view.shared) && settingsEditor);
}

/** The message of a refused name: the same name among the person's views of the list. */
export const VIEW_NAME_TAKEN = 'savedViews.nameTaken' satisfies LibsMessageId;
