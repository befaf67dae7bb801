import type { FieldDef, FieldSection } from '@steward/libs/form';
import { LOGO_FIELD, OWNER_FIELDS, PRIMARY_OWNER_FIELD, STATUS_FIELD, field, section, fieldsOfSections } from '../records/commonFields';

const TYPE_FIELD: FieldDef = field('type_id', 'field.type', { required: true, relation: { schema: 'crm', table: 'contact_types', valueField: 'id', labelField: 'name' } });

/** Add New Contact: name, first name, last name and type required. */
export const CONTACT_ADD_FIELDS: readonly FieldDef[] = [
  field('name', 'field.name', { required: true }),
  field('first_name', 'field.firstName', { required: true }),
  field('last_name', 'field.lastName', { required: true }),
  TYPE_FIELD,
  PRIMARY_OWNER_FIELD,
];

const SPOUSE_FIELD: FieldDef = field('spouse_id', 'field.spouse', { relation: { schema: 'crm', table: 'contacts', valueField: 'id', labelField: 'name' } });

/** The contact detail's editor: every field a contact has, in sections (name, contact, personal, notes). */
export const CONTACT_EDIT_SECTIONS: readonly FieldSection[] = [
  section('section.name', [
    field('name', 'field.name', { required: true }),
    field('prefix', 'field.prefix'),
    field('first_name', 'field.firstName', { required: true }),
    field('middle_name', 'field.middleName'),
    field('last_name', 'field.lastName', { required: true }),
    field('alternate_last_name', 'field.alternateLastName'),
    field('suffix', 'field.suffix'),
    field('nickname', 'field.nickname'),
  ]),
  section('section.personal', [TYPE_FIELD, STATUS_FIELD, field('date_of_birth', 'field.dateOfBirth', { type: 'date' }), SPOUSE_FIELD, field('height', 'field.height'), field('weight', 'field.weight')]),
  section('section.preferences', [field('food_bev_notes', 'field.foodBevNotes', { type: 'textarea' }), field('activities_notes', 'field.activitiesNotes', { type: 'textarea' })]),
  section('section.ownership', OWNER_FIELDS),
  section('section.about', [field('description', 'field.description', { type: 'textarea' }), LOGO_FIELD]),
];

export const CONTACT_EDIT_FIELDS: readonly FieldDef[] = fieldsOfSections(CONTACT_EDIT_SECTIONS);
