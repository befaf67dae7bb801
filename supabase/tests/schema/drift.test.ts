// supabase/schemas is the database's current source: a database built from it and one built from the
// migrations must be the same, object for object (tables, columns, constraints, indexes, functions'
// bodies, views, triggers, policies, privileges, roles).
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baselineCatalog, both, buildBaseline, buildFromSchemaFiles, catalogOf, compareCatalogs, describeDifference, migrationsCatalog, SUPABASE_DIR } from '../../local/schema/builds.mjs';
import { migrationSql } from '../../local/schema/migrationDiff.mjs';
import { renderSchemaFiles, writeSchemaFiles } from '../../local/schema/schemaFiles.mjs';

const scratch = path.join(SUPABASE_DIR, '..', '.steward', 'scratch', `drift-${process.pid}`);

describe('supabase/schemas and the migrations', () => {
  afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

  // The migrations' build (and the bare baseline's) is made once per worker and shared with
  // upgrade.test.ts (builds.mjs): each is a Postgres cluster applying every migration.
  it('build the same database', async () => {
    const [fromMigrations, fromSchemas] = await both(migrationsCatalog(), catalogOf((client) => buildFromSchemaFiles(client), 'drift-schemas'));
    expect(describeDifference(compareCatalogs(fromMigrations, fromSchemas), ['migrations', 'schemas'])).toBe('');
    expect(fromSchemas.length).toBeGreaterThan(1_900);
  }, 120_000);

  it('differ, by name, when a schema file changes a function body, a policy and a column', async () => {
    const copy = path.join(scratch, 'supabase');
    await fs.cp(path.join(SUPABASE_DIR, 'schemas'), path.join(copy, 'schemas'), { recursive: true });
    await fs.copyFile(path.join(SUPABASE_DIR, 'config.toml'), path.join(copy, 'config.toml'));
    const edit = async (file: string, from: string | RegExp, to: string) => {
      const text = await fs.readFile(path.join(copy, 'schemas', file), 'utf8');
      const next = text.replace(from, to);
      expect(next).not.toBe(text);
      await fs.writeFile(path.join(copy, 'schemas', file), next);
    };
    await edit('app/column_functions.sql', /(CREATE OR REPLACE FUNCTION app\.org_slug\(p_name text\)[\s\S]*?AS \$function\$)/, '$1 -- changed');
    await edit('crm/policies.sql', /(create policy \w+ on crm\.contacts\n\s+as permissive\n\s+for select\n\s+to authenticated\n\s+using \()/, '$1false and ');
    await edit('crm/tables.sql', /(create table crm\.households \([\s\S]*?)\n\);/, '$1,\n  extra text\n);');
    const [fromMigrations, edited] = await both(migrationsCatalog(), catalogOf((client) => buildFromSchemaFiles(client, copy), 'drift-edited'));
    const difference = compareCatalogs(fromMigrations, edited);
    expect(difference.changed.map(({ to }) => to.key).sort()).toEqual([
      'function app.org_slug(p_name text)',
      expect.stringMatching(/^policy crm\.contacts\./),
      'table crm.households',
    ]);
  }, 120_000);

  it('are written again by `cli.mjs write` as files that build the same database as the migrations', async () => {
    const copy = path.join(scratch, 'written');
    await fs.mkdir(copy, { recursive: true });
    await fs.copyFile(path.join(SUPABASE_DIR, 'config.toml'), path.join(copy, 'config.toml'));
    const [fromMigrations, baseline] = await both(migrationsCatalog(), baselineCatalog());
    await writeSchemaFiles(copy, renderSchemaFiles(fromMigrations, baseline));
    const written = await catalogOf((client) => buildFromSchemaFiles(client, copy), 'drift-written');
    expect(describeDifference(compareCatalogs(fromMigrations, written), ['migrations', 'written schema files'])).toBe('');
  }, 180_000);

  it('keep a sequence a column owns: the migration and the schema files state `owned by`, and build it again', async () => {
    const source = `create schema seq_owned;
      create table seq_owned.tickets (id serial primary key, number bigint);
      create sequence seq_owned.ticket_numbers;
      alter sequence seq_owned.ticket_numbers owned by seq_owned.tickets.number;`;
    const [baseline, original] = await both(baselineCatalog(), catalogOf(async (client) => {
      await buildBaseline(client);
      await client.query(source);
    }, 'drift-seq-source'));
    const own = compareCatalogs(baseline, original).onlyInTo;
    const { sql } = migrationSql({ onlyInFrom: [], onlyInTo: own, changed: [] }, original);
    expect(sql).toContain('alter sequence seq_owned.ticket_numbers owned by seq_owned.tickets.number;');
    expect(sql).toContain('alter sequence seq_owned.tickets_id_seq owned by seq_owned.tickets.id;');
    const tablesFile = renderSchemaFiles(original, baseline).files.get('seq_owned/tables.sql') ?? '';
    expect(tablesFile.indexOf('owned by seq_owned.tickets.number')).toBeGreaterThan(tablesFile.indexOf('create table seq_owned.tickets'));
    const rebuilt = await catalogOf(async (client) => {
      await buildBaseline(client);
      await client.query(sql);
    }, 'drift-seq-rebuilt');
    expect(describeDifference(compareCatalogs(original, rebuilt), ['source', 'rebuilt'])).toBe('');
  }, 120_000);
});
