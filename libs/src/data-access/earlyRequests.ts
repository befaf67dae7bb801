import { hashKey, type QueryKey } from '@tanstack/react-query';
import { onSupabaseLoaded } from '@steward/libs/supabase';

/** How long a request started early waits for the screen that asked for it before it is dropped. */
export const EARLY_REQUEST_TTL_MS = 5_000;

type Early = { promise: Promise<unknown>; timer: ReturnType<typeof setTimeout> };
const early = new Map<string, Early>();

/**
 * Requests started before the screen that needs them has committed: when a route is being opened (its
 * area's prefetch) or while its screen renders. They are held here, outside the query cache, and
 * handed to the query's first fetch (`takeEarly`).
 *
 * Why not the query cache: a cache write during a concurrent (transition) render changes a store the
 * render has read, and React then throws the render away and renders the page again synchronously,
 * which costs more than the early start saves. Held here, the response is waiting when the screen
 * commits and subscribes, and no render sees it arrive.
 */
export function startEarly(key: QueryKey, request: () => Promise<unknown>): void {
  const hash = hashKey(key);
  if (early.has(hash)) return;
  const promise = request();
  // Nobody may ever take it (the person navigated elsewhere); its failure is the taker's to report.
  promise.catch(() => undefined);
  const timer = setTimeout(() => {
    if (early.get(hash)?.promise === promise) early.delete(hash);
  }, EARLY_REQUEST_TTL_MS);
  early.set(hash, { promise, timer });
}

/** The early request for `key`, once: the first fetch of that query takes it, later ones ask the server. */
export function takeEarly<T>(key: QueryKey): Promise<T> | null {
  const hash = hashKey(key);
  const entry = early.get(hash);
  if (!entry) return null;
  early.delete(hash);
  clearTimeout(entry.timer);
  return entry.promise as Promise<T>;
}

/** Drops every early request (a write makes them stale; sign-out makes them someone else's). */
export function clearEarly(): void {
  for (const entry of early.values()) clearTimeout(entry.timer);
  early.clear();
}

// An answer fetched for one person is never handed to the next one signed in on this browser.
onSupabaseLoaded((supabase) => {
  supabase.auth.onAuthStateChange((event) => {
    if (event === 'SIGNED_IN' || event === 'SIGNED_OUT') clearEarly();
  });
});
