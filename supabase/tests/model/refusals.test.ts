import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, testStack } from '../stack/testStack';

// The refusal a person reads in their language, as the database makes it (app.refusal), raises it
// (app.refuse: the SQLSTATE, the English, hint steward:<id>, the values as the detail) and reads it
// back from a caught error to pass it on named (app.caught_refusal). How the screens read it:
// libs/src/data/databaseMessages*.test.ts.
const stack = testStack();
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
});

const refusal = async (id: string, message: string, values: unknown) =>
  (await db.query<{ refusal: unknown }>('select app.refusal($1, $2, $3::jsonb) as refusal', [id, message, JSON.stringify(values)])).rows[0]?.refusal;

describe('app.refusal', () => {
  it('puts each value in its {name}, once: a value that holds a {name} of its own stays as it is', async () => {
    expect(await refusal('field.choiceTwice', '{label} has two choices named {choice}', { label: 'Level {choice}', choice: 'A {label}' })).toEqual({
      id: 'field.choiceTwice',
      message: 'Level {choice} has two choices named A {label}',
      values: { label: 'Level {choice}', choice: 'A {label}' },
    });
    // A {name} given no value stays; a name used twice is filled twice.
    expect(await refusal('x.y', '{a} and {a}, {b}', { a: 'one' })).toMatchObject({ message: 'one and one, {b}' });
  });

  it('writes a number as it is, null as nothing, and a named message (a refusal) as its English', async () => {
    const part = await refusal('record.partPhone', 'primary phone', {});
    expect(await refusal('record.partRefused', '{part}: {problem} ({count}{none})', { part, problem: 'wrong', count: 1000, none: null })).toEqual({
      id: 'record.partRefused',
      message: 'primary phone: wrong (1000)',
      values: { part: { id: 'record.partPhone', message: 'primary phone', values: {} }, problem: 'wrong', count: 1000, none: null },
    });
  });
});

describe('app.refuse and app.caught_refusal', () => {
  it('raise the code and the English with the id in the hint and the values in the detail; a handler reads the same refusal back', async () => {
    const error = await db
      .query(`select app.refuse('23514', 'custom.required', '{label} is required', jsonb_build_object('label', 'Phone'))`)
      .then(() => null, (caught: unknown) => caught as pg.DatabaseError);
    expect(error).toMatchObject({ code: '23514', message: 'Phone is required', hint: 'steward:custom.required' });
    expect(JSON.parse(error?.detail ?? 'null')).toEqual({ label: 'Phone' });
    const { rows } = await db.query<{ caught: unknown; made: unknown }>(
      `select app.caught_refusal($1, $2, $3) as caught, app.refusal('custom.required', '{label} is required', '{"label": "Phone"}') as made`,
      [error?.message, error?.detail, error?.hint],
    );
    expect(rows[0]?.caught).toEqual(rows[0]?.made);
  });

  it('reads no refusal from an error app.refuse did not raise, whatever its detail', async () => {
    const { rows } = await db.query<{ other: unknown; none: unknown; empty: unknown }>(
      `select app.caught_refusal('duplicate key value', 'Key (id)=(1) already exists.', 'Choose another') as other,
              app.caught_refusal('Nothing to import', null, null) as none,
              app.caught_refusal('Nothing to import', '', 'steward:import.nothing') as empty`,
    );
    expect(rows[0]).toEqual({ other: null, none: null, empty: { id: 'import.nothing', message: 'Nothing to import', values: {} } });
  });
});
