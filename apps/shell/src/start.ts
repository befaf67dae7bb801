import { nextTask, preloadSupabaseForStoredSession } from '@steward/libs/boot';

// A returning staff member's first view needs its own queries' code before anything on it can load: it
// starts downloading with the app's code, not after it. So does supabase-js when the stored session must
// be refreshed first; a fresh one loads its first view through PostgREST's own client (libs/boot,
// eager, bundled in the entry chunk) and fetches supabase-js once that view is shown.
const storedSession = preloadSupabaseForStoredSession();

// Async boundary: shared modules are negotiated before any app code runs. The app's chunks, then the
// signed-in queries' chunks, are asked for in tasks of their own after this one, and for a stored
// session index.html has started their downloads (firstViewStart.mjs).
void nextTask().then(() => {
  import(/* webpackChunkName: "bootstrap" */ './bootstrap');
  if (storedSession) void nextTask().then(() => import(/* webpackChunkName: "signed-in" */ './layout/signedInQueries'));
});
