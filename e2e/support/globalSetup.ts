import { existsSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startPlatform, REMOTE_NAMES } from '../../scripts/lib/platform.mjs';
import { E2E_PORT, TEST_STACK_PORT_BASE } from './ports';
import { testStackFromEnv } from './testStack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Serves the production build of every app against the test stack, as `npm start` would. */
export default async function globalSetup() {
  const missing = ['shell', ...REMOTE_NAMES].filter((app) => !existsSync(path.join(root, 'apps', app, 'dist/index.html')));
  if (missing.length) {
    console.log(`[e2e] building ${missing.join(', ')}`);
    execFileSync('npx', ['nx', 'run-many', '-t', 'build', '--parallel=2'], { cwd: root, stdio: 'inherit' });
  }

  let stopStack: (() => Promise<void>) | undefined;
  if (!testStackFromEnv()) {
    const { startStack } = await import('../../supabase/local/stack.mjs');
    const { TEST_STACK_OPTIONS } = await import('../../supabase/local/config.mjs');
    const stack = await startStack({ ...TEST_STACK_OPTIONS, portBase: TEST_STACK_PORT_BASE, fresh: true });
    process.env.STEWARD_TEST_API_URL = stack.apiUrl;
    process.env.STEWARD_TEST_ANON_KEY = stack.anonKey;
    process.env.STEWARD_TEST_SERVICE_ROLE_KEY = stack.serviceRoleKey;
    stopStack = stack.stop;
  }

  const platform = await startPlatform({
    port: E2E_PORT,
    apiUrl: process.env.STEWARD_TEST_API_URL as string,
    anonKey: process.env.STEWARD_TEST_ANON_KEY as string,
    configFile: path.join(root, '.steward/e2e/runtime-config.json'),
  });

  return async () => {
    await platform.stop();
    await stopStack?.();
  };
}
