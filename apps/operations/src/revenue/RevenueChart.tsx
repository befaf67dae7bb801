import { Suspense, lazy } from 'react';
import { Card, Typography } from '@steward/libs/antd';
import { errorMessage } from '@steward/libs/data-access';
import { useSession } from '@steward/libs/session';
import { formatDollars } from '@steward/libs/ui';
import { monthLabel, useRevenueByMonth, type RevenueMonth } from './revenueByMonth';

// The charting library (uPlot) is loaded only when a chart is on screen: it is not in the remote's
// first chunk, nor in the shell's first load.
const RevenueBars = lazy(() => import('./RevenueBars'));

export const REVENUE_TITLE = 'Revenue by month';
export const REVENUE_LOADING_TEXT = 'Loading revenue…';
export const NO_REVENUE_TEXT = 'No sales in the last 12 months.';

/** What a screen reader hears instead of the bars: every month with its revenue. */
export function revenueSummary(months: readonly RevenueMonth[]): string {
  return `${REVENUE_TITLE}, last ${months.length} months: ${months.map((month) => `${monthLabel(month.month)} ${formatDollars(month.revenue)}`).join('; ')}`;
}

/** Revenue (sales) per month for the last twelve months, aggregated in the database (issue 11). */
export function RevenueChart({ height = 200 }: { height?: number }) {
  const { orgName } = useSession();
  const revenue = useRevenueByMonth(orgName);
  const months = revenue.data ?? [];
  const total = months.reduce((sum, month) => sum + month.revenue, 0);
  const placeholder = <div style={{ height }} aria-hidden="true" />;
  let body;
  if (revenue.error) body = <Typography.Text type="danger">{`Error: ${errorMessage(revenue.error, 'Revenue is unavailable.')}`}</Typography.Text>;
  else if (revenue.isLoading || !revenue.data) body = <Typography.Text type="secondary">{REVENUE_LOADING_TEXT}</Typography.Text>;
  else if (months.every((month) => month.revenue === 0)) body = <Typography.Text type="secondary">{NO_REVENUE_TEXT}</Typography.Text>;
  else
    body = (
      <Suspense fallback={placeholder}>
        <RevenueBars months={months} height={height} label={revenueSummary(months)} />
      </Suspense>
    );
  return (
    <Card size="small" title={<span id="revenue-chart-title">{REVENUE_TITLE}</span>} extra={revenue.data ? <Typography.Text>{`Total ${formatDollars(total)}`}</Typography.Text> : null}>
      <figure aria-labelledby="revenue-chart-title" style={{ margin: 0, minHeight: height }}>
        {body}
      </figure>
    </Card>
  );
}
