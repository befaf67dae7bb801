import { z } from 'zod';
import { later, type CrmMessageId } from '../i18n';

const { t } = later;

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

const TYPE_WORDS: Record<(typeof TRANSACTION_TYPES)[number], CrmMessageId> = {
  payment: 'transaction.type.payment',
  deposit: 'transaction.type.deposit',
  sale: 'transaction.type.sale',
  refund: 'transaction.type.refund',
  expense: 'transaction.type.expense',
  adjustment: 'transaction.type.adjustment',
};

/** A transaction type in the page's language ('payment' → "Payment"); an unknown one as stored. */
export const transactionTypeLabel = (type: string): string => (type in TYPE_WORDS ? t(TYPE_WORDS[type as keyof typeof TYPE_WORDS]) : type);

export const amountMessage = () => t('transaction.amountInvalid');
export const dateMessage = () => t('transaction.dateRequired');

export const transactionFormSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: dateMessage }),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: amountMessage })
    .refine((value) => Number(value) > 0, { error: amountMessage })
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
