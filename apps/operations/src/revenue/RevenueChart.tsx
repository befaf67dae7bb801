import { Suspense, lazy } from 'react';
import { errorMessage } from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
import { formatMoney } from '@steward/libs/i18n';
import { t as translate, useT } from '../i18n';
import { monthLabel, useRevenueByMonth, type RevenueMonth } from './revenueByMonth';
import './revenueChart.css';

// The charting library (uPlot) is loaded only when a chart is on screen: it is not in the remote's
// first chunk, nor in the shell's first load.
const RevenueBars = lazy(() => import('./RevenueBars'));

/** What a screen reader hears instead of the bars: every month with its revenue. */
export function revenueSummary(months: readonly RevenueMonth[], t = translate): string {
  return t('revenue.summary', { count: months.length, months: months.map((month) => `${monthLabel(month.month)} ${formatMoney(month.revenue)}`).join('; ') });
}

/**
 * Revenue (sales) per month for the last twelve months, aggregated in the database (issue 11). Drawn
 * without antd, from the branding's CSS variables: the dashboard shows it under its figures, and
 * antd is not part of the dashboard.
 */
export function RevenueChart({ height = 200 }: { height?: number }) {
  const t = useT();
  const { orgName } = useSession();
  const revenue = useRevenueByMonth(orgName);
  const months = revenue.data ?? [];
  const total = months.reduce((sum, month) => sum + month.revenue, 0);
  // The same words while the figures or the chart's own code are on their way: the frame is never blank.
  const loading = <span className="stw-revenue-chart__note">{t('revenue.loading')}</span>;
  let body;
  if (revenue.error) body = <span className="stw-revenue-chart__error">{t('revenue.error', { message: errorMessage(revenue.error, t('revenue.unavailable')) })}</span>;
  else if (revenue.isLoading || !revenue.data) body = loading;
  else if (months.every((month) => month.revenue === 0)) body = <span className="stw-revenue-chart__note">{t('revenue.none')}</span>;
  else
    body = (
      <Suspense fallback={loading}>
        <RevenueBars months={months} height={height} label={revenueSummary(months, t)} />
      </Suspense>
    );
  return (
    <section className="stw-revenue-chart">
      <div className="stw-revenue-chart__head">
        <span id="revenue-chart-title" className="stw-revenue-chart__title">
          {t('revenue.title')}
        </span>
        {revenue.data && <span>{t('revenue.total', { amount: formatMoney(total) })}</span>}
      </div>
      <figure aria-labelledby="revenue-chart-title" className="stw-revenue-chart__body" style={{ minHeight: height }}>
        {body}
      </figure>
    </section>
  );
}
