import { addressColumn, contactMethodsColumn, nameColumn, ownersColumn, statusColumn, textColumn, type ListColumn } from '@steward/libs/list';
import { text, type CrmRow } from '../records/crmRow';
import { localized, t } from '../i18n';

/** "Spouse: …" beneath a contact's name when a spouse exists. */
export const spouseLine = (row: CrmRow): string | null => (text(row.spouse_name) ? t('contact.spouseLine', { name: text(row.spouse_name) }) : null);

/**
 * Contacts list: the businesses pattern, "Spouse: …" beneath the name. The list asks contacts_view for
 * what these columns read (ListColumn.reads), so a column added here reaches the screen with its data.
 */
export const CONTACT_COLUMNS: readonly ListColumn<CrmRow>[] = [
  nameColumn<CrmRow>({ href: (row) => `/contact/${row.short_id}`, beneath: spouseLine, reads: ['short_id', 'spouse_name'] }),
  localized(textColumn<CrmRow>('type_name', ''), { title: 'column.type' }),
  contactMethodsColumn<CrmRow>(),
  addressColumn<CrmRow>(),
  ownersColumn<CrmRow>(),
  statusColumn<CrmRow>(),
];
