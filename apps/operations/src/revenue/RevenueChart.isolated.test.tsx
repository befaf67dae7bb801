import { readFileSync } from 'node:fs';
import type { ReactElement } from 'react';
import { resolve } from 'node:path';
import { render, screen } from '@testing-library/react';
import { SessionContext, signedInSession } from '@steward/libs/session';
import { RevenueChart } from './RevenueChart';

type BarsModule = { default: () => ReactElement };

/** The bars' code, held on its way until the test lets it arrive. */
const bars = vi.hoisted(() => {
  let arrive: (module: BarsModule) => void = () => {};
  const module = new Promise<BarsModule>((resolve) => (arrive = resolve));
  return { module, arrive: (module: BarsModule) => arrive(module) };
});
vi.mock('./RevenueBars', () => bars.module);
vi.mock('./revenueByMonth', async (original) => ({
  ...(await original<typeof import('./revenueByMonth')>()),
  useRevenueByMonth: () => ({ data: [{ month: '2026-10-01', revenue: 1200 }], isLoading: false, error: null }),
}));

// The charting library must stay out of the remote's first chunk: only the lazily loaded bars import it.
describe('the revenue chart is loaded lazily', () => {
  it('imports uPlot only from RevenueBars, which RevenueChart loads with lazy()', () => {
    const chart = readFileSync(resolve(__dirname, 'RevenueChart.tsx'), 'utf8');
    const barsSource = readFileSync(resolve(__dirname, 'RevenueBars.tsx'), 'utf8');
    expect(chart).not.toMatch(/from 'uplot'/);
    expect(chart).toMatch(/lazy\(\(\) => import\('\.\/RevenueBars'\)\)/);
    expect(barsSource).toMatch(/from 'uplot'/);
  });
});

describe('while the chart’s own code is on its way', () => {
  it('the frame says the revenue is loading, then the bars replace the words', async () => {
    const REVENUE_LOADING_TEXT = 'Loading revenue…';
    render(
      <SessionContext.Provider value={signedInSession({ id: 'u-1', email: 'owner@cedar.test' }, 'Cedar')}>
        <RevenueChart />
      </SessionContext.Provider>,
    );
    expect(await screen.findByText(REVENUE_LOADING_TEXT)).toBeInTheDocument();
    bars.arrive({ default: () => <div role="img" aria-label="bars" /> });
    expect(await screen.findByRole('img', { name: 'bars' })).toBeInTheDocument();
    expect(screen.queryByText(REVENUE_LOADING_TEXT)).toBeNull();
  });
});
