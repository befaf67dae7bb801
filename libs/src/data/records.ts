// One record: read it, insert it, update only what changed (refusing a lost update), archive or delete it.
import type { Database } from '@steward/libs/boot';
import {
  DataAccessError,
  toDataAccessError,
} from './DataAccessError';
import type { AnyRow, TableRef } from './tableRef';
import { t } from '@steward/libs/messages';

/** Where a new row goes: the active organisation. */
export type WriteContext = { orgName?: string | null };

/** The columns the database owns; a form never sends them back. */
export const SERVER_OWNED_FIELDS = ['id', 'created_at', 'created_by', 'last_modified_at', 'last_modified_by', 'org_name', 'short_id'] as const;

/**
 * What a write adds to the form's values. The audit columns (created_*, last_modified_*) are stamped
 * by the database's trigger from the caller's profile and its clock, so no client can forge an
 * author or reorder history, and last_modified_at is a trustworthy version for updates. org_name is
 * filled by the database when absent; sending the active one keeps a user with several
 * organisations writing into the one on screen.
 */
export function writeFieldsForInsert(ref: TableRef<unknown>, context: WriteContext): AnyRow {
  return ref.audit && context.orgName ? { org_name: context.orgName } : {};
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

/** The fields whose value differs from the loaded row, limited to `editable` when given. */
export function changedFields(original: Readonly<AnyRow>, values: Readonly<AnyRow>, editable?: readonly string[]): AnyRow {
  const changes: AnyRow = {};
  const owned: readonly string[] = SERVER_OWNED_FIELDS;
  for (const [key, value] of Object.entries(values)) {
    if (owned.includes(key)) continue;
    if (editable && !editable.includes(key)) continue;
    if (!sameValue(original[key], value)) changes[key] = value;
  }
  return changes;
}

export async function insertRecord<Row>(client: Database, ref: TableRef<Row>, values: Readonly<AnyRow>, context: WriteContext = {}): Promise<Row> {
  const { data, error } = await client
    .schema(ref.schema)
    .from(ref.table)
    .insert({ ...values, ...writeFieldsForInsert(ref, context) })
    .select()
    .single();
  if (error) throw toDataAccessError(error);
  return data as Row;
}

/** Several new rows in one request (one statement: all are written or none). */
export async function insertRecords<Row>(client: Database, ref: TableRef<Row>, rows: readonly Readonly<AnyRow>[], context: WriteContext = {}): Promise<Row[]> {
  if (rows.length === 0) return [];
  const { data, error } = await client
    .schema(ref.schema)
    .from(ref.table)
    .insert(rows.map((values) => ({ ...values, ...writeFieldsForInsert(ref, context) })))
    .select();
  if (error) throw toDataAccessError(error);
  return (data ?? []) as Row[];
}

/**
 * Inserts the row, or updates the one that has the same values in the `onConflict` columns (a row
 * that exists once per organisation, such as its branding). Null when row-level security let the
 * write through without a row to show, which callers read as "not yours to change".
 */
export async function upsertRecord<Row>(client: Database, ref: TableRef<Row>, values: Readonly<AnyRow>, onConflict: string): Promise<Row | null> {
  const { data, error } = await client.schema(ref.schema).from(ref.table).upsert(values, { onConflict }).select();
  if (error) throw toDataAccessError(error);
  return ((data ?? [])[0] ?? null) as Row | null;
}

/**
 * Sets `values` on the rows that match (a profile by its login and organisation, an organisation by
 * its name): for the writes that are not one editor's record. Returns the rows changed; none means
 * nothing matched that the caller may change.
 */
export async function updateWhere<Row>(client: Database, ref: TableRef<Row>, match: RecordMatch, values: Readonly<AnyRow>): Promise<Row[]> {
  const { data, error } = await client.schema(ref.schema).from(ref.table).update(values).match(match).select();
  if (error) throw toDataAccessError(error);
  return (data ?? []) as Row[];
}

export type UpdateOutcome<Row> = { status: 'unchanged' } | { status: 'updated'; row: Row };

export type UpdateRequest = {
  id: string;
  /** The row as loaded: changes are computed against it, and its last_modified_at guards against lost updates. */
  original: Readonly<AnyRow>;
  values: Readonly<AnyRow>;
  /** Only these fields may be sent (the editor's editable fields). */
  editable?: readonly string[];
};

/**
 * Sends only the changed fields; nothing changed means no request. When the loaded row carries
 * last_modified_at the update is conditional on it, so a row someone else saved in the meantime is
 * refused (kind 'conflict') instead of being silently overwritten.
 */
export async function updateRecord<Row>(client: Database, ref: TableRef<Row>, request: UpdateRequest): Promise<UpdateOutcome<Row>> {
  if (!request.id) throw new DataAccessError('request', t('form.missingId'));
  const changes = changedFields(request.original, request.values, request.editable);
  if (Object.keys(changes).length === 0) return { status: 'unchanged' };
  const loadedVersion = request.original.last_modified_at;
  let query = client
    .schema(ref.schema)
    .from(ref.table)
    .update(changes)
    .eq('id', request.id);
  if (typeof loadedVersion === 'string') query = query.eq('last_modified_at', loadedVersion);
  const { data, error } = await query.select();
  if (error) throw toDataAccessError(error);
  const row = (data ?? [])[0];
  if (row) return { status: 'updated', row: row as Row };
  throw await explainNoRowUpdated(client, ref, request.id, loadedVersion);
}

/** An update that touched no row: tell apart "changed by someone else", "gone" and "not yours to change". */
async function explainNoRowUpdated(client: Database, ref: TableRef<unknown>, id: string, loadedVersion: unknown): Promise<DataAccessError> {
  const { data, error } = await client.schema(ref.schema).from(ref.table).select('*').eq('id', id).maybeSingle();
  if (error) return toDataAccessError(error);
  if (!data) return new DataAccessError('not_found', t('data.notFound'));
  const current: AnyRow = data;
  if (typeof loadedVersion === 'string' && current.last_modified_at !== loadedVersion) {
    return new DataAccessError('conflict', t('data.conflict'));
  }
  return new DataAccessError('forbidden', t('data.forbidden'), '42501');
}

export async function deleteRecord(client: Database, ref: TableRef<unknown>, id: string): Promise<void> {
  if (!id) throw new DataAccessError('request', t('form.missingId'));
  const { data, error } = await client.schema(ref.schema).from(ref.table).delete().eq('id', id).select('id');
  if (error) throw toDataAccessError(error);
  if (!data || data.length === 0) throw await explainNoRowUpdated(client, ref, id, undefined);
}

/** Archiving hides a row from lists but keeps it (and its history) in the database. */
export async function archiveRecord<Row>(client: Database, ref: TableRef<Row>, original: Readonly<AnyRow> & { id: string }): Promise<UpdateOutcome<Row>> {
  return updateRecord(client, ref, { id: original.id, original, values: { archive: true } });
}

export type RecordMatch = Readonly<Record<string, string | number | boolean>>;

/** One row by id or short_id (or any unique columns); null when it does not exist or is not visible. */
export async function fetchRecord<Row>(client: Database, ref: TableRef<Row>, match: RecordMatch, select = '*'): Promise<Row | null> {
  const { data, error } = await client.schema(ref.schema).from(ref.table).select(select).match(match).maybeSingle();
  if (error) throw toDataAccessError(error);
  return (data ?? null) as Row | null;
}
