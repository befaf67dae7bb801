// The runtime registry for `rsbuild dev` (a team working on one app): the local stack and every app's
// dev server. Production deployments and `npm start` write their own (scripts/lib/runtimeConfig.mjs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REMOTE_PORT_OFFSETS, workspaceRoot } from './federation.mjs';

export async function devRuntimeConfig(basePort = 3000) {
  const keysFile = path.join(workspaceRoot, 'supabase/local/keys.mjs');
  const keys = existsSync(keysFile) ? await import(pathToFileURL(keysFile).href) : {};
  const apiPort = Number(process.env.STEWARD_PORT_BASE || keys.DEFAULT_PORT_BASE || 54321);
  const remotes = Object.fromEntries(
    Object.entries(REMOTE_PORT_OFFSETS).map(([name, offset]) => [name, { manifest: `http://localhost:${basePort + offset}/mf-manifest.json` }]),
  );
  return { brand: 'Steward', supabaseUrl: `http://localhost:${apiPort}`, supabaseAnonKey: keys.ANON_KEY ?? 'missing-anon-key', remotes };
}

/** Rsbuild `server.setup` hook answering /runtime-config.json in dev. */
export function serveDevRuntimeConfig() {
  return ({ action, server }) => {
    if (action !== 'dev') return;
    server.middlewares.use(async (req, res, next) => {
      if (!req.url?.startsWith('/runtime-config.json')) return next();
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(JSON.stringify(await devRuntimeConfig()));
    });
  };
}
