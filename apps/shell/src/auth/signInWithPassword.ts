import { loadSupabase } from '@steward/libs/boot';

export type SignInOutcome = { ok: true } | { ok: false; code: string | undefined; message: string };

/** Signs in with e-mail and password; GoTrue's code and message when it refuses (e.g. email_not_confirmed). */
export async function signInWithPassword(credentials: { email: string; password: string }): Promise<SignInOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signInWithPassword(credentials);
  return error ? { ok: false, code: error.code, message: error.message } : { ok: true };
}
