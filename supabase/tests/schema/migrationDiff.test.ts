import { describe, expect, it } from 'vitest';
import { migrationSql, replacesInPlace } from '../../local/schema/migrationDiff.mjs';
import type { DbObject } from '../../local/schema/catalog.mjs';

/** A view as the catalogue reads it: its SQL, its columns, the views it reads. */
function view(name: string, columns: string[], body: string, reads: string[] = []): DbObject {
  return {
    kind: 'view',
    key: `view ${name}`,
    schema: name.split('.')[0]!,
    sql: `create view ${name} with (security_invoker=true) as\n ${body};\ngrant select on table ${name} to authenticated;`,
    drop: `drop view ${name};`,
    dependsOnViews: reads,
    viewColumns: columns,
  };
}

describe('a changed view in a written migration', () => {
  const before = view('crm.people_view', ['id uuid collate -', 'name text collate "default"'], 'SELECT p.id, p.name FROM crm.people p');
  const reader = view('crm.people_names', ['name text collate "default"'], 'SELECT people_view.name FROM crm.people_view', ['crm.people_view']);

  it('is replaced in place when it keeps its columns (more may follow): what refers to it keeps it', () => {
    const after = view('crm.people_view', [...before.viewColumns!, 'custom jsonb collate -'], 'SELECT p.id, upper(p.name) AS name, p.custom FROM crm.people p');
    expect(replacesInPlace(before, after)).toBe(true);
    const { sql } = migrationSql({ onlyInFrom: [], onlyInTo: [], changed: [{ from: before, to: after }] }, [after, reader]);
    expect(sql).toContain('create or replace view crm.people_view with (security_invoker=true) as');
    expect(sql).not.toContain('drop view');
    expect(sql).not.toContain('crm.people_names');
  });

  it('is dropped and built again, with the views that read it, when a column goes, moves or changes type', () => {
    const renamed = view('crm.people_view', ['id uuid collate -', 'full_name text collate "default"'], 'SELECT p.id, p.name AS full_name FROM crm.people p');
    const retyped = view('crm.people_view', ['id uuid collate -', 'name character varying(80) collate "default"'], 'SELECT p.id, p.name::varchar(80) AS name FROM crm.people p');
    const reordered = view('crm.people_view', ['name text collate "default"', 'id uuid collate -'], 'SELECT p.name, p.id FROM crm.people p');
    for (const after of [renamed, retyped, reordered]) {
      expect(replacesInPlace(before, after)).toBe(false);
      const { sql } = migrationSql({ onlyInFrom: [], onlyInTo: [], changed: [{ from: before, to: after }] }, [after, reader]);
      expect(sql).toContain('drop view crm.people_names;\n\ndrop view crm.people_view;');
      expect(sql).toMatch(/create view crm\.people_view [\s\S]*create view crm\.people_names /);
      expect(sql).not.toContain('create or replace view');
    }
  });

  it('is never replaced in place when it was read without its columns (a materialized view)', () => {
    const materialized = { ...before, sql: before.sql.replace('create view', 'create materialized view'), viewColumns: undefined };
    expect(replacesInPlace(materialized, { ...materialized, sql: `${materialized.sql}\n-- changed` })).toBe(false);
  });
});
