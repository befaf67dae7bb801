import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { AREAS } from '../../../libs/src/runtime-config/areas.mjs';
import { connectDb, testStack } from './testStack';

// The apps learn the areas from libs/src/runtime-config/areas.mjs; organisations enable them through
// the database's component catalogue. The two must name the same areas, or a component switches
// nothing on (or an area can never be enabled).
describe('the component catalogue and the declared areas', () => {
  let db: pg.Client;
  beforeAll(async () => {
    db = await connectDb(testStack().dbUrl);
  });
  afterAll(async () => {
    await db.end();
  });

  it('has one remote component per area, under the same name and title', async () => {
    const { rows } = await db.query<{ name: string; display_name: string }>(
      "select name, display_name from settings.components where component_type = 'remote' order by name",
    );
    const declared = AREAS.map((area) => ({ name: area.name, display_name: area.title })).sort((a, b) => a.name.localeCompare(b.name));
    expect(rows).toEqual(declared);
  });
});
