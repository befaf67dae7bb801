import { DEMO_OWNER } from '../../../support/demoAccounts';

/** What supabase/seed.sql provides for the shell's journeys (see supabase/README.md). */
export const DEMO = DEMO_OWNER;
/** The demo owner's second organisation, branded differently from the first. */
export const DEMO_SECOND_ORG = 'Lakeside Community Church';
/** A Pending invitation in the demo organisation (no login yet). */
export const SEEDED_INVITE = { email: 'invited@steward.dev', name: 'Jordan Rivers', title: 'Front Desk', orgName: DEMO_OWNER.orgName, invitedBy: 'Alex Morgan' } as const;
