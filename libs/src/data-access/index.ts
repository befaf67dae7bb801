export { getSupabase } from './supabaseClient';
