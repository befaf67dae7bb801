import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient, testStack } from '@steward/supabase/testing';

/** The seeded account and its primary organisation (supabase/seed.sql). */
export const DEMO_EMAIL = 'demo@steward.dev';
export const DEMO_PASSWORD = 'Steward-demo-2026';
export const DEMO_ORG = 'Cedar Grove Outfitters';
export const HARBOR_EMAIL = 'owner@harbor.steward.dev';
export const HARBOR_PASSWORD = 'Harbor-demo-2026';

/** A client signed in as a seeded user, the way the app's client is after sign-in. */
export async function signedInClient(email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<SupabaseClient> {
  const stack = testStack();
  const client = createTestClient(stack.apiUrl, stack.anonKey);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`Sign-in as ${email} failed: ${error.message}`);
  return client;
}

export function serviceClient(): SupabaseClient {
  const stack = testStack();
  return createTestClient(stack.apiUrl, stack.serviceRoleKey);
}
