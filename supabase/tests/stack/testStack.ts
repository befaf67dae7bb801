import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import WebSocket from 'ws';
// Declares the value the stack's global setup provides to test files (inject('stewardStack')).
import type {} from './globalSetup';

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

/**
 * The first port base at or above `from` whose seven ports (gateway, Postgres, PostgREST, admin, mail
 * SMTP, mail web and inbound SMTP) are free, for test files that run a stack of their own next to whatever else runs.
 */
export async function freePortBase(from: number): Promise<number> {
  for (let base = from; base < from + 400; base += 10) {
    const free = await Promise.all([0, 1, 2, 3, 4, 5, 6].map((offset) => canListen(base + offset)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no seven free consecutive ports between ${from} and ${from + 400}`);
}

/** Linux's default ephemeral range starts here (net.ipv4.ip_local_port_range: 32768–60999). */
const EPHEMERAL_PORTS_FROM = 32_768;

/**
 * Free ports for a stack a test file starts and stops itself, `offset` from the run's own: below the
 * ephemeral range when the run's are in it. While such a stack is down between a stop and a start,
 * any outgoing connection of the run (a database client, the browser) may be given one of its ports as
 * its local port, and the next start then cannot listen there.
 */
export function restartablePortBase(offset: number): Promise<number> {
  const own = testStack().portBase;
  return freePortBase((own >= EPHEMERAL_PORTS_FROM ? own - 30_000 : own) + offset);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
