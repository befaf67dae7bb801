import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_ROW_FIELDS } from '../../../libs/src/session/personalColumns';
import { connectDb, testStack } from '../stack/testStack';
import { seedId } from './seedId';
import { signIn } from './signUpOrganization';

// "Personal" is defined once in the database (app.personal_columns / app.personal_sql): every rule
// that grants Personal access uses it, global search included, and a change to a role applies to
// its members' very next request.

const LAKESIDE = 'Lakeside Community Church';
const CEDAR = 'Cedar Grove Outfitters';
// The screens offer Edit and Delete to a Personal role from the same list (libs session access).
const PERSONAL_COLUMNS = [...PERSONAL_ROW_FIELDS];


const stack = testStack();
let db: pg.Client;
let volunteer: SupabaseClient;
let owner: SupabaseClient;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  volunteer = await signIn(stack, 'volunteer@steward.dev', 'Steward-volunteer-2026');
  owner = await signIn(stack, 'demo@steward.dev', 'Steward-demo-2026');
});

afterAll(async () => {
  await db?.end();
});

describe('one definition of Personal', () => {
  it('is the creator, owner and assignee columns, the same ones record history keeps as owners', async () => {
    const { rows } = await db.query<{ columns: string[]; owners: number }>(
      `select app.personal_columns() as columns,
              cardinality(app.record_owner_ids(
                (select jsonb_object_agg(c, gen_random_uuid()) from unnest(app.personal_columns()) c))) as owners`,
    );
    expect(rows[0]?.columns).toEqual(PERSONAL_COLUMNS);
    expect(rows[0]?.owners).toBe(PERSONAL_COLUMNS.length);
  });

  it('every policy that grants Personal access matches every personal column its table has', async () => {
    const { rows } = await db.query<{ policy: string; rule: string; columns: string[] }>(
      `select p.schemaname || '.' || p.tablename || ' ' || p.policyname as policy,
              coalesce(p.qual, '') || ' ' || coalesce(p.with_check, '') as rule,
              array(select a.attname::text from pg_attribute a
                     where a.attrelid = format('%I.%I', p.schemaname, p.tablename)::regclass
                       and a.attnum > 0 and not a.attisdropped and a.attname = any ($1::text[])) as columns
         from pg_policies p
        where coalesce(p.qual, '') || coalesce(p.with_check, '') like '%''Personal''%'`,
      [PERSONAL_COLUMNS],
    );
    expect(rows.length).toBeGreaterThan(150);
    const incomplete = rows.flatMap((row) =>
      row.columns
        .filter((column) => !row.rule.includes(`(${column} = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[]))`))
        .map((column) => `${row.policy}: ${column}`),
    );
    expect(incomplete).toEqual([]);
    // Owner and assignee columns are part of it wherever a table has them.
    expect(rows.filter((row) => row.policy.startsWith('ops.tasks ')).every((row) => row.rule.includes('assignee_id = ANY'))).toBe(true);
  });
});

describe('the seeded volunteer (CRM and Operations Personal)', () => {
  it('lists exactly the contacts they own, co-own or created, and the tasks assigned to them or created by them', async () => {
    const { data: contacts } = await volunteer.schema('crm').from('contacts').select('name, org_name').order('name');
    expect(contacts).toEqual([
      { name: 'Helen Brandt', org_name: LAKESIDE },
      { name: 'Marcus Webb', org_name: LAKESIDE },
      { name: 'Priscilla Nowak', org_name: LAKESIDE },
    ]);
    const { data: tasks } = await volunteer.schema('ops').from('tasks').select('title').order('title');
    expect(tasks).toEqual([{ title: 'Call Helen about Sunday rides' }, { title: 'Sort donated canned goods' }]);
    const { data: money } = await volunteer.from('transactions').select('description');
    expect(money).toEqual([{ description: 'Coffee hour donations' }]);
  });

  async function search(query: string, orgName = LAKESIDE): Promise<string[]> {
    const { data, error } = await volunteer.rpc('global_search', { p_query: query, p_org_name: orgName });
    expect(error).toBeNull();
    return ((data ?? []) as { kind: string; title: string }[]).map((row) => `${row.kind}: ${row.title}`).sort();
  }

  it('global search finds their own records by owner, co-owner, creator and assignee, and nothing else', async () => {
    expect(await search('Helen Brandt')).toEqual(['contact: Helen Brandt']);
    expect(await search('Marcus')).toEqual(['contact: Marcus Webb']);
    expect(await search('Priscilla')).toEqual(['contact: Priscilla Nowak']);
    expect(await search('(231) 555-0170')).toEqual(['contact: Helen Brandt']);
    expect(await search('canned goods')).toEqual(['task: Sort donated canned goods']);
    // Lakeside's other contacts and tasks, and everything of Cedar Grove, stay out.
    expect(await search('Olsen')).toEqual([]);
    expect(await search('Print flyers')).toEqual([]);
    expect(await search('Emma Whitaker', CEDAR)).toEqual([]);
  });

  it('record_permissions tells the screens which records they may edit and delete', async () => {
    const ask = async (client: SupabaseClient, table: string, keys: string[]) => {
      const { data, error } = await client.rpc('record_permissions', { p_table: table, p_ids: keys.map(seedId) });
      expect(error).toBeNull();
      return Object.fromEntries(((data ?? []) as { id: string; can_edit: boolean; can_delete: boolean }[]).map((row) => [row.id, [row.can_edit, row.can_delete]]));
    };
    // The volunteer (CRM view and edit Personal, delete None): their contact only; Lakeside's others are not theirs to see.
    expect(await ask(volunteer, 'crm.contacts', ['lk:contact:09', 'lk:contact:01', 'cg:contact:01'])).toEqual({ [seedId('lk:contact:09')]: [true, false] });
    // The front desk (CRM view Organization, edit Personal; lodging edit Organization, delete None).
    const desk = await signIn(stack, 'desk@steward.dev', 'Steward-desk-2026');
    expect(await ask(desk, 'crm.contacts', ['cg:contact:desk-01', 'cg:contact:01'])).toEqual({
      [seedId('cg:contact:desk-01')]: [true, false],
      [seedId('cg:contact:01')]: [false, false],
    });
    expect(await ask(desk, 'catalog.accommodations', ['cg:acc:hemlock'])).toEqual({ [seedId('cg:acc:hemlock')]: [true, false] });
    const { error } = await desk.rpc('record_permissions', { p_table: 'auth.users', p_ids: [] });
    expect(error?.code).toBe('42P01');
  });

  it("an owner's change to the role applies on the member's next request, and back", async () => {
    const crm = (await db.query<{ id: string }>(`select id from settings.components where name = 'crm'`)).rows[0]?.id;
    const role = seedId('lk:role:volunteer');
    const setCrm = async (view: string, edit: string) => {
      const { data, error } = await owner
        .schema('settings')
        .from('user_role_permissions')
        .update({ view_access: view, edit_access: edit })
        .eq('role_id', role)
        .eq('component_id', crm)
        .select('view_access, edit_access');
      expect(error).toBeNull();
      expect(data).toEqual([{ view_access: view, edit_access: edit }]);
    };
    const names = async () => ((await volunteer.schema('crm').from('contacts').select('name')).data ?? []).map((row: { name: string }) => row.name);
    const editOlsen = async () =>
      (await volunteer.schema('crm').from('contacts').update({ nickname: 'Maggie' }).eq('id', seedId('lk:contact:01')).select('id')).data ?? [];
    try {
      expect(await names()).not.toContain('Margaret Olsen');
      expect(await editOlsen()).toEqual([]);
      await setCrm('Organization', 'Organization');
      expect(await names()).toContain('Margaret Olsen');
      expect(await editOlsen()).toEqual([{ id: seedId('lk:contact:01') }]);
    } finally {
      await setCrm('Personal', 'Personal');
      await db.query(`update crm.contacts set nickname = null where id = $1`, [seedId('lk:contact:01')]);
    }
    expect(await names()).not.toContain('Margaret Olsen');
    expect(await search('Olsen')).toEqual([]);
  });
});
