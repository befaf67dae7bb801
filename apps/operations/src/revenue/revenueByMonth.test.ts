import { partialMatchKey } from '@tanstack/react-query';
import { queryKeys } from '@steward/libs/data-access';
import { transactionsTable } from '../transactions/transactionFields';
import { monthLabel, revenueQueryKey } from './revenueByMonth';

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
});
