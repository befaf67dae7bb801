import { sharedForRemotes } from './sharedForRemotes';

let started = false;

/** Fetches the libraries the areas' screens use (tables, forms, the list and editor), once per page. */
export function loadAreaLibraries(): void {
  if (started) return;
  started = true;
  for (const load of sharedForRemotes()) load.catch(() => undefined);
}

/**
 * Once the signed-in first view is up, fetches the areas' libraries ahead of the first area a person
 * opens, so that click does not wait for them. On a desktop that happens in the browser's idle time.
 * A phone (coarse pointer) keeps its idle time for the first view and fetches them when the menu
 * opens instead (loadAreaLibraries from the layout). Returns a function that cancels a pending start.
 */
export function preloadAreaLibraries(): () => void {
  if (started || window.matchMedia?.('(pointer: coarse)').matches) return () => undefined;
  // Safari has no requestIdleCallback: half a second later is after the first view there too.
  if (typeof window.requestIdleCallback !== 'function') {
    const id = setTimeout(loadAreaLibraries, 500);
    return () => clearTimeout(id);
  }
  const id = window.requestIdleCallback(loadAreaLibraries, { timeout: 3000 });
  return () => window.cancelIdleCallback(id);
}
