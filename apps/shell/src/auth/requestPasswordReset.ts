import { loadSupabase } from '@steward/libs/boot';

/** Where the e-mailed link lands: the shell's Set a new password page, on this very origin. */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Mails a password reset link. The answer is the same whether or not the address has an account, so
 * the form cannot be used to find out who has one; only a failure to send is reported.
 */
export async function requestPasswordReset(email: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${RESET_PASSWORD_PATH}`,
  });
  return error ? { ok: false, message: error.message } : { ok: true };
}
