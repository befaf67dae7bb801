import { tableRef, type AnyRow } from '@steward/libs/data';
import type { FieldDef } from '@steward/libs/form';
import type { OperationsMessageId, OperationsT } from '../i18n';

/** public.transactions: the list and the editor write it, and the revenue chart is read from it. */
export const transactionsTable = tableRef<AnyRow>('public', 'transactions');

/** The transaction types the database allows (transactions_type_check); revenue counts 'sale'. */
export const TRANSACTION_TYPES = ['sale', 'refund', 'expense', 'payment', 'deposit', 'adjustment'] as const;

/** Each type's words (the database keeps the English value). */
const TYPE_WORDS: Readonly<Record<(typeof TRANSACTION_TYPES)[number], OperationsMessageId>> = {
  sale: 'transactions.type.sale',
  refund: 'transactions.type.refund',
  expense: 'transactions.type.expense',
  payment: 'transactions.type.payment',
  deposit: 'transactions.type.deposit',
  adjustment: 'transactions.type.adjustment',
};

/** The generic editor's form for a transaction (the database checks the same type list), in the page's language. */
export const transactionFields = (t: OperationsT): readonly FieldDef[] => [
  { name: 'date', label: t('transactions.field.date'), type: 'date', required: true },
  { name: 'description', label: t('transactions.field.description') },
  { name: 'amount', label: t('transactions.field.amount'), type: 'number', required: true },
  { name: 'transaction_type', label: t('transactions.field.type'), type: 'select', options: TRANSACTION_TYPES.map((type) => ({ value: type, label: t(TYPE_WORDS[type]) })), required: true },
  { name: 'category', label: t('transactions.field.category') },
  { name: 'reference', label: t('transactions.field.reference') },
];
