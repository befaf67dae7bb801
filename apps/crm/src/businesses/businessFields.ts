import type { FieldDef, FieldSection } from '@steward/libs/form';
import { LOGO_FIELD, OWNER_FIELDS, PRIMARY_OWNER_FIELD, STATUS_FIELD, fieldsOfSections } from '../records/commonFields';

const TYPE_FIELD: FieldDef = { name: 'type_id', label: 'Type', required: true, relation: { schema: 'crm', table: 'business_types', valueField: 'id', labelField: 'name' } };

/** Add New Business: name and type required. */
export const BUSINESS_ADD_FIELDS: readonly FieldDef[] = [{ name: 'name', label: 'Name', required: true }, { name: 'dba_name', label: 'DBA' }, TYPE_FIELD, PRIMARY_OWNER_FIELD];

/** The business detail's editor, in sections. */
export const BUSINESS_EDIT_SECTIONS: readonly FieldSection[] = [
  { title: 'Business', fields: [{ name: 'name', label: 'Name', required: true }, { name: 'dba_name', label: 'DBA' }, TYPE_FIELD, STATUS_FIELD] },
  { title: 'Ownership', fields: OWNER_FIELDS },
  { title: 'About', fields: [{ name: 'description', label: 'Description', type: 'textarea' }, LOGO_FIELD] },
];

export const BUSINESS_EDIT_FIELDS: readonly FieldDef[] = fieldsOfSections(BUSINESS_EDIT_SECTIONS);
