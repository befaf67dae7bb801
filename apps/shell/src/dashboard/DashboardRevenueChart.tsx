import { useEffect, useState, type ComponentType } from 'react';
import { useSession } from '@steward/libs/session';
import { loadWidgets } from '../federation/remoteLoader';

/**
 * Revenue by month under the stat cards: the Operations remote's own chart (its './widgets'), loaded
 * after the dashboard shows, so the shell's first load does not grow, and without the area's screens. If the remote
 * cannot load, the dashboard simply has no chart. An organisation without the Operations component
 * gets no chart and the shell never fetches that remote.
 */
export function DashboardRevenueChart() {
  const { enabledComponents } = useSession();
  const enabled = enabledComponents.includes('operations');
  const [chart, setChart] = useState<{ Chart: ComponentType } | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    loadWidgets('operations')
      .then((widgets) => {
        const Chart = widgets.revenueChart;
        if (live && Chart) setChart({ Chart });
      })
      .catch((error: unknown) => console.error('Dashboard: the revenue chart could not be loaded:', error));
    return () => {
      live = false;
    };
  }, [enabled]);
  if (!chart || !enabled) return null;
  const { Chart } = chart;
  return <Chart />;
}
