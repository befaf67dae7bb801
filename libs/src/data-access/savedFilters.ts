import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod/mini';
import { filterNodeSchema, sortSpecSchema, type FilterNode, type SortSpec } from '@steward/libs/filter';
import { toDataAccessError } from './DataAccessError';
import { tableRef } from './tableRef';

/** A user's named filter for one list (list_key e.g. 'tasks_filters', 'transactions_filters'). */
export type SavedFilter = { id: string; list_key: string; name: string; filter: FilterNode | null; sort: SortSpec };

export const savedFiltersTable = tableRef<SavedFilter>('settings', 'saved_filters');

const savedFilterRow = z.object({
  id: z.string(),
  list_key: z.string(),
  name: z.string(),
  filter: z.nullable(filterNodeSchema),
  sort: z.optional(z.nullable(sortSpecSchema)),
});

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
    .order('name');
  if (error) throw toDataAccessError(error);
  const filters: SavedFilter[] = [];
  for (const row of data ?? []) {
    const parsed = savedFilterRow.safeParse(row);
    if (parsed.success) filters.push({ ...parsed.data, sort: parsed.data.sort ?? [] });
  }
  return filters;
}

/** Saves under a name; saving again under the same name replaces that filter. */
export async function saveFilter(
  client: SupabaseClient,
  input: { listKey: string; name: string; filter: FilterNode | null; sort: SortSpec; userId: string },
): Promise<SavedFilter> {
  const { data, error } = await client
    .schema(savedFiltersTable.schema)
    .from(savedFiltersTable.table)
    .upsert(
      { user_id: input.userId, list_key: input.listKey, name: input.name.trim(), filter: input.filter, sort: input.sort },
      { onConflict: 'user_id,list_key,name' },
    )
    .select('id, list_key, name, filter, sort')
    .single();
  if (error) throw toDataAccessError(error);
  const parsed = savedFilterRow.parse(data);
  return { ...parsed, sort: parsed.sort ?? [] };
}

export async function deleteSavedFilter(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.schema(savedFiltersTable.schema).from(savedFiltersTable.table).delete().eq('id', id);
  if (error) throw toDataAccessError(error);
}
