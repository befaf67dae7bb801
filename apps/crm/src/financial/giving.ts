import { z } from 'zod';

export type TransactionRow = {
  id: string;
  date: string;
  description: string | null;
  amount: number | string;
  transaction_type: string;
  category: string | null;
  contact_id: string | null;
  business_id: string | null;
  household_id: string | null;
  created_at: string;
};

export const TRANSACTION_TYPES = ['payment', 'deposit', 'sale', 'refund', 'expense', 'adjustment'] as const;
/** Money received from the person: what a giving statement lists. */
export const GIFT_TYPES: readonly string[] = ['payment', 'deposit', 'sale'];
/** Money going back out: counted negative in the year's net total. */
const OUTGOING_TYPES: readonly string[] = ['refund', 'expense'];

export const amountOf = (row: Pick<TransactionRow, 'amount'>): number => Number(row.amount) || 0;
export const yearOf = (row: Pick<TransactionRow, 'date'>): number => Number(row.date.slice(0, 4));

export type YearTotal = { year: number; count: number; given: number; net: number };

/** Per calendar year, newest first: how many transactions, what was given, and the net. */
export function totalsByYear(rows: readonly TransactionRow[]): YearTotal[] {
  const years = new Map<number, YearTotal>();
  for (const row of rows) {
    const year = yearOf(row);
    const total = years.get(year) ?? { year, count: 0, given: 0, net: 0 };
    const amount = amountOf(row);
    total.count += 1;
    if (GIFT_TYPES.includes(row.transaction_type)) total.given += amount;
    total.net += OUTGOING_TYPES.includes(row.transaction_type) ? -amount : amount;
    years.set(year, total);
  }
  return [...years.values()].sort((a, b) => b.year - a.year).map((total) => ({ ...total, given: round(total.given), net: round(total.net) }));
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The gifts of one year, oldest first (a statement reads like a ledger), and their total. */
export function statementFor(rows: readonly TransactionRow[], year: number): { gifts: TransactionRow[]; total: number } {
  const gifts = rows.filter((row) => yearOf(row) === year && GIFT_TYPES.includes(row.transaction_type)).sort((a, b) => a.date.localeCompare(b.date) || a.created_at.localeCompare(b.created_at));
  return { gifts, total: round(gifts.reduce((sum, row) => sum + amountOf(row), 0)) };
}

export const AMOUNT_MESSAGE = 'Amount must be a number greater than 0, with at most 2 decimals.';
export const DATE_MESSAGE = 'Date is required';

export const transactionFormSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, AMOUNT_MESSAGE)
    .refine((value) => Number(value) > 0, AMOUNT_MESSAGE)
    .transform(Number),
  transaction_type: z.enum(TRANSACTION_TYPES),
  description: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value)),
});

export type TransactionForm = z.input<typeof transactionFormSchema>;

/** What a year-end giving statement shows, on screen and in its PDF. */
export type StatementData = {
  orgName: string;
  logoUrl: string | null;
  accent: string;
  year: number;
  name: string;
  addressLines: string[];
  gifts: TransactionRow[];
  total: number;
};
