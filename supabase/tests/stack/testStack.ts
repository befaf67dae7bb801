import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import WebSocket from 'ws';

/** The stack a supabase test file talks to. */
export type TestStack = {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string;
  dataDir: string;
  portBase: number;
};

export function testStack(): TestStack {
  return inject('stewardStack');
}

/**
 * A supabase-js client as the app builds one. Node 20 has no global WebSocket, which realtime needs
 * even when unused; sessions stay in memory so clients in one test file never share one.
 */
export function createTestClient(apiUrl: string, key: string): SupabaseClient {
  return createClient(apiUrl, key, {
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** A unique address per call, so reruns against a long-lived stack never collide. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@stack-test.example.com`;
}

/** A superuser connection for arranging fixtures and checking what was (not) written. */
export async function connectDb(dbUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: dbUrl });
  // The stack may restart Postgres under a test; a dropped connection must not crash the worker.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}
