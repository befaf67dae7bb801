import { tableRef, type AnyRow } from '@steward/libs/data-access';
import { ListPage, dateColumn, textColumn, useListPage, type ListColumn } from '@steward/libs/list';
import { formatDollars } from '@steward/libs/ui';

const transactions = tableRef<AnyRow>('public', 'transactions');

/** Dollars and two decimals; an empty amount reads $0.00 (001 §2). */
export const amountText = (amount: unknown) => formatDollars(amount === null || amount === undefined || amount === '' ? 0 : (amount as number | string));

export const transactionColumns: readonly ListColumn<AnyRow>[] = [
  dateColumn('date', 'Date'),
  textColumn('description', 'Description'),
  {
    key: 'amount',
    title: 'Amount',
    field: 'amount',
    sortable: true,
    filterable: 'number',
    render: (row) => amountText(row.amount),
    exportValue: (row) => Number(row.amount ?? 0),
  },
];

/** /transactions (001 §2, §7): date, description, amount, newest first; the saved transactions_filters. */
export function TransactionsPage() {
  const list = useListPage<AnyRow>({
    title: 'Transactions',
    columns: transactionColumns,
    source: { kind: 'table', table: transactions, orgScoped: true, excludeArchived: true },
    defaultSort: [{ field: 'date', order: 'desc' }],
  });
  return <ListPage list={list} savedFilterKey="transactions_filters" />;
}
