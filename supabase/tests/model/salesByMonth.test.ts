import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from '../stack/testStack';

// Revenue by month reads running totals kept by statement triggers on public.transactions. Whatever
// members do to their transactions (add, change amount, type or date, archive, delete, import many at
// once), the chart must equal the sum of the active sales, computed here straight from the table.
const stack = testStack();
let org: SignedUpOrganization;
let other: SignedUpOrganization;
let db: pg.Client;

type Month = { month: string; revenue: number };

/** The first day of the month `back` months before this one, as the database names it. */
function monthStart(back: number): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return date.toISOString().slice(0, 10);
}

/** A day inside that month. */
const dayIn = (back: number, day = 10) => `${monthStart(back).slice(0, 8)}${String(day).padStart(2, '0')}`;

async function chart(member: SignedUpOrganization, orgName = member.orgName): Promise<Month[]> {
  const { data, error } = await member.client.rpc('revenue_by_month', { p_org_name: orgName, p_months: 12 });
  if (error) throw new Error(error.message);
  return (data as { month: string; revenue: number | string }[]).map((row) => ({ month: row.month, revenue: Number(row.revenue) }));
}

/** The same twelve months summed from the transactions themselves. */
async function summedFromTable(orgName: string): Promise<Month[]> {
  const { rows } = await db.query<{ month: string; revenue: string }>(
    `select to_char(m.month, 'YYYY-MM-DD') as month, coalesce(sum(t.amount), 0)::numeric(14, 2)::text as revenue
       from generate_series(0, 11) as n
       cross join lateral (select (date_trunc('month', current_date::timestamp) - make_interval(months => n))::date as month) m
       left join public.transactions t
         on t.org_name = $1 and t.transaction_type = 'sale' and not t.archive
        and t.date >= m.month and t.date < (m.month + interval '1 month')::date
      group by m.month order by m.month`,
    [orgName],
  );
  return rows.map((row) => ({ month: row.month, revenue: Number(row.revenue) }));
}

async function addTransactions(rows: Record<string, unknown>[]): Promise<string[]> {
  const { data, error } = await org.client.from('transactions').insert(rows.map((row) => ({ org_name: org.orgName, description: 'Sales by month', archive: false, ...row }))).select('id');
  if (error || !data) throw new Error(`insert failed: ${error?.message}`);
  return data.map((row) => row.id as string);
}

async function change(id: string, fields: Record<string, unknown>) {
  const { error } = await org.client.from('transactions').update(fields).eq('id', id);
  if (error) throw new Error(error.message);
}

async function expectChartMatchesTable() {
  expect(await chart(org)).toEqual(await summedFromTable(org.orgName));
}

beforeAll(async () => {
  org = await signUpOrganization(stack, 'Sales Totals');
  other = await signUpOrganization(stack, 'Sales Outsider');
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
});

describe('revenue by month from running totals', () => {
  it('counts only active sales, in the month of their date', async () => {
    await addTransactions([
      { date: dayIn(0), amount: 120.5, transaction_type: 'sale' },
      { date: dayIn(0, 28), amount: 10, transaction_type: 'sale' },
      { date: dayIn(2), amount: 99.99, transaction_type: 'sale' },
      { date: dayIn(1), amount: 500, transaction_type: 'expense' },
      { date: dayIn(1), amount: 40, transaction_type: 'sale', archive: true },
    ]);
    const months = await chart(org);
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toEqual({ month: monthStart(0), revenue: 130.5 });
    expect(months.at(-2)).toEqual({ month: monthStart(1), revenue: 0 });
    expect(months.at(-3)).toEqual({ month: monthStart(2), revenue: 99.99 });
    await expectChartMatchesTable();
  });

  it('follows every change: amount, type, date, archive, delete', async () => {
    const [a, b, c] = await addTransactions([
      { date: dayIn(3), amount: 50, transaction_type: 'sale' },
      { date: dayIn(3), amount: 25, transaction_type: 'sale' },
      { date: dayIn(4), amount: 75, transaction_type: 'expense' },
    ]);
    if (!a || !b || !c) throw new Error('three rows expected');
    await change(a, { amount: 55.25 });
    await expectChartMatchesTable();
    await change(c, { transaction_type: 'sale' });
    await expectChartMatchesTable();
    await change(b, { date: dayIn(5) });
    await expectChartMatchesTable();
    await change(a, { archive: true });
    await expectChartMatchesTable();
    await change(a, { archive: false, amount: 0 });
    await expectChartMatchesTable();
    const { error } = await org.client.from('transactions').delete().eq('id', c);
    expect(error).toBeNull();
    await expectChartMatchesTable();
  });

  it('adds an import of many rows in one statement', async () => {
    await addTransactions(Array.from({ length: 300 }, (_, index) => ({ date: dayIn(index % 12, 1 + (index % 27)), amount: (index % 50) + 0.75, transaction_type: 'sale' })));
    await expectChartMatchesTable();
  });

  it("never shows another organisation's figures", async () => {
    const outsiderView = await chart(other, org.orgName);
    expect(outsiderView).toHaveLength(12);
    expect(outsiderView.every((month) => month.revenue === 0)).toBe(true);
    const { data, error } = await other.client.schema('app' as 'public').from('sales_by_month').select('*');
    expect(data ?? []).toEqual([]);
    expect(error).not.toBeNull(); // app is not an API schema
  });
});
