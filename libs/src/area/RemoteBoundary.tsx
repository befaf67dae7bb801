import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Button, Result, Spin } from '@steward/libs/antd';
import type { RemoteName } from '@steward/libs/runtime-config';
import { AREA_TITLES, AreaLoadError, type RemoteArea } from '@steward/libs/federation';

type RemoteBoundaryProps = {
  name: RemoteName;
  /** Loads the remote's area; `attempt` > 0 means a retry, which must not reuse a failed load. */
  load: (attempt: number) => Promise<RemoteArea>;
};

/**
 * Renders one remote's area inside its own Suspense + error boundary, so a remote that is down shows
 * "unavailable" with Retry while the shell and every other area keep working. Retry makes a new lazy
 * component (React caches a rejected lazy forever) and never reloads the page.
 */
export function RemoteBoundary({ name, load }: RemoteBoundaryProps) {
  const [attempt, setAttempt] = useState(0);
  const Area = useMemo<ComponentType>(
    () =>
      lazy(async () => {
        try {
          const area = await load(attempt);
          return { default: area.Routes };
        } catch (error) {
          throw new AreaLoadError(name, error);
        }
      }),
    [name, load, attempt],
  );

  return (
    <AreaErrorBoundary key={attempt} title={AREA_TITLES[name]} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<AreaLoading title={AREA_TITLES[name]} />}>
        {/* Present only once the remote's code has rendered: what tests and benchmarks wait for. */}
        <div data-remote-area={name}>
          <Area />
        </div>
      </Suspense>
    </AreaErrorBoundary>
  );
}

function AreaLoading({ title }: { title: string }) {
  return (
    <div role="status" aria-live="polite" style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
      <div style={{ marginTop: 12 }}>Loading {title}…</div>
    </div>
  );
}

type AreaErrorBoundaryProps = { title: string; onRetry: () => void; children: ReactNode };

class AreaErrorBoundary extends Component<AreaErrorBoundaryProps, { error: AreaLoadError | null }> {
  override state: { error: AreaLoadError | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    // Only load failures are handled here; a screen's render error goes on to the page boundary.
    if (error instanceof AreaLoadError) return { error };
    throw error;
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { title, onRetry } = this.props;
    return (
      <Result
        status="warning"
        title={`The ${title} area is unavailable`}
        subTitle={`${title} could not be loaded right now. The rest of Steward keeps working; try again in a moment.`}
        extra={
          <Button type="primary" onClick={onRetry} autoFocus>
            Retry
          </Button>
        }
      >
        <details>
          <summary>Details</summary>
          <code>{error.message}</code>
        </details>
      </Result>
    );
  }
}
