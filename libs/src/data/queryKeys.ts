import type { TableRef } from './tableRef';

/**
 * React-query keys. Every key starts with schema and table, so one write invalidates every list and
 * record read from that schema (views included, which are read from the same schema).
 */
export const queryKeys = {
  all: ['steward'] as const,
  schema: (schema: string) => ['steward', schema] as const,
  table: (ref: Pick<TableRef<unknown>, 'schema' | 'table'>) => ['steward', ref.schema, ref.table] as const,
  list: (ref: Pick<TableRef<unknown>, 'schema' | 'table'>, request: unknown) => ['steward', ref.schema, ref.table, 'list', request] as const,
  record: (ref: Pick<TableRef<unknown>, 'schema' | 'table'>, match: unknown) => ['steward', ref.schema, ref.table, 'record', match] as const,
  options: (source: { schema: string; table: string }, detail: unknown) => ['steward', source.schema, source.table, 'options', detail] as const,
  savedFilters: (listKey: string) => ['steward', 'settings', 'saved_filters', 'list', listKey] as const,
};
