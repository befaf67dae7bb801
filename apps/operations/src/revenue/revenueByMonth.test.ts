import { partialMatchKey } from '@tanstack/react-query';
import { queryKeys } from '@steward/libs/data';
import { transactionsTable } from '../transactions/transactionFields';
import { labelledMonths, monthLabel, revenueQueryKey } from './revenueByMonth';

describe('revenue by month', () => {
  it('is refreshed by any write to transactions (the editors invalidate the schema), and only by those', () => {
    const key = revenueQueryKey('Cedar Grove Outfitters');
    expect(partialMatchKey(key, queryKeys.schema(transactionsTable.schema))).toBe(true);
    expect(partialMatchKey(key, queryKeys.table(transactionsTable))).toBe(true);
    expect(partialMatchKey(key, queryKeys.schema('crm'))).toBe(false);
  });

  it('labels a calendar month without a time zone', () => {
    expect(monthLabel('2026-03-01')).toBe('Mar 2026');
    expect(monthLabel('not a month')).toBe('not a month');
  });

  it('labels as many months as fit, evenly spaced and always the latest', () => {
    expect(labelledMonths(12, 1000)).toHaveLength(12);
    expect(labelledMonths(12, 270)).toEqual([2, 5, 8, 11]);
    expect(labelledMonths(12, 400)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(labelledMonths(12, 10)).toEqual([11]);
  });
});
