import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { RemoteWidgets } from '@steward/libs/shell';
import type { RemoteName } from '@steward/libs/runtime-config';
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
 * A remote's widget on the dashboard (its './widgets'), loaded after the dashboard's figures have
 * painted and once it is near the screen, so the shell's first load does not grow, and without the
 * area's screens. Like the dashboard, widgets draw without antd. If the remote cannot load, the
 * dashboard simply goes without it. An organisation without the remote's component gets nothing and
 * the shell never fetches that remote.
 */
function DashboardWidget({ remote, widget, what }: { remote: RemoteName; widget: keyof RemoteWidgets; what: string }) {
  const { enabledComponents } = useSession();
  const enabled = enabledComponents.includes(remote);
  const slot = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<{ Widget: ComponentType } | null>(null);
  useEffect(() => {
    const element = slot.current;
    if (!enabled || !element) return undefined;
    let live = true;
    const cancel = whenPaintedAndNear(element, () => {
      loadWidgets(remote)
        .then((widgets) => {
          const Widget = widgets[widget];
          if (live && Widget) setLoaded({ Widget });
        })
        .catch((error: unknown) => console.error(`Dashboard: the ${what} could not be loaded:`, error));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [enabled, remote, widget, what]);
  if (!enabled) return null;
  const Widget = loaded?.Widget;
  // data-loaded: the widget has drawn (the benchmarks wait for it before measuring the next screen).
  // What is inside is the remote's, words included (its own catalogue).
  return (
    <div ref={slot} data-dashboard-widget={remote} data-loaded={Widget ? '' : undefined}>
      {Widget && <Widget />}
    </div>
  );
}

/** Revenue by month under the stat cards: the Operations remote's own chart. */
export function DashboardRevenueChart() {
  return <DashboardWidget remote="operations" widget="revenueChart" what="revenue chart" />;
}

/** "Today at the desk" (arrivals, departures, in house, balance due): the Lodging remote's card, when lodging is enabled. */
export function DashboardDeskCard() {
  return <DashboardWidget remote="lodging" widget="deskCard" what="desk card" />;
}
