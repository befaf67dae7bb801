import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@steward/libs/i18n';
import { getDatabase, queryKeys, toDataAccessError } from '@steward/libs/data';
import { transactionsTable } from '../transactions/transactionFields';

/** The chart covers the last twelve months, the current one included (issue 11). */
export const REVENUE_MONTHS = 12;

export type RevenueMonth = { month: string; revenue: number };

const revenueRows = z.array(z.object({ month: z.string(), revenue: z.union([z.number(), z.string()]) }));

/**
 * Revenue (sum of 'sale' amounts) per month, aggregated in the database by public.revenue_by_month
 * (security invoker, so row-level security applies): twelve rows, oldest first.
 */
export async function fetchRevenueByMonth(orgName: string, months = REVENUE_MONTHS): Promise<RevenueMonth[]> {
  const { data, error } = await getDatabase().rpc('revenue_by_month', { p_org_name: orgName, p_months: months });
  if (error) throw toDataAccessError(error);
  const rows = revenueRows.parse(data ?? []);
  return rows.map((row) => ({ month: row.month, revenue: Number(row.revenue) }));
}

/** Under the transactions table's key, so a transaction saved anywhere redraws the chart. */
export const revenueQueryKey = (orgName: string | null) => [...queryKeys.table(transactionsTable), 'revenue-by-month', orgName] as const;

export function useRevenueByMonth(orgName: string | null) {
  return useQuery({
    queryKey: revenueQueryKey(orgName),
    queryFn: () => fetchRevenueByMonth(orgName ?? ''),
    enabled: orgName !== null,
  });
}

/** '2026-03-01' → 'Mar 2026' (en), 'mar 2026' (es): the date is a calendar month, read without a time zone. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match?.[1] || !match[2]) return month;
  return formatDate(`${match[1]}-${match[2]}-01`, { month: 'short', year: 'numeric' });
}

/** Room one month label needs ("Sep '26" and a gap); a narrow chart labels every second or third month. */
const MONTH_LABEL_WIDTH = 56;

/** The months to label: as many as fit, evenly spaced, always including the latest. */
export function labelledMonths(count: number, plotWidth: number): number[] {
  const fit = Math.max(1, Math.floor(plotWidth / MONTH_LABEL_WIDTH));
  const every = Math.ceil(count / fit);
  return Array.from({ length: count }, (_, index) => index).filter((index) => (count - 1 - index) % every === 0);
}
