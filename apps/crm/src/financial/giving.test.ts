import { describe, expect, it } from 'vitest';
import { statementFor, totalsByYear, transactionFormSchema, type TransactionRow } from './giving';

const row = (date: string, amount: number, transaction_type = 'payment'): TransactionRow => ({
  id: date + amount,
  date,
  amount: String(amount),
  transaction_type,
  description: null,
  category: null,
  contact_id: null,
  business_id: null,
  household_id: null,
  created_at: `${date}T12:00:00Z`,
});

describe('giving', () => {
  const rows = [row('2026-03-01', 40), row('2025-12-31', 100.1), row('2025-01-02', 0.2), row('2025-06-01', 30, 'refund'), row('2025-07-01', 5, 'expense')];

  it('totals each year, newest first: given counts gifts only, net takes refunds and expenses off', () => {
    expect(totalsByYear(rows)).toEqual([
      { year: 2026, count: 1, given: 40, net: 40 },
      { year: 2025, count: 4, given: 100.3, net: 65.3 },
    ]);
  });

  it('a statement holds exactly the year’s gifts, oldest first, and their total', () => {
    const statement = statementFor(rows, 2025);
    expect(statement.gifts.map((gift) => gift.date)).toEqual(['2025-01-02', '2025-12-31']);
    expect(statement.total).toBe(100.3);
    expect(statementFor(rows, 2024)).toEqual({ gifts: [], total: 0 });
  });

  it('refuses an amount that is not a positive number with at most two decimals', () => {
    for (const amount of ['', '0', '-5', '1.234', 'ten']) {
      expect(transactionFormSchema.safeParse({ date: '2025-01-01', amount, transaction_type: 'payment', description: '' }).success).toBe(false);
    }
    expect(transactionFormSchema.parse({ date: '2025-01-01', amount: '12.50', transaction_type: 'payment', description: ' ' })).toEqual({ date: '2025-01-01', amount: 12.5, transaction_type: 'payment', description: null });
  });
});
