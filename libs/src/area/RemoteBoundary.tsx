import { Suspense, useEffect, useState } from 'react';
import type { RemoteName } from '@steward/libs/runtime-config';
import { AREA_TITLES, type RemoteArea } from '@steward/libs/shell';
import { AccessComponentProvider } from '@steward/libs/session';
import { PlainButton, LazyResult, PlainSpin } from '@steward/libs/ui';
import { useT } from '@steward/libs/messages';

type RemoteBoundaryProps = {
  name: RemoteName;
  /** Loads the remote's area; `attempt` > 0 means a retry, which must not reuse a failed load. */
  load: (attempt: number) => Promise<RemoteArea>;
  /** The area if it is already loaded (preloaded, or visited before): rendered at once. */
  peek: () => RemoteArea | undefined;
  /** Called when a freshly loaded area is about to render (the shell starts the route's data there). */
  onLoaded?: (area: RemoteArea) => void;
};

type LoadState = { area: RemoteArea; error?: undefined } | { area?: undefined; error: Error | null };

/**
 * Mounts one remote's area, so a remote that is down shows "unavailable" with Retry while the shell
 * and every other area keep working. Loading is plain state rather than a lazy component: an area
 * that is already loaded renders in the same frame, and a fresh one appears as soon as its code
 * arrives, without Suspense's reveal throttling. Retry loads again without reloading the page. Render
 * errors inside a screen are not caught here: they reach the page's error boundary.
 */
export function RemoteBoundary({ name, load, peek, onLoaded }: RemoteBoundaryProps) {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const area = peek();
    return area ? { area } : { error: null };
  });

  useEffect(() => {
    if (state.area) return undefined;
    let current = true;
    load(attempt).then(
      (area) => {
        if (!current) return;
        onLoaded?.(area);
        setState({ area });
      },
      (error: unknown) => current && setState({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
    // `state.area` only moves from absent to present; loading again is driven by `attempt`. `onLoaded`
    // is read when the load ends, not a reason to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, attempt]);

  const title = AREA_TITLES[name];
  if (state.area) {
    const { Routes } = state.area;
    return (
      // Present only once the remote's code has rendered: what tests and benchmarks wait for. The
      // version says which deployment of the remote is on the page.
      <div data-remote-area={name} data-area-version={state.area.version}>
        <AccessComponentProvider component={name}>
          <Suspense fallback={<AreaLoading title={title} />}>
            <Routes />
          </Suspense>
        </AccessComponentProvider>
      </div>
    );
  }
  if (!state.error) return <AreaLoading title={title} />;
  return (
    <LazyResult
      status="warning"
      title={t('area.unavailable', { title })}
      subTitle={t('area.unavailableHelp', { title })}
      extra={
        <PlainButton
          variant="primary"
          autoFocus
          onClick={() => {
            setState({ error: null });
            setAttempt((n) => n + 1);
          }}
        >
          {t('area.retry')}
        </PlainButton>
      }
    >
      <details>
        <summary>{t('area.details')}</summary>
        <code>{state.error.message}</code>
      </details>
    </LazyResult>
  );
}

function AreaLoading({ title }: { title: string }) {
  const t = useT();
  return (
    <div role="status" aria-live="polite" style={{ padding: 48, textAlign: 'center' }}>
      <PlainSpin />
      <div style={{ marginTop: 12 }}>{t('area.loading', { title })}</div>
    </div>
  );
}
