import type { FieldDef, FieldSection } from '@steward/libs/form';
import { LOGO_FIELD, OWNER_FIELDS, PRIMARY_OWNER_FIELD, STATUS_FIELD, fieldsOfSections } from '../records/commonFields';

const contact = (name: string, label: string): FieldDef => ({ name, label, relation: { schema: 'crm', table: 'contacts', valueField: 'id', labelField: 'name' } });

/** Add New Household: the name is required; the primary and secondary contacts are chosen from contacts. */
export const HOUSEHOLD_ADD_FIELDS: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  contact('primary_contact_id', 'Primary Contact'),
  contact('secondary_contact_id', 'Secondary Contact'),
  PRIMARY_OWNER_FIELD,
];

/** The household detail's editor, in sections. */
export const HOUSEHOLD_EDIT_SECTIONS: readonly FieldSection[] = [
  {
    title: 'Household',
    fields: [
      { name: 'name', label: 'Name', required: true },
      STATUS_FIELD,
      { name: 'preferred_addressee', label: 'Preferred Addressee' },
      { name: 'preferred_salutation', label: 'Preferred Salutation' },
    ],
  },
  { title: 'Members', fields: [contact('primary_contact_id', 'Primary Contact'), contact('secondary_contact_id', 'Secondary Contact')] },
  { title: 'Ownership', fields: OWNER_FIELDS },
  { title: 'About', fields: [{ name: 'description', label: 'Description', type: 'textarea' }, LOGO_FIELD] },
];

export const HOUSEHOLD_EDIT_FIELDS: readonly FieldDef[] = fieldsOfSections(HOUSEHOLD_EDIT_SECTIONS);
