import { describe, expect, it } from 'vitest';
import { displayValue, formatAddress, formatDollars, formatRowCount, todayLocal } from './format';

describe('formatDollars', () => {
  it('shows a dollar sign and two decimals, 0.00 when empty', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars('19.999')).toBe('$20.00');
    expect(formatDollars(null)).toBe('$0.00');
    expect(formatDollars('abc')).toBe('$0.00');
    expect(formatDollars(-5)).toBe('-$5.00');
  });

  it('formats zero, negative cents and large amounts (numeric strings from the API included)', () => {
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars('-0.5')).toBe('-$0.50');
    expect(formatDollars(1234567890.5)).toBe('$1,234,567,890.50');
    expect(formatDollars('98765432109.99')).toBe('$98,765,432,109.99');
  });
});

describe('formatAddress', () => {
  it('joins the parts present without stray commas', () => {
    expect(formatAddress({ address_line_1: '12 Oak St', address_line_2: '', city: 'Asheville', state: 'NC', zip: '28801' })).toBe('12 Oak St, Asheville, NC 28801');
    expect(formatAddress({ city: 'Asheville', country: 'USA' })).toBe('Asheville, USA');
    expect(formatAddress(null)).toBe('');
  });
});

describe('displayValue', () => {
  it('shows blanks as a dash', () => {
    expect(displayValue(null)).toBe('—');
    expect(displayValue('  ')).toBe('—');
    expect(displayValue(false)).toBe('No');
    expect(displayValue(['a', 'b'])).toBe('a, b');
    expect(displayValue(0)).toBe('0');
  });
});

describe('formatRowCount', () => {
  it('says an exact count as it is and rounds an estimate in words', () => {
    expect(formatRowCount(1234)).toBe('1234 rows');
    expect(formatRowCount(1_234_567, true)).toBe('about 1.2 million rows');
    expect(formatRowCount(2_000_000, true)).toBe('about 2 million rows');
    expect(formatRowCount(48_700, true)).toBe('about 49 thousand rows');
    expect(formatRowCount(1_260, true)).toBe('about 1,300 rows');
  });
});

describe('todayLocal', () => {
  it("names the person's own calendar day, not the UTC one", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // 20:30 on 27 November in New York is already 28 November in UTC.
      const evening = new Date(Date.UTC(2026, 10, 28, 1, 30));
      expect(evening.toISOString().slice(0, 10)).toBe('2026-11-28');
      expect(todayLocal(evening)).toBe('2026-11-27');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
