import { tableRef, type AnyRow, type TableRef } from '@steward/libs/data-access';

/** The column that ties contact methods, addresses and notes to their record. */
export type OwnerColumn = 'business_id' | 'contact_id' | 'household_id';

/** What differs between the three CRM record kinds; their screens are otherwise one composition. */
export type RecordKind = {
  /** 'Business', 'Contact', 'Household': titles ("Business: Acme") and the page title fallback. */
  label: string;
  /** The base table written by the editors. */
  table: TableRef<AnyRow>;
  /** The read view (owners, primary phone, e-mail and address joined in). */
  view: TableRef<AnyRow>;
  ownerColumn: OwnerColumn;
  listPath: string;
  detailPath: (shortId: string) => string;
  notFound: string;
  /** Accessible name of the detail's tab bar. */
  tabsLabel: string;
};

export const BUSINESS: RecordKind = {
  label: 'Business',
  table: tableRef('crm', 'businesses'),
  view: tableRef('crm', 'businesses_view'),
  ownerColumn: 'business_id',
  listPath: '/businesses',
  detailPath: (shortId) => `/business/${shortId}`,
  notFound: 'Business not found.',
  tabsLabel: 'Business sections',
};

export const CONTACT: RecordKind = {
  label: 'Contact',
  table: tableRef('crm', 'contacts'),
  view: tableRef('crm', 'contacts_view'),
  ownerColumn: 'contact_id',
  listPath: '/contacts',
  detailPath: (shortId) => `/contact/${shortId}`,
  notFound: 'Contact not found.',
  tabsLabel: 'Contact sections',
};

export const HOUSEHOLD: RecordKind = {
  label: 'Household',
  table: tableRef('crm', 'households'),
  view: tableRef('crm', 'households_view'),
  ownerColumn: 'household_id',
  listPath: '/households',
  detailPath: (shortId) => `/household/${shortId}`,
  notFound: 'Household not found.',
  tabsLabel: 'Household sections',
};
