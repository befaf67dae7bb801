import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPlatform } from '../../scripts/lib/platform.mjs';
import { requireTestStack } from './testStack';

export const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A platform instance of the test's own (own ports, own runtime registry), for journeys that stop a
 * remote or redeploy one, so they cannot disturb tests running beside them.
 */
export async function startOwnPlatform(port: number) {
  const { apiUrl, anonKey } = requireTestStack();
  return startPlatform({ port, apiUrl, anonKey, configFile: path.join(workspaceRoot, `.steward/e2e/runtime-config-${port}.json`) });
}
