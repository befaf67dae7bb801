import type { Database } from '@steward/libs/boot';
import { z } from 'zod/mini';
import { filterNodeSchema, isFilterGroup, sortSpecSchema, type FilterNode, type SortSpec } from '@steward/libs/filter';
import { DataAccessError, toDataAccessError } from './DataAccessError';
import { tableRef } from './tableRef';
import { t } from '@steward/libs/messages';

/**
 * A user's named filter — or view — for one list (list_key e.g. 'tasks_filters', 'transactions_filters').
 * A view also names the list's columns (`columns`; null: it leaves them as they are) and may be
 * `shared` with the organisation (every member reads it; its owner, `profile_id`, and Settings edit
 * change it). `problem` is set when the stored JSON does not fit the filter model: such a filter is
 * reported to the user and never applied (its filter is null, its sort empty).
 */
export type SavedFilter = {
  id: string;
  list_key: string;
  name: string;
  filter: FilterNode | null;
  sort: SortSpec;
  columns?: string[] | null;
  shared?: boolean;
  profile_id?: string;
  problem?: string;
};

const SAVED_FILTER_COLUMNS = 'id, list_key, name, filter, sort, columns, shared, profile_id';

/** What the user reads about a saved filter the reader cannot parse. */
export const unreadableSavedFilterMessage = (name: string) => t('data.savedFilterUnreadable', { name });

export const savedFiltersTable = tableRef<SavedFilter>('settings', 'saved_filters');

const savedFilterRow = z.object({
  id: z.string(),
  list_key: z.string(),
  name: z.string(),
  filter: z.unknown(),
  sort: z.unknown(),
  columns: z.optional(z.nullable(z.array(z.string()))),
  shared: z.optional(z.boolean()),
  profile_id: z.optional(z.string()),
});

/** The view's own parts (columns, shared, owner) as read, the same for a readable and an unreadable row. */
function viewParts(data: z.infer<typeof savedFilterRow>): Pick<SavedFilter, 'columns' | 'shared' | 'profile_id'> {
  return {
    columns: data.columns ?? null,
    shared: data.shared ?? false,
    ...(data.profile_id ? { profile_id: data.profile_id } : {}),
  };
}

/** "No filter" is stored as an empty AND group (the column is not null). */
const NO_FILTER: FilterNode = { operator: 'and', value: [] };

/** A saved filter as the reader understands it; an unreadable one (but a real row) comes back with `problem` set. */
function readSavedFilter(row: unknown): SavedFilter | null {
  const parsed = savedFilterRow.safeParse(row);
  if (!parsed.success) return null;
  const readable = toSavedFilter(row);
  if (readable) return readable;
  return { id: parsed.data.id, list_key: parsed.data.list_key, name: parsed.data.name, filter: null, sort: [], ...viewParts(parsed.data), problem: unreadableSavedFilterMessage(parsed.data.name) };
}

function toSavedFilter(row: unknown): SavedFilter | null {
  const parsed = savedFilterRow.safeParse(row);
  if (!parsed.success) return null;
  const filter = filterNodeSchema.safeParse(parsed.data.filter);
  const sort = sortSpecSchema.safeParse(parsed.data.sort);
  if (!filter.success && parsed.data.filter !== null) return null;
  if (!sort.success && parsed.data.sort !== null) return null;
  const tree = filter.success && !(isFilterGroup(filter.data) && filter.data.value.length === 0) ? filter.data : null;
  return { id: parsed.data.id, list_key: parsed.data.list_key, name: parsed.data.name, filter: tree, sort: sort.success ? sort.data : [], ...viewParts(parsed.data) };
}

/**
 * The current user's saved filters for a list, and the views shared with their organisation
 * (row-level security limits them to those). Rows
 * whose JSON does not fit the filter model are returned with `problem` set, so the list can report
 * them instead of silently dropping them; they are never applied.
 */
export async function fetchSavedFilters(client: Database, listKey: string): Promise<SavedFilter[]> {
  const { data, error } = await client
    .schema(savedFiltersTable.schema)
    .from(savedFiltersTable.table)
    .select(SAVED_FILTER_COLUMNS)
    .eq('list_key', listKey)
    .eq('archive', false)
    .order('name');
  if (error) throw toDataAccessError(error);
  return (data ?? []).map(readSavedFilter).filter((row): row is SavedFilter => row !== null);
}

/**
 * Saves under a name for the caller's profile in the active organisation (the database sets the
 * profile); saving again under the same name replaces that filter.
 */
export async function saveFilter(
  client: Database,
  input: { listKey: string; name: string; filter: FilterNode | null; sort: SortSpec; orgName: string | null; columns?: readonly string[] | null; shared?: boolean },
): Promise<SavedFilter> {
  const { data, error } = await client
    .schema(savedFiltersTable.schema)
    .from(savedFiltersTable.table)
    .upsert(
      {
        list_key: input.listKey,
        name: input.name.trim(),
        filter: input.filter ?? NO_FILTER,
        sort: input.sort,
        ...(input.columns !== undefined ? { columns: input.columns } : {}),
        ...(input.shared !== undefined ? { shared: input.shared } : {}),
        ...(input.orgName ? { org_name: input.orgName } : {}),
      },
      { onConflict: 'profile_id,list_key,name' },
    )
    .select(SAVED_FILTER_COLUMNS)
    .single();
  if (error) throw toDataAccessError(error);
  const saved = toSavedFilter(data);
  if (!saved) throw new DataAccessError('request', t('data.savedFilterNotReadBack'));
  return saved;
}

/** Renames a view or shares it (or stops sharing it): its owner, or Settings edit for a shared one (the database decides). */
export async function updateSavedFilter(client: Database, id: string, patch: { name?: string; shared?: boolean }): Promise<SavedFilter> {
  const { data, error } = await client
    .schema(savedFiltersTable.schema)
    .from(savedFiltersTable.table)
    .update({ ...(patch.name !== undefined ? { name: patch.name.trim() } : {}), ...(patch.shared !== undefined ? { shared: patch.shared } : {}) })
    .eq('id', id)
    .select(SAVED_FILTER_COLUMNS)
    .maybeSingle();
  if (error) throw toDataAccessError(error);
  if (!data) throw new DataAccessError('request', t('data.viewNotChangeable'));
  const saved = readSavedFilter(data);
  if (!saved) throw new DataAccessError('request', t('data.savedViewNotReadBack'));
  return saved;
}

export async function deleteSavedFilter(client: Database, id: string): Promise<void> {
  const { error } = await client.schema(savedFiltersTable.schema).from(savedFiltersTable.table).delete().eq('id', id);
  if (error) throw toDataAccessError(error);
}
