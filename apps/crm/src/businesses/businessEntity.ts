import { tableRef, type AnyRow } from '@steward/libs/data';
import { businessesView } from '../records/crmViews';
import { text } from '../records/crmRow';
import type { CrmEntity } from '../records/crmEntity';
import { BUSINESS_COLUMNS } from './businessColumns';
import { BUSINESS_ADD_FIELDS, BUSINESS_EDIT_FIELDS, BUSINESS_EDIT_SECTIONS } from './businessFields';
import { localized } from '../i18n';

const businesses = tableRef<AnyRow>('crm', 'businesses');

export const businessEntity: CrmEntity = localized<CrmEntity>(
  {
    kind: 'business',
    label: '',
    listTitle: '',
    listPath: '/businesses',
    detailPath: (shortId) => `/business/${shortId}`,
    view: businessesView,
    table: businesses,
    columns: BUSINESS_COLUMNS,
    editFields: BUSINESS_EDIT_FIELDS,
    editSections: BUSINESS_EDIT_SECTIONS,
    addNew: localized<NonNullable<CrmEntity['addNew']>>(
      {
        table: businesses,
        fields: BUSINESS_ADD_FIELDS,
        entityLabel: '',
        failureNoun: '',
        ownerColumn: 'business_id',
        secondary: { phone: true, email: true, address: true },
      },
      { entityLabel: 'addNew.entity.business', failureNoun: 'addNew.failureNoun.business' },
    ),
    notFound: '',
    secondaryLine: (row) => [text(row.dba_name)].filter(Boolean).join('') || null,
    importKind: 'business',
    savedFilterKey: 'businesses_filters',
  },
  { label: 'entity.business', listTitle: 'entity.businesses', notFound: 'notFound.business' },
);
