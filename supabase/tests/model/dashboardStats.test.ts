import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, createTestClient, testStack } from '../stack/testStack';

// The dashboard's four figures come from one call (public.dashboard_stats). They must equal what the
// tables hold, counted here straight from them: active rows of the organisation only, revenue from
// active sales only, and nothing of another organisation's.
const stack = testStack();
let org: SignedUpOrganization;
let other: SignedUpOrganization;
let db: pg.Client;

type Stats = { contacts: number; businesses: number; orders: number; revenue: number };

async function stats(member: SignedUpOrganization, orgName = member.orgName): Promise<Stats> {
  const { data, error } = await member.client.rpc('dashboard_stats', { p_org_name: orgName });
  if (error) throw new Error(error.message);
  const rows = data as { contacts: number; businesses: number; orders: number; revenue: number | string }[];
  expect(rows).toHaveLength(1);
  const [row] = rows;
  return { contacts: Number(row!.contacts), businesses: Number(row!.businesses), orders: Number(row!.orders), revenue: Number(row!.revenue) };
}

async function fromTables(orgName: string): Promise<Stats> {
  const { rows } = await db.query<{ contacts: string; businesses: string; orders: string; revenue: string }>(
    `select (select count(*) from crm.contacts where org_name = $1 and not archive) as contacts,
            (select count(*) from crm.businesses where org_name = $1 and not archive) as businesses,
            (select count(*) from public.orders where org_name = $1 and not archive) as orders,
            (select coalesce(sum(amount), 0) from public.transactions
              where org_name = $1 and transaction_type = 'sale' and not archive)::text as revenue`,
    [orgName],
  );
  const [row] = rows;
  return { contacts: Number(row!.contacts), businesses: Number(row!.businesses), orders: Number(row!.orders), revenue: Number(row!.revenue) };
}

async function insert(schema: 'crm' | 'public', table: string, rows: Record<string, unknown>[]) {
  const { error } = await org.client.schema(schema).from(table).insert(rows.map((row) => ({ org_name: org.orgName, archive: false, ...row })));
  if (error) throw new Error(`${table}: ${error.message}`);
}

beforeAll(async () => {
  org = await signUpOrganization(stack, 'Dashboard Figures');
  other = await signUpOrganization(stack, 'Dashboard Outsider');
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
});

describe('the dashboard figures in one call', () => {
  it('are all 0 for an organisation with nothing yet', async () => {
    expect(await stats(org)).toEqual({ contacts: 0, businesses: 0, orders: 0, revenue: 0 });
  });

  it('count active rows and sum active sales, as the tables hold them', async () => {
    await insert('crm', 'contacts', [{ name: 'Ada' }, { name: 'Grace' }, { name: 'Archived', archive: true }]);
    await insert('crm', 'businesses', [{ name: 'Mill' }, { name: 'Old Mill', archive: true }]);
    await insert('public', 'orders', [{ total_amount: 10 }, { total_amount: 20 }, { total_amount: 30 }, { total_amount: 40, archive: true }]);
    await insert('public', 'transactions', [
      { amount: 120.5, transaction_type: 'sale', description: 'Sale' },
      { amount: 0.25, transaction_type: 'sale', description: 'Sale' },
      { amount: 500, transaction_type: 'expense', description: 'Rent' },
      { amount: 40, transaction_type: 'sale', description: 'Archived sale', archive: true },
    ]);
    const figures = await stats(org);
    expect(figures).toEqual({ contacts: 2, businesses: 1, orders: 3, revenue: 120.75 });
    expect(figures).toEqual(await fromTables(org.orgName));
  });

  it("never show another organisation's figures", async () => {
    expect(await stats(other, org.orgName)).toEqual({ contacts: 0, businesses: 0, orders: 0, revenue: 0 });
  });

  it('are not for someone signed out', async () => {
    const { error } = await createTestClient(stack.apiUrl, stack.anonKey).rpc('dashboard_stats', { p_org_name: org.orgName });
    expect(error).not.toBeNull();
  });
});
