import type { FieldDef } from '@steward/libs/form';
import type { CatalogT } from '../i18n';

/** The supply record as the generic editor edits it, in the page's language. */
export const supplyFields = (t: CatalogT): readonly FieldDef[] => [
  { name: 'name', label: t('field.name'), required: true },
  { name: 'category', label: t('supplies.field.category') },
  { name: 'unit_type', label: t('supplies.field.unitType') },
  { name: 'unit_qty', label: t('supplies.field.quantity'), type: 'number' },
  { name: 'last_cost', label: t('supplies.field.lastCost'), type: 'number' },
  { name: 'last_purchase_date', label: t('supplies.field.lastPurchaseDate'), type: 'date' },
  { name: 'vendor', label: t('supplies.field.vendor') },
  { name: 'description', label: t('field.description'), type: 'textarea' },
];
