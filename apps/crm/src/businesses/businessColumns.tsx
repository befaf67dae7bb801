import { addressColumn, contactMethodsColumn, nameColumn, ownersColumn, statusColumn, textColumn, type ListColumn } from '@steward/libs/list';
import { text, type CrmRow } from '../records/crmRow';
import { localized } from '../i18n';

/** Businesses list: Name with the dba line, Type, Contact Methods, Address, Owner(s), Status. */
export const BUSINESS_COLUMNS: readonly ListColumn<CrmRow>[] = [
  nameColumn<CrmRow>({ href: (row) => `/business/${row.short_id}`, beneath: (row) => text(row.dba_name) || null, reads: ['short_id', 'dba_name'] }),
  localized(textColumn<CrmRow>('type_name', ''), { title: 'column.type' }),
  contactMethodsColumn<CrmRow>(),
  addressColumn<CrmRow>(),
  ownersColumn<CrmRow>(),
  statusColumn<CrmRow>(),
];
