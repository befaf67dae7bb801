import { loadSupabase } from '@steward/libs/supabase';

/** A Pending profile waiting for its invitee: found by e-mail, with no auth user yet. */
export type PendingInvite = {
  id: string;
  name: string | null;
  title: string | null;
  org_name: string;
  role_id: string | null;
  role_name: string | null;
};

/**
 * The pending invitation for an e-mail, or null. Runs as a database function so a visitor who is not
 * signed in learns only about the e-mail they typed, never reads user_profiles.
 */
export async function findPendingInvite(email: string): Promise<PendingInvite | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('find_pending_invite', { p_email: email.trim().toLowerCase() });
  if (error) throw new Error(error.message);
  const rows = (Array.isArray(data) ? data : data ? [data] : []) as PendingInvite[];
  return rows[0] ?? null;
}
