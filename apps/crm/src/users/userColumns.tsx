import { addressColumn, contactMethodsColumn, nameColumn, statusColumn, textColumn, type ListColumn } from '@steward/libs/list';
import { text, type CrmRow } from '../records/crmRow';
import { localized } from '../i18n';

/** Users list: Name with the title beneath, Role Name, Contact Methods, Address, Status. */
export const USER_COLUMNS: readonly ListColumn<CrmRow>[] = [
  nameColumn<CrmRow>({ href: (row) => `/user/${row.short_id}`, beneath: (row) => text(row.title) || null, reads: ['short_id', 'title'] }),
  localized(textColumn<CrmRow>('role_name', ''), { title: 'column.roleName' }),
  contactMethodsColumn<CrmRow>(),
  // user_profiles_view keeps two address lines.
  localized(addressColumn<CrmRow>('', { thirdLine: false }), { title: 'column.address' }),
  statusColumn<CrmRow>(),
];
