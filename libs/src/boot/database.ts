import { PostgrestClient } from '@supabase/postgrest-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { EARLY_TOKEN_MARGIN_MS } from './firstViewStart.mjs';

/**
 * What reads and writes the organisation's rows: PostgREST's client (`from`, `schema`, `rpc`), the part
 * of supabase-js every screen's data goes through. Auth and Storage stay with supabase-js itself.
 */
export type Database = Pick<SupabaseClient, 'from' | 'schema' | 'rpc'>;

/**
 * The `X-Client-Info` every request of this app carries, from supabase-js and from the database client
 * used before it has loaded alike, so a request reads the same whichever made it (index.html's early
 * answers are adopted by method, URL and headers: firstView.ts).
 */
export const CLIENT_INFO = 'steward-web';

/** The GoTrue API version auth-js asks for; the early session's user read asks for the same. */
export const AUTH_API_VERSION = '2024-01-01';

export type StoredSession = { accessToken: string; userId: string };

/**
 * The session supabase-js keeps in this browser, when its access token has long enough left to be
 * used as it stands (index.html's start uses the same rule): supabase-js would refresh a token this
 * close to expiry before using it, so such a session is left to supabase-js.
 */
export function freshStoredSession(raw: string | null, now: number): StoredSession | null {
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown; user?: { id?: unknown } | null } | null;
    const accessToken = session?.access_token;
    const userId = session?.user?.id;
    const expiresAt = session?.expires_at;
    if (typeof accessToken !== 'string' || typeof userId !== 'string' || typeof expiresAt !== 'number') return null;
    return expiresAt * 1000 - now > EARLY_TOKEN_MARGIN_MS ? { accessToken, userId } : null;
  } catch {
    return null;
  }
}

export type EarlyDatabaseEnv = {
  /** The API's base URL, with its trailing slash. */
  apiUrl: string;
  anonKey: string;
  /** The page's fetch (the first view's, which adopts index.html's early answers). */
  fetch: typeof fetch;
  /** The stored session's token while it is fresh, else null. Asked for each request. */
  freshToken: () => string | null;
  /** supabase-js's current access token (it refreshes one near expiry), loading supabase-js for it. */
  supabaseToken: () => Promise<string | null>;
};

/**
 * The database before supabase-js has loaded: PostgREST's own client (4.7 KB of supabase-js's 35 KB,
 * and the same code supabase-js builds its requests with), sending each request as supabase-js would:
 * the same headers, the signed-in person's token. That token is the stored session's while it is
 * fresh; after that, supabase-js's own (it is loaded for it, and refreshes the token as it always does).
 */
export function createEarlyDatabase(env: EarlyDatabaseEnv): Database {
  const authorised: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const token = env.freshToken() ?? (await env.supabaseToken()) ?? env.anonKey;
    if (!headers.has('apikey')) headers.set('apikey', env.anonKey);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return env.fetch(input, { ...init, headers });
  };
  return new PostgrestClient(`${env.apiUrl}rest/v1`, { headers: { 'X-Client-Info': CLIENT_INFO }, schema: 'public', fetch: authorised });
}

export type EarlyUser = { id: string; [field: string]: unknown };

/**
 * The signed-in person as GoTrue confirms them, asked with the stored session's token as auth-js would
 * ask (the same URL and headers). null when GoTrue does not confirm them (an expired or revoked
 * session) or cannot be reached: the caller then asks supabase-js, which knows what each answer means.
 */
export async function fetchEarlyUser(env: Pick<EarlyDatabaseEnv, 'apiUrl' | 'anonKey' | 'fetch'>, accessToken: string): Promise<EarlyUser | null> {
  try {
    const response = await env.fetch(`${env.apiUrl}auth/v1/user`, {
      method: 'GET',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        apikey: env.anonKey,
        'X-Client-Info': CLIENT_INFO,
        'X-Supabase-Api-Version': AUTH_API_VERSION,
      },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { id?: unknown; user?: { id?: unknown } };
    const user = (body.user ?? body) as { id?: unknown };
    return typeof user.id === 'string' ? (user as EarlyUser) : null;
  } catch {
    return null;
  }
}
