import { useCallback, useMemo } from 'react';
import { Flex } from '@steward/libs/ui/antd';
import type { AnyRow } from '@steward/libs/data';
import { RecordEditorModal, useRecordEditor } from '@steward/libs/form';
import { formatMoney } from '@steward/libs/i18n';
import { ListPage, dateColumn, editColumn, textColumn, useListPage, type ListColumn } from '@steward/libs/list';
import { todayLocal } from '@steward/libs/ui';
import { useT, type OperationsT } from '../i18n';
import { RevenueChart } from '../revenue/RevenueChart';
import { transactionFields, transactionsTable as transactions } from './transactionFields';

/** The organisation's currency as the person's language writes it; an empty amount reads as zero ($0.00). */
export const amountText = (amount: unknown) => formatMoney(amount === null || amount === undefined || amount === '' ? 0 : (amount as number | string));

/** Date, description, amount; the export keeps the amount a plain number. */
export const transactionColumns = (t: OperationsT): readonly ListColumn<AnyRow>[] => [
  dateColumn('date', t('transactions.field.date')),
  textColumn('description', t('transactions.field.description')),
  {
    key: 'amount',
    title: t('transactions.field.amount'),
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
  const t = useT();
  const fields = useMemo(() => transactionFields(t), [t]);
  const editor = useRecordEditor<AnyRow>({ table: transactions, fields, label: t('transactions.transaction') });
  const { openEdit } = editor;
  const nameOf = useCallback((row: AnyRow) => String(row.description ?? row.date ?? t('transactions.noun.one')), [t]);
  const columns = useMemo(() => [...transactionColumns(t), editColumn(openEdit, nameOf)], [t, openEdit, nameOf]);
  const list = useListPage<AnyRow>({
    title: t('transactions.title'),
    columns,
    source: { kind: 'table', table: transactions, orgScoped: true, excludeArchived: true },
    defaultSort: [{ field: 'date', order: 'desc' }],
    lifecycle: { table: transactions, noun: { one: t('transactions.noun.one'), many: t('transactions.noun.many') }, canDelete: true, label: nameOf },
  });
  return (
    <Flex vertical gap={12}>
      <RevenueChart />
      <ListPage
        list={list}
        savedFilterKey="transactions_filters"
        addNew={{ onClick: () => editor.openCreate({ date: todayLocal(), transaction_type: 'sale' }), children: t('common.addNew') }}
      >
        <RecordEditorModal editor={editor} />
      </ListPage>
    </Flex>
  );
}
