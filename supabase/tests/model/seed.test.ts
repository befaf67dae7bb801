import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestInviteCode } from '../rls/acceptInvitation';
import { seedId } from '../rls/seedId';
import { signIn } from '../rls/signUpOrganization';
import { hasColumn, qualifiedName, readTableInventory } from '../rls/tableInventory';
import { connectDb, createTestClient, testStack } from '../stack/testStack';

const CEDAR = 'Cedar Grove Outfitters';
const LAKESIDE = 'Lakeside Community Church';
const HARBOR = 'Harbor Bakery';

const stack = testStack();
let db: pg.Client;
let demo: SupabaseClient;
let harbor: SupabaseClient;


async function count(client: SupabaseClient, schema: string, table: string, orgName: string): Promise<number> {
  const { count: total, error } = await client.schema(schema).from(table).select('id', { count: 'exact', head: true }).eq('org_name', orgName);
  expect(error).toBeNull();
  return total ?? 0;
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  demo = await signIn(stack, 'demo@steward.dev', 'Steward-demo-2026');
  harbor = await signIn(stack, 'owner@harbor.steward.dev', 'Harbor-demo-2026');
});

afterAll(async () => {
  await db?.end();
});

describe('the demo accounts', () => {
  it('the demo owner belongs to Cedar Grove (primary) and Lakeside, as owner of both', async () => {
    const { data } = await demo
      .from('user_profiles_view')
      .select('org_name, is_primary, role_name, status, source')
      .eq('email', 'demo@steward.dev')
      .order('org_name');
    expect(data).toEqual([
      { org_name: CEDAR, is_primary: true, role_name: 'owner', status: 'Active', source: 'Form Application' },
      { org_name: LAKESIDE, is_primary: false, role_name: 'owner', status: 'Active', source: 'invited' },
    ]);
  });

  it('two members with restricted roles sign in: Sam Ortiz at the Cedar Grove front desk, Riley Chen volunteering at Lakeside', async () => {
    const accounts = [
      { email: 'desk@steward.dev', password: 'Steward-desk-2026', profile: { name: 'Sam Ortiz', title: 'Front Desk', org_name: CEDAR, role_name: 'front desk' } },
      { email: 'volunteer@steward.dev', password: 'Steward-volunteer-2026', profile: { name: 'Riley Chen', title: 'Volunteer', org_name: LAKESIDE, role_name: 'volunteer' } },
    ];
    for (const account of accounts) {
      const client = await signIn(stack, account.email, account.password);
      const { data } = await client.from('user_profiles_view').select('name, title, org_name, role_name, status, is_primary').eq('email', account.email);
      expect(data).toEqual([{ ...account.profile, status: 'Active', is_primary: true }]);
    }
  });

  it('the two organisations of the demo owner are branded differently', async () => {
    const { data } = await demo.schema('settings').from('org_branding').select('org_name, primary_color, font_family, header_font').in('org_name', [CEDAR, LAKESIDE]).order('org_name');
    expect(data).toHaveLength(2);
    const [cedar, lakeside] = data as { primary_color: string; font_family: string; header_font: string }[];
    expect(cedar?.primary_color).not.toBe(lakeside?.primary_color);
    expect(cedar?.font_family).not.toBe(lakeside?.font_family);
    expect(cedar?.header_font).not.toBe(lakeside?.header_font);
  });

  it('Jordan Rivers has a Pending invitation to Cedar Grove from Alex Morgan, shown with the code mailed to the address', async () => {
    const code = await requestInviteCode(stack, 'Invited@Steward.dev', CEDAR);
    const anon = createTestClient(stack.apiUrl, stack.anonKey);
    const { data } = await anon.rpc('find_pending_invite', { p_email: 'Invited@Steward.dev', p_code: code });
    expect(data).toEqual(
      {
        id: seedId('cg:profile:jordan'), name: 'Jordan Rivers', title: 'Front Desk', org_name: CEDAR, role_id: seedId('cg:role:front-desk'), role_name: 'front desk',
        invited_by_name: 'Alex Morgan',
      },
    );
  });

  it('the Harbor Bakery owner sees Harbor data and nothing of Cedar Grove', async () => {
    expect(await count(harbor, 'crm', 'contacts', HARBOR)).toBeGreaterThan(0);
    expect(await count(harbor, 'crm', 'contacts', CEDAR)).toBe(0);
    expect(await count(harbor, 'public', 'transactions', CEDAR)).toBe(0);
  });
});

describe('Cedar Grove sample data', () => {
  it('has the CRM volumes of the brief', async () => {
    expect(await count(demo, 'crm', 'contacts', CEDAR)).toBeGreaterThanOrEqual(40);
    expect(await count(demo, 'crm', 'businesses', CEDAR)).toBeGreaterThanOrEqual(15);
    expect(await count(demo, 'crm', 'households', CEDAR)).toBeGreaterThanOrEqual(10);
    const { data } = await demo.schema('crm').from('businesses_view').select('primary_phone, primary_email, city').eq('org_name', CEDAR);
    expect((data ?? []).every((row: { primary_phone: string | null; primary_email: string | null; city: string | null }) => row.primary_phone && row.primary_email && row.city)).toBe(true);
  });

  it('has 8 accommodations, each with reservations over the next 60 days', async () => {
    const seeded = ['hemlock', 'laurel', 'rhododendron', 'riverside-yurt', 'meadow-yurt', 'room-101', 'room-102', 'bunkhouse'].map((key) => seedId(`cg:acc:${key}`));
    const { data: rooms } = await demo.schema('catalog').from('accommodations').select('id').in('id', seeded).eq('archive', false);
    expect(rooms).toHaveLength(8);
    const start = new Date();
    const end = new Date(start.getTime() + 60 * 86_400_000);
    const { data: stays } = await demo
      .schema('catalog')
      .from('reservations_view')
      .select('accommodation_id, rate_name, rate_type_abbreviation, rate_type_card_color, adults')
      .eq('org_name', CEDAR)
      .lt('check_in', end.toISOString())
      .gt('check_out', start.toISOString());
    const booked = new Set((stays ?? []).map((row: { accommodation_id: string }) => row.accommodation_id));
    expect(seeded.filter((id) => !booked.has(id))).toEqual([]);
    expect((stays ?? []).every((row: { rate_name: string | null; rate_type_card_color: string | null }) => row.rate_name && row.rate_type_card_color)).toBe(true);
  });

  it('fills every org-owned table (or its shared defaults)', async () => {
    const inventory = await readTableInventory(db);
    const empty: string[] = [];
    // An import job lives only while its import is under way (and at most a day): a seed has none.
    const inProgressOnly = new Set(['crm.import_jobs']);
    for (const relation of inventory.filter((r) => r.kind === 'table' && hasColumn(r, 'org_name') && !inProgressOnly.has(qualifiedName(r)))) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from "${relation.schema}"."${relation.table}" where org_name in ($1, '_system_default_')`,
        [CEDAR],
      );
      if ((rows[0]?.n ?? 0) === 0) empty.push(qualifiedName(relation));
    }
    expect(empty).toEqual([]);
  });

  it('has tasks with subtasks and sale transactions for the dashboard', async () => {
    const { data: tasks } = await demo.schema('ops').from('tasks').select('id').eq('org_name', CEDAR);
    const { data: subtasks } = await demo.schema('ops').from('subtasks').select('task_id').eq('org_name', CEDAR);
    expect(tasks?.length).toBeGreaterThanOrEqual(10);
    expect(new Set((subtasks ?? []).map((row: { task_id: string }) => row.task_id)).size).toBeGreaterThanOrEqual(8);
    const { data: sales } = await demo.from('transactions').select('amount').eq('org_name', CEDAR).eq('transaction_type', 'sale');
    const revenue = (sales ?? []).reduce((sum: number, row: { amount: number }) => sum + Number(row.amount), 0);
    expect(revenue).toBeGreaterThan(1000);
  });

  it('is deterministic: fixed ids, hence fixed short ids', async () => {
    const { data } = await demo.schema('crm').from('businesses').select('id, short_id').eq('name', 'Blue Ridge Paddle Co.').single();
    const id = seedId('cg:business:01');
    const shortId = createHash('sha256').update(Buffer.from(id.replace(/-/g, ''), 'hex')).digest().subarray(0, 6).toString('base64url');
    expect(data).toEqual({ id, short_id: shortId });
  });
});
