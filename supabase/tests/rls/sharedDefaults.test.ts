import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_DEFAULT_TABLES, SYSTEM_DEFAULT_ORG } from '../../../libs/src/org-scope/orgScope';
import { connectDb, testStack } from '../stack/testStack';

// Lists ask for the active organisation's rows alone where a table holds no shared defaults
// (orgScopeOf), so that its (org_name, …) indexes give a first page in order. That is right only
// while the list of tables with defaults is the database's: a table the platform's defaults move into
// must be named there, or its lists would stop showing them.
const stack = testStack();
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
});

describe('shared defaults', () => {
  it('are in exactly the tables the screens ask for them in', async () => {
    const { rows: tables } = await db.query<{ name: string }>(
      `select format('%s.%s', c.table_schema, c.table_name) as name
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.column_name = 'org_name' and c.table_schema in ('public', 'crm', 'catalog', 'hr', 'ops', 'settings')
        order by 1`,
    );
    const holding: string[] = [];
    for (const { name } of tables) {
      const [schema, table] = name.split('.');
      const { rows } = await db.query(`select 1 from ${db.escapeIdentifier(schema!)}.${db.escapeIdentifier(table!)} where org_name = $1 limit 1`, [SYSTEM_DEFAULT_ORG]);
      if (rows.length > 0) holding.push(name);
    }
    expect(tables.length).toBeGreaterThan(30);
    expect(holding).toEqual([...SHARED_DEFAULT_TABLES].sort());
  });
});
