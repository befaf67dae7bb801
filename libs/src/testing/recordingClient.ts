import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

export type CapturedRequest = { method: string; url: URL; headers: Headers; body: unknown };
export type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
export type Responder = (request: CapturedRequest) => Answer | Promise<Answer>;

/**
 * A real supabase-js client whose HTTP layer records each request and answers from `respond`, for
 * unit tests that pin the exact PostgREST calls. Integration tests use the live stack instead.
 */
export function createRecordingClient(respond: Responder = () => ({ body: [] })): { client: SupabaseClient; requests: CapturedRequest[] } {
  const requests: CapturedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const text = typeof init?.body === 'string' ? init.body : null;
    const captured: CapturedRequest = {
      method: init?.method ?? 'GET',
      url,
      headers: new Headers(init?.headers),
      body: text ? parseJson(text) : (init?.body ?? null),
    };
    requests.push(captured);
    const answer = await respond(captured);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  const client = createClient('http://127.0.0.1:54321', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: fetchImpl },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  return { client, requests };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The query string as PostgREST receives it, decoded for readable assertions. */
export function decodedQuery(url: URL): string {
  return decodeURIComponent(url.search.slice(1).replace(/\+/g, ' '));
}
