import { loadSupabase } from '@steward/libs/boot';

/** Sets the signed-in (recovering) user's password; GoTrue's message when it refuses one. */
export async function updatePassword(password: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  return error ? { ok: false, message: error.message } : { ok: true };
}
