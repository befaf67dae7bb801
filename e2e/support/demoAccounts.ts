/** Accounts created by supabase/seed.sql (see supabase/README.md). */
export const DEMO_OWNER = { email: 'demo@steward.dev', password: 'Steward-demo-2026', orgName: 'Cedar Grove Outfitters' } as const;
