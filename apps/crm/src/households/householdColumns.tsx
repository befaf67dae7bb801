import { Link } from '@steward/libs/router';
import { addressColumn, contactMethodsColumn, nameColumn, ownersColumn, statusColumn, type ListColumn } from '@steward/libs/list';
import { text, type CrmRow } from '../records/crmRow';
import { localized } from '../i18n';

const primaryContacts = (row: CrmRow) =>
  [
    { name: text(row.primary_contact_name), shortId: text(row.primary_contact_short_id) },
    { name: text(row.secondary_contact_name), shortId: text(row.secondary_contact_short_id) },
  ].filter((contact) => contact.name);

/** Primary Contacts: the household's primary and secondary contact, linking to /contact/{short_id}. */
export function primaryContactsColumn(): ListColumn<CrmRow> {
  return localized<ListColumn<CrmRow>>({
    key: 'primary_contacts',
    title: '',
    field: 'primary_contact_name',
    reads: ['primary_contact_name', 'primary_contact_short_id', 'secondary_contact_name', 'secondary_contact_short_id'],
    filterable: true,
    render: (row) => {
      const list = primaryContacts(row);
      if (list.length === 0) return '—';
      return list.map((contact, index) => (
        <span key={`${contact.shortId}-${index}`}>
          {index > 0 ? ', ' : null}
          {contact.shortId ? <Link to={`/contact/${contact.shortId}`}>{contact.name}</Link> : contact.name}
        </span>
      ));
    },
    exportValue: (row) => primaryContacts(row).map((contact) => contact.name).join(', '),
  }, { title: 'column.primaryContacts' });
}

/** Households list: Name, Primary Contacts, Contact Methods, Address, Owner(s), Status. */
export const HOUSEHOLD_COLUMNS: readonly ListColumn<CrmRow>[] = [
  nameColumn<CrmRow>({ href: (row) => `/household/${row.short_id}`, reads: ['short_id'] }),
  primaryContactsColumn(),
  contactMethodsColumn<CrmRow>(),
  addressColumn<CrmRow>(),
  ownersColumn<CrmRow>(),
  statusColumn<CrmRow>(),
];
