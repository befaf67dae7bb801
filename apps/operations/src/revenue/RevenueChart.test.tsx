import { readFileSync } from 'node:fs';
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
