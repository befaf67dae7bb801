import type { FieldDef } from '@steward/libs/form';
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
