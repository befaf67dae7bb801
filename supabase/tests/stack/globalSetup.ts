import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../local/stack.mjs';
import { REPO_ROOT, TEST_STACK_OPTIONS, resolveStackConfig } from '../../local/config.mjs';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../local/keys.mjs';
import type { TestStack } from './testStack';

declare module 'vitest' {
  export interface ProvidedContext {
    stewardStack: TestStack;
  }
}

const DEFAULT_TEST_PORT_BASE = 54421;

/**
 * Starts one fresh stack for every supabase test file, unless the root runner already started one and
 * says so through STEWARD_TEST_API_URL (then this run neither starts nor stops anything).
 */
export default async function setup(project: TestProject) {
  const portBase = Number(process.env.STEWARD_TEST_PORT_BASE ?? DEFAULT_TEST_PORT_BASE);
  const givenUrl = process.env.STEWARD_TEST_API_URL;
  if (givenUrl) {
    const defaults = resolveStackConfig({ portBase });
    project.provide('stewardStack', {
      apiUrl: givenUrl,
      anonKey: process.env.STEWARD_TEST_ANON_KEY || ANON_KEY,
      serviceRoleKey: process.env.STEWARD_TEST_SERVICE_ROLE_KEY || SERVICE_ROLE_KEY,
      dbUrl: process.env.STEWARD_TEST_DB_URL || defaults.dbUrl,
      dataDir: process.env.STEWARD_TEST_DATA_DIR || defaults.dataDir,
      portBase,
    });
    return undefined;
  }
  const dataDir = path.join(REPO_ROOT, '.steward', `test-${portBase}`);
  const log = process.env.STEWARD_STACK_LOG === 'debug' ? 'debug' : 'silent';
  const stack = await startStack({ ...TEST_STACK_OPTIONS, portBase, dataDir, fresh: true, log });
  project.provide('stewardStack', {
    apiUrl: stack.apiUrl,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    dbUrl: stack.dbUrl,
    dataDir: stack.dataDir,
    portBase,
  });
  return async () => {
    await stack.stop();
  };
}
