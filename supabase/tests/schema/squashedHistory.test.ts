// After the squash, a database that applied only some of the squashed migrations (older than the
// release the squash starts from) is refused with what to do, and nothing is applied to it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPABASE_DIR, withScratchDatabase } from '../../local/schema/builds.mjs';
import { createLogger } from '../../local/log.mjs';
import { migrate } from '../../local/migrate.mjs';

describe('a database built before the squashed release', () => {
  it('is refused with the release to upgrade through, and keeps its history as it was', async () => {
    const squashed: { baseline: string; release: string; replaces: string[] } = JSON.parse(await fs.readFile(path.join(SUPABASE_DIR, 'squashed.json'), 'utf8'));
    await withScratchDatabase('squashed-history', async (client) => {
      await client.query(`create schema supabase_migrations;
        create table supabase_migrations.schema_migrations (version text primary key, name text, statements text[], applied_at timestamptz not null default now())`);
      const applied = squashed.replaces.slice(0, 3);
      for (const version of applied) await client.query('insert into supabase_migrations.schema_migrations (version) values ($1)', [version]);
      await expect(migrate(client, { migrationsDir: path.join(SUPABASE_DIR, 'migrations'), seedFile: path.join(SUPABASE_DIR, 'seed.sql'), log: createLogger('silent') }))
        .rejects.toThrow(`This database was built before release ${squashed.release} (it lacks migrations ${squashed.replaces.slice(3).join(', ')})`);
      const { rows } = await client.query('select version from supabase_migrations.schema_migrations order by version');
      expect(rows.map((row) => row.version)).toEqual(applied);
    });
  }, 60_000);
});
