import { runtimeConfigSchema, type RuntimeConfig } from './runtimeConfigSchema';

let current: RuntimeConfig | undefined;

/** Set once at start by the shell (or a remote running standalone) after fetching the registry. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration has not been loaded yet.');
  return current;
}

/**
 * The API's absolute URL. A path ('/') means the API is served from the shell's own origin (a CDN
 * rewrite, or the local platform's forwarder): same-origin calls need no CORS preflight.
 */
export function resolveSupabaseUrl(value: string, base: string): string {
  const url = new URL(value, base);
  return url.pathname === '/' ? url.origin : url.href.replace(/\/$/, '');
}

/**
 * Fetches and validates /runtime-config.json; the message names the file so an operator knows where to
 * look. `started`: the same request already made (by the shell's index.html), whose answer is read instead.
 */
export async function fetchRuntimeConfig(url = '/runtime-config.json', started?: Promise<Response>): Promise<RuntimeConfig> {
  const response = await (started ?? fetch(url, { cache: 'no-cache' }));
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status}).`);
  const parsed = runtimeConfigSchema().safeParse(await response.json());
  if (!parsed.success) throw new Error(`${url} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const config = { ...parsed.data, supabaseUrl: resolveSupabaseUrl(parsed.data.supabaseUrl, window.location.href) };
  setRuntimeConfig(config);
  return config;
}
