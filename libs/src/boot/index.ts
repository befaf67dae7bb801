// The page's one Supabase client, on its own so the landing page can ask "is anyone signed in here?"
// without loading @steward/libs/data (and the filter compiler and zod behind it).
export {
  authStorageKey,
  fetchSessionUser,
  firstViewShown,
  forgetFirstView,
  freshSession,
  getDatabase,
  hasStoredSession,
  isAuthSessionMissing,
  loadSupabase,
  loadSupabaseAfterFirstView,
  onSupabaseLoaded,
  preloadSupabaseForStoredSession,
  setSupabase,
} from './supabaseClient';
export type { Database, StoredSession } from './database';
export { nextTask } from './nextTask';
export { useFirstViewShown } from './useFirstViewShown';
// The app's side of index.html's area start (areaStart.mjs): the registry and the page's own remote manifest.
export { loadRuntimeConfig, manifestUrlOf, takeEarlyManifest } from './earlyArea';
export type { AreaStart } from './areaStart.mjs';
