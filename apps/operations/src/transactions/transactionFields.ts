import { tableRef, type AnyRow } from '@steward/libs/data';
import type { FieldDef } from '@steward/libs/form';

/** public.transactions: the list and the editor write it, and the revenue chart is read from it. */
export const transactionsTable = tableRef<AnyRow>('public', 'transactions');

/** The transaction types the database allows (transactions_type_check); revenue counts 'sale'. */
export const TRANSACTION_TYPES = ['sale', 'refund', 'expense', 'payment', 'deposit', 'adjustment'] as const;

/** The generic editor's form for a transaction (the database checks the same type list). */
export const transactionFields: readonly FieldDef[] = [
  { name: 'date', label: 'Date', type: 'date', required: true },
  { name: 'description', label: 'Description' },
  { name: 'amount', label: 'Amount', type: 'number', required: true },
  { name: 'transaction_type', label: 'Type', type: 'select', options: TRANSACTION_TYPES.map((type) => ({ value: type, label: type })), required: true },
  { name: 'category', label: 'Category' },
  { name: 'reference', label: 'Reference' },
];
