import { loadSupabase } from '@steward/libs/boot';

/** What the reset link that opened the page turned out to be. */
export type RecoveryLink =
  | { kind: 'recovery' }
  | { kind: 'expired' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string };

/**
 * Reads the link the recovery e-mail opened. GoTrue's /verify redirects here with the recovery
 * session in the fragment (`#access_token=…&type=recovery`), or with `#error_code=otp_expired` for a
 * used or expired link; a `?token_hash=…&type=recovery` link is verified here instead. The tokens are
 * taken out of the address bar either way.
 */
export async function readRecoveryLink(location: { hash: string; search: string }): Promise<RecoveryLink> {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(location.search);
  if (location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);

  if (fragment.get('error_code') === 'otp_expired') return { kind: 'expired' };
  if (fragment.get('error')) return { kind: 'failed', message: fragment.get('error_description') ?? fragment.get('error') ?? '' };

  const { auth } = await loadSupabase();
  const tokenHash = query.get('token_hash');
  if (tokenHash && query.get('type') === 'recovery') {
    const { error } = await auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    if (error) return error.code === 'otp_expired' ? { kind: 'expired' } : { kind: 'failed', message: error.message };
    return { kind: 'recovery' };
  }

  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (accessToken && refreshToken && fragment.get('type') === 'recovery') {
    const { error } = await auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
    if (error) return { kind: 'expired' };
    return { kind: 'recovery' };
  }
  return { kind: 'missing' };
}
