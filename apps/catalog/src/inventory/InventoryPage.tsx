import { useMemo } from 'react';
import { Tabs } from '@steward/libs/ui/antd-data';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { RecordEditorModal, useFormWithCustomFields, useRecordEditor } from '@steward/libs/form';
import { bulkFieldsOf, dollarsColumn, editColumn, ListPage, nameColumn, RecordTableCard, statusColumn, textColumn, useColumnsWithCustom, useListPage, WithCustomColumns, type ListColumn } from '@steward/libs/list';
import { PageFrame } from '@steward/libs/ui';
import { productFields, productOptionFields, productTypeFields, productVariantFields } from './productFields';

type Counted = readonly { count: number }[] | null;

export type Product = {
  id: string;
  short_id: string;
  sku: string;
  name: string;
  status: string;
  price: number | null;
  cost: number | null;
  org_name: string;
  product_type: { name: string } | null;
  product_variants: Counted;
  product_options: Counted;
  custom?: Record<string, unknown>;
};

const products = tableRef<Product>('catalog', 'products');
const productTypes = tableRef<AnyRow>('catalog', 'product_types');
const productVariants = tableRef<AnyRow>('catalog', 'product_variants');
const productOptions = tableRef<AnyRow>('catalog', 'product_options');

const countOf = (counted: Counted): number => counted?.[0]?.count ?? 0;

/**
 * /inventory: the product catalogue (products with their types, variants and options); the
 * organisation's own fields of products are columns to choose and the form's "More fields".
 */
export function InventoryPage() {
  return <WithCustomColumns<Product> kind="product">{(custom) => <Inventory custom={custom} />}</WithCustomColumns>;
}

function Inventory({ custom }: { custom: readonly ListColumn<Product>[] }) {
  const editor = useRecordEditor<Product>({ table: products, label: 'Product', ...useFormWithCustomFields('product', productFields) });
  const { openEdit } = editor;
  const columns = useMemo<ListColumn<Product>[]>(
    () => [
      nameColumn<Product>({}),
      textColumn<Product>('sku', 'SKU'),
      {
        key: 'type',
        title: 'Type',
        render: (row) => row.product_type?.name ?? '—',
        exportValue: (row) => row.product_type?.name ?? null,
      },
      statusColumn<Product>(),
      dollarsColumn<Product>('price', 'Price'),
      dollarsColumn<Product>('cost', 'Cost'),
      { key: 'variants', title: 'Variants', render: (row) => countOf(row.product_variants), exportValue: (row) => countOf(row.product_variants) },
      { key: 'options', title: 'Options', render: (row) => countOf(row.product_options), exportValue: (row) => countOf(row.product_options) },
      editColumn(openEdit),
    ],
    [openEdit],
  );
  const chosen = useColumnsWithCustom<Product>({ listKey: 'inventory', columns, custom });
  const list = useListPage<Product>({
    title: 'Inventory',
    columns: chosen.columns,
    hiddenColumns: chosen.hiddenColumns,
    source: {
      kind: 'table',
      table: products,
      select: '*, product_type:product_types!products_type_id_fkey(name), product_variants(count), product_options(count)',
      excludeArchived: true,
    },
    defaultSort: [{ field: 'name', order: 'asc' }],
    lifecycle: { table: products, noun: { one: 'product', many: 'products' }, fields: bulkFieldsOf(productFields), canDelete: true },
  });
  return (
    <PageFrame title="Inventory">
      <Tabs
        items={[
          {
            key: 'products',
            label: 'Products',
            children: (
              <ListPage list={list} toolbarExtra={chosen.button} addNew={{ onClick: () => editor.openCreate(), children: 'Add New' }}>
                <RecordEditorModal editor={editor} />
              </ListPage>
            ),
          },
          { key: 'types', label: 'Types', children: <RecordTableCard title="Product Types" label="Product Type" table={productTypes} fields={productTypeFields} /> },
          { key: 'variants', label: 'Variants', children: <RecordTableCard title="Variants" label="Variant" table={productVariants} fields={productVariantFields} /> },
          { key: 'options', label: 'Options', children: <RecordTableCard title="Options" label="Option" table={productOptions} fields={productOptionFields} /> },
        ]}
      />
    </PageFrame>
  );
}
