import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from '@steward/libs/runtime-config';

let client: SupabaseClient | undefined;

/**
 * The one Supabase client of the page, built from the runtime registry. Shell and remotes share it
 * because @steward/libs/data-access is a federation singleton.
 */
export function getSupabase(): SupabaseClient {
  if (!client) {
    const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
    client = createClient(supabaseUrl, supabaseAnonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
    });
  }
  return client;
}

/**
 * Hands in a ready client where the runtime registry does not exist: Node scripts, integration tests
 * and benchmarks (which need a WebSocket transport for realtime under Node 20).
 */
export function setSupabase(next: SupabaseClient): void {
  client = next;
}
