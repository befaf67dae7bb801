import { useCallback, useMemo } from 'react';
import { tableRef } from '@steward/libs/data';
import { bulkFieldsOf, dateColumn, dollarsColumn, editColumn, ListPage, nameColumn, RequestedRecordEditor, textColumn, useColumnsWithCustom, useListPage, WithCustomColumns, type ListColumn } from '@steward/libs/list';
import { formatNumber } from '@steward/libs/i18n';
import { AskedEditors, PageFrame, useEditorRequests } from '@steward/libs/ui';
import { useT } from '../i18n';
import { supplyFields } from './supplyFields';

export type Supply = {
  id: string;
  name: string;
  category: string | null;
  unit_type: string | null;
  unit_qty: number | null;
  last_cost: number | null;
  last_purchase_date: string | null;
  vendor: string | null;
  org_name: string;
  custom?: Record<string, unknown>;
};

const supplies = tableRef<Supply>('catalog', 'supplies');

/**
 * /supplies: the organisation's supplies and the shared defaults ('S'), ordered by name, with the
 * organisation's own fields of supplies as columns to choose and in the form's "More fields".
 */
export function SuppliesPage() {
  return <WithCustomColumns<Supply> kind="supply">{(custom) => <SuppliesList custom={custom} />}</WithCustomColumns>;
}

function SuppliesList({ custom }: { custom: readonly ListColumn<Supply>[] }) {
  const t = useT();
  const fields = useMemo(() => supplyFields(t), [t]);
  const editors = useEditorRequests<'supply'>();
  const { openCreate, openEdit: ask } = editors;
  const openEdit = useCallback((row: Supply) => ask('supply', row), [ask]);
  const columns = useMemo<ListColumn<Supply>[]>(
    () => [
      nameColumn<Supply>({ title: t('field.name') }),
      textColumn<Supply>('category', t('supplies.field.category')),
      textColumn<Supply>('unit_type', t('supplies.field.unitType')),
      // The quantity as the person's language writes numbers; the export keeps the plain number.
      textColumn<Supply>('unit_qty', t('supplies.field.quantity'), {
        filterable: 'number',
        reads: ['unit_qty'],
        render: (row) => (row.unit_qty === null || row.unit_qty === undefined ? '—' : formatNumber(Number(row.unit_qty))),
        exportValue: (row) => (row.unit_qty === null || row.unit_qty === undefined ? null : Number(row.unit_qty)),
      }),
      dollarsColumn<Supply>('last_cost', t('supplies.field.lastCost')),
      dateColumn<Supply>('last_purchase_date', t('supplies.field.lastPurchaseDate')),
      textColumn<Supply>('vendor', t('supplies.field.vendor')),
      editColumn(openEdit),
    ],
    [t, openEdit],
  );
  const chosen = useColumnsWithCustom<Supply>({ listKey: 'supplies', columns, custom });
  const list = useListPage<Supply>({
    title: t('supplies.title'),
    columns: chosen.columns,
    hiddenColumns: chosen.hiddenColumns,
    source: { kind: 'table', table: supplies, excludeArchived: true },
    defaultSort: [{ field: 'name', order: 'asc' }],
    lifecycle: { table: supplies, noun: { one: t('supplies.noun.one'), many: t('supplies.noun.many') }, fields: bulkFieldsOf(fields), canDelete: true },
  });
  return (
    <PageFrame title={t('supplies.title')}>
      <ListPage list={list} savedFilterKey="supplies_filters" toolbarExtra={chosen.button} addNew={{ onClick: () => openCreate('supply'), children: t('common.addNew') }}>
        {/* The supply editor and the form layer load when it first opens: not with the list. */}
        <AskedEditors editors={editors}>
          <RequestedRecordEditor request={editors.request} table={supplies} label={t('supplies.supply')} fields={fields} customKind="supply" />
        </AskedEditors>
      </ListPage>
    </PageFrame>
  );
}
