import type { FieldDef } from '@steward/libs/form';

const productTypeRelation = { schema: 'catalog', table: 'product_types', valueField: 'id', labelField: 'name' } as const;
const productRelation = { schema: 'catalog', table: 'products', valueField: 'id', labelField: 'name' } as const;

/** A product as the generic editor edits it: short_id and SKU are the server's. */
export const productFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'sku', label: 'SKU', readOnly: true },
  { name: 'short_id', label: 'Short ID', readOnly: true },
  { name: 'type_id', label: 'Type', relation: productTypeRelation },
  { name: 'status', label: 'Status', required: true },
  { name: 'price', label: 'Price', type: 'number' },
  { name: 'compare_at_price', label: 'Compare-at Price', type: 'number' },
  { name: 'cost', label: 'Cost', type: 'number' },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'image_url', label: 'Image URL' },
  { name: 'tags', label: 'Tags', type: 'tags' },
  { name: 'track_inventory', label: 'Track Inventory', type: 'boolean' },
  { name: 'allow_backorder', label: 'Allow Backorder', type: 'boolean' },
  { name: 'has_variants', label: 'Has Variants', type: 'boolean' },
  { name: 'weight_grams', label: 'Weight (g)', type: 'number' },
  { name: 'length_cm', label: 'Length (cm)', type: 'number' },
  { name: 'width_cm', label: 'Width (cm)', type: 'number' },
  { name: 'height_cm', label: 'Height (cm)', type: 'number' },
  { name: 'hs_code', label: 'HS Code' },
  { name: 'country_of_origin', label: 'Country of Origin' },
];

export const productTypeFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'position', label: 'Position', type: 'integer' },
  { name: 'product_id', label: 'Product', relation: productRelation },
];

export const productVariantFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'product_id', label: 'Product', relation: productRelation },
  { name: 'price', label: 'Price', type: 'number' },
  { name: 'tax_code', label: 'Tax Code' },
  { name: 'shippable', label: 'Shippable', type: 'boolean' },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'requires_fulfillment', label: 'Requires Fulfillment', type: 'boolean' },
  { name: 'track_inventory', label: 'Track Inventory', type: 'boolean' },
  { name: 'allows_subscription', label: 'Allows Subscription', type: 'boolean' },
  { name: 'attributes', label: 'Attributes', type: 'json' },
];

export const productOptionFields: readonly FieldDef[] = [
  { name: 'value', label: 'Value', required: true },
  { name: 'product_id', label: 'Product', relation: productRelation },
  { name: 'position', label: 'Position', type: 'integer' },
];
