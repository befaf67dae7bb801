// The runtime registry for `rsbuild dev` (a team working on one app): the local stack and every app's
// dev server. `npm start` writes its own for the production build (scripts/lib/platform.mjs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runtimeConfigFor, workspaceRoot } from './federation.mjs';

export async function devRuntimeConfig(basePort = 3000) {
  const keysFile = path.join(workspaceRoot, 'supabase/local/keys.mjs');
  const keys = existsSync(keysFile) ? await import(pathToFileURL(keysFile).href) : {};
  const apiPort = Number(process.env.STEWARD_PORT_BASE || keys.DEFAULT_PORT_BASE || 54321);
  return runtimeConfigFor({ port: basePort, apiUrl: `http://localhost:${apiPort}`, anonKey: keys.ANON_KEY ?? 'missing-anon-key' });
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
