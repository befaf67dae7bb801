import { useEffect, useState, type ComponentType } from 'react';
import { loadArea } from '../federation/remoteLoader';

/**
 * Revenue by month under the stat cards: the Operations remote's own chart (its area exposes it as a
 * widget), loaded after the dashboard shows, so the shell's first load does not grow. If the remote
 * cannot load, the dashboard simply has no chart.
 */
export function DashboardRevenueChart() {
  const [chart, setChart] = useState<{ Chart: ComponentType } | null>(null);
  useEffect(() => {
    let live = true;
    loadArea('operations')
      .then((area) => {
        const Chart = area.widgets?.revenueChart;
        if (live && Chart) setChart({ Chart });
      })
      .catch((error: unknown) => console.error('Dashboard: the revenue chart could not be loaded:', error));
    return () => {
      live = false;
    };
  }, []);
  if (!chart) return null;
  const { Chart } = chart;
  return <Chart />;
}
