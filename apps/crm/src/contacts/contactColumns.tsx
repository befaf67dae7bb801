import { addressColumn, contactMethodsColumn, nameColumn, ownersColumn, statusColumn, textColumn, type ListColumn } from '@steward/libs/list';
import { text, type CrmRow } from '../records/crmRow';

/** "Spouse: …" beneath a contact's name when a spouse exists. */
export const spouseLine = (row: CrmRow): string | null => (text(row.spouse_name) ? `Spouse: ${text(row.spouse_name)}` : null);

/** Contacts list: the businesses pattern, "Spouse: …" beneath the name. */
export const CONTACT_COLUMNS: readonly ListColumn<CrmRow>[] = [
  nameColumn<CrmRow>({ href: (row) => `/contact/${row.short_id}`, beneath: spouseLine }),
  textColumn<CrmRow>('type_name', 'Type'),
  contactMethodsColumn<CrmRow>(),
  addressColumn<CrmRow>(),
  ownersColumn<CrmRow>(),
  statusColumn<CrmRow>(),
];
