import { freshSession, hasStoredSession, loadSupabase, nextTask } from '@steward/libs/boot';
import { activeOrgStorage } from './activeOrgStorage';
import { authStateKey } from './authStateKey';
import { loadSession, type SessionLoadOutcome } from './loadSession';
import { sessionSource, storedSessionAuth, supabaseAuth, supabaseSessionSource } from './supabaseSessionSource';

/** `withoutSupabase`: the load's key when it runs on a fresh stored session, without supabase-js. */
type PrimedLoad = { key: Promise<string>; outcome: Promise<SessionLoadOutcome>; withoutSupabase: string | null };

let primed: PrimedLoad | null = null;

/**
 * Starts the first session load while the page is still fetching its code, instead of after React's
 * first commit: the shell calls it as soon as the runtime registry is known. The provider adopts the
 * result when its first auth event announces the same session, so the load runs once. A browser
 * without a stored session has nothing to load (and does not fetch supabase-js for it). A stored session
 * whose token is fresh loads without supabase-js: GoTrue confirms the person and the database reads go
 * through PostgREST's own client (libs/boot getDatabase); the provider then takes the result at
 * once and supabase-js comes after the first view.
 * `onOrgChosen` hears the organisation this browser last worked in as the profiles are asked for, and
 * the one the profiles choose if it is another (see loadSession).
 */
export function primeSession({ onOrgChosen }: { onOrgChosen?: (orgName: string) => void } = {}): void {
  if (primed || !hasStoredSession()) return;
  const fresh = freshSession();
  if (fresh) {
    const source = sessionSource(storedSessionAuth(fresh, supabaseAuth(loadSupabase)));
    primed = {
      key: Promise.resolve(fresh.accessToken),
      outcome: nextTask().then(() => loadSession(source, activeOrgStorage, console.warn, onOrgChosen)),
      withoutSupabase: fresh.accessToken,
    };
    return;
  }
  const supabase = loadSupabase();
  primed = {
    key: supabase.then((client) => client.auth.getSession()).then(({ data }) => authStateKey(data.session)),
    // In a task after the client's construction: both are long on a phone (and where index.html kept
    // a record of this page, its first reads are on their way already: firstViewStart.mjs).
    outcome: supabase.then(async (client) => {
      await nextTask();
      return loadSession(supabaseSessionSource(client), activeOrgStorage, console.warn, onOrgChosen);
    }),
    withoutSupabase: null,
  };
}

/** The key of the primed load when it runs without supabase-js (the provider takes it without waiting for supabase-js's first event). */
export function primedWithoutSupabase(): string | null {
  return primed?.withoutSupabase ?? null;
}

/** The outcome of the primed load, once, if it was for the session with this key; otherwise null. */
export async function takePrimedSession(key: string): Promise<SessionLoadOutcome | null> {
  const load = primed;
  primed = null;
  if (!load) return null;
  return (await load.key) === key ? load.outcome : null;
}
