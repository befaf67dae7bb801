// @ts-check
// Squashing: every migration becomes one baseline, made of the schema files and the rows the
// migrations insert (platform rows: the system organisation, components, default types, buckets…).
// A database that applied every squashed migration takes the baseline as applied (migrate.mjs reads
// squashed.json); a fresh one applies it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildBaseline, buildFromMigrations, withScratchDatabase } from './builds.mjs';
import { migrationFiles } from '../migrate.mjs';
import { schemaPaths } from './schemaFiles.mjs';

export const SQUASHED_FILE = 'squashed.json';

/**
 * The rows a database holds beyond the platform baseline's, as statements that insert them exactly
 * (triggers off: the rows are stored as the migrations left them, stamps and derived rows included).
 * @param {import('pg').Client} client
 * @param {Set<string>} baselineRows `schema.table:count` of the baseline alone
 */
async function rowsSql(client, baselineRows) {
  const { rows: tables } = await client.query(`
    select n.nspname, c.relname, format('%I.%I', n.nspname, c.relname) as name,
           (select string_agg(format('%I', a.attname), ', ' order by a.attnum) from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')
    order by 1, 2`);
  const parts = ['set session_replication_role = replica;'];
  for (const table of tables) {
    const { rows: [data] } = await client.query(`select count(*)::int as count, json_agg(t order by t::text) as rows from ${table.name} t`);
    if (data.count === 0 || baselineRows.has(`${table.name}:${data.count}`)) continue;
    const json = JSON.stringify(data.rows);
    if (json.includes('$rows$')) throw new Error(`${table.name} holds the text $rows$; quote it by hand`);
    parts.push(`insert into ${table.name} (${table.columns})\nselect ${table.columns} from json_populate_recordset(null::${table.name}, $rows$${json}$rows$);`);
  }
  const { rows: sequences } = await client.query(`
    select format('%I.%I', schemaname, sequencename) as name, last_value from pg_sequences
    where last_value is not null and schemaname <> 'supabase_migrations'`);
  for (const sequence of sequences) parts.push(`select setval('${sequence.name}', ${sequence.last_value}, true);`);
  parts.push('set session_replication_role = origin;');
  return parts.join('\n\n');
}

/**
 * @param {string} supabaseDir
 * @param {string} version the baseline's version (after every squashed one)
 * @param {string} release the release whose databases applied every squashed migration
 */
export async function squashMigrations(supabaseDir, version, release) {
  const migrationsDir = path.join(supabaseDir, 'migrations');
  const files = await migrationFiles(migrationsDir);
  if (files.some((file) => file.version >= version)) throw new Error(`the baseline's version must come after every migration (${files.at(-1)?.version})`);
  const baselineRows = await withScratchDatabase('squash-baseline', async (client) => {
    await buildBaseline(client);
    const { rows: tables } = await client.query(`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname <> 'supabase_migrations'`);
    const counts = new Set();
    for (const table of tables) {
      const { rows: [row] } = await client.query(`select count(*)::int as count from ${table.name}`);
      counts.add(`${table.name}:${row.count}`);
    }
    return counts;
  });
  const data = await withScratchDatabase('squash', async (client) => {
    await buildFromMigrations(client, migrationsDir);
    return rowsSql(client, baselineRows);
  });
  const schema = [];
  for (const file of await schemaPaths(supabaseDir)) {
    schema.push(`-- ${file}\n${await fs.readFile(path.join(supabaseDir, file), 'utf8')}`);
  }
  const header = [
    `-- Baseline: the database as release ${release} left it, in one migration (it replaces ${files.length} migrations).`,
    '-- Written by `node supabase/local/schema/cli.mjs squash` from supabase/schemas and the rows those',
    '-- migrations inserted. A database that applied all of them records this one as applied instead.',
    '',
  ].join('\n');
  const name = `${version}_baseline.sql`;
  await fs.writeFile(path.join(migrationsDir, name), `${header}\n${schema.join('\n')}\n-- The rows the squashed migrations inserted.\n${data}\n`);
  await fs.writeFile(path.join(supabaseDir, SQUASHED_FILE), `${JSON.stringify({ baseline: version, release, replaces: files.map((file) => file.version) }, null, 2)}\n`);
  for (const file of files) await fs.rm(path.join(migrationsDir, file.name));
  return { file: `supabase/migrations/${name}`, replaced: files.length };
}
