import { tableRef, type AnyRow } from '@steward/libs/data';
import { contactsView } from '../records/crmViews';
import type { CrmEntity } from '../records/crmEntity';
import { CONTACT_COLUMNS, spouseLine } from './contactColumns';
import { CONTACT_ADD_FIELDS, CONTACT_EDIT_FIELDS, CONTACT_EDIT_SECTIONS } from './contactFields';

const contacts = tableRef<AnyRow>('crm', 'contacts');

export const contactEntity: CrmEntity = {
  kind: 'contact',
  label: 'Contact',
  listTitle: 'Contacts',
  listPath: '/contacts',
  detailPath: (shortId) => `/contact/${shortId}`,
  view: contactsView,
  table: contacts,
  columns: CONTACT_COLUMNS,
  editFields: CONTACT_EDIT_FIELDS,
  editSections: CONTACT_EDIT_SECTIONS,
  addNew: {
    table: contacts,
    fields: CONTACT_ADD_FIELDS,
    entityLabel: 'Contact',
    failureNoun: 'contact',
    ownerColumn: 'contact_id',
    secondary: { phone: true, email: true, address: true },
  },
  notFound: 'Contact not found.',
  secondaryLine: spouseLine,
  importKind: 'contact',
  savedFilterKey: 'contacts_filters',
};
