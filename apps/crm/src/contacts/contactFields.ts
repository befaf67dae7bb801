import type { FieldDef, FieldSection } from '@steward/libs/form';
import { LOGO_FIELD, OWNER_FIELDS, PRIMARY_OWNER_FIELD, STATUS_FIELD, fieldsOfSections } from '../records/commonFields';

const TYPE_FIELD: FieldDef = { name: 'type_id', label: 'Type', required: true, relation: { schema: 'crm', table: 'contact_types', valueField: 'id', labelField: 'name' } };

/** Add New Contact: name, first name, last name and type required. */
export const CONTACT_ADD_FIELDS: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'first_name', label: 'First Name', required: true },
  { name: 'last_name', label: 'Last Name', required: true },
  TYPE_FIELD,
  PRIMARY_OWNER_FIELD,
];

const SPOUSE_FIELD: FieldDef = { name: 'spouse_id', label: 'Spouse', relation: { schema: 'crm', table: 'contacts', valueField: 'id', labelField: 'name' } };

/** The contact detail's editor: every field a contact has, in sections (name, contact, personal, notes). */
export const CONTACT_EDIT_SECTIONS: readonly FieldSection[] = [
  {
    title: 'Name',
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'prefix', label: 'Prefix' },
      { name: 'first_name', label: 'First Name', required: true },
      { name: 'middle_name', label: 'Middle Name' },
      { name: 'last_name', label: 'Last Name', required: true },
      { name: 'alternate_last_name', label: 'Alternate Last Name' },
      { name: 'suffix', label: 'Suffix' },
      { name: 'nickname', label: 'Nickname' },
    ],
  },
  {
    title: 'Personal',
    fields: [TYPE_FIELD, STATUS_FIELD, { name: 'date_of_birth', label: 'Date of Birth', type: 'date' }, SPOUSE_FIELD, { name: 'height', label: 'Height' }, { name: 'weight', label: 'Weight' }],
  },
  {
    title: 'Preferences',
    fields: [
      { name: 'food_bev_notes', label: 'Food and Beverage Notes', type: 'textarea' },
      { name: 'activities_notes', label: 'Activities Notes', type: 'textarea' },
    ],
  },
  { title: 'Ownership', fields: OWNER_FIELDS },
  { title: 'About', fields: [{ name: 'description', label: 'Description', type: 'textarea' }, LOGO_FIELD] },
];

export const CONTACT_EDIT_FIELDS: readonly FieldDef[] = fieldsOfSections(CONTACT_EDIT_SECTIONS);
