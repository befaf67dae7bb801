// @ts-check
// Every table's row count and a checksum of its rows, to show an upgrade kept them.

/**
 * @param {import('pg').Client} client
 * @returns {Promise<Record<string, { rows: number, checksum: string }>>}
 */
export async function tableChecksums(client) {
  const { rows: tables } = await client.query(`
    select format('%I.%I', schemaname, tablename) as name from pg_tables
    where schemaname not in ('pg_catalog', 'information_schema', 'supabase_migrations') order by 1`);
  /** @type {Record<string, { rows: number, checksum: string }>} */
  const result = {};
  for (const table of tables) {
    const { rows: [row] } = await client.query(`select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as checksum from ${table.name} t`);
    result[table.name] = row;
  }
  return result;
}
