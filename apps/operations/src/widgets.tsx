import { Suspense } from 'react';
import type { RemoteWidgets } from '@steward/libs/shell';
import { RevenueChart } from './revenue/RevenueChart';

/** The chart waits here, not in the dashboard, for the area's words in a language other than English. */
function RevenueChartWidget() {
  return (
    <Suspense fallback={null}>
      <RevenueChart />
    </Suspense>
  );
}

/**
 * Operations' './widgets': the revenue chart the dashboard shows under its stat cards. Apart from the
 * area so the dashboard loads the chart (uPlot still lazily, once it is on screen) and not the area's
 * lists and editors.
 */
const widgets: RemoteWidgets = { revenueChart: RevenueChartWidget };

export default widgets;
