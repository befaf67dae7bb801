import { tableRef, type AnyRow } from '@steward/libs/data';
import { householdsView } from '../records/crmViews';
import type { CrmEntity } from '../records/crmEntity';
import { HOUSEHOLD_COLUMNS } from './householdColumns';
import { HOUSEHOLD_ADD_FIELDS, HOUSEHOLD_EDIT_FIELDS, HOUSEHOLD_EDIT_SECTIONS } from './householdFields';

const households = tableRef<AnyRow>('crm', 'households');

export const householdEntity: CrmEntity = {
  kind: 'household',
  label: 'Household',
  listTitle: 'Households',
  listPath: '/households',
  detailPath: (shortId) => `/household/${shortId}`,
  view: householdsView,
  table: households,
  columns: HOUSEHOLD_COLUMNS,
  editFields: HOUSEHOLD_EDIT_FIELDS,
  editSections: HOUSEHOLD_EDIT_SECTIONS,
  addNew: {
    table: households,
    fields: HOUSEHOLD_ADD_FIELDS,
    entityLabel: 'Household',
    failureNoun: 'household',
    ownerColumn: 'household_id',
    secondary: { phone: true, email: true, address: true },
  },
  notFound: 'Household not found.',
  tabsLabel: 'Household sections',
  savedFilterKey: 'households_filters',
};
