import type { CrmKind } from '../records/crmRow';

export type OtherKind = 'business' | 'contact' | 'household';

/**
 * What a record can be related to, from its own page. `write` says where the link is stored:
 * contacts.spouse_id (mirrored on the other side), a household's primary or secondary contact column,
 * or a crm.relationships row (`this`/`other` name its columns).
 */
export type RelationshipChoice = {
  key: string;
  label: string;
  other: OtherKind;
  write:
    | { to: 'spouse' }
    | { to: 'household'; column: 'primary_contact_id' | 'secondary_contact_id' }
    | { to: 'relationships'; title: string | null; columns: { mine: string; other: string } };
};

export const RELATIONSHIP_CHOICES: Record<Exclude<CrmKind, 'user'>, readonly RelationshipChoice[]> = {
  contact: [
    { key: 'spouse', label: 'Spouse', other: 'contact', write: { to: 'spouse' } },
    { key: 'household-primary', label: 'Household (as primary contact)', other: 'household', write: { to: 'household', column: 'primary_contact_id' } },
    { key: 'household-secondary', label: 'Household (as secondary contact)', other: 'household', write: { to: 'household', column: 'secondary_contact_id' } },
    { key: 'household-member', label: 'Household (as member)', other: 'household', write: { to: 'relationships', title: 'Household member', columns: { mine: 'contact_id1', other: 'household_id1' } } },
    { key: 'works-at', label: 'Works at (business)', other: 'business', write: { to: 'relationships', title: 'Works at', columns: { mine: 'contact_id1', other: 'business_id1' } } },
    { key: 'owner-of', label: 'Owner of (business)', other: 'business', write: { to: 'relationships', title: 'Owner', columns: { mine: 'contact_id1', other: 'business_id1' } } },
    { key: 'contact-other', label: 'Other contact', other: 'contact', write: { to: 'relationships', title: null, columns: { mine: 'contact_id1', other: 'contact_id2' } } },
  ],
  household: [
    { key: 'primary-contact', label: 'Primary contact', other: 'contact', write: { to: 'household', column: 'primary_contact_id' } },
    { key: 'secondary-contact', label: 'Secondary contact', other: 'contact', write: { to: 'household', column: 'secondary_contact_id' } },
    { key: 'member', label: 'Member', other: 'contact', write: { to: 'relationships', title: 'Household member', columns: { mine: 'household_id1', other: 'contact_id1' } } },
  ],
  business: [
    { key: 'employee', label: 'Works here (contact)', other: 'contact', write: { to: 'relationships', title: 'Works at', columns: { mine: 'business_id1', other: 'contact_id1' } } },
    { key: 'owner', label: 'Owner (contact)', other: 'contact', write: { to: 'relationships', title: 'Owner', columns: { mine: 'business_id1', other: 'contact_id1' } } },
    { key: 'business-other', label: 'Other business', other: 'business', write: { to: 'relationships', title: null, columns: { mine: 'business_id1', other: 'business_id2' } } },
  ],
};

export const DETAIL_PATH: Record<OtherKind, (shortId: string) => string> = {
  business: (shortId) => `/business/${shortId}`,
  contact: (shortId) => `/contact/${shortId}`,
  household: (shortId) => `/household/${shortId}`,
};

export const OTHER_TABLE: Record<OtherKind, string> = { business: 'businesses', contact: 'contacts', household: 'households' };

/** One line of the Relationships tab, as crm.record_relationships returns it. */
export type RelationshipRow = {
  source: 'relationship' | 'spouse' | 'household_primary' | 'household_secondary';
  source_id: string;
  title: string;
  notes: string | null;
  other_kind: OtherKind;
  other_id: string;
  other_name: string | null;
  other_short_id: string | null;
  created_at: string | null;
};
