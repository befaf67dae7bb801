// A record's life after it is written: its history, bulk changes, deleting for good, undo and merging.
// Each is one database call (public.record_history_page, public.bulk_update, public.bulk_delete,
// public.undo_batch, crm.merge_records, crm.possible_duplicates, crm.erase_contact): the rules live in
// the database.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { getDatabase } from '@steward/libs/boot';
import { DataAccessError, toDataAccessError } from './DataAccessError';
import { t } from '@steward/libs/messages';
import { queryKeys } from './queryKeys';
import type { TableRef } from './tableRef';

export type HistoryAction = 'insert' | 'update' | 'archive' | 'restore' | 'delete' | 'merge' | 'erase';
export type HistoryVia = 'screen' | 'import' | 'bulk' | 'merge' | 'undo' | 'system';

/** One change to one record, as the database recorded it. */
export type HistoryEntry = {
  id: number;
  created_at: string;
  action: HistoryAction;
  via: HistoryVia;
  batch_id: string | null;
  actor_id: string | null;
  actor_name: string | null;
  table_name: string;
  record_id: string;
  record_label: string | null;
  /**
   * update/archive/restore: {field: [old, new]}; insert/delete: {field: value}; merge: who merged into
   * whom; erase: how many history entries, search words and files went (naming no one).
   */
  changes: Record<string, unknown>;
  /** Names of the records a changed reference pointed at: {field: [old name, new name]}. */
  labels: Record<string, [string | null, string | null]> | null;
};

export const HISTORY_PAGE_SIZE = 50;

/** One page of a record's history, newest first; `before` is the last id of the previous page. */
export async function fetchHistoryPage(recordId: string, before: number | null = null): Promise<HistoryEntry[]> {
  const { data, error } = await getDatabase().rpc('record_history_page', { p_record_id: recordId, p_before: before, p_limit: HISTORY_PAGE_SIZE });
  if (error) throw toDataAccessError(error);
  return (data ?? []) as HistoryEntry[];
}

/**
 * A record's history, page by page. Keyed under the record's schema, so every write to that schema
 * (which invalidates its keys) brings the History tab up to date.
 */
export function useRecordHistory(ref: Pick<TableRef<unknown>, 'schema' | 'table'>, recordId: string | null) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.table(ref), 'history', recordId],
    queryFn: ({ pageParam }) => fetchHistoryPage(recordId as string, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.length === HISTORY_PAGE_SIZE ? (last.at(-1)?.id ?? null) : null),
    enabled: recordId !== null,
  });
}

/** What a bulk change did: rows changed, `_system_default_` rows skipped, and the batch to undo. */
export type BulkOutcome = { changed: number; skipped: number; batch_id: string };
export type BulkDeleteOutcome = { deleted: number; skipped: number; batch_id: string };
export type UndoOutcome = { restored: number; kept: number; batch_id: string };
export type MergeOutcome = { batch_id: string; moved: number };
export type MergeKind = 'contacts' | 'businesses' | 'households';
/** What an erasure removed, as counts (the erasure's history entry holds the same). */
export type EraseOutcome = { erased: string; history_entries: number; search_words: number; files: number; stored_files: number; notifications: number };
export type DuplicatePair = { a_id: string; a_label: string; b_id: string; b_label: string; reason: string };

/** `schema.table` of a table ref, as the bulk functions name it. */
export function qualifiedTable(ref: Pick<TableRef<unknown>, 'schema' | 'table'>): string {
  return `${ref.schema}.${ref.table}`;
}

async function call<T>(schema: 'public' | 'crm', fn: string, args: Record<string, unknown>): Promise<T> {
  const client = getDatabase();
  const { data, error } = await (schema === 'public' ? client.rpc(fn, args) : client.schema(schema).rpc(fn, args));
  if (error) throw toDataAccessError(error);
  return data as T;
}

/** Archives or restores one record (the Archived view, a record page's Archive and its Undo). */
export async function setArchived(ref: Pick<TableRef<unknown>, 'schema' | 'table'>, id: string, archived: boolean): Promise<void> {
  const { data, error } = await getDatabase().schema(ref.schema).from(ref.table).update({ archive: archived }).eq('id', id).select('id');
  if (error) throw toDataAccessError(error);
  if (!data?.length) throw new DataAccessError('forbidden', t('data.forbidden'), '42501');
}

/** Sets the same fields (status, owner, type, archive…) on every row; all rows or none. */
export function bulkUpdate(ref: Pick<TableRef<unknown>, 'schema' | 'table'>, ids: readonly string[], changes: Record<string, unknown>): Promise<BulkOutcome> {
  return call('public', 'bulk_update', { p_table: qualifiedTable(ref), p_ids: ids, p_changes: changes });
}

/** Deletes archived rows for good; all rows or none. */
export function bulkDelete(ref: Pick<TableRef<unknown>, 'schema' | 'table'>, ids: readonly string[]): Promise<BulkDeleteOutcome> {
  return call('public', 'bulk_delete', { p_table: qualifiedTable(ref), p_ids: ids });
}

/** Takes back a bulk change or a merge (fields changed since are left as they are, and counted). */
export function undoBatch(batchId: string): Promise<UndoOutcome> {
  return call('public', 'undo_batch', { p_batch_id: batchId });
}

export function mergeRecords(kind: MergeKind, survivorId: string, mergedId: string, values: Record<string, unknown>): Promise<MergeOutcome> {
  return call('crm', 'merge_records', { p_kind: kind, p_survivor: survivorId, p_merged: mergedId, p_values: values });
}

/**
 * Erases a contact at their request (GDPR Art. 17): the contact with its phones, addresses, notes,
 * files and relationships, their history entries, search words and stored files, in one call, for
 * whoever may delete the contact; one history entry records that an erasure happened.
 */
export function eraseContact(contactId: string): Promise<EraseOutcome> {
  return call('crm', 'erase_contact', { p_contact_id: contactId });
}

export function fetchPossibleDuplicates(kind: MergeKind, limit = 100): Promise<DuplicatePair[]> {
  return call('crm', 'possible_duplicates', { p_kind: kind, p_limit: limit });
}

/**
 * A lifecycle call as a mutation that refreshes every list and record of the schemas it touched
 * (a merge moves rows across CRM, operations and lodging tables, so it refreshes everything).
 */
export function useLifecycleMutation<Args, Result>(fn: (args: Args) => Promise<Result>, schemas: readonly string[] | 'all') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      if (schemas === 'all') void queryClient.invalidateQueries({ queryKey: queryKeys.all });
      else for (const schema of schemas) void queryClient.invalidateQueries({ queryKey: queryKeys.schema(schema) });
    },
  });
}
