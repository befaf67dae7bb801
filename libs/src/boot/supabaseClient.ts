import type { SupabaseClient } from '@supabase/supabase-js';
import { loadLaterCatalogs } from '@steward/libs/i18n';
import { getRuntimeConfig } from '@steward/libs/runtime-config';
import { createFirstView, loadedCodeFromResourceTiming, type FirstView } from './firstView';
import { nextTask } from './nextTask';
import { CLIENT_INFO, createEarlyDatabase, fetchEarlyUser, freshStoredSession, type Database, type EarlyUser, type StoredSession } from './database';

type SupabaseModule = typeof import('@supabase/supabase-js');

let client: SupabaseClient | undefined;
let loading: Promise<SupabaseClient> | undefined;
let supabaseJs: Promise<SupabaseModule> | undefined;
const whenLoaded = new Set<(client: SupabaseClient) => void>();
let firstView: FirstView | undefined;
let earlyDatabase: Database | undefined;
let shown = false;
const whenShown = new Set<() => void>();

/**
 * Where supabase-js keeps this browser's session. Named here, with supabase-js's own default for the
 * URL, so the shell can tell a returning staff member from a new visitor without loading the client.
 */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

function storedSessionText(): string | null {
  try {
    return window.localStorage.getItem(authStorageKey(getRuntimeConfig().supabaseUrl));
  } catch {
    // Storage blocked (privacy mode): supabase-js cannot keep a session there either.
    return null;
  }
}

/** True when this browser holds a session (possibly expired) for the configured API. No network. */
export function hasStoredSession(): boolean {
  return storedSessionText() !== null;
}

/**
 * The session this browser holds, when its token can be used as it stands (more than two minutes left):
 * a returning staff member's first view then loads without supabase-js (see `getDatabase`). No network.
 */
export function freshSession(): StoredSession | null {
  return freshStoredSession(storedSessionText(), Date.now());
}

function supabaseModule(): Promise<SupabaseModule> {
  supabaseJs ??= import('@supabase/supabase-js');
  return supabaseJs;
}

/**
 * For the page's entry, before the runtime registry has arrived: when this browser holds any Supabase
 * session, supabase-js starts downloading now, alongside the app's own code, and this says true. A
 * returning staff member's first view needs it before anything else can load; a new visitor never
 * fetches it.
 */
export function preloadSupabaseForStoredSession(): boolean {
  // Told by index.html's start (firstViewStart.mjs), which has looked at storage already. A session
  // whose token is fresh loads its first view without supabase-js, which then waits for it.
  const start = window.stewardFirstView;
  if (!start?.storedSession) return false;
  if (!start.freshSession) void supabaseModule();
  return true;
}

function adopt(next: SupabaseClient): SupabaseClient {
  client = next;
  loading = Promise.resolve(next);
  for (const listener of whenLoaded) listener(next);
  whenLoaded.clear();
  return next;
}

/**
 * The one Supabase client of the page, built from the runtime registry on first use. supabase-js is
 * fetched here, not with the shell's first screen: a new visitor on the landing page never needs it
 * (`hasStoredSession`), and it is the largest library on that page. Shell and remotes share the client
 * because @steward/libs/boot is a federation singleton (@steward/libs/data re-exports it).
 */
export function loadSupabase(): Promise<SupabaseClient> {
  // The words of the database's refusals come with the client that writes (libs/src/messages).
  if (!loading) loadLaterCatalogs();
  loading ??= supabaseModule().then(async (supabase) => {
    // supabase-js's modules have just run (a long task on a phone); the client's construction
    // (GoTrue reads storage, the first view's record is parsed) waits for a task of its own.
    await nextTask();
    if (client) return client;
    const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
    return adopt(
      supabase.createClient(supabaseUrl, supabaseAnonKey, {
        auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, storageKey: authStorageKey(supabaseUrl) },
        global: { fetch: pageFirstView().fetch, headers: { 'X-Client-Info': CLIENT_INFO } },
      }),
    );
  });
  return loading;
}

function apiUrl(): string {
  return `${getRuntimeConfig().supabaseUrl.replace(/\/$/, '')}/`;
}

/** The page's first view (firstView.ts), made once, before supabase-js when the database is asked for first. */
function pageFirstView(): FirstView {
  firstView ??= createFirstView({
    apiUrl: apiUrl(),
    start: window.stewardFirstView,
    storage: browserStorage(),
    path: () => window.location.pathname,
    origin: window.location.origin,
    loadedCode: loadedCodeFromResourceTiming,
    fetch: (input, init) => fetch(input, init),
  });
  return firstView;
}

/**
 * The page's database: supabase-js's client once it is loaded; before then, for a returning staff
 * member whose stored session is fresh, PostgREST's own client carrying that session (database.ts), so
 * the first view's reads need not wait for supabase-js (35 KB on a phone's slow network), which loads
 * once that view is shown (`loadSupabaseAfterFirstView`). Either sends the same requests.
 */
export function getDatabase(): Database {
  if (client) return client;
  earlyDatabase ??= createEarlyDatabase({
    apiUrl: apiUrl(),
    anonKey: getRuntimeConfig().supabaseAnonKey,
    fetch: pageFirstView().fetch,
    freshToken: () => freshSession()?.accessToken ?? null,
    supabaseToken: async () => (await (await loadSupabase()).auth.getSession()).data.session?.access_token ?? null,
  });
  return earlyDatabase;
}

/** GoTrue's confirmation of a fresh stored session's person, without supabase-js (database.ts). */
export function fetchSessionUser(session: StoredSession): Promise<EarlyUser | null> {
  return fetchEarlyUser({ apiUrl: apiUrl(), anonKey: getRuntimeConfig().supabaseAnonKey, fetch: pageFirstView().fetch }, session.accessToken);
}

/**
 * How long after the first view is shown supabase-js waits before it asks for an idle moment: a phone
 * takes a few hundred milliseconds to lay the view out and paint it after it is committed, and the
 * browser reports the paint after that.
 */
const AFTER_SHOWN_DELAY_MS = 500;
/** How long after that supabase-js waits at most for the browser to be idle. */
const AFTER_SHOWN_IDLE_MS = 1_000;

/**
 * Loads supabase-js once the page's first view is shown and drawn (half a second after it is shown, at
 * the browser's next idle moment or a second later), or after `maxWaitMs` on a page that never says so:
 * until then the first view's bytes and main thread are its own. Anything that needs supabase-js sooner
 * (signing out, a file) asks `loadSupabase()`, which starts it at once.
 */
export function loadSupabaseAfterFirstView(maxWaitMs: number): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    window.clearTimeout(timer);
    whenShown.delete(afterShown);
    void loadSupabase();
  };
  // The view's rows are committed when it says it is shown; they are painted after that, and its last
  // layout may still be running. Asked for at the first idle moment instead, supabase-js's request
  // could leave before the view's paint was reported (by a few milliseconds on a fast desktop).
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: AFTER_SHOWN_IDLE_MS });
    else window.setTimeout(start, 0);
  };
  const afterShown = () => window.setTimeout(idle, AFTER_SHOWN_DELAY_MS);
  const timer = window.setTimeout(start, maxWaitMs);
  if (shown) afterShown();
  else whenShown.add(afterShown);
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The page's first view is on screen (the dashboard's figures): what it read and the code it loaded
 * are kept, so this browser's next visit starts them from index.html (see firstView.ts).
 */
export function firstViewShown(): void {
  firstView?.shown();
  shown = true;
  for (const listener of [...whenShown]) listener();
}

/** Signed out: the first view's record, which names the person and the organisation, goes. */
export function forgetFirstView(): void {
  firstView?.forget();
}

/**
 * Calls `listener` with the client once it is loaded (at once if it is), and returns a function that
 * cancels a call still pending. The session provider subscribes to auth changes through this, so the
 * landing page can render signed out before supabase-js has arrived.
 */
export function onSupabaseLoaded(listener: (client: SupabaseClient) => void): () => void {
  if (client) {
    listener(client);
    return () => undefined;
  }
  whenLoaded.add(listener);
  return () => whenLoaded.delete(listener);
}

/** supabase-js's "there is no session" error, which is the signed-out state rather than a failure. */
export async function isAuthSessionMissing(error: unknown): Promise<boolean> {
  return (await supabaseModule()).isAuthSessionMissingError(error);
}

/**
 * Hands in a ready client where the runtime registry does not exist: Node scripts, integration tests
 * and benchmarks (which need a WebSocket transport for realtime under Node 20).
 */
export function setSupabase(next: SupabaseClient): void {
  adopt(next);
}
