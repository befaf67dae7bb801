import { tableRef, type AnyRow } from '@steward/libs/data';
import { usersView } from '../records/crmViews';
import { text } from '../records/crmRow';
import type { CrmEntity } from '../records/crmEntity';
import { USER_COLUMNS } from './userColumns';
import { USER_EDIT_FIELDS } from './userFields';
import { localized } from '../i18n';

export const userEntity: CrmEntity = localized<CrmEntity>(
  {
    kind: 'user',
    label: '',
    listTitle: '',
    listPath: '/users',
    detailPath: (shortId) => `/user/${shortId}`,
    view: usersView,
    table: tableRef<AnyRow>('public', 'user_profiles'),
    columns: USER_COLUMNS,
    editFields: USER_EDIT_FIELDS,
    addNew: null,
    addNewPath: '/users/new',
    editPath: (shortId) => `/user/${shortId}/edit`,
    notFound: '',
    secondaryLine: (row) => text(row.title) || null,
    savedFilterKey: 'users_filters',
  },
  { label: 'entity.user', listTitle: 'entity.orgUsers', notFound: 'notFound.user' },
);
