import { loadSupabase } from '@steward/libs/boot';

/** A Pending profile waiting for its invitee, shown once the invitee has the code mailed for it. */
export type PendingInvite = {
  id: string;
  name: string | null;
  title: string | null;
  org_name: string;
  role_id: string | null;
  role_name: string | null;
  /** Who in the organisation invited the person (the member who wrote the invitation), when known. */
  invited_by_name: string | null;
};

export type InviteLookup = { ok: true; invite: PendingInvite } | { ok: false; code?: string; message: string };

/**
 * Asks the database to e-mail a code for each pending invitation of the address. The answer is the
 * same whether the address is invited or not, so nothing is learnt here about who invited whom.
 */
export async function requestInviteCode(email: string): Promise<{ ok: true } | { ok: false; code?: string; message: string }> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('request_invite_code', { p_email: email.trim().toLowerCase() });
  return error ? { ok: false, code: error.code, message: error.message } : { ok: true };
}

/** The invitation the mailed code belongs to; a wrong or expired code is refused (ST011) and counted. */
export async function findPendingInvite(email: string, code: string): Promise<InviteLookup> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('find_pending_invite', { p_email: email.trim().toLowerCase(), p_code: code.trim() });
  if (error) return { ok: false, code: error.code, message: error.message };
  return { ok: true, invite: data as PendingInvite };
}
