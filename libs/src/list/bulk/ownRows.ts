import { getDatabase, toDataAccessError, type TableRef } from '@steward/libs/data';

const CHUNK = 100;

/**
 * The rows of `table` with these ids, whole (every Personal column the table has), as the person's
 * read policies allow: what a Personal level is checked against before a bulk change.
 */
export async function fetchRowsByIds(table: Pick<TableRef<unknown>, 'schema' | 'table'>, ids: readonly string[]): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const { data, error } = await getDatabase().schema(table.schema).from(table.table).select('*').in('id', ids.slice(start, start + CHUNK));
    if (error) throw toDataAccessError(error);
    rows.push(...((data ?? []) as Record<string, unknown>[]));
  }
  return rows;
}

/** Of `ids`, those whose row `allowed` accepts (ids not read at all are not the person's). */
export async function allowedIds(table: Pick<TableRef<unknown>, 'schema' | 'table'>, ids: readonly string[], allowed: (row: unknown) => boolean): Promise<string[]> {
  const rows = await fetchRowsByIds(table, ids);
  const ok = new Set(rows.filter(allowed).map((row) => String(row.id)));
  return ids.filter((id) => ok.has(id));
}
