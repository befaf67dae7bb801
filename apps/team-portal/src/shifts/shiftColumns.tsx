import type { AnyRow } from '@steward/libs/data';
import { addressColumn, contactMethodsColumn, nameColumn, ownersColumn, statusColumn, textColumn, type ListColumn } from '@steward/libs/list';
import type { TeamPortalT } from '../i18n';

/** Shifts: Name, Type, Contact Methods, Address, Owner(s), Status. */
export const shiftColumns = (t: TeamPortalT): readonly ListColumn<AnyRow>[] => [
  nameColumn({ title: t('field.name'), href: (row) => `/Shift/${String(row.short_id)}` }),
  textColumn('type', t('field.type')),
  contactMethodsColumn({ phoneField: 'contact_phone', emailField: 'contact_email', title: t('shifts.column.contactMethods') }),
  addressColumn(t('shifts.column.address')),
  ownersColumn(t('shifts.column.owners')),
  statusColumn(t('field.status')),
];
