import { tableRef, type AnyRow } from '@steward/libs/data';
import { contactsView } from '../records/crmViews';
import type { CrmEntity } from '../records/crmEntity';
import { CONTACT_COLUMNS, spouseLine } from './contactColumns';
import { CONTACT_ADD_FIELDS, CONTACT_EDIT_FIELDS, CONTACT_EDIT_SECTIONS } from './contactFields';
import { localized } from '../i18n';

const contacts = tableRef<AnyRow>('crm', 'contacts');

export const contactEntity: CrmEntity = localized<CrmEntity>(
  {
    kind: 'contact',
    label: '',
    listTitle: '',
    listPath: '/contacts',
    detailPath: (shortId) => `/contact/${shortId}`,
    view: contactsView,
    table: contacts,
    columns: CONTACT_COLUMNS,
    editFields: CONTACT_EDIT_FIELDS,
    editSections: CONTACT_EDIT_SECTIONS,
    addNew: localized<NonNullable<CrmEntity['addNew']>>(
      {
        table: contacts,
        fields: CONTACT_ADD_FIELDS,
        entityLabel: '',
        failureNoun: '',
        ownerColumn: 'contact_id',
        secondary: { phone: true, email: true, address: true },
      },
      { entityLabel: 'addNew.entity.contact', failureNoun: 'addNew.failureNoun.contact' },
    ),
    notFound: '',
    secondaryLine: spouseLine,
    importKind: 'contact',
    savedFilterKey: 'contacts_filters',
  },
  { label: 'entity.contact', listTitle: 'entity.contacts', notFound: 'notFound.contact' },
);
