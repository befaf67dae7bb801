import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionApi } from '@steward/libs/session';
import { DashboardRevenueChart } from './DashboardRevenueChart';

const loadArea = vi.hoisted(() => vi.fn());
vi.mock('../federation/remoteLoader', () => ({ loadArea }));

function session(enabledComponents: readonly string[]): SessionApi {
  return {
    user: null,
    userRow: null,
    profiles: [],
    orgName: 'Cedar',
    orgScope: ['Cedar', '_system_default_'],
    roleId: null,
    permissions: [],
    orgList: ['Cedar'],
    enabledComponents,
    loading: false,
    error: null,
    switchOrg: () => undefined,
    signOut: async () => undefined,
    reload: () => undefined,
  };
}

function renderChart(enabled: readonly string[]) {
  return render(
    <SessionContext.Provider value={session(enabled)}>
      <DashboardRevenueChart />
    </SessionContext.Provider>,
  );
}

describe('DashboardRevenueChart', () => {
  beforeEach(() => {
    loadArea.mockReset();
    loadArea.mockResolvedValue({ widgets: { revenueChart: () => <figure aria-label="Revenue by month" /> } });
  });

  it('shows the Operations remote’s chart when the organisation has Operations', async () => {
    renderChart(['crm', 'operations']);
    expect(await screen.findByRole('figure', { name: 'Revenue by month' })).toBeInTheDocument();
    expect(loadArea).toHaveBeenCalledWith('operations');
  });

  it('never fetches the Operations remote for an organisation without it', () => {
    const { container } = renderChart(['crm']);
    expect(loadArea).not.toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });
});
