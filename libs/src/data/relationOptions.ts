import type { Database } from '@steward/libs/boot';
import { toDataAccessError } from './DataAccessError';
import type { SchemaName } from './tableRef';

/** The spec's cap on related-option lookups. */
export const OPTIONS_LIMIT = 500;

export type RelationSource = {
  schema: SchemaName;
  table: string;
  /** Column stored in the field, usually id. */
  valueField: string;
  /** Column shown to the user. */
  labelField: string;
  orgScope?: readonly string[];
  /** Extra columns needed by the caller (e.g. category of contact method types). */
  extraFields?: readonly string[];
};

export type RelationOption = { value: string; label: string; row: Record<string, unknown> };

export async function fetchRelationOptions(client: Database, source: RelationSource): Promise<RelationOption[]> {
  const columns = [...new Set([source.valueField, source.labelField, ...(source.extraFields ?? [])])].join(',');
  let query = client.schema(source.schema).from(source.table).select(columns);
  if (source.orgScope) query = query.in('org_name', [...source.orgScope]);
  const { data, error } = await query.order(source.labelField).limit(OPTIONS_LIMIT);
  if (error) throw toDataAccessError(error);
  const rows: Record<string, unknown>[] = (data ?? []) as unknown as Record<string, unknown>[];
  return rows.map((row) => ({ value: String(row[source.valueField]), label: String(row[source.labelField] ?? ''), row }));
}
