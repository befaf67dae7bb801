import { preloadSupabaseForStoredSession } from '@steward/libs/supabase';

// A returning staff member's first view needs the API client and its own queries' code before anything
// on it can load: both start downloading with the app's code, not after it (libs/supabase is eager,
// bundled in this entry chunk). The session's first reads then leave as soon as the client is there.
if (preloadSupabaseForStoredSession()) void import(/* webpackChunkName: "signed-in" */ './layout/signedInQueries');

// Async boundary: shared modules are negotiated before any app code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
