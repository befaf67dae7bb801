// The runtime registry (/runtime-config.json) as a release tool writes and checks it. The shape is
// the one the shell reads (libs/src/runtime-config/runtimeConfigSchema.ts); a test holds the two equal.
import semver from 'semver';
import { z } from 'zod/mini';

export const REMOTE_NAMES = ['crm', 'catalog', 'lodging', 'team-portal', 'operations', 'settings'];

const url = z.string().check(z.minLength(1), z.refine((value) => URL.canParse(value) || value.startsWith('/'), 'must be an absolute URL or a path on the shell'));

export const registrySchema = z.object({
  brand: z.optional(z.string()),
  supabaseUrl: url,
  supabaseAnonKey: z.string().check(z.minLength(1)),
  remotes: z.partialRecord(z.enum(REMOTE_NAMES), z.object({ manifest: url })),
});

/**
 * A registry from the tool's arguments. `remotes` maps a remote to its deployment: a manifest URL,
 * or a folder URL (ending in '/') to which 'mf-manifest.json' is added.
 * @param {{ supabaseUrl: string, anonKey: string, remotes: Record<string, string>, brand?: string }} input
 */
export function buildRegistry({ supabaseUrl, anonKey, remotes, brand }) {
  const entries = Object.entries(remotes).map(([name, location]) => [name, { manifest: location.endsWith('/') ? `${location}mf-manifest.json` : location }]);
  const result = z.safeParse(registrySchema, { ...(brand ? { brand } : {}), supabaseUrl, supabaseAnonKey: anonKey, remotes: Object.fromEntries(entries) });
  if (!result.success) throw new Error(result.error.issues.map((issue) => `${issue.path.join('.') || 'registry'}: ${issue.message}`).join('\n'));
  return result.data;
}

/** @param {unknown} value */
export function parseRegistry(value) {
  const result = z.safeParse(registrySchema, value);
  if (!result.success) throw new Error(result.error.issues.map((issue) => `${issue.path.join('.') || 'registry'}: ${issue.message}`).join('\n'));
  return result.data;
}

/**
 * @typedef {{ name: string, version?: string, requiredVersion?: string | false }} SharedEntry
 * @typedef {{ remote: string, module: string, problem: string }} Refusal
 */

/**
 * What the shell provides against what a remote's build asks for. A release is refused when a module
 * the remote shares is not provided by the shell, belongs to another major, or is outside the range
 * the remote was built for.
 * @param {string} remote
 * @param {readonly SharedEntry[]} remoteShared  the remote manifest's `shared`
 * @param {readonly SharedEntry[]} shellShared   the shell manifest's `shared`
 * @returns {Refusal[]}
 */
export function compatibilityProblems(remote, remoteShared, shellShared) {
  const provided = new Map(shellShared.map((entry) => [entry.name, entry.version]));
  /** @type {Refusal[]} */
  const problems = [];
  for (const entry of remoteShared) {
    const range = typeof entry.requiredVersion === 'string' ? entry.requiredVersion : entry.version;
    const version = provided.get(entry.name);
    if (!version) {
      problems.push({ remote, module: entry.name, problem: 'is not provided by the shell' });
      continue;
    }
    if (!range || !semver.validRange(range)) continue;
    const wanted = semver.minVersion(range);
    if (wanted && semver.major(wanted) !== semver.major(version)) {
      problems.push({ remote, module: entry.name, problem: `needs major ${semver.major(wanted)} (${range}) but the shell provides ${version}` });
    } else if (!semver.satisfies(version, range)) {
      problems.push({ remote, module: entry.name, problem: `needs ${range} but the shell provides ${version}` });
    }
  }
  return problems;
}
