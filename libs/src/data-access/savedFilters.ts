import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod/mini';
import { filterNodeSchema, isFilterGroup, sortSpecSchema, type FilterNode, type SortSpec } from '@steward/libs/filter';
import { DataAccessError, toDataAccessError } from './DataAccessError';
import { tableRef } from './tableRef';

/** A user's named filter for one list (list_key e.g. 'tasks_filters', 'transactions_filters'). */
export type SavedFilter = { id: string; list_key: string; name: string; filter: FilterNode | null; sort: SortSpec };

export const savedFiltersTable = tableRef<SavedFilter>('settings', 'saved_filters');

const savedFilterRow = z.object({
  id: z.string(),
  list_key: z.string(),
  name: z.string(),
  filter: z.unknown(),
  sort: z.unknown(),
});

/** "No filter" is stored as an empty AND group (the column is not null). */
const NO_FILTER: FilterNode = { operator: 'and', value: [] };

function toSavedFilter(row: unknown): SavedFilter | null {
  const parsed = savedFilterRow.safeParse(row);
  if (!parsed.success) return null;
  const filter = filterNodeSchema.safeParse(parsed.data.filter);
  const sort = sortSpecSchema.safeParse(parsed.data.sort);
  if (!filter.success && parsed.data.filter !== null) return null;
  const tree = filter.success && !(isFilterGroup(filter.data) && filter.data.value.length === 0) ? filter.data : null;
  return { id: parsed.data.id, list_key: parsed.data.list_key, name: parsed.data.name, filter: tree, sort: sort.success ? sort.data : [] };
}

/**
 * The current user's saved filters for a list (row-level security limits them to the user). Rows
 * whose JSON no longer fits the filter model are skipped rather than breaking the list.
 */
export async function fetchSavedFilters(client: SupabaseClient, listKey: string): Promise<SavedFilter[]> {
  const { data, error } = await client
    .schema(savedFiltersTable.schema)
    .from(savedFiltersTable.table)
    .select('id, list_key, name, filter, sort')
    .eq('list_key', listKey)
    .eq('archive', false)
    .order('name');
  if (error) throw toDataAccessError(error);
  return (data ?? []).map(toSavedFilter).filter((row): row is SavedFilter => row !== null);
}

/**
 * Saves under a name for the caller's profile in the active organisation (the database sets the
 * profile); saving again under the same name replaces that filter.
 */
export async function saveFilter(
  client: SupabaseClient,
  input: { listKey: string; name: string; filter: FilterNode | null; sort: SortSpec; orgName: string | null },
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
        ...(input.orgName ? { org_name: input.orgName } : {}),
      },
      { onConflict: 'profile_id,list_key,name' },
    )
    .select('id, list_key, name, filter, sort')
    .single();
  if (error) throw toDataAccessError(error);
  const saved = toSavedFilter(data);
  if (!saved) throw new DataAccessError('request', 'The saved filter could not be read back.');
  return saved;
}

export async function deleteSavedFilter(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.schema(savedFiltersTable.schema).from(savedFiltersTable.table).delete().eq('id', id);
  if (error) throw toDataAccessError(error);
}
