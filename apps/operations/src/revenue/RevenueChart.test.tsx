import { readFileSync } from 'node:fs';
import type { ReactElement } from 'react';
import { resolve } from 'node:path';

// The charting library must stay out of the remote's first chunk: only the lazily loaded bars import it.
describe('the revenue chart is loaded lazily', () => {
  it('imports uPlot only from RevenueBars, which RevenueChart loads with lazy()', () => {
    const chart = readFileSync(resolve(__dirname, 'RevenueChart.tsx'), 'utf8');
    const bars = readFileSync(resolve(__dirname, 'RevenueBars.tsx'), 'utf8');
    expect(chart).not.toMatch(/from 'uplot'/);
    expect(chart).toMatch(/lazy\(\(\) => import\('\.\/RevenueBars'\)\)/);
    expect(bars).toMatch(/from 'uplot'/);
  });
});

describe('while the chart’s own code is on its way', () => {
  afterEach(() => {
    vi.doUnmock('./RevenueBars');
    vi.doUnmock('./revenueByMonth');
    vi.resetModules();
  });

  it('the frame says the revenue is loading, then the bars replace the words', async () => {
    let arrive: (module: { default: () => ReactElement }) => void = () => {};
    vi.doMock('./RevenueBars', () => new Promise((resolve) => (arrive = resolve)));
    vi.doMock('./revenueByMonth', async (original) => ({
      ...(await original<typeof import('./revenueByMonth')>()),
      useRevenueByMonth: () => ({ data: [{ month: '2026-10-01', revenue: 1200 }], isLoading: false, error: null }),
    }));
    const { render, screen } = await import('@testing-library/react');
    const { SessionContext, signedInSession } = await import('@steward/libs/session');
    const { RevenueChart } = await import('./RevenueChart');
    const REVENUE_LOADING_TEXT = 'Loading revenue…';
    render(
      <SessionContext.Provider value={signedInSession({ id: 'u-1', email: 'owner@cedar.test' }, 'Cedar')}>
        <RevenueChart />
      </SessionContext.Provider>,
    );
    expect(await screen.findByText(REVENUE_LOADING_TEXT)).toBeInTheDocument();
    arrive({ default: () => <div role="img" aria-label="bars" /> });
    expect(await screen.findByRole('img', { name: 'bars' })).toBeInTheDocument();
    expect(screen.queryByText(REVENUE_LOADING_TEXT)).toBeNull();
  });
});
