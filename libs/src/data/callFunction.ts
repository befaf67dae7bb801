// A database function as one write: several rows in one call, all or nothing (the function's own transaction).
import type { Database } from '@steward/libs/boot';
import { toDataAccessError } from './DataAccessError';
import type { SchemaName } from './tableRef';

/** One SQL function exposed by PostgREST, e.g. `{ schema: 'crm', name: 'add_record' }`. */
export type FunctionRef<Result> = {
  schema: SchemaName;
  name: string;
  /** Phantom: lets callers infer the result type from the reference. Never set at run time. */
  readonly result?: Result;
};

export function functionRef<Result>(schema: SchemaName, name: string): FunctionRef<Result> {
  return { schema, name };
}

/**
 * Calls the function with the caller's own rights (functions that write are `security invoker`, so
 * row-level security applies to every row they touch). A refusal carries the database's message.
 */
export async function callFunction<Result>(client: Database, ref: FunctionRef<Result>, args: Readonly<Record<string, unknown>>): Promise<Result> {
  const { data, error } = await client.schema(ref.schema).rpc(ref.name, args);
  if (error) throw toDataAccessError(error);
  return data as Result;
}
