import { z } from 'zod/mini';
import { AREAS } from './areas.mjs';

export type RemoteName = (typeof AREAS)[number]['name'];

/** The six remotes, in menu order (declared in areas.mjs). */
export const REMOTE_NAMES: readonly RemoteName[] = AREAS.map((area) => area.name);

function buildRuntimeConfigSchema() {
  // The shell's Content-Security-Policy allows no eval (scripts/lib/securityHeaders.mjs), so zod's
  // compiled parsers can never run here; without this, each copy of zod on the page probes with
  // `new Function` once and the browser reports a violation. The setting is global (on globalThis):
  // it reaches the copies remotes bundle too. The shell reads its registry before any other parse.
  z.config({ jitless: true });
  const remoteEntry = z.object({
    /** URL of the remote's mf-manifest.json; absolute or relative to the shell's origin. */
    manifest: z.string().check(z.minLength(1)),
  });
  return z.object({
    brand: z.optional(z.string()),
    supabaseUrl: z.string().check(z.minLength(1)),
    supabaseAnonKey: z.string().check(z.minLength(1)),
    // A remote missing here shows as unavailable; it never stops the shell from starting.
    remotes: z.partialRecord(z.enum(REMOTE_NAMES as [RemoteName, ...RemoteName[]]), remoteEntry),
  });
}

type RuntimeConfigSchema = ReturnType<typeof buildRuntimeConfigSchema>;
let schema: RuntimeConfigSchema | undefined;

/**
 * The runtime registry served as /runtime-config.json. Everything that differs between deployments
 * lives here, never in a build: the Supabase project and where each remote is published. Built on
 * first use rather than when the module loads: the module runs in the shell's entry, the longest
 * task of a phone's first view.
 */
export function runtimeConfigSchema(): RuntimeConfigSchema {
  schema ??= buildRuntimeConfigSchema();
  return schema;
}

export type RuntimeConfig = z.infer<RuntimeConfigSchema>;
