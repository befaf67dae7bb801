import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useSession } from '@steward/libs/session';
import { loadWidgets } from '../federation/remoteLoader';

/**
 * Runs `task` once the browser has painted the current frame and `element` is near the viewport: the
 * chart is secondary, so it never competes with the figures above it for a slow connection, and on a
 * phone, where it sits below the fold, it loads as the page is scrolled towards it.
 */
function whenPaintedAndNear(element: HTMLElement, task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let observer: IntersectionObserver | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          task();
        },
        { rootMargin: '200px' },
      );
      observer.observe(element);
    }, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    observer?.disconnect();
  };
}

/**
 * Revenue by month under the stat cards: the Operations remote's own chart (its './widgets'), loaded
 * after the dashboard's figures have painted and once it is near the screen, so the shell's first load
 * does not grow, and without the area's screens. Like the dashboard, it draws without antd. If the
 * remote cannot load, the dashboard simply has no chart. An organisation without the Operations
 * component gets no chart and the shell never fetches that remote.
 */
export function DashboardRevenueChart() {
  const { enabledComponents } = useSession();
  const enabled = enabledComponents.includes('operations');
  const slot = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<{ Chart: ComponentType } | null>(null);
  useEffect(() => {
    const element = slot.current;
    if (!enabled || !element) return undefined;
    let live = true;
    const cancel = whenPaintedAndNear(element, () => {
      loadWidgets('operations')
        .then((widgets) => {
          const Chart = widgets.revenueChart;
          if (live && Chart) setChart({ Chart });
        })
        .catch((error: unknown) => console.error('Dashboard: the revenue chart could not be loaded:', error));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [enabled]);
  if (!enabled) return null;
  const Chart = chart?.Chart;
  return (
    <div ref={slot}>
      {Chart && <Chart />}
    </div>
  );
}
