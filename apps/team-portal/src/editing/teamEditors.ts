import { tableRef, type AnyRow, type TableRef } from '@steward/libs/data';
import type { FieldDef } from '@steward/libs/form';
import { RECORD_STATUSES } from '@steward/libs/ui';

/** Where a team list's rows are written: the base table behind its hr.*_view, and its form. */
export type TeamEditor = { table: TableRef<AnyRow>; fields: readonly FieldDef[]; label: string };

const statusOptions = RECORD_STATUSES.map((status) => ({ value: status, label: status }));

export const groupEditor: TeamEditor = {
  table: tableRef<AnyRow>('hr', 'groups'),
  label: 'Group',
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'description', label: 'Description', type: 'textarea' },
  ],
};

export const positionEditor: TeamEditor = {
  table: tableRef<AnyRow>('hr', 'positions'),
  label: 'Position',
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'group_id', label: 'Group', relation: { schema: 'hr', table: 'groups', valueField: 'id', labelField: 'name' } },
    { name: 'description', label: 'Description', type: 'textarea' },
  ],
};

export const shiftEditor: TeamEditor = {
  table: tableRef<AnyRow>('hr', 'shifts'),
  label: 'Shift',
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'type', label: 'Type' },
    { name: 'status', label: 'Status', type: 'select', options: statusOptions, required: true },
    { name: 'start_at', label: 'Starts', type: 'datetime' },
    { name: 'end_at', label: 'Ends', type: 'datetime' },
    { name: 'position_id', label: 'Position', relation: { schema: 'hr', table: 'positions', valueField: 'id', labelField: 'name' } },
    { name: 'contact_phone', label: 'Contact phone' },
    { name: 'contact_email', label: 'Contact email', type: 'email' },
    { name: 'address_line_1', label: 'Address line 1' },
    { name: 'address_line_2', label: 'Address line 2' },
    { name: 'city', label: 'City' },
    { name: 'state', label: 'State' },
    { name: 'zip', label: 'Zip' },
  ],
};
