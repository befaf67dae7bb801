import { tableRef, type AnyRow } from '@steward/libs/data';
import { businessesView } from '../records/crmViews';
import { text } from '../records/crmRow';
import type { CrmEntity } from '../records/crmEntity';
import { BUSINESS_COLUMNS } from './businessColumns';
import { BUSINESS_ADD_FIELDS, BUSINESS_EDIT_FIELDS, BUSINESS_EDIT_SECTIONS } from './businessFields';

const businesses = tableRef<AnyRow>('crm', 'businesses');

export const businessEntity: CrmEntity = {
  kind: 'business',
  label: 'Business',
  listTitle: 'Businesses',
  listPath: '/businesses',
  detailPath: (shortId) => `/business/${shortId}`,
  view: businessesView,
  table: businesses,
  columns: BUSINESS_COLUMNS,
  editFields: BUSINESS_EDIT_FIELDS,
  editSections: BUSINESS_EDIT_SECTIONS,
  addNew: {
    table: businesses,
    fields: BUSINESS_ADD_FIELDS,
    entityLabel: 'Business',
    failureNoun: 'business',
    ownerColumn: 'business_id',
    secondary: { phone: true, email: true, address: true },
  },
  notFound: 'Business not found.',
  secondaryLine: (row) => [text(row.dba_name)].filter(Boolean).join('') || null,
  importKind: 'business',
  savedFilterKey: 'businesses_filters',
};
