import type { SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from '@steward/libs/runtime-config';
import { createFirstView, loadedCodeFromResourceTiming, type FirstView } from './firstView';
import { nextTask } from './nextTask';

type SupabaseModule = typeof import('@supabase/supabase-js');

let client: SupabaseClient | undefined;
let loading: Promise<SupabaseClient> | undefined;
let supabaseJs: Promise<SupabaseModule> | undefined;
const whenLoaded = new Set<(client: SupabaseClient) => void>();
let firstView: FirstView | undefined;

/**
 * Where supabase-js keeps this browser's session. Named here, with supabase-js's own default for the
 * URL, so the shell can tell a returning staff member from a new visitor without loading the client.
 */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** True when this browser holds a session (possibly expired) for the configured API. No network. */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(authStorageKey(getRuntimeConfig().supabaseUrl)) !== null;
  } catch {
    // Storage blocked (privacy mode): supabase-js cannot keep a session there either.
    return false;
  }
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
  // Told by index.html's start (firstViewStart.mjs), which has looked at storage already.
  if (!window.stewardFirstView?.storedSession) return false;
  void supabaseModule();
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
 * because @steward/libs/supabase is a federation singleton (data-access re-exports it).
 */
export function loadSupabase(): Promise<SupabaseClient> {
  loading ??= supabaseModule().then(async (supabase) => {
    // supabase-js's modules have just run (a long task on a phone); the client's construction
    // (GoTrue reads storage, the first view's record is parsed) waits for a task of its own.
    await nextTask();
    if (client) return client;
    const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
    firstView = createFirstView({
      apiUrl: `${supabaseUrl.replace(/\/$/, '')}/`,
      start: window.stewardFirstView,
      storage: browserStorage(),
      path: () => window.location.pathname,
      origin: window.location.origin,
      loadedCode: loadedCodeFromResourceTiming,
      fetch: (input, init) => fetch(input, init),
    });
    return adopt(
      supabase.createClient(supabaseUrl, supabaseAnonKey, {
        auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, storageKey: authStorageKey(supabaseUrl) },
        global: { fetch: firstView.fetch },
      }),
    );
  });
  return loading;
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
}

/** Signed out: the first view's record, which names the person and the organisation, goes. */
export function forgetFirstView(): void {
  firstView?.forget();
}

/**
 * The loaded client. Everything that reads data runs signed in, and the session was loaded through
 * this client, so it exists by then; code that can run for a signed-out visitor awaits loadSupabase().
 */
export function getSupabase(): SupabaseClient {
  if (!client) throw new Error('The Supabase client is not loaded yet: await loadSupabase() before the first request.');
  return client;
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
