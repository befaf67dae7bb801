import type { Session } from '@supabase/supabase-js';

/**
 * Identifies the auth state an event announces by its access token (a new sign-in, a refresh and a
 * sign-out each change it). supabase-js announces a session restored from storage twice
 * (INITIAL_SESSION, then SIGNED_IN) with the same token; loading it twice would only race itself.
 */
export function authStateKey(session: Session | null): string {
  return session?.access_token ?? 'signed-out';
}
