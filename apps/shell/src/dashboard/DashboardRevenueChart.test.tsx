import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

describe('DashboardRevenueChart', () => {
  beforeEach(() => {
    loadWidgets.mockReset();
    loadWidgets.mockResolvedValue({ revenueChart: () => <figure aria-label="Revenue by month" /> });
  });

  it('shows the Operations remote’s chart when the organisation has Operations', async () => {
    renderChart(['crm', 'operations']);
    expect(await screen.findByRole('figure', { name: 'Revenue by month' })).toBeInTheDocument();
    expect(loadWidgets).toHaveBeenCalledWith('operations');
  });

  it('never fetches the Operations remote for an organisation without it', () => {
    const { container } = renderChart(['crm']);
    expect(loadWidgets).not.toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });
});
