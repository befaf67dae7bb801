import { customIdOf } from '@steward/libs/data';
import type { FieldDef } from '@steward/libs/form';
import type { ListColumn } from '../listColumn';
import type { BulkField } from '../useListPage';

/** The fields a bulk change may set where a table has them — the same list as app.bulk_field_allowed. */
export const BULK_FIELD_NAMES = ['status', 'type_id', 'primary_owner_id', 'secondary_owner_id', 'owner_id', 'assignee_id', 'priority'] as const;

/** A list's bulk fields, taken from its editor's fields (their labels, choices and related tables). */
export function bulkFieldsOf(fields: readonly FieldDef[]): BulkField[] {
  const names: readonly string[] = BULK_FIELD_NAMES;
  return fields
    .filter((field) => names.includes(field.name) && !field.readOnly && !field.hidden && (field.options || field.relation))
    .map((field) => ({ field: field.name, label: field.label, options: field.options?.map((option) => ({ value: String(option.value), label: String(option.label) })), relation: field.relation }));
}

/**
 * The organisation's fields a selection can be set to (a choice, Yes/No): from the list's columns of
 * those fields that offer their values for a bulk change (customColumn's `bulkOptions`).
 */
export function customBulkFieldsOf<Row>(columns: readonly ListColumn<Row>[]): BulkField[] {
  return columns.flatMap((column) => {
    const field = column.field ?? column.key;
    return column.bulkOptions && customIdOf(field) !== null ? [{ field, label: column.title, options: column.bulkOptions }] : [];
  });
}

/**
 * What a bulk change sends for a field set to a picked value: the column itself, or for an
 * organisation's field its key of `custom` (Yes/No as true/false), as bulk_update takes it.
 */
export function bulkChangeOf(field: string, value: string): Record<string, unknown> {
  const id = customIdOf(field);
  if (id === null) return { [field]: value };
  return { custom: { [id]: value === 'true' ? true : value === 'false' ? false : value } };
}
