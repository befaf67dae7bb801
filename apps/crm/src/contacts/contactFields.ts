import type { FieldDef } from '@steward/libs/editor';
import { LOGO_FIELD, OWNER_FIELDS, PRIMARY_OWNER_FIELD, STATUS_FIELD } from '../records/commonFields';

const TYPE_FIELD: FieldDef = { name: 'type_id', label: 'Type', required: true, relation: { schema: 'crm', table: 'contact_types', valueField: 'id', labelField: 'name' } };

/** Add New Contact: name, first name, last name and type required. */
export const CONTACT_ADD_FIELDS: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'first_name', label: 'First Name', required: true },
  { name: 'last_name', label: 'Last Name', required: true },
  TYPE_FIELD,
  PRIMARY_OWNER_FIELD,
];

export const CONTACT_EDIT_FIELDS: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'prefix', label: 'Prefix' },
  { name: 'first_name', label: 'First Name', required: true },
  { name: 'middle_name', label: 'Middle Name' },
  { name: 'last_name', label: 'Last Name', required: true },
  { name: 'suffix', label: 'Suffix' },
  { name: 'nickname', label: 'Nickname' },
  TYPE_FIELD,
  STATUS_FIELD,
  { name: 'date_of_birth', label: 'Date of Birth', type: 'date' },
  ...OWNER_FIELDS,
  { name: 'description', label: 'Description', type: 'textarea' },
  LOGO_FIELD,
];
