import { getSupabase } from '@steward/libs/data-access';
import { activeOrgStorage } from './activeOrgStorage';
import { authStateKey } from './authStateKey';
import { loadSession, type SessionLoadOutcome } from './loadSession';
import { supabaseSessionSource } from './supabaseSessionSource';

type PrimedLoad = { key: Promise<string>; outcome: Promise<SessionLoadOutcome> };

let primed: PrimedLoad | null = null;

/**
 * Starts the first session load while the page is still fetching its code, instead of after React's
 * first commit: the shell calls it as soon as the runtime registry is known. The provider adopts the
 * result when its first auth event announces the same session, so the load runs once.
 */
export function primeSession(): void {
  if (primed) return;
  const supabase = getSupabase();
  primed = {
    key: supabase.auth.getSession().then(({ data }) => authStateKey(data.session)),
    outcome: loadSession(supabaseSessionSource(supabase), activeOrgStorage),
  };
}

/** The outcome of the primed load, once, if it was for the session with this key; otherwise null. */
export async function takePrimedSession(key: string): Promise<SessionLoadOutcome | null> {
  const load = primed;
  primed = null;
  if (!load) return null;
  return (await load.key) === key ? load.outcome : null;
}
