import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { messagesPlugin } from '../build/i18n/vitePlugin.mjs';

/** The one setup of every DOM suite. */
const SETUP = fileURLToPath(new URL('./vitest.setup.ts', import.meta.url));
const ALL = 'src/**/*.test.{ts,tsx}';
/** Files that replace modules (vi.mock): each needs a fresh module registry. */
const ISOLATED = 'src/**/*.isolated.test.{ts,tsx}';

/**
 * The Vitest config of the DOM unit tests of libs or an app (happy-dom, Testing Library, no network),
 * one shape for all of them. `part`:
 * - 'shared' (vitest.config.ts): a worker runs file after file in the modules it has loaded (React,
 *   antd, Testing Library, ours): loading them afresh for every file was most of the unit lane's CPU
 *   (docs/testing.md). The DOM is emptied after each test (vitest.setup.ts). The *.isolated.test.*
 *   files are left to the project's vitest.isolated.config.ts; without one they run here.
 * - 'isolated' (vitest.isolated.config.ts): those files, each with fresh modules, so a mock reaches
 *   every module that imports it.
 * `dir` is the config's folder (import.meta.dirname).
 */
export function domTestConfig({
  dir,
  name,
  part = 'shared',
  exclude = [],
  testTimeout,
  define,
}: {
  dir: string;
  name: string;
  part?: 'shared' | 'isolated';
  exclude?: string[];
  /** The machine is shared: slow UI interactions (a dialog's form) must not turn into false failures. */
  testTimeout?: number;
  define?: ViteUserConfig['define'];
}) {
  const leftToIsolated = part === 'shared' && existsSync(path.join(dir, 'vitest.isolated.config.ts')) ? [ISOLATED] : [];
  return defineConfig({
    // Catalogues compiled as the build compiles them: every suite's screens draw libs' words
    // (libs/src/messages), and each area's own.
    plugins: [messagesPlugin()],
    ...(define ? { define } : {}),
    test: {
      name: part === 'isolated' ? `${name}-isolated` : name,
      environment: 'happy-dom',
      globals: true,
      setupFiles: [SETUP],
      include: [part === 'isolated' ? ISOLATED : ALL],
      exclude: [...exclude, ...leftToIsolated, 'node_modules/**'],
      // Two shared cores: keep the pool small so parallel work elsewhere on the machine is not starved.
      maxWorkers: 2,
      isolate: part !== 'shared',
      ...(testTimeout ? { testTimeout } : {}),
    },
  });
}
