import { nextTask, preloadSupabaseForStoredSession } from '@steward/libs/supabase';

// A returning staff member's first view needs the API client and its own queries' code before anything
// on it can load: both start downloading with the app's code, not after it (libs/supabase is eager,
// bundled in this entry chunk). The session's first reads then leave as soon as the client is there.
const storedSession = preloadSupabaseForStoredSession();

// Async boundary: shared modules are negotiated before any app code runs. The app's chunks, then the
// signed-in queries' chunks, are asked for in tasks of their own after this one: running the entry
// (the federation runtime and the eager shared modules) is a long task on a phone already, and for a
// stored session index.html has started their downloads (firstViewStart.mjs).
void nextTask().then(() => {
  import(/* webpackChunkName: "bootstrap" */ './bootstrap');
  if (storedSession) void nextTask().then(() => import(/* webpackChunkName: "signed-in" */ './layout/signedInQueries'));
});
