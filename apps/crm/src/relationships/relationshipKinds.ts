import type { CrmKind } from '../records/crmRow';
import { later, type CrmMessageId } from '../i18n';

const { t } = later;

export type OtherKind = 'business' | 'contact' | 'household';

/**
 * What a record can be related to, from its own page. `write` says where the link is stored:
 * contacts.spouse_id (mirrored on the other side), a household's primary or secondary contact column,
 * or a crm.relationships row (`this`/`other` name its columns).
 */
export type RelationshipChoice = {
  key: string;
  /** The choice's words (a message id). */
  label: CrmMessageId;
  other: OtherKind;
  write:
    | { to: 'spouse' }
    | { to: 'household'; column: 'primary_contact_id' | 'secondary_contact_id' }
    | { to: 'relationships'; /** What the row stores (shown through relationshipTitle); null: the person types it. */ storedTitle: string | null; columns: { mine: string; other: string } };
};

export const RELATIONSHIP_CHOICES: Record<Exclude<CrmKind, 'user'>, readonly RelationshipChoice[]> = {
  contact: [
    { key: 'spouse', label: 'relationship.choice.spouse', other: 'contact', write: { to: 'spouse' } },
    { key: 'household-primary', label: 'relationship.choice.householdPrimary', other: 'household', write: { to: 'household', column: 'primary_contact_id' } },
    { key: 'household-secondary', label: 'relationship.choice.householdSecondary', other: 'household', write: { to: 'household', column: 'secondary_contact_id' } },
    { key: 'household-member', label: 'relationship.choice.householdMember', other: 'household', write: { to: 'relationships', storedTitle: 'Household member', columns: { mine: 'contact_id1', other: 'household_id1' } } },
    { key: 'works-at', label: 'relationship.choice.worksAt', other: 'business', write: { to: 'relationships', storedTitle: 'Works at', columns: { mine: 'contact_id1', other: 'business_id1' } } },
    { key: 'owner-of', label: 'relationship.choice.ownerOf', other: 'business', write: { to: 'relationships', storedTitle: 'Owner', columns: { mine: 'contact_id1', other: 'business_id1' } } },
    { key: 'contact-other', label: 'relationship.choice.contactOther', other: 'contact', write: { to: 'relationships', storedTitle: null, columns: { mine: 'contact_id1', other: 'contact_id2' } } },
  ],
  household: [
    { key: 'primary-contact', label: 'relationship.choice.primaryContact', other: 'contact', write: { to: 'household', column: 'primary_contact_id' } },
    { key: 'secondary-contact', label: 'relationship.choice.secondaryContact', other: 'contact', write: { to: 'household', column: 'secondary_contact_id' } },
    { key: 'member', label: 'relationship.choice.member', other: 'contact', write: { to: 'relationships', storedTitle: 'Household member', columns: { mine: 'household_id1', other: 'contact_id1' } } },
  ],
  business: [
    { key: 'employee', label: 'relationship.choice.employee', other: 'contact', write: { to: 'relationships', storedTitle: 'Works at', columns: { mine: 'business_id1', other: 'contact_id1' } } },
    { key: 'owner', label: 'relationship.choice.owner', other: 'contact', write: { to: 'relationships', storedTitle: 'Owner', columns: { mine: 'business_id1', other: 'contact_id1' } } },
    { key: 'business-other', label: 'relationship.choice.businessOther', other: 'business', write: { to: 'relationships', storedTitle: null, columns: { mine: 'business_id1', other: 'business_id2' } } },
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

/** The titles the database writes itself (crm.record_relationships, the choices above), in the page's language; any other is the person's own. */
const KNOWN_TITLES: Readonly<Record<string, CrmMessageId>> = {
  Spouse: 'relationship.title.spouse',
  'Primary contact': 'relationship.title.primaryContact',
  'Secondary contact': 'relationship.title.secondaryContact',
  'Household (primary contact)': 'relationship.title.householdPrimary',
  'Household (secondary contact)': 'relationship.title.householdSecondary',
  'Household member': 'relationship.title.householdMember',
  'Works at': 'relationship.title.worksAt',
  Owner: 'relationship.title.owner',
};

export const relationshipTitle = (title: string): string => {
  const id = KNOWN_TITLES[title];
  return id ? t(id) : title;
};
