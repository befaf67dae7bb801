import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_ROW_FIELDS } from '../../../libs/src/session/personalColumns';
import { connectDb, testStack } from '../stack/testStack';

// The screens decide where to offer Edit and Delete to a Personal role from the same columns the
// database's rules read: the two lists must not drift apart.

const stack = testStack();
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
});

describe('Personal in the screens', () => {
  it('reads the columns the database defines as the person’s own', async () => {
    const { rows } = await db.query<{ columns: string[] }>('select app.personal_columns() as columns');
    expect(rows[0]?.columns).toEqual([...PERSONAL_ROW_FIELDS]);
  });
});
