import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient, type TestStack } from '../stack/testStack';

export type SignedUpOrganization = {
  orgName: string;
  email: string;
  password: string;
  userId: string;
  profileId: string;
  /** Signed in as the organisation's owner. */
  client: SupabaseClient;
};

type ApplyResult = { user_id: string; profile_id: string; org_name: string };

/** A signed-in client for an existing login. */
export async function signIn(stack: TestStack, email: string, password: string): Promise<SupabaseClient> {
  const client = createTestClient(stack.apiUrl, stack.anonKey);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`Sign-in as ${email} failed: ${error.message}`);
  return client;
}

/**
 * A new organisation and its owner, created the way the Apply for Access dialog does it (anon calls
 * public.apply_for_access), then signed in. The name is `{label} {random}` unless `exactName` is given.
 */
export async function signUpOrganization(stack: TestStack, label: string, exactName?: string): Promise<SignedUpOrganization> {
  const suffix = randomUUID().slice(0, 8);
  const orgName = exactName ?? `${label} ${suffix}`;
  const email = `owner-${suffix}@${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example.com`;
  const password = `Owner-${suffix}-pass`;
  const anon = createTestClient(stack.apiUrl, stack.anonKey);
  const { data, error } = await anon.rpc('apply_for_access', {
    p_email: email,
    p_password: password,
    p_full_name: `${label} Owner`,
    p_business_name: orgName,
  });
  if (error) throw new Error(`apply_for_access for ${orgName} failed: ${error.message}`);
  const result = data as ApplyResult;
  return {
    orgName: result.org_name,
    email,
    password,
    userId: result.user_id,
    profileId: result.profile_id,
    client: await signIn(stack, email, password),
  };
}
