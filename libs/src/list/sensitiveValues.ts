// A sensitive custom field's values never sit in the record's row: public.custom_values gives those the
// person may see, for a page of ids. The list (useSensitiveValues) and the export (withSensitiveValues)
// read and merge them here, the same way.
import { callRpc } from '@steward/libs/data';
import type { ListColumn } from './listColumn';

export type CustomValues = readonly { id: string; custom: Record<string, unknown> }[];

/** The kind of record whose sensitive field is among the columns (null: none is). */
export function sensitiveKindOf<Row>(columns: readonly ListColumn<Row>[]): string | null {
  return columns.find((column) => column.sensitiveKind)?.sensitiveKind ?? null;
}

/** The ids of a page's rows, as public.custom_values takes them. */
export function idsOf(rows: readonly unknown[]): string[] {
  return rows.map((row) => (row as { id?: unknown }).id).filter((id): id is string => typeof id === 'string');
}

/** The sensitive values of these records the person may see: one call. */
export async function readCustomValues(kind: string, ids: readonly string[]): Promise<CustomValues> {
  return (await callRpc<CustomValues>('public', 'custom_values', { p_kind: kind, p_ids: ids })) ?? [];
}

/** The rows with the values found merged into their `custom` (a row without any is returned as it is). */
export function mergeCustomValues<Row>(rows: readonly Row[], found: CustomValues): readonly Row[] {
  if (found.length === 0) return rows;
  const byId = new Map(found.map((entry) => [entry.id, entry.custom]));
  return rows.map((row) => {
    const record = row as Record<string, unknown>;
    const custom = typeof record.id === 'string' ? byId.get(record.id) : undefined;
    return custom ? ({ ...record, custom: { ...(record.custom as Record<string, unknown> | undefined), ...custom } } as Row) : row;
  });
}
