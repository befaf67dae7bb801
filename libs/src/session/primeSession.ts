import { hasStoredSession, loadSupabase, nextTask } from '@steward/libs/supabase';
import { activeOrgStorage } from './activeOrgStorage';
import { authStateKey } from './authStateKey';
import { loadSession, type SessionLoadOutcome } from './loadSession';
import { supabaseSessionSource } from './supabaseSessionSource';

type PrimedLoad = { key: Promise<string>; outcome: Promise<SessionLoadOutcome> };

let primed: PrimedLoad | null = null;

/**
 * Starts the first session load while the page is still fetching its code, instead of after React's
 * first commit: the shell calls it as soon as the runtime registry is known. The provider adopts the
 * result when its first auth event announces the same session, so the load runs once. A browser
 * without a stored session has nothing to load (and does not fetch supabase-js for it).
 * `onOrgChosen` hears the organisation this browser last worked in as the profiles are asked for, and
 * the one the profiles choose if it is another (see loadSession).
 */
export function primeSession({ onOrgChosen }: { onOrgChosen?: (orgName: string) => void } = {}): void {
  if (primed || !hasStoredSession()) return;
  const supabase = loadSupabase();
  primed = {
    key: supabase.then((client) => client.auth.getSession()).then(({ data }) => authStateKey(data.session)),
    // In a task after the client's construction: both are long on a phone (and where index.html kept
    // a record of this page, its first reads are on their way already: firstViewStart.mjs).
    outcome: supabase.then(async (client) => {
      await nextTask();
      return loadSession(supabaseSessionSource(client), activeOrgStorage, console.warn, onOrgChosen);
    }),
  };
}

/** The outcome of the primed load, once, if it was for the session with this key; otherwise null. */
export async function takePrimedSession(key: string): Promise<SessionLoadOutcome | null> {
  const load = primed;
  primed = null;
  if (!load) return null;
  return (await load.key) === key ? load.outcome : null;
}
