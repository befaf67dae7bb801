import type { OwnerColumn } from '../addNew';

/** One row of a CRM read view (businesses_view, contacts_view, households_view, user_profiles_view). */
export type CrmRow = Record<string, unknown> & {
  id: string;
  short_id: string;
  name: string | null;
  org_name: string;
};

export type CrmKind = 'business' | 'contact' | 'household' | 'user';

/** The column that links contact methods, addresses and notes to a record of each kind. */
export const OWNER_COLUMN: Record<CrmKind, OwnerColumn> = {
  business: 'business_id',
  contact: 'contact_id',
  household: 'household_id',
  user: 'user_id',
};

export const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
