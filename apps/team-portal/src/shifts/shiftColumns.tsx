import type { AnyRow } from '@steward/libs/data';
import { addressColumn, contactMethodsColumn, nameColumn, ownersColumn, statusColumn, textColumn, type ListColumn } from '@steward/libs/list';

/** Shifts: Name, Type, Contact Methods, Address, Owner(s), Status. */
export const shiftColumns: readonly ListColumn<AnyRow>[] = [
  nameColumn({ href: (row) => `/Shift/${String(row.short_id)}` }),
  textColumn('type', 'Type'),
  contactMethodsColumn({ phoneField: 'contact_phone', emailField: 'contact_email' }),
  addressColumn(),
  ownersColumn(),
  statusColumn(),
];
