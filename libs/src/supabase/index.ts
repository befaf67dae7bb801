// The page's one Supabase client, on its own so the landing page can ask "is anyone signed in here?"
// without loading data-access (and the filter compiler and zod behind it).
export { authStorageKey, firstViewShown, forgetFirstView, getSupabase, hasStoredSession, isAuthSessionMissing, loadSupabase, onSupabaseLoaded, preloadSupabaseForStoredSession, setSupabase } from './supabaseClient';
export { nextTask } from './nextTask';
export { useFirstViewShown } from './useFirstViewShown';
