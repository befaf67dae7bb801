import type { FieldDef } from '@steward/libs/form';
import type { CatalogT } from '../i18n';

const productTypeRelation = { schema: 'catalog', table: 'product_types', valueField: 'id', labelField: 'name' } as const;
const productRelation = { schema: 'catalog', table: 'products', valueField: 'id', labelField: 'name' } as const;

/** A product as the generic editor edits it: short_id and SKU are the server's. */
export const productFields = (t: CatalogT): readonly FieldDef[] => [
  { name: 'name', label: t('field.name'), required: true },
  { name: 'sku', label: t('products.field.sku'), readOnly: true },
  { name: 'short_id', label: t('products.field.shortId'), readOnly: true },
  { name: 'type_id', label: t('products.field.type'), relation: productTypeRelation },
  { name: 'status', label: t('products.field.status'), required: true },
  { name: 'price', label: t('field.price'), type: 'number' },
  { name: 'compare_at_price', label: t('products.field.compareAtPrice'), type: 'number' },
  { name: 'cost', label: t('products.field.cost'), type: 'number' },
  { name: 'description', label: t('field.description'), type: 'textarea' },
  { name: 'image_url', label: t('products.field.imageUrl') },
  { name: 'tags', label: t('products.field.tags'), type: 'tags' },
  { name: 'track_inventory', label: t('field.trackInventory'), type: 'boolean' },
  { name: 'allow_backorder', label: t('products.field.allowBackorder'), type: 'boolean' },
  { name: 'has_variants', label: t('products.field.hasVariants'), type: 'boolean' },
  { name: 'weight_grams', label: t('products.field.weight'), type: 'number' },
  { name: 'length_cm', label: t('products.field.length'), type: 'number' },
  { name: 'width_cm', label: t('products.field.width'), type: 'number' },
  { name: 'height_cm', label: t('products.field.height'), type: 'number' },
  { name: 'hs_code', label: t('products.field.hsCode') },
  { name: 'country_of_origin', label: t('products.field.countryOfOrigin') },
];

export const productTypeFields = (t: CatalogT): readonly FieldDef[] => [
  { name: 'name', label: t('field.name'), required: true },
  { name: 'position', label: t('field.position'), type: 'integer' },
  { name: 'product_id', label: t('field.product'), relation: productRelation },
];

export const productVariantFields = (t: CatalogT): readonly FieldDef[] => [
  { name: 'name', label: t('field.name'), required: true },
  { name: 'product_id', label: t('field.product'), relation: productRelation },
  { name: 'price', label: t('field.price'), type: 'number' },
  { name: 'tax_code', label: t('variants.field.taxCode') },
  { name: 'shippable', label: t('variants.field.shippable'), type: 'boolean' },
  { name: 'description', label: t('field.description'), type: 'textarea' },
  { name: 'requires_fulfillment', label: t('variants.field.requiresFulfillment'), type: 'boolean' },
  { name: 'track_inventory', label: t('field.trackInventory'), type: 'boolean' },
  { name: 'allows_subscription', label: t('variants.field.allowsSubscription'), type: 'boolean' },
  { name: 'attributes', label: t('variants.field.attributes'), type: 'json' },
];

export const productOptionFields = (t: CatalogT): readonly FieldDef[] => [
  { name: 'value', label: t('options.field.value'), required: true },
  { name: 'product_id', label: t('field.product'), relation: productRelation },
  { name: 'position', label: t('field.position'), type: 'integer' },
];
