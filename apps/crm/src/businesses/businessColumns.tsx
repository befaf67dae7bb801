import { addressColumn, contactMethodsColumn, nameColumn, ownersColumn, statusColumn, textColumn, type ListColumn } from '@steward/libs/list';
import { text, type CrmRow } from '../records/crmRow';

/** Businesses list: Name with the dba line, Type, Contact Methods, Address, Owner(s), Status. */
export const BUSINESS_COLUMNS: readonly ListColumn<CrmRow>[] = [
  nameColumn<CrmRow>({ href: (row) => `/business/${row.short_id}`, beneath: (row) => text(row.dba_name) || null, reads: ['short_id', 'dba_name'] }),
  textColumn<CrmRow>('type_name', 'Type'),
  contactMethodsColumn<CrmRow>(),
  addressColumn<CrmRow>(),
  ownersColumn<CrmRow>(),
  statusColumn<CrmRow>(),
];
