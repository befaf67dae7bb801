import type pg from 'pg';
import { expect } from 'vitest';

/**
 * Each query's plan can use the index named beside it. On a few seeded rows the planner may prefer
 * any other index of the table, so for each case the table's other plain indexes are dropped inside a
 * transaction (rolled back after) and sequential scans are off: what remains shows the index can serve.
 */
export async function expectIndexesServe(db: pg.Client, cases: readonly (readonly [sql: string, index: string])[]): Promise<void> {
  await db.query('begin');
  try {
    await db.query('set local enable_seqscan = off');
    for (const [sql, index] of cases) {
      await db.query('savepoint probe');
      const { rows: others } = await db.query<{ name: string }>(
        `select i.indexrelid::regclass::text as name from pg_index i join pg_class c on c.oid = i.indexrelid
          where i.indrelid = (select indrelid from pg_index where indexrelid = (select oid from pg_class where relname = $1))
            and not i.indisprimary and not i.indisunique and c.relname <> $1
            and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
        [index],
      );
      for (const other of others) await db.query(`drop index ${other.name}`);
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`);
      expect(rows.map((row) => row['QUERY PLAN']).join('\n'), sql).toContain(index);
      await db.query('rollback to savepoint probe');
    }
  } finally {
    await db.query('rollback');
  }
}
