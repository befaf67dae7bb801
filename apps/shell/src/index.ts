import { preloadSupabaseForStoredSession } from '@steward/libs/supabase';

// A returning staff member's first view needs the API client and its own queries' code before anything
// on it can load: both start downloading with the app's code, not after it (libs/supabase is eager,
// bundled in this entry chunk). The session's first reads then leave as soon as the client is there.
// The queries' chunks are asked for in a task of their own: the entry's evaluation is a long task on a
// phone already, and for a returning visit index.html has started their download (firstViewStart.mjs).
if (preloadSupabaseForStoredSession()) setTimeout(() => void import(/* webpackChunkName: "signed-in" */ './layout/signedInQueries'), 0);

// Async boundary: shared modules are negotiated before any app code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
