import { z } from 'zod/mini';
import { AREAS } from './areas.mjs';

export type RemoteName = (typeof AREAS)[number]['name'];

/** The six remotes, in menu order (declared in areas.mjs). */
export const REMOTE_NAMES: readonly RemoteName[] = AREAS.map((area) => area.name);

const remoteEntry = z.object({
  /** URL of the remote's mf-manifest.json; absolute or relative to the shell's origin. */
  manifest: z.string().check(z.minLength(1)),
});

/**
 * The runtime registry served as /runtime-config.json. Everything that differs between deployments
 * lives here, never in a build: the Supabase project and where each remote is published.
 */
export const runtimeConfigSchema = z.object({
  brand: z.optional(z.string()),
  supabaseUrl: z.string().check(z.minLength(1)),
  supabaseAnonKey: z.string().check(z.minLength(1)),
  // A remote missing here shows as unavailable; it never stops the shell from starting.
  remotes: z.partialRecord(z.enum(REMOTE_NAMES as [RemoteName, ...RemoteName[]]), remoteEntry),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
