import { tableRef, type AnyRow } from '@steward/libs/data';
import { householdsView } from '../records/crmViews';
import type { CrmEntity } from '../records/crmEntity';
import { HOUSEHOLD_COLUMNS } from './householdColumns';
import { HOUSEHOLD_ADD_FIELDS, HOUSEHOLD_EDIT_FIELDS, HOUSEHOLD_EDIT_SECTIONS } from './householdFields';
import { localized } from '../i18n';

const households = tableRef<AnyRow>('crm', 'households');

export const householdEntity: CrmEntity = localized<CrmEntity>(
  {
    kind: 'household',
    label: '',
    listTitle: '',
    listPath: '/households',
    detailPath: (shortId) => `/household/${shortId}`,
    view: householdsView,
    table: households,
    columns: HOUSEHOLD_COLUMNS,
    editFields: HOUSEHOLD_EDIT_FIELDS,
    editSections: HOUSEHOLD_EDIT_SECTIONS,
    addNew: localized<NonNullable<CrmEntity['addNew']>>(
      {
        table: households,
        fields: HOUSEHOLD_ADD_FIELDS,
        entityLabel: '',
        failureNoun: '',
        ownerColumn: 'household_id',
        secondary: { phone: true, email: true, address: true },
      },
      { entityLabel: 'addNew.entity.household', failureNoun: 'addNew.failureNoun.household' },
    ),
    notFound: '',
    tabsLabel: '',
    savedFilterKey: 'households_filters',
  },
  { label: 'entity.household', listTitle: 'entity.households', notFound: 'notFound.household', tabsLabel: 'household.tabs' },
);
