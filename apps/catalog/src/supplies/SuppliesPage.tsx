import { useMemo } from 'react';
import { tableRef } from '@steward/libs/data';
import { RecordEditorModal, useRecordEditor } from '@steward/libs/form';
import { bulkFieldsOf, dateColumn, dollarsColumn, editColumn, ListPage, nameColumn, textColumn, useListPage, type ListColumn } from '@steward/libs/list';
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
};

const supplies = tableRef<Supply>('catalog', 'supplies');

/** /supplies: the organisation's supplies and the shared defaults ('S'), ordered by name. */
export function SuppliesPage() {
  const editor = useRecordEditor<Supply>({ table: supplies, fields: supplyFields, label: 'Supply' });
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
  const list = useListPage<Supply>({
    title: 'Supplies',
    columns,
    source: { kind: 'table', table: supplies, excludeArchived: true },
    defaultSort: [{ field: 'name', order: 'asc' }],
    lifecycle: { table: supplies, noun: { one: 'supply', many: 'supplies' }, fields: bulkFieldsOf(supplyFields), canDelete: true },
  });
  return (
    <PageFrame title="Supplies">
      <ListPage list={list} savedFilterKey="supplies_filters" addNew={{ onClick: () => editor.openCreate(), children: 'Add New' }}>
        <RecordEditorModal editor={editor} />
      </ListPage>
    </PageFrame>
  );
}
