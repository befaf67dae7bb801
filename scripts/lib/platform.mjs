// Serves the built shell and the six remotes, each as its own static deployment on its own port, and
// the runtime registry that tells the shell where everything is.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_PORT_OFFSETS, runtimeConfigFor, workspaceRoot } from '../../build/federation.mjs';
import { localCertificate } from './localCertificate.mjs';
import { shellContentSecurityPolicy } from './securityHeaders.mjs';
import { createStaticServer } from './staticServer.mjs';

export const REMOTE_NAMES = Object.keys(REMOTE_PORT_OFFSETS);

/**
 * @param {{ port: number, apiUrl: string, anonKey: string, configFile: string, host?: string, sameOriginApi?: boolean, https?: boolean }} options
 * configFile: where the runtime registry is written; the shell serves it per request, so editing it
 * (pointing a remote at a new deployment) takes effect on the next page load without a rebuild.
 * sameOriginApi (default): the shell's server passes /rest/v1, /auth/v1, /storage/v1 and /functions/v1 to the API and
 * the registry names the API as '/', as a deployment does with a CDN rewrite — the browser then sends
 * no CORS preflight before its API calls. false: the app calls the API's own origin.
 * https: every app served over HTTPS and HTTP/2 with this process's localhost certificate, as a
 * deployment serves it (the benchmarks; a browser must be told to trust it: chromiumTrust).
 */
export async function startPlatform({ port, apiUrl, anonKey, configFile, host, sameOriginApi = true, https = false }) {
  await mkdir(path.dirname(configFile), { recursive: true });
  const registry = runtimeConfigFor({ port, apiUrl: sameOriginApi ? '/' : apiUrl, anonKey, https });
  const tls = https ? localCertificate() : undefined;
  await writeFile(configFile, `${JSON.stringify(registry, null, 2)}\n`);

  const shell = createStaticServer({
    root: path.join(workspaceRoot, 'apps/shell/dist'),
    port,
    host,
    spa: true,
    api: sameOriginApi ? apiUrl : undefined,
    tls,
    dynamic: { '/runtime-config.json': () => readFile(configFile, 'utf8') },
    // The page's policy names the origins the registry names now: a remote pointed at a new origin
    // is allowed from the next page load, as the registry itself takes effect.
    pagePolicy: async ({ origin, inlineHashes }) =>
      shellContentSecurityPolicy({ origin, registry: JSON.parse(await readFile(configFile, 'utf8')), inlineHashes }),
  });
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      createStaticServer({ root: path.join(workspaceRoot, 'apps', name, 'dist'), port: port + REMOTE_PORT_OFFSETS[name], host, cors: true, tls }),
    ]),
  );
  await Promise.all([shell.start(), ...Object.values(remotes).map((server) => server.start())]);
  return {
    url: shell.url,
    shell,
    remotes,
    configFile,
    stop: () => Promise.all([shell.stop(), ...Object.values(remotes).map((server) => server.stop())]),
  };
}
