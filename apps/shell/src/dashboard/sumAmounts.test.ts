import { describe, expect, it } from 'vitest';
import { sumAmounts } from './sumAmounts';

describe('sumAmounts', () => {
  it('adds numbers and numeric strings without floating-point drift', () => {
    expect(sumAmounts([0.1, '0.2'])).toBe(0.3);
    expect(sumAmounts([19.99, '1000.01', '0.35'])).toBe(1020.35);
  });

  it('ignores empty and non-numeric values', () => {
    expect(sumAmounts([null, undefined, 'n/a', 5])).toBe(5);
    expect(sumAmounts([])).toBe(0);
  });
});
