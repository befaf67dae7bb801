import { Link } from 'react-router';
import type { AnyRow } from '@steward/libs/data-access';
import type { AddNewConfig, FieldDef } from '@steward/libs/editor';
import { addressColumn, contactMethodsColumn, nameColumn, ownersColumn, statusColumn, type ListColumn } from '@steward/libs/list';
import { RecordDetailPage } from '../records/RecordDetailPage';
import { RecordListPage } from '../records/RecordListPage';
import { LOGO_FIELD, STATUS_FIELD, ownerField } from '../records/recordFields';
import { CONTACT, HOUSEHOLD } from '../records/recordKinds';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function primaryContacts(row: AnyRow) {
  return [
    { name: text(row.primary_contact_name), shortId: text(row.primary_contact_short_id) },
    { name: text(row.secondary_contact_name), shortId: text(row.secondary_contact_short_id) },
  ].filter((contact) => contact.name);
}

/** Households list (000 §2): Name, Primary Contacts, Contact Methods, Address, Owner(s), Status. */
export const householdColumns: readonly ListColumn<AnyRow>[] = [
  nameColumn({ href: (row) => HOUSEHOLD.detailPath(String(row.short_id)) }),
  {
    key: 'primary_contacts',
    title: 'Primary Contacts',
    field: 'primary_contact_name',
    filterable: true,
    render: (row) => {
      const contacts = primaryContacts(row);
      if (contacts.length === 0) return '—';
      return contacts.map((contact, index) => (
        <span key={`${contact.shortId}-${index}`}>
          {index > 0 ? ', ' : null}
          {contact.shortId ? <Link to={CONTACT.detailPath(contact.shortId)}>{contact.name}</Link> : contact.name}
        </span>
      ));
    },
    exportValue: (row) => primaryContacts(row).map((contact) => contact.name).join(', '),
  },
  contactMethodsColumn(),
  addressColumn(),
  ownersColumn(),
  statusColumn(),
];

const contactRelation = { schema: 'crm' as const, table: 'contacts', valueField: 'id', labelField: 'name' };

export const householdFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'preferred_addressee', label: 'Preferred addressee' },
  { name: 'preferred_salutation', label: 'Preferred salutation' },
  { name: 'primary_contact_id', label: 'Primary contact', relation: contactRelation },
  { name: 'secondary_contact_id', label: 'Secondary contact', relation: contactRelation },
  STATUS_FIELD,
  { name: 'description', label: 'Description', type: 'textarea' },
  ownerField('primary_owner_id', 'Primary owner'),
  ownerField('secondary_owner_id', 'Secondary owner'),
  LOGO_FIELD,
];

export const addHousehold: AddNewConfig<AnyRow> = {
  table: HOUSEHOLD.table,
  entityLabel: 'Household',
  failureNoun: 'household',
  ownerColumn: 'household_id',
  secondary: { phone: true, email: true, address: true },
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'primary_contact_id', label: 'Primary contact', relation: contactRelation },
  ],
};

export function HouseholdsPage() {
  return <RecordListPage title="Households" view={HOUSEHOLD.view} columns={householdColumns} addNew={addHousehold} />;
}

export function HouseholdDetailPage() {
  return <RecordDetailPage kind={HOUSEHOLD} fields={householdFields} />;
}
