import { addressColumn, contactMethodsColumn, nameColumn, statusColumn, textColumn, type ListColumn } from '@steward/libs/list';
import { text, type CrmRow } from '../records/crmRow';

/** Users list: Name with the title beneath, Role Name, Contact Methods, Address, Status. */
export const USER_COLUMNS: readonly ListColumn<CrmRow>[] = [
  nameColumn<CrmRow>({ href: (row) => `/user/${row.short_id}`, beneath: (row) => text(row.title) || null, reads: ['short_id', 'title'] }),
  textColumn<CrmRow>('role_name', 'Role Name'),
  contactMethodsColumn<CrmRow>(),
  // user_profiles_view keeps two address lines.
  addressColumn<CrmRow>('Address', { thirdLine: false }),
  statusColumn<CrmRow>(),
];
