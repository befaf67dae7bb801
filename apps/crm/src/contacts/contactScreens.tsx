import type { AnyRow } from '@steward/libs/data-access';
import type { AddNewConfig, FieldDef } from '@steward/libs/editor';
import { addressColumn, contactMethodsColumn, nameColumn, ownersColumn, statusColumn, textColumn, type ListColumn } from '@steward/libs/list';
import { RecordDetailPage } from '../records/RecordDetailPage';
import { RecordListPage } from '../records/RecordListPage';
import { LOGO_FIELD, STATUS_FIELD, ownerField } from '../records/recordFields';
import { CONTACT } from '../records/recordKinds';

const TYPE_FIELD: FieldDef = { name: 'type_id', label: 'Type', required: true, relation: { schema: 'crm', table: 'contact_types', valueField: 'id', labelField: 'name' } };

/** Contacts list (000 §2): the business columns, with "Spouse: …" beneath the name. */
export const contactColumns: readonly ListColumn<AnyRow>[] = [
  nameColumn({ href: (row) => CONTACT.detailPath(String(row.short_id)), beneath: (row) => (row.spouse_name ? `Spouse: ${String(row.spouse_name)}` : null) }),
  textColumn('type_name', 'Type'),
  contactMethodsColumn(),
  addressColumn(),
  ownersColumn(),
  statusColumn(),
];

export const contactFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'prefix', label: 'Prefix' },
  { name: 'first_name', label: 'First name', required: true },
  { name: 'middle_name', label: 'Middle name' },
  { name: 'last_name', label: 'Last name', required: true },
  { name: 'suffix', label: 'Suffix' },
  { name: 'nickname', label: 'Nickname' },
  TYPE_FIELD,
  STATUS_FIELD,
  { name: 'date_of_birth', label: 'Date of birth', type: 'date' },
  { name: 'spouse_id', label: 'Spouse', relation: { schema: 'crm', table: 'contacts', valueField: 'id', labelField: 'name' } },
  { name: 'description', label: 'Description', type: 'textarea' },
  ownerField('primary_owner_id', 'Primary owner'),
  ownerField('secondary_owner_id', 'Secondary owner'),
  LOGO_FIELD,
];

/** Add New Contact (000 §5): name, first name, last name and type required; labelled phone and e-mail. */
export const addContact: AddNewConfig<AnyRow> = {
  table: CONTACT.table,
  entityLabel: 'Contact',
  failureNoun: 'contact',
  ownerColumn: 'contact_id',
  secondary: { phone: true, email: true, address: true },
  labelContactMethods: true,
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'first_name', label: 'First name', required: true },
    { name: 'last_name', label: 'Last name', required: true },
    TYPE_FIELD,
  ],
};

export function ContactsPage() {
  return <RecordListPage title="Contacts" view={CONTACT.view} columns={contactColumns} addNew={addContact} />;
}

export function ContactDetailPage() {
  return <RecordDetailPage kind={CONTACT} fields={contactFields} />;
}
