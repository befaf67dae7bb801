import { serviceClient } from '../shell/support/shellApi';

/** Lodging rows for a test organisation, written with the service key (what Lodging Settings would create). */
export async function insertRow<Row extends Record<string, unknown>>(table: string, row: Row): Promise<Row & { id: string }> {
  const { data, error } = await serviceClient().schema('catalog').from(table).insert(row).select().single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as Row & { id: string };
}

/** The UTC calendar day `offset` days from today. */
export function utcDay(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
}
