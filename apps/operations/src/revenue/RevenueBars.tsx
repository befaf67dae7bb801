import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from '@steward/libs/i18n';
import { t } from '../i18n';
import { labelledMonths, monthLabel, type RevenueMonth } from './revenueByMonth';

const BAR_COLOR = '#0958d9';

/** The bars themselves (uPlot on a canvas, sized to its container); loaded lazily by RevenueChart. */
export default function RevenueBars({ months, height, label }: { months: readonly RevenueMonth[]; height: number; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const xs = months.map((_, index) => index);
    const labels = months.map((month) => monthLabel(month.month).replace(/ \d{2}(\d{2})$/, " '$1"));
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, months.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] } },
        axes: [
          { splits: (u) => labelledMonths(xs.length, u.bbox.width / uPlot.pxRatio), values: (_u, splits) => splits.map((split) => labels[split] ?? ''), stroke: '#434343', grid: { show: false } },
          { values: (_u, splits) => splits.map((split) => formatMoney(split).replace(/[.,]00(?=\D*$)/, '')), stroke: '#434343', size: 64 },
        ],
        series: [{}, { label: t('revenue.series'), fill: BAR_COLOR, stroke: BAR_COLOR, paths: bars, points: { show: false } }],
      },
      [xs, months.map((month) => month.revenue)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 240), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [months, height]);
  return <div ref={host} role="img" aria-label={label} data-testid="revenue-chart" />;
}
