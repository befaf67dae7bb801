import type { FieldDef, FieldSection } from '@steward/libs/form';
import { LOGO_FIELD, OWNER_FIELDS, PRIMARY_OWNER_FIELD, STATUS_FIELD, field, section, fieldsOfSections } from '../records/commonFields';

const TYPE_FIELD: FieldDef = field('type_id', 'field.type', { required: true, relation: { schema: 'crm', table: 'business_types', valueField: 'id', labelField: 'name' } });

/** Add New Business: name and type required. */
export const BUSINESS_ADD_FIELDS: readonly FieldDef[] = [field('name', 'field.name', { required: true }), field('dba_name', 'field.dba'), TYPE_FIELD, PRIMARY_OWNER_FIELD];

/** The business detail's editor, in sections. */
export const BUSINESS_EDIT_SECTIONS: readonly FieldSection[] = [
  section('section.business', [field('name', 'field.name', { required: true }), field('dba_name', 'field.dba'), TYPE_FIELD, STATUS_FIELD]),
  section('section.ownership', OWNER_FIELDS),
  section('section.about', [field('description', 'field.description', { type: 'textarea' }), LOGO_FIELD]),
];

export const BUSINESS_EDIT_FIELDS: readonly FieldDef[] = fieldsOfSections(BUSINESS_EDIT_SECTIONS);
