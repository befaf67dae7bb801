import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, testStack } from '../stack/testStack';

// Deleting a row makes Postgres look up the rows that reference it; without an index on the
// referencing column that is a scan of the whole table across every organisation (migration
// 20251124090000_foreign_key_indexes). A reference added later must come with its index.
const stack = testStack();
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
});

describe('foreign keys', () => {
  it('every reference to a row members delete has an index on the referencing column', async () => {
    const { rows } = await db.query<{ reference: string }>(`
      select format('%s.%s → %s', c.conrelid::regclass, a.attname, c.confrelid::regclass) as reference
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and c.connamespace::regnamespace::text in ('public', 'crm', 'catalog', 'ops', 'hr', 'settings', 'app')
        -- Audit and owner columns pointing at user profiles, and the fixed component catalogue: see the migration.
        and (c.confrelid <> 'settings.components'::regclass)
        and (c.confrelid <> 'public.user_profiles'::regclass or c.confdeltype = 'c' or a.attname = 'user_profile_id')
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1] and i.indpred is null)
      order by 1`);
    expect(rows.map((row) => row.reference)).toEqual([]);
  });
});
