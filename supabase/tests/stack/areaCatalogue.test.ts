import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { AREAS } from '../../../libs/src/runtime-config/areas.mjs';
import { componentMigrationSql, normalizeOptions } from '../../../tools/area-generator/area/generator.cjs';
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

  it("applies a generated area's component migration: the catalogue row, offered to every organisation, twice harmlessly", async () => {
    const sql = componentMigrationSql(normalizeOptions({ name: 'front-office', title: "Front Office's Desk" }));
    await db.query('begin');
    try {
      await db.query(sql);
      await db.query(sql);
      const { rows } = await db.query<{ display_name: string; component_type: string; org_name: string; enabled: boolean }>(
        `select c.display_name, c.component_type, oc.org_name, oc.enabled
           from settings.components c join settings.org_components oc on oc.component_id = c.id
          where c.name = 'front-office'`,
      );
      expect(rows).toEqual([{ display_name: "Front Office's Desk", component_type: 'remote', org_name: '_system_default_', enabled: true }]);
      // Each organisation's owner role reaches the new area fully; no other role is given anything.
      const { rows: granted } = await db.query<{ role_name: string; levels: string }>(
        `select r.role_name, concat_ws('/', p.view_access, p.create_access, p.edit_access, p.delete_access) as levels
           from settings.user_role_permissions p
           join settings.components c on c.id = p.component_id
           join public.user_roles r on r.id = p.role_id
          where c.name = 'front-office'`,
      );
      const { rows: owners } = await db.query<{ n: number }>("select count(*)::int as n from public.user_roles where role_name = 'owner' and org_name <> '_system_default_'");
      expect(granted).toHaveLength(owners[0]?.n ?? -1);
      expect(granted.every((row) => row.role_name === 'owner' && row.levels === 'Organization/allowed/Organization/Organization')).toBe(true);
    } finally {
      await db.query('rollback');
    }
  });
});
