import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, testStack } from '../stack/testStack';
import { seedId } from './seedId';

// The row-level security matrix: for every org-owned table whose rules come from its component
// (found in the catalog, so a new table is covered without edits), a signed-in member at each level
// None / Personal / Organization of view, edit and delete sees, changes and deletes exactly the rows
// the level allows — Personal: rows they created, own (primary or secondary owner, project owner) or
// are assigned to — and never a row of another organisation, even one they "own" there.
//
// The settings tables with hand-written read rules (members read roles, profiles, components and
// branding; integrations need settings edit; a member reads their own role's permissions; saved
// filters are private) are in the matrix too, with those rules. The organisations table is not: it
// has no org-owned rows to level (members read their own, settings editors change its details).
//
// The member is the seeded front desk user of Cedar Grove (Sam Ortiz). Each scenario is one
// transaction, rolled back: the role's levels are set, each table gets rows that are the member's
// through exactly one personal column each, one that is not, and one in another organisation that
// is theirs through every column; then the member reads, updates and deletes every row of every
// table. What they may do is computed here from the rows themselves, not from the policies; what
// public.record_permissions answers (the screens' question) must agree. Triggers stay off while the rows are arranged and probed (session_replication_role = replica),
// so what is measured is row-level security alone.

const CEDAR = 'Cedar Grove Outfitters';
const HARBOR = 'Harbor Bakery';
const DEFAULT_ORG = '_system_default_';
/** The product's definition of "the person's own record". */
const PERSONAL_COLUMNS = ['created_by', 'primary_owner_id', 'secondary_owner_id', 'owner_id', 'assignee_id'];

type Level = 'None' | 'Personal' | 'Organization';
type Scenario = { view: Level; edit: Level; delete: Level };
type Table = { name: string; component: string; personal: string[]; handWritten: boolean };
type Row = Record<string, unknown> & { id: string; org_name: string };

const MEMBER_USER = 'd3e0f7a1-5c2b-4c8e-9a6d-000000000003';
const MEMBER = seedId('cg:profile:desk');
const SOMEONE_ELSE = seedId('cg:profile:maya');
const MEMBER_ROLE = seedId('cg:role:front-desk');

const stack = testStack();
let db: pg.Client;
let tables: Table[];

/**
 * Tables whose rows are read through other records, not by a created-by rule of their own: a message
 * (and its links and attachments) is seen by whoever may see a record it is on; campaigns,
 * suppressions and the mail settings by rules of their own. Their rules are proved in
 * tests/stack/conversations.test.ts (Personal records, other organisations) and every one of them in
 * the isolation matrix (tests/rls/isolation.test.ts). A new table joins this list only on purpose.
 */
const READ_THROUGH_OTHERS = [
  'crm.mail_campaigns',
  'crm.mail_suppressions',
  'crm.message_attachments',
  'crm.message_links',
  'crm.messages',
  'settings.mail_settings',
  'settings.mail_templates',
];
let readThroughOthers: string[] = [];

const quoted = (name: string) => name.split('.').map((part) => `"${part}"`).join('.');

/** A copy of a row under a new id in an organisation; text columns of its unique keys get a suffix. */
const CLONE_FUNCTION = `
create or replace function pg_temp.clone_row(p_table regclass, p_id uuid, p_org text) returns uuid
  language plpgsql
as $$
declare
  v_new uuid := gen_random_uuid();
  v_row jsonb;
  v_cols text;
begin
  execute format('select to_jsonb(t) from %s t where id = $1', p_table) into v_row using p_id;
  v_row := v_row || jsonb_build_object('id', v_new, 'org_name', p_org);
  if v_row ? 'short_id' then
    v_row := v_row || jsonb_build_object('short_id', app.short_id_for(v_new));
  end if;
  select v_row || coalesce(jsonb_object_agg(a.attname, (v_row ->> a.attname::text) || ' ' || left(v_new::text, 8)), '{}')
    into v_row
  from pg_attribute a
  join pg_type t on t.oid = a.atttypid
  where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped and t.typcategory = 'S'
    and a.attname not in ('org_name', 'short_id') and v_row ->> a.attname::text is not null
    and exists (select 1 from pg_index i where i.indrelid = p_table and i.indisunique
                and pg_get_indexdef(i.indexrelid) ~ ('\\m' || a.attname || '\\M'));
  select string_agg(quote_ident(attname), ', ') into v_cols
  from pg_attribute where attrelid = p_table and attnum > 0 and not attisdropped and attgenerated = '';
  execute format('insert into %s (%s) select %s from jsonb_populate_record(null::%s, $1)', p_table, v_cols, v_cols, p_table)
    using v_row;
  return v_new;
end;
$$`;

/** Rows for the probe: one per personal column that is the member's through that column alone, one that is not theirs, one of another organisation that is theirs through every column. */
async function arrange(table: Table): Promise<void> {
  // Settings rows keep their shape (a profile or a role permission moved to another organisation
  // cannot exist): only who created them changes.
  const reshape = !table.handWritten;
  const ids = async () =>
    (await db.query<{ id: string }>(`select id::text from ${quoted(table.name)} where org_name = $1 order by id`, [CEDAR])).rows.map((row) => row.id);
  let cedar = await ids();
  if (cedar.length === 0) throw new Error(`${table.name} has no Cedar Grove row to probe with`);
  const needed = table.personal.length + 2;
  for (let copy = cedar.length; reshape && copy < needed; copy += 1) {
    await db.query('savepoint clone');
    try {
      await db.query('select pg_temp.clone_row($1::regclass, $2, $3)', [table.name, cedar[0], CEDAR]);
      await db.query('release savepoint clone');
    } catch {
      // A table with one row per organisation (its settings) cannot hold a second one.
      await db.query('rollback to savepoint clone');
      break;
    }
  }
  cedar = await ids();
  const assign = (column: string | null) =>
    table.personal.map((c) => `"${c}" = ${c === column || column === '*' ? `'${MEMBER}'` : `'${SOMEONE_ELSE}'`}::uuid`).join(', ');
  for (const [index, column] of table.personal.entries()) {
    const id = cedar[index];
    if (id) await db.query(`update ${quoted(table.name)} set ${assign(column)} where id = $1`, [id]);
  }
  const notMine = cedar[table.personal.length];
  if (notMine) await db.query(`update ${quoted(table.name)} set ${assign(null)} where id = $1`, [notMine]);

  if (!reshape) return;
  // Another organisation's row that names the member in every personal column.
  await db.query('savepoint elsewhere');
  try {
    const { rows } = await db.query<{ id: string }>('select pg_temp.clone_row($1::regclass, $2, $3)::text as id', [table.name, cedar[0], HARBOR]);
    await db.query(`update ${quoted(table.name)} set ${assign('*')} where id = $1`, [rows[0]?.id]);
    await db.query('release savepoint elsewhere');
  } catch {
    // A copy would break a rule across organisations (the same accommodation booked twice): move
    // the last Cedar Grove row instead.
    await db.query('rollback to savepoint elsewhere');
    const last = cedar[cedar.length - 1];
    if (cedar.length > needed - 1 && last) {
      await db.query(`update ${quoted(table.name)} set org_name = $2, ${assign('*')} where id = $1`, [last, HARBOR]);
    }
  }
}

function allows(level: Level, table: Table, row: Row): boolean {
  return level === 'Organization' || (level === 'Personal' && table.personal.some((column) => row[column] === MEMBER));
}

/** What the member may read, edit and delete of a table's row, from the row itself. */
function rules(table: Table, scenario: Scenario) {
  const mine = (level: Level, row: Row) => row.org_name === CEDAR && allows(level, table, row);
  const visible = (row: Row): boolean => {
    switch (table.name) {
      case 'public.user_roles':
      case 'public.user_profiles':
      case 'settings.org_components':
      case 'settings.org_branding':
      case 'settings.custom_fields':
        return row.org_name === DEFAULT_ORG || row.org_name === CEDAR;
      case 'settings.integrations':
        return mine(scenario.edit, row);
      case 'settings.user_role_permissions':
        return row.org_name === DEFAULT_ORG || row.role_id === MEMBER_ROLE || mine(scenario.view, row);
      case 'settings.saved_filters':
        return row.org_name === DEFAULT_ORG || (row.org_name === CEDAR && row.profile_id === MEMBER);
      default:
        return row.org_name === DEFAULT_ORG || mine(scenario.view, row);
    }
  };
  // Updates and deletes through the API filter or return rows, so the read rule applies to them too.
  const may = (level: Level, editing: boolean) => (row: Row): boolean => {
    if (!visible(row) || row.org_name !== CEDAR) return false;
    if (table.name === 'settings.saved_filters') return row.profile_id === MEMBER;
    // Everyone edits their own profile.
    return mine(level, row) || (editing && table.name === 'public.user_profiles' && row.auth_user_id === MEMBER_USER);
  };
  return { visible, editable: may(scenario.edit, true), deletable: may(scenario.delete, false) };
}

type Outcome = {
  table: string;
  seen: string[];
  updated: string[];
  deleted: string[];
  expected: { seen: string[]; updated: string[]; deleted: string[] };
  /** What public.record_permissions answers for every row (the screens' question), null for hand-written tables. */
  answered: { seen: string[]; updated: string[]; deleted: string[] } | null;
  leaks: number;
  personalRows: number;
};

/** One scenario in one transaction: arrange, compute what the member may do, then do it as the member. */
async function runScenario(scenario: Scenario): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  await db.query('begin');
  try {
    await db.query('set local session_replication_role = replica');
    await db.query(
      `update settings.user_role_permissions set view_access = $2, edit_access = $3, delete_access = $4, create_access = 'allowed'
        where role_id = $1`,
      [MEMBER_ROLE, scenario.view, scenario.edit, scenario.delete],
    );
    for (const table of tables) await arrange(table);

    const rowsByTable = new Map<string, Row[]>();
    for (const table of tables) {
      const { rows } = await db.query<{ row: Row }>(`select to_jsonb(t) as row from ${quoted(table.name)} t`);
      rowsByTable.set(table.name, rows.map((r) => r.row));
    }

    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: MEMBER_USER, role: 'authenticated' })]);
    await db.query('set local role authenticated');
    for (const table of tables) {
      const rows = rowsByTable.get(table.name) ?? [];
      const { visible, editable, deletable } = rules(table, scenario);
      const ids = (list: Row[]) => list.map((row) => row.id).sort();

      const seen = await db.query<{ id: string; org_name: string }>(`select id::text, org_name from ${quoted(table.name)}`);
      await db.query('savepoint probe');
      const updated = await db.query<{ id: string }>(`update ${quoted(table.name)} set id = id returning id::text`);
      await db.query('rollback to savepoint probe');
      const deleted = await db.query<{ id: string }>(`delete from ${quoted(table.name)} returning id::text`);
      await db.query('rollback to savepoint probe');
      let answered: Outcome['answered'] = null;
      if (!table.handWritten) {
        const answers: { id: string; can_edit: boolean; can_delete: boolean }[] = [];
        for (let start = 0; start < rows.length; start += 1000) {
          const chunk = rows.slice(start, start + 1000).map((row) => row.id);
          answers.push(...(await db.query('select id::text, can_edit, can_delete from public.record_permissions($1, $2::uuid[])', [table.name, chunk])).rows);
        }
        const pick = (keep: (answer: (typeof answers)[number]) => boolean) => answers.filter(keep).map((answer) => answer.id).sort();
        answered = { seen: pick(() => true), updated: pick((answer) => answer.can_edit), deleted: pick((answer) => answer.can_delete) };
      }

      outcomes.push({
        table: table.name,
        seen: seen.rows.map((row) => row.id).sort(),
        updated: updated.rows.map((row) => row.id).sort(),
        deleted: deleted.rows.map((row) => row.id).sort(),
        expected: { seen: ids(rows.filter(visible)), updated: ids(rows.filter(editable)), deleted: ids(rows.filter(deletable)) },
        answered,
        leaks: seen.rows.filter((row) => row.org_name !== CEDAR && row.org_name !== DEFAULT_ORG).length,
        personalRows: rows.filter((row) => row.org_name === CEDAR && table.personal.some((column) => row[column] === MEMBER)).length,
      });
    }
  } finally {
    await db.query('rollback');
  }
  return outcomes;
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  await db.query(CLONE_FUNCTION);
  const { rows } = await db.query<Table>(
    `select format('%I.%I', n.nspname, c.relname) as name,
            substring(obj_description(c.oid, 'pg_class') from '^component: ([a-z-]+)') as component,
            obj_description(c.oid, 'pg_class') !~ '^component: [a-z-]+$' as "handWritten",
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attname = any ($1::text[])
                   order by array_position($1::text[], a.attname::text)) as personal
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and obj_description(c.oid, 'pg_class') ~ '^component: [a-z-]+'
        and c.oid <> 'public.organizations'::regclass
      order by 1`,
    [PERSONAL_COLUMNS],
  );
  readThroughOthers = rows.filter((table) => READ_THROUGH_OTHERS.includes(table.name)).map((table) => table.name);
  tables = rows.filter((table) => !READ_THROUGH_OTHERS.includes(table.name));
});

afterAll(async () => {
  await db?.end();
});

describe('the row-level security matrix', () => {
  it('covers every org-owned table of every component, owner and assignee columns included', () => {
    expect(readThroughOthers).toEqual(READ_THROUGH_OTHERS);
    expect(new Set(tables.map((table) => table.component))).toEqual(new Set(['crm', 'catalog', 'lodging', 'team-portal', 'operations', 'settings']));
    expect(tables.length).toBeGreaterThanOrEqual(60);
    expect(tables.filter((table) => table.handWritten).map((table) => table.name)).toEqual([
      'public.user_profiles', 'public.user_roles', 'settings.custom_fields', 'settings.integrations', 'settings.org_branding', 'settings.org_components',
      'settings.saved_filters', 'settings.user_role_permissions',
    ]);
    const owned = Object.fromEntries(tables.filter((table) => table.personal.length > 1).map((table) => [table.name, table.personal]));
    expect(owned).toMatchObject({
      'crm.contacts': ['created_by', 'primary_owner_id', 'secondary_owner_id'],
      'ops.projects': ['created_by', 'owner_id'],
      'ops.tasks': ['created_by', 'assignee_id'],
    });
    expect(tables.filter((table) => !table.personal.includes('created_by')).map((table) => table.name)).toEqual([]);
  });

  // Each action meets each level, and in each scenario the actions differ, so a rule that used
  // another action's level would show.
  const scenarios: Scenario[] = [
    { view: 'Organization', edit: 'Personal', delete: 'None' },
    { view: 'Organization', edit: 'None', delete: 'Personal' },
    { view: 'Organization', edit: 'Organization', delete: 'Organization' },
    { view: 'Personal', edit: 'Organization', delete: 'Organization' },
    { view: 'None', edit: 'Organization', delete: 'Organization' },
  ];
  it.each(scenarios.map((scenario) => [`view ${scenario.view}, edit ${scenario.edit}, delete ${scenario.delete}`, scenario] as const))(
    '%s: exactly the allowed rows, 0 leaks',
    async (_label, scenario) => {
      const outcomes = await runScenario(scenario);
      expect(outcomes.length).toBe(tables.length);
      // Every table had rows of the member to tell Personal from Organization.
      expect(outcomes.filter((outcome) => outcome.personalRows === 0).map((outcome) => outcome.table)).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.leaks > 0).map((outcome) => outcome.table)).toEqual([]);
      const wrong = outcomes
        .filter((o) => JSON.stringify([o.seen, o.updated, o.deleted]) !== JSON.stringify([o.expected.seen, o.expected.updated, o.expected.deleted]))
        .map((o) => ({ table: o.table, seen: [o.seen.length, o.expected.seen.length], updated: [o.updated.length, o.expected.updated.length], deleted: [o.deleted.length, o.expected.deleted.length] }));
      expect(wrong).toEqual([]);
      // The screens' question gets the same answer as the rules themselves.
      const misanswered = outcomes.filter((o) => o.answered && JSON.stringify(o.answered) !== JSON.stringify(o.expected)).map((o) => o.table);
      expect(misanswered).toEqual([]);
      expect(outcomes.filter((o) => o.answered).length).toBeGreaterThanOrEqual(50);
      // The scenario did something: rows were seen and, where the levels allow, changed.
      // (The settings tables every member reads, and their own profile, stay readable and editable.)
      const standard = outcomes.filter((o) => !tables.find((table) => table.name === o.table)?.handWritten);
      const total = (pick: (o: Outcome) => string[]) => standard.reduce((sum, o) => sum + pick(o).length, 0);
      if (scenario.view !== 'None') expect(total((o) => o.seen)).toBeGreaterThan(standard.length);
      if (scenario.view !== 'None' && scenario.edit !== 'None') expect(total((o) => o.updated)).toBeGreaterThanOrEqual(standard.length);
      if (scenario.view === 'None' || scenario.edit === 'None') expect(total((o) => o.updated)).toBe(0);
    },
    120_000,
  );
});
