import { tableRef, type AnyRow, type TableRef } from '@steward/libs/data';
import type { FieldDef } from '@steward/libs/form';
import { RECORD_STATUS_OPTIONS } from '@steward/libs/ui';
import type { TeamPortalT } from '../i18n';

/** Where a team list's rows are written: the base table behind its hr.*_view, and its form. */
export type TeamEditor = { table: TableRef<AnyRow>; fields: readonly FieldDef[]; label: string };

/** A list's editor in the page's language. */
export type TeamEditorOf = (t: TeamPortalT) => TeamEditor;

export const groupEditor: TeamEditorOf = (t) => ({
  table: tableRef<AnyRow>('hr', 'groups'),
  label: t('groups.group'),
  fields: [
    { name: 'name', label: t('field.name'), required: true },
    { name: 'description', label: t('field.description'), type: 'textarea' },
  ],
});

export const positionEditor: TeamEditorOf = (t) => ({
  table: tableRef<AnyRow>('hr', 'positions'),
  label: t('positions.position'),
  fields: [
    { name: 'name', label: t('field.name'), required: true },
    { name: 'group_id', label: t('field.group'), relation: { schema: 'hr', table: 'groups', valueField: 'id', labelField: 'name' } },
    { name: 'description', label: t('field.description'), type: 'textarea' },
  ],
});

export const shiftEditor: TeamEditorOf = (t) => ({
  table: tableRef<AnyRow>('hr', 'shifts'),
  label: t('shifts.shift'),
  fields: [
    { name: 'name', label: t('field.name'), required: true },
    { name: 'type', label: t('field.type') },
    { name: 'status', label: t('field.status'), type: 'select', options: [...RECORD_STATUS_OPTIONS], required: true },
    { name: 'start_at', label: t('shifts.field.starts'), type: 'datetime' },
    { name: 'end_at', label: t('shifts.field.ends'), type: 'datetime' },
    { name: 'position_id', label: t('positions.position'), relation: { schema: 'hr', table: 'positions', valueField: 'id', labelField: 'name' } },
    { name: 'contact_phone', label: t('shifts.field.contactPhone') },
    { name: 'contact_email', label: t('shifts.field.contactEmail'), type: 'email' },
    { name: 'address_line_1', label: t('shifts.field.addressLine1') },
    { name: 'address_line_2', label: t('shifts.field.addressLine2') },
    { name: 'city', label: t('shifts.field.city') },
    { name: 'state', label: t('shifts.field.state') },
    { name: 'zip', label: t('shifts.field.zip') },
  ],
});
