import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, signedInSession } from '@steward/libs/session';
import { DashboardRevenueChart } from './DashboardRevenueChart';

const loadWidgets = vi.hoisted(() => vi.fn());
vi.mock('../federation/remoteLoader', () => ({ loadWidgets }));

function renderChart(enabled: readonly string[]) {
  return render(
    <SessionContext.Provider value={signedInSession({ id: 'u-1', email: 'owner@cedar.test' }, 'Cedar', { enabledComponents: enabled })}>
      <DashboardRevenueChart />
    </SessionContext.Provider>,
  );
}

/** The browser's IntersectionObserver, told by each test whether the chart's place is on screen. */
let visible = true;
let reportIntersecting: ((isIntersecting: boolean) => void) | undefined;
class FakeObserver {
  constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
    reportIntersecting = (isIntersecting) => callback([{ isIntersecting }]);
  }
  observe() {
    if (visible) this.callback([{ isIntersecting: true }]);
  }
  disconnect() {}
}

describe('DashboardRevenueChart', () => {
  beforeEach(() => {
    visible = true;
    reportIntersecting = undefined;
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    loadWidgets.mockReset();
    loadWidgets.mockResolvedValue({ revenueChart: () => <figure aria-label="Revenue by month" /> });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the Operations remote’s chart when the organisation has Operations', async () => {
    renderChart(['crm', 'operations']);
    expect(await screen.findByRole('figure', { name: 'Revenue by month' })).toBeInTheDocument();
    expect(loadWidgets).toHaveBeenCalledWith('operations');
  });

  it('waits until the chart’s place is near the screen (below the fold on a phone)', async () => {
    visible = false;
    renderChart(['operations']);
    await vi.waitFor(() => expect(reportIntersecting).toBeDefined());
    reportIntersecting?.(false);
    expect(loadWidgets).not.toHaveBeenCalled();
    reportIntersecting?.(true);
    expect(await screen.findByRole('figure', { name: 'Revenue by month' })).toBeInTheDocument();
    expect(loadWidgets).toHaveBeenCalledTimes(1);
  });

  it('never fetches the Operations remote for an organisation without it', () => {
    const { container } = renderChart(['crm']);
    expect(loadWidgets).not.toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });
});
