// Rsbuild configuration shared by the shell and the six remotes (see federation.mjs for what is shared).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { HOST_NAME, REMOTE_PORT_OFFSETS, containerName, sharedSingletons } from './federation.mjs';
import { serveDevRuntimeConfig } from './devRuntimeConfig.mjs';

const HTML_TEMPLATE = path.join(import.meta.dirname, 'index.html');
const DESCRIPTION = 'Steward: contacts, businesses, households, catalogue, lodging, team and operations for small organisations.';

const BASE_PORT = 3000;

/** Environment that changes a build — all of it is an Nx input (nx.json sharedGlobals). */
function buildEnv(appDir) {
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  return {
    version: process.env.STEWARD_APP_VERSION || pkg.version,
    outDir: process.env.STEWARD_OUT_DIR || 'dist',
  };
}

function common(appDir, { title, port }) {
  const { version, outDir } = buildEnv(appDir);
  return {
    plugins: [pluginReact()],
    source: {
      entry: { index: './src/index.ts' },
      define: { __STEWARD_APP_VERSION__: JSON.stringify(version) },
    },
    // The page says its language (screen readers pick the voice from it) and what it is.
    html: { title, mountId: 'root', template: HTML_TEMPLATE, meta: { description: DESCRIPTION } },
    output: {
      distPath: { root: outDir },
      cleanDistPath: true,
      // Content-hashed assets are cached forever; what is not hashed (index.html, remoteEntry.js,
      // mf-manifest.json) is served no-cache by scripts/lib/staticServer.mjs.
      filenameHash: true,
      legalComments: 'none',
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    server: { port, host: 'localhost', setup: serveDevRuntimeConfig() },
    // Lazy compilation splits shared modules in a way the federation runtime cannot consume.
    dev: { lazyCompilation: false },
    tools: { rspack: { optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' } } },
  };
}

/** The host. It knows remote names only; their URLs come from /runtime-config.json at start. */
export function defineShellConfig(appDir) {
  return defineConfig(({ command }) => {
    const base = common(appDir, { title: 'Steward', port: BASE_PORT });
    return {
      ...base,
      html: {
        ...base.html,
        // Start fetching the runtime registry while the JS downloads.
        tags: [
          { tag: 'link', attrs: { rel: 'preload', href: '/runtime-config.json', as: 'fetch', crossorigin: 'anonymous' }, head: true },
        ],
      },
      output: { ...base.output, assetPrefix: '/' },
      server: { ...base.server, historyApiFallback: true },
      plugins: [
        ...base.plugins,
        pluginModuleFederation({
          name: HOST_NAME,
          remotes: {},
          shared: sharedSingletons(),
          shareStrategy: 'loaded-first',
          dts: false,
          experiments: command === 'build' ? { provideExternalRuntime: true } : {},
        }),
      ],
    };
  });
}

/**
 * A remote: exposes './area' (a RemoteArea). Production builds use the shell's federation runtime
 * (externalRuntime) and the shell's shared modules (no fallback copies) instead of shipping their
 * own; `rsbuild dev` keeps its own of both so the remote also runs standalone for its team.
 */
export function defineRemoteConfig(appDir, remote, title) {
  return defineConfig(({ command }) => {
    const base = common(appDir, { title: `Steward ${title}`, port: BASE_PORT + REMOTE_PORT_OFFSETS[remote] });
    return {
      ...base,
      output: { ...base.output, assetPrefix: 'auto' },
      server: { ...base.server, cors: true, historyApiFallback: true },
      plugins: [
        ...base.plugins,
        pluginModuleFederation({
          name: containerName(remote),
          exposes: { './area': './src/area.tsx' },
          shared: sharedSingletons({ consumeOnly: command === 'build' }),
          shareStrategy: 'loaded-first',
          dts: false,
          experiments: command === 'build' ? { externalRuntime: true } : {},
        }),
      ],
    };
  });
}
