import { useMemo } from 'react';
import { tableRef } from '@steward/libs/data';
import { RecordEditorModal, useFormWithCustomFields, useRecordEditor } from '@steward/libs/form';
import { bulkFieldsOf, dateColumn, dollarsColumn, editColumn, ListPage, nameColumn, textColumn, useColumnsWithCustom, useListPage, WithCustomColumns, type ListColumn } from '@steward/libs/list';
import { PageFrame } from '@steward/libs/ui';
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
  const editor = useRecordEditor<Supply>({ table: supplies, label: 'Supply', ...useFormWithCustomFields('supply', supplyFields) });
  const { openEdit } = editor;
  const columns = useMemo<ListColumn<Supply>[]>(
    () => [
      nameColumn<Supply>({}),
      textColumn<Supply>('category', 'Category'),
      textColumn<Supply>('unit_type', 'Unit Type'),
      textColumn<Supply>('unit_qty', 'Quantity', { filterable: 'number' }),
      dollarsColumn<Supply>('last_cost', 'Last Cost'),
      dateColumn<Supply>('last_purchase_date', 'Last Purchase Date'),
      textColumn<Supply>('vendor', 'Vendor'),
      editColumn(openEdit),
    ],
    [openEdit],
  );
  const chosen = useColumnsWithCustom<Supply>({ listKey: 'supplies', columns, custom });
  const list = useListPage<Supply>({
    title: 'Supplies',
    columns: chosen.columns,
    hiddenColumns: chosen.hiddenColumns,
    source: { kind: 'table', table: supplies, excludeArchived: true },
    defaultSort: [{ field: 'name', order: 'asc' }],
    lifecycle: { table: supplies, noun: { one: 'supply', many: 'supplies' }, fields: bulkFieldsOf(supplyFields), canDelete: true },
  });
  return (
    <PageFrame title="Supplies">
      <ListPage list={list} savedFilterKey="supplies_filters" toolbarExtra={chosen.button} addNew={{ onClick: () => editor.openCreate(), children: 'Add New' }}>
        <RecordEditorModal editor={editor} />
      </ListPage>
    </PageFrame>
  );
}
