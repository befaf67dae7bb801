import { getSupabase } from '@steward/libs/data-access';
import { sumAmounts } from './sumAmounts';

export type DashboardStats = { contacts: number; businesses: number; orders: number; revenue: number };

export const dashboardStatsKey = (orgName: string) => ['dashboard', 'stats', orgName] as const;

type TableName = { schema: 'crm' | 'public'; table: string };

const REVENUE_PAGE = 1000;

/** Stat failures are only logged (000 §8): the card shows 0 and the rest of the dashboard works. */
function logged(stat: string, error: { message: string }): number {
  console.error(`Dashboard: ${stat} could not be loaded:`, error.message);
  return 0;
}

async function countRows({ schema, table }: TableName, orgName: string): Promise<number> {
  const { count, error } = await getSupabase()
    .schema(schema)
    .from(table)
    .select('id', { count: 'exact', head: true })
    .eq('org_name', orgName)
    .eq('archive', false);
  return error ? logged(`${schema}.${table}`, error) : (count ?? 0);
}

function saleTransactions(orgName: string, columns: string) {
  return getSupabase().from('transactions').select(columns).eq('org_name', orgName).eq('transaction_type', 'sale').eq('archive', false);
}

/**
 * Revenue = the sum of the organisation's sale amounts (000 §9). Summed by the database where its API
 * allows aggregates; otherwise the amounts are read page by page and added up in cents.
 */
async function revenue(orgName: string): Promise<number> {
  const aggregate = await saleTransactions(orgName, 'amount.sum()');
  if (!aggregate.error) {
    const [row] = (aggregate.data ?? []) as unknown as { sum: number | string | null }[];
    return sumAmounts([row?.sum]);
  }
  const amounts: (number | string | null)[] = [];
  for (let from = 0; ; from += REVENUE_PAGE) {
    const page = await saleTransactions(orgName, 'id, amount')
      .order('id')
      .range(from, from + REVENUE_PAGE - 1);
    if (page.error) return logged('revenue', page.error);
    const rows = (page.data ?? []) as unknown as { amount: number | string | null }[];
    amounts.push(...rows.map((row) => row.amount));
    if (rows.length < REVENUE_PAGE) return sumAmounts(amounts);
  }
}

/** The four dashboard figures of the active organisation's own rows (shared defaults are not its data). */
export async function fetchDashboardStats(orgName: string): Promise<DashboardStats> {
  const [contacts, businesses, orders, total] = await Promise.all([
    countRows({ schema: 'crm', table: 'contacts' }, orgName),
    countRows({ schema: 'crm', table: 'businesses' }, orgName),
    countRows({ schema: 'public', table: 'orders' }, orgName),
    revenue(orgName),
  ]);
  return { contacts, businesses, orders, revenue: total };
}
