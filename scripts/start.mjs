// `npm start`: the whole platform on this machine — the local Supabase stack, a production build of
// the shell and the six remotes, each app served as its own deployment, and the runtime registry.
import path from 'node:path';
import { workspaceRoot } from '../build/federation.mjs';
import { REMOTE_NAMES, startPlatform } from './lib/platform.mjs';
import { buildAll } from './lib/run.mjs';

const port = Number(process.env.PORT ?? 3000);
const skipBuild = process.argv.includes('--no-build');

async function main() {
  const { startStack } = await import('../supabase/local/stack.mjs');
  const keys = await import('../supabase/local/keys.mjs');
  console.log('Starting the local Supabase stack…');
  const stack = await startStack({});
  const stopping = [];
  const stop = async (code = 0) => {
    if (stopping.length) return;
    stopping.push(true);
    console.log('\nStopping Steward…');
    await platform?.stop().catch(() => undefined);
    await stack.stop().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  let platform;
  try {
    if (!skipBuild) {
      console.log('Building the shell and the six remotes (production)…');
      await buildAll();
    }
    platform = await startPlatform({
      port,
      apiUrl: stack.apiUrl,
      anonKey: stack.anonKey ?? keys.ANON_KEY,
      configFile: path.join(workspaceRoot, '.steward/runtime-config.json'),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
    return;
  }

  const remotes = REMOTE_NAMES.map((name) => `    ${name.padEnd(12)} ${platform.remotes[name].url}/mf-manifest.json`).join('\n');
  console.log(`
  Steward is running.

    Open            ${platform.url}
    Sign in as      demo@steward.dev  /  Steward-demo-2026   (owner of Cedar Grove Outfitters and Lakeside Community Church)

    Supabase API    ${stack.apiUrl}      (anon and service keys: supabase/local/README.md; the app reaches it through ${platform.url})
    Database        ${stack.dbUrl ?? '(see supabase/local/README.md)'}
    Mail outbox     ${stack.mailUrl}      (every auth e-mail: confirmations, password resets)
    Registry        ${platform.url}/runtime-config.json
${remotes}

  Press Ctrl-C to stop everything.
`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
