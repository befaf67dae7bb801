import { useMemo } from 'react';
import { Tabs } from '@steward/libs/ui/antd-data';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { RecordEditorModal, useFormWithCustomFields, useRecordEditor } from '@steward/libs/form';
import { bulkFieldsOf, dollarsColumn, editColumn, ListPage, nameColumn, RecordTableCard, statusColumn, textColumn, useColumnsWithCustom, useListPage, WithCustomColumns, type ListColumn } from '@steward/libs/list';
import { formatNumber } from '@steward/libs/i18n';
import { PageFrame } from '@steward/libs/ui';
import { useT } from '../i18n';
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
  const t = useT();
  const fields = useMemo(() => productFields(t), [t]);
  const typeFields = useMemo(() => productTypeFields(t), [t]);
  const variantFields = useMemo(() => productVariantFields(t), [t]);
  const optionFields = useMemo(() => productOptionFields(t), [t]);
  const editor = useRecordEditor<Product>({ table: products, label: t('products.product'), ...useFormWithCustomFields('product', fields) });
  const { openEdit } = editor;
  const columns = useMemo<ListColumn<Product>[]>(
    () => [
      nameColumn<Product>({ title: t('field.name') }),
      textColumn<Product>('sku', t('products.field.sku')),
      {
        key: 'type',
        title: t('products.field.type'),
        render: (row) => row.product_type?.name ?? '—',
        exportValue: (row) => row.product_type?.name ?? null,
      },
      statusColumn<Product>(t('products.field.status')),
      dollarsColumn<Product>('price', t('field.price')),
      dollarsColumn<Product>('cost', t('products.field.cost')),
      { key: 'variants', title: t('variants.title'), render: (row) => formatNumber(countOf(row.product_variants)), exportValue: (row) => countOf(row.product_variants) },
      { key: 'options', title: t('options.title'), render: (row) => formatNumber(countOf(row.product_options)), exportValue: (row) => countOf(row.product_options) },
      editColumn(openEdit),
    ],
    [t, openEdit],
  );
  const chosen = useColumnsWithCustom<Product>({ listKey: 'inventory', columns, custom });
  const list = useListPage<Product>({
    title: t('inventory.title'),
    columns: chosen.columns,
    hiddenColumns: chosen.hiddenColumns,
    source: {
      kind: 'table',
      table: products,
      select: '*, product_type:product_types!products_type_id_fkey(name), product_variants(count), product_options(count)',
      excludeArchived: true,
    },
    defaultSort: [{ field: 'name', order: 'asc' }],
    lifecycle: { table: products, noun: { one: t('products.noun.one'), many: t('products.noun.many') }, fields: bulkFieldsOf(fields), canDelete: true },
  });
  return (
    <PageFrame title={t('inventory.title')}>
      <Tabs
        items={[
          {
            key: 'products',
            label: t('products.title'),
            children: (
              <ListPage list={list} toolbarExtra={chosen.button} addNew={{ onClick: () => editor.openCreate(), children: t('common.addNew') }}>
                <RecordEditorModal editor={editor} />
              </ListPage>
            ),
          },
          { key: 'types', label: t('types.tab'), children: <RecordTableCard title={t('types.title')} label={t('types.one')} table={productTypes} fields={typeFields} /> },
          { key: 'variants', label: t('variants.title'), children: <RecordTableCard title={t('variants.title')} label={t('variants.one')} table={productVariants} fields={variantFields} /> },
          { key: 'options', label: t('options.title'), children: <RecordTableCard title={t('options.title')} label={t('options.one')} table={productOptions} fields={optionFields} /> },
        ]}
      />
    </PageFrame>
  );
}
