import { useMemo } from 'react';
import { Flex } from '@steward/libs/ui/antd';
import type { AnyRow } from '@steward/libs/data';
import { RecordEditorModal, useRecordEditor } from '@steward/libs/form';
import { ListPage, dateColumn, editColumn, textColumn, useListPage, type ListColumn } from '@steward/libs/list';
import { formatDollars, todayLocal } from '@steward/libs/ui';
import { RevenueChart } from '../revenue/RevenueChart';
import { transactionFields, transactionsTable as transactions } from './transactionFields';

/** Dollars and two decimals; an empty amount reads $0.00. */
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

/**
 * /transactions: revenue by month as a chart above the table; date, description, amount,
 * newest first; the saved transactions_filters; add and edit through the generic editor.
 */
export function TransactionsPage() {
  const editor = useRecordEditor<AnyRow>({ table: transactions, fields: transactionFields, label: 'Transaction' });
  const { openEdit } = editor;
  const columns = useMemo(() => [...transactionColumns, editColumn(openEdit, (row) => String(row.description ?? row.date ?? 'transaction'))], [openEdit]);
  const list = useListPage<AnyRow>({
    title: 'Transactions',
    columns,
    source: { kind: 'table', table: transactions, orgScoped: true, excludeArchived: true },
    defaultSort: [{ field: 'date', order: 'desc' }],
    lifecycle: { table: transactions, noun: { one: 'transaction', many: 'transactions' }, canDelete: true, label: (row) => String(row.description ?? row.date ?? 'transaction') },
  });
  return (
    <Flex vertical gap={12}>
      <RevenueChart />
      <ListPage
        list={list}
        savedFilterKey="transactions_filters"
        addNew={{ onClick: () => editor.openCreate({ date: todayLocal(), transaction_type: 'sale' }), children: 'Add New' }}
      >
        <RecordEditorModal editor={editor} />
      </ListPage>
    </Flex>
  );
}
