import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** One module a remote's manifest says it takes from the share scope. */
export type SharedRequest = { name: string; requiredVersion?: string | false; version?: string };

/**
 * The major a range starts from — "^19.2.0", "~19.2", "19.2.0", "19.x" → 19 — or undefined for a range
 * whose major is not fixed ("*", ">=18", "18 || 19"), which the shell cannot judge and lets load.
 */
export function rangeMajor(range: string): number | undefined {
  const match = /^\s*[\^~=v]*\s*(\d+)(?:\.(?:\d+|[xX*]))*(?:[-+][\w.-]*)?\s*$/.exec(range);
  return match ? Number(match[1]) : undefined;
}

/**
 * Modules a remote needs from another major than the shell provides. A newer (or older) major of a
 * shared singleton is a breaking change the remote was built for: running it on the shell's copy
 * breaks the page in ways no boundary can catch, so such a remote is refused before its code runs.
 * An older or newer minor of the same major is served by the shell's copy (semver compatible).
 * The release check (`npm run registry -- --check`) applies the full rule before deployment; this is
 * the guard for a remote deployed without it.
 */
export function majorSkew(requests: readonly SharedRequest[], provided: (name: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const request of requests) {
    const range = typeof request.requiredVersion === 'string' ? request.requiredVersion : request.version;
    const version = provided(request.name);
    if (!range || !version) continue;
    const wanted = rangeMajor(range);
    const have = rangeMajor(version);
    if (wanted !== undefined && have !== undefined && wanted !== have) {
      problems.push(`${request.name} ${range} (the shell provides ${version})`);
    }
  }
  return problems;
}

/**
 * Refuses a remote whose manifest asks for another major of a shared module than the shell provides,
 * naming the remote and the modules; the area boundary then shows its "unavailable" message.
 */
export function versionSkewPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'steward-version-skew',
    loadRemoteSnapshot(args) {
      const shared = (args.manifestJson as { shared?: SharedRequest[] } | undefined)?.shared;
      if (!shared) return args;
      const hostShared = args.options.shared ?? {};
      const problems = majorSkew(shared, (name) => hostShared[name]?.[0]?.version);
      if (problems.length > 0) {
        throw new Error(`The ${args.moduleInfo.name} remote was built for another major version of a shared library: ${problems.join('; ')}.`);
      }
      return args;
    },
  };
}
