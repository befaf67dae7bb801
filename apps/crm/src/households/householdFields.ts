import type { FieldDef, FieldSection } from '@steward/libs/form';
import { LOGO_FIELD, OWNER_FIELDS, PRIMARY_OWNER_FIELD, STATUS_FIELD, field, section, fieldsOfSections } from '../records/commonFields';
import type { CrmMessageId } from '../i18n';

const contact = (name: string, label: CrmMessageId): FieldDef => field(name, label, { relation: { schema: 'crm', table: 'contacts', valueField: 'id', labelField: 'name' } });

/** Add New Household: the name is required; the primary and secondary contacts are chosen from contacts. */
export const HOUSEHOLD_ADD_FIELDS: readonly FieldDef[] = [
  field('name', 'field.name', { required: true }),
  contact('primary_contact_id', 'field.primaryContact'),
  contact('secondary_contact_id', 'field.secondaryContact'),
  PRIMARY_OWNER_FIELD,
];

/** The household detail's editor, in sections. */
export const HOUSEHOLD_EDIT_SECTIONS: readonly FieldSection[] = [
  section('section.household', [field('name', 'field.name', { required: true }), STATUS_FIELD, field('preferred_addressee', 'field.preferredAddressee'), field('preferred_salutation', 'field.preferredSalutation')]),
  section('section.members', [contact('primary_contact_id', 'field.primaryContact'), contact('secondary_contact_id', 'field.secondaryContact')]),
  section('section.ownership', OWNER_FIELDS),
  section('section.about', [field('description', 'field.description', { type: 'textarea' }), LOGO_FIELD]),
];

export const HOUSEHOLD_EDIT_FIELDS: readonly FieldDef[] = fieldsOfSections(HOUSEHOLD_EDIT_SECTIONS);
