import { getDatabase } from '@steward/libs/data';
import { sumAmounts } from './sumAmounts';

export type DashboardStats = { contacts: number; businesses: number; orders: number; revenue: number };

export const dashboardStatsKey = (orgName: string) => ['dashboard', 'stats', orgName] as const;

const NONE: DashboardStats = { contacts: 0, businesses: 0, orders: 0, revenue: 0 };

type StatsRow = { contacts: number | string; businesses: number | string; orders: number | string; revenue: number | string | null };

/**
 * The four dashboard figures of the active organisation's own rows (shared defaults are not its data),
 * counted and summed by the database in one call (public.dashboard_stats): a phone's first view waits
 * for one round trip instead of four. Failures are only logged: the cards show 0 and the rest
 * of the dashboard works.
 */
export async function fetchDashboardStats(orgName: string): Promise<DashboardStats> {
  // A read, so asked with GET: the page can send it ahead on the next visit (libs/boot firstView).
  const { data, error } = await getDatabase().rpc('dashboard_stats', { p_org_name: orgName }, { get: true });
  if (error) {
    console.error('Dashboard: statistics could not be loaded:', error.message);
    return NONE;
  }
  const [row] = (data ?? []) as StatsRow[];
  if (!row) return NONE;
  return { contacts: Number(row.contacts), businesses: Number(row.businesses), orders: Number(row.orders), revenue: sumAmounts([row.revenue]) };
}
