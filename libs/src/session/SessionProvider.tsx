import { startTransition, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { resolveLocale, setLocale } from '@steward/libs/i18n';
import { forgetFirstView, hasStoredSession, loadSupabase, loadSupabaseAfterFirstView, onSupabaseLoaded } from '@steward/libs/boot';
import { SessionContext, type SessionApi } from './SessionContext';
import { INITIAL_SESSION, sessionReducer } from './sessionReducer';
import { loadSession, readPermissions } from './loadSession';
import { activeOrgStorage as activeOrg } from './activeOrgStorage';
import { sessionSource as sessionSourceOf, supabaseAuth } from './supabaseSessionSource';
import { authStateKey } from './authStateKey';
import { primedWithoutSupabase, takePrimedSession } from './primeSession';
import type { SessionLoadOutcome } from './loadSession';

export type SessionProviderProps = {
  children: ReactNode;
  /** Where sign-out lands when the caller supplies no handler, and after a failed sign-out. Defaults to a full load of '/'. */
  goToRoot?: () => void;
};

/** How often a signed-in page reads the role's permissions again, and the focus/navigation threshold. */
export const PERMISSIONS_REFRESH_MS = 60_000;
export const PERMISSIONS_FOCUS_MAX_AGE_MS = 5_000;

/**
 * A session loaded without supabase-js (a fresh stored token) fetches it once the page's first view is
 * shown, or after this long on a page that never says so: it keeps the token refreshed and hears
 * sign-ins and sign-outs from then on.
 */
export const SUPABASE_AFTER_FIRST_VIEW_MAX_MS = 4_000;

function assignRoot(): void {
  window.location.assign('/');
}

/**
 * The shell mounts this once; remotes read it through useSession(). It reloads on every
 * authentication state change and whenever the organisation is switched; only the latest load may
 * write, so a slow earlier load never overwrites a newer one.
 */
export function SessionProvider({ children, goToRoot = assignRoot }: SessionProviderProps) {
  const [state, dispatch] = useReducer(sessionReducer, INITIAL_SESSION);
  const latestLoad = useRef(0);
  // The person through supabase-js's auth (loaded when first asked), the rest through the page's database.
  const source = useMemo(() => sessionSourceOf(supabaseAuth(loadSupabase)), []);
  /**
   * Loads the session, or adopts a load already under way for it (`started`). The load's turn is taken
   * at the call, so an older load that resolves late never overwrites a newer one.
   */
  const load = useCallback((started?: Promise<SessionLoadOutcome | null>) => {
    const loadId = ++latestLoad.current;
    dispatch({ type: 'loadStarted' });
    void (started ?? Promise.resolve(null))
      .then(async (adopted) => {
        if (adopted) return adopted;
        return loadSession(source, activeOrg);
      })
      .then((outcome) => {
        if (loadId !== latestLoad.current) return;
        // What the session decides (the signed-in layout and its page, or the signed-out one) is most
        // of a first view: it is drawn in a render that yields to the browser every few milliseconds,
        // not in one long task.
        startTransition(() => {
          if (outcome.kind === 'loaded') dispatch({ type: 'loaded', snapshot: outcome.snapshot });
          else if (outcome.kind === 'signedOut') dispatch({ type: 'signedOut' });
          else if (outcome.kind === 'authFailed') dispatch({ type: 'authFailed', message: outcome.message });
          else dispatch({ type: 'loadFailed', message: outcome.message });
        });
      });
  }, [source]);

  const reload = useCallback(() => load(), [load]);

  // When the permissions were last read (or asked for), so navigation and focus read them at most
  // once in a short while.
  const permissionsReadAt = useRef(0);
  const activeRole = useRef<string | null>(null);
  useEffect(() => {
    activeRole.current = state.roleId;
    if (!state.loading && !state.refreshing) permissionsReadAt.current = Date.now();
  }, [state.roleId, state.loading, state.refreshing]);
  const refreshPermissions = useCallback((maxAgeMs = 0) => {
    const roleId = activeRole.current;
    if (!roleId || Date.now() - permissionsReadAt.current < maxAgeMs) return;
    permissionsReadAt.current = Date.now();
    void readPermissions(source, roleId, console.warn).then((result) => {
      // A failed read keeps the rights in place (the database enforces them either way).
      if (result.error === null) dispatch({ type: 'permissionsRead', roleId, permissions: result.data });
    });
  }, [source]);
  const signedIn = Boolean(state.user);
  useEffect(() => {
    if (!signedIn) return undefined;
    const onFocus = () => refreshPermissions(PERMISSIONS_FOCUS_MAX_AGE_MS);
    const timer = window.setInterval(() => refreshPermissions(PERMISSIONS_REFRESH_MS / 2), PERMISSIONS_REFRESH_MS);
    window.addEventListener('focus', onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [signedIn, refreshPermissions]);

  useEffect(() => {
    // A new visitor has no stored session: they are signed out now, and supabase-js is fetched only
    // when something needs it (the Sign In dialog, or a session another tab stored).
    const signedOutAtStart = !hasStoredSession();
    // A fresh stored session is loading without supabase-js already (primeSession): its outcome is taken
    // now, and supabase-js's first event, which announces the same session, changes nothing.
    const withoutSupabase = signedOutAtStart ? null : primedWithoutSupabase();
    if (signedOutAtStart) dispatch({ type: 'signedOut' });
    else if (withoutSupabase) {
      load(takePrimedSession(withoutSupabase));
      loadSupabaseAfterFirstView(SUPABASE_AFTER_FIRST_VIEW_MAX_MS);
    } else void loadSupabase();
    // Otherwise supabase-js fires INITIAL_SESSION on subscribe, so this performs the first load. The load
    // is deferred because awaiting auth calls inside the callback would wait on the auth lock it holds.
    let lastKey: string | undefined = signedOutAtStart ? authStateKey(null) : (withoutSupabase ?? undefined);
    let subscription: { unsubscribe: () => void } | undefined;
    const cancelSubscribe = onSupabaseLoaded((supabase) => {
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        const key = authStateKey(session);
        // Every change reloads; only the restored session's second announcement is the same state
        // (and the signed-out state the page already shows).
        if (key === lastKey && (event === 'SIGNED_IN' || event === 'INITIAL_SESSION')) return;
        lastKey = key;
        setTimeout(() => {
          // The first event usually announces the session the shell already started loading.
          load(takePrimedSession(key));
        }, 0);
      });
      subscription = data.subscription;
    });
    // Signed in (or out) in another tab of this browser.
    const onStorage = () => {
      if (hasStoredSession()) void loadSupabase();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      cancelSubscribe();
      subscription?.unsubscribe();
    };
  }, [load]);

  const currentOrg = state.orgName;
  const switchOrg = useCallback(
    (orgName: string) => {
      if (orgName === currentOrg) return;
      activeOrg.write(orgName);
      dispatch({ type: 'orgSwitched', orgName });
      reload();
    },
    [currentOrg, reload],
  );

  const queryClient = useContext(QueryClientContext);
  const signOut = useCallback(
    async (onSignedOut?: () => void) => {
      try {
        // This browser's session only: signing out here must not sign the same person out on their
        // other devices (supabase-js would default to every session of the user).
        const supabase = await loadSupabase();
        const { error } = await supabase.auth.signOut({ scope: 'local' });
        if (error) throw error;
        forgetFirstView();
        // An answer read for one person is never shown to the next one signed in on this browser.
        queryClient?.clear();
      } catch (error) {
        console.warn('Sign-out failed:', error);
        goToRoot();
        return;
      }
      (onSignedOut ?? goToRoot)();
    },
    [goToRoot, queryClient],
  );

  // The page speaks the person's language: their profile's, else the organisation's, else the
  // browser's (English when Steward has none of them), and amounts are in the organisation's currency.
  // A change (My profile saved, another organisation chosen) applies at once, without a reload.
  const known = state.user !== null && !state.loading;
  const language = state.userRow?.language ?? null;
  const orgLanguage = state.organization?.language ?? null;
  const currency = state.organization?.currency ?? 'USD';
  useEffect(() => {
    if (!known) return;
    const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
    setLocale(resolveLocale(language, orgLanguage, browser), currency).catch((error: unknown) => console.warn('The language could not be loaded:', error));
  }, [known, language, orgLanguage, currency]);

  const value = useMemo<SessionApi>(
    () => ({ ...state, switchOrg, signOut, reload, refreshPermissions }),
    [state, switchOrg, signOut, reload, refreshPermissions],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
