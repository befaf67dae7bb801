import { tableRef, type AnyRow, type TableRef } from '@steward/libs/data-access';
import type { FieldDef } from '@steward/libs/editor';

const catalog = (table: string): TableRef<AnyRow> => tableRef<AnyRow>('catalog', table);
const relation = (table: string, labelField = 'name') => ({ schema: 'catalog' as const, table, valueField: 'id', labelField, orgScoped: true });
const ACCOMMODATION: FieldDef = { name: 'accommodation_id', label: 'Accommodation', required: true, relation: relation('accommodations') };

/** One tab of Lodging Settings: its card title, the editor's label, the table and the fields (001 §3). */
export type LodgingTab = { key: string; tab: string; title: string; label: string; table: TableRef<AnyRow>; fields: readonly FieldDef[]; columnFields?: readonly string[] };

export const LODGING_TABS: readonly LodgingTab[] = [
  {
    key: 'accommodations',
    tab: 'Accommodations',
    title: 'Accommodations',
    label: 'Accommodation',
    table: catalog('accommodations'),
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'short_id', label: 'Short id', readOnly: true },
      { name: 'base_rate', label: 'Base rate', type: 'number', required: true },
      { name: 'capacity', label: 'Capacity', type: 'integer' },
      { name: 'beds', label: 'Beds' },
      { name: 'type_id', label: 'Type', relation: relation('accommodation_types') },
      { name: 'class_id', label: 'Class', relation: relation('accommodation_classes') },
      { name: 'inventory_count', label: 'Inventory count', type: 'integer', required: true },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'policies', label: 'Policies', type: 'textarea' },
      { name: 'housekeeping_notes', label: 'Housekeeping notes', type: 'textarea' },
      { name: 'image_url', label: 'Image', type: 'upload' },
      { name: 'tags', label: 'Tags', type: 'tags' },
    ],
  },
  {
    key: 'types',
    tab: 'Types',
    title: 'Types',
    label: 'Type',
    table: catalog('accommodation_types'),
    fields: [
      { name: 'name', label: 'Name' },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'discount_amount', label: 'Discount amount', type: 'number' },
    ],
  },
  {
    key: 'classes',
    tab: 'Classes',
    title: 'Classes',
    label: 'Class',
    table: catalog('accommodation_classes'),
    fields: [
      { name: 'name', label: 'Name' },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
  },
  {
    key: 'amenities',
    tab: 'Amenities',
    title: 'Amenities',
    label: 'Amenity',
    table: catalog('amenities'),
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'type_id', label: 'Type', relation: relation('amenity_types') },
    ],
  },
  {
    key: 'rate-types',
    tab: 'Rate Types',
    title: 'Rate Types',
    label: 'Rate Type',
    table: catalog('accommodation_rate_types'),
    fields: [
      { name: 'name', label: 'Name' },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'abbreviation', label: 'Abbreviation' },
      { name: 'card_color', label: 'Card colour', placeholder: '#ffffff' },
    ],
    // Rate Types shows only name and description (001 §2).
    columnFields: ['name', 'description'],
  },
  {
    key: 'rates',
    tab: 'Rates',
    title: 'Rates',
    label: 'Rate',
    table: catalog('accommodation_rates'),
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'type_id', label: 'Rate type', relation: relation('accommodation_rate_types') },
      { name: 'start_date', label: 'Start date', type: 'date' },
      { name: 'end_date', label: 'End date', type: 'date' },
      { name: 'priority', label: 'Priority', type: 'integer', required: true },
      { name: 'qty', label: 'Qty', type: 'number', required: true },
      ...(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day): FieldDef => ({ name: day, label: day[0]!.toUpperCase() + day.slice(1), type: 'number' })),
      { name: 'accommodation_id', label: 'Accommodation', relation: relation('accommodations') },
      { name: 'class_id', label: 'Class', relation: relation('accommodation_classes') },
      { name: 'min_stay', label: 'Minimum stay', type: 'integer' },
      { name: 'max_stay', label: 'Maximum stay', type: 'integer' },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'rate_range', label: 'Rate range', readOnly: true },
    ],
  },
  {
    key: 'blocks',
    tab: 'Blocks',
    title: 'Block Outs',
    label: 'Block Out',
    table: catalog('accommodation_blocks'),
    fields: [ACCOMMODATION, { name: 'block_start', label: 'Block start', type: 'datetime', required: true }, { name: 'block_end', label: 'Block end', type: 'datetime', required: true }, { name: 'notes', label: 'Notes', type: 'textarea' }],
  },
  {
    key: 'files',
    tab: 'Files',
    title: 'Files / Images',
    label: 'File',
    table: catalog('accommodation_files'),
    fields: [ACCOMMODATION, { name: 'name', label: 'Name' }, { name: 'url', label: 'File', type: 'upload' }, { name: 'description', label: 'Description', type: 'textarea' }],
  },
];
