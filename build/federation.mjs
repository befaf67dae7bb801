// The one place that says how Steward's apps are federated. Every app's rsbuild.config.ts builds on
// it, and it is an Nx input of every build (nx.json sharedGlobals), so a change here rebuilds all.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { AREAS, containerName } from '../libs/src/runtime-config/areas.mjs';

export const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const require = createRequire(import.meta.url);

const rootPackage = JSON.parse(readFileSync(path.join(workspaceRoot, 'package.json'), 'utf8'));
const libsPackage = JSON.parse(readFileSync(path.join(workspaceRoot, 'libs/package.json'), 'utf8'));

export { containerName };

export const HOST_NAME = 'steward_shell';

/** Local ports: the shell on PORT (3000), each remote on its own port as an independent deployment. */
export const REMOTE_PORT_OFFSETS = Object.fromEntries(AREAS.map((area) => [area.name, area.portOffset]));

/**
 * The runtime registry (/runtime-config.json) for apps served on this machine: the shell on `port`,
 * each remote on its offset from it (over HTTPS when `https`). Deployments elsewhere write their own.
 */
export function runtimeConfigFor({ port, apiUrl, anonKey, brand = 'Steward', https = false }) {
  const scheme = https ? 'https' : 'http';
  const remotes = Object.fromEntries(
    Object.entries(REMOTE_PORT_OFFSETS).map(([name, offset]) => [name, { manifest: `${scheme}://localhost:${port + offset}/mf-manifest.json` }]),
  );
  return { brand, supabaseUrl: apiUrl, supabaseAnonKey: anonKey, remotes };
}

const singletonPackages = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  '@tanstack/react-query',
  'dayjs',
  '@supabase/supabase-js',
];

/**
 * Shared modules the shell's first view runs (see `eager` below). An eager module cannot import a lazy
 * shared one at its top level (the share scope is not ready for it), so only modules whose imports stay
 * inside this set belong here: supabase-js (loaded on demand), antd and the libs built on it stay lazy.
 * A test holds the rule (scripts/firstViewModules.test.ts).
 */
export const FIRST_VIEW_MODULES = new Set([
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  '@tanstack/react-query',
  '@steward/libs/shell',
  '@steward/libs/router',
  '@steward/libs/runtime-config',
  '@steward/libs/session',
  '@steward/libs/boot',
  // The page's language and its formatters: every first view's words (the session sets the locale).
  '@steward/libs/i18n',
]);

function versionOf(name) {
  const base = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
  const version = rootPackage.dependencies[base];
  if (!version) throw new Error(`${base} is shared but not a root dependency`);
  return version;
}

/**
 * One instance of each of these on the page. antd is deliberately NOT shared as a package: a shared
 * package is bundled whole (≈ 445 KB gzip for antd). It reaches every app through the libs subpaths
 * `@steward/libs/ui/antd` and `@steward/libs/ui/antd-data`, which are shared singletons built from the
 * shell, so there is still exactly one antd (one theme context) on the page and only the components
 * the platform uses ship.
 */
export function sharedSingletons({ consumeOnly = false, host = false } = {}) {
  // consumeOnly: a production remote takes every shared module from the shell and bundles no copy
  // of its own, so the shell's instance is the only one that can win (and the remote stays small).
  const own = consumeOnly ? { import: false } : {};
  // The range a consumer states. The shell provides every shared module itself and loads first, so a
  // range on its side would only check its own copies against themselves: the runtime's semver check for
  // ~20 modules cost ~13 ms of the first page's main thread (~50 ms on a mid-range phone). So `host`
  // (the shell) states none; remotes keep their ranges, which the shell judges (versionSkewPlugin) and
  // so does the release check.
  const range = (version) => (host ? false : `^${version}`);
  // The shell's first screens (the landing and the signed-in chrome) need these before anything else,
  // so the shell bundles them into its first chunk (`eager`) instead of loading each from the share
  // scope as a chunk of its own: fewer requests on the first view, and no waiting for one chunk
  // before the next is asked for. Remotes still take them from the share scope. Measured on
  // Lighthouse's mobile profile from a cold cache, median of 5: signed-in dashboard LCP 5.5 → 4.9 s,
  // total blocking time 231 → 180 ms; the landing's blocking time 68 → 6 ms, its simulated LCP
  // 1.2 → 1.5 s (the larger first chunk now counts before the landing index.html has painted).
  const eager = (key) => (host && FIRST_VIEW_MODULES.has(key) ? { eager: true } : {});
  const shared = {};
  for (const name of singletonPackages) {
    shared[name] = { singleton: true, requiredVersion: range(versionOf(name)), ...own, ...eager(name) };
  }
  // The shell offers remotes every shared library, including those its own screens never import
  // (otherwise a remote, which bundles no copy, could not start). The bundler provides a shared module
  // named by a package specifier only once the shell's own code imports it, but one named by its file
  // always: so on the shell's side each library is named by its file (the same module its imports
  // resolve to). Its code is still fetched only when a page asks for it.
  const provided = (file) => (host ? { import: file } : {});
  // (A module named by its file has no package to read its version from: it is stated.)
  const installed = (name) => JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
  shared.dayjs = { ...shared.dayjs, ...(host ? { import: require.resolve('dayjs'), version: installed('dayjs') } : {}) };
  for (const [subpath, file] of Object.entries(libsPackage.exports)) {
    // Test support is for unit tests only; sharing it would build it (and testing-library) into the shell.
    if (subpath === './testing') continue;
    const key = `@steward/libs/${subpath.replace(/^\.\//, '')}`;
    shared[key] = { singleton: true, requiredVersion: range(libsPackage.version), version: libsPackage.version, ...own, ...eager(key), ...provided(path.join(workspaceRoot, 'libs', file)) };
  }
  return shared;
}
