import type { FieldDef } from '@steward/libs/form';

/** The supply record as the generic editor edits it. */
export const supplyFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'category', label: 'Category' },
  { name: 'unit_type', label: 'Unit Type' },
  { name: 'unit_qty', label: 'Quantity', type: 'number' },
  { name: 'last_cost', label: 'Last Cost', type: 'number' },
  { name: 'last_purchase_date', label: 'Last Purchase Date', type: 'date' },
  { name: 'vendor', label: 'Vendor' },
  { name: 'description', label: 'Description', type: 'textarea' },
];
