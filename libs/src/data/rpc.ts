import { getDatabase } from '@steward/libs/boot';
import { toDataAccessError } from './DataAccessError';
import type { SchemaName } from './tableRef';

/**
 * Calls a database function of a schema the API serves (PostgREST's /rpc) with named arguments and
 * returns its result; a refusal becomes a DataAccessError carrying the database's message.
 */
export async function callRpc<Result>(schema: SchemaName, name: string, args: Record<string, unknown> = {}): Promise<Result> {
  const { data, error } = await getDatabase().schema(schema).rpc(name, args);
  if (error) throw toDataAccessError(error);
  return data as Result;
}
