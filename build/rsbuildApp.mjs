// Rsbuild configuration shared by the shell and the six remotes (see federation.mjs for what is shared).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, rspack } from '@rsbuild/core';
import { transform as transformCss } from 'lightningcss';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { HOST_NAME, REMOTE_PORT_OFFSETS, containerName, sharedSingletons } from './federation.mjs';
import { serveDevRuntimeConfig } from './devRuntimeConfig.mjs';
import { pluginAntdStylesUsed } from './antdStyles.mjs';
import { CATALOG_FILE } from './i18n/compileMessages.mjs';
import { EARLY_TOKEN_MARGIN_MS, FIRST_VIEW_KEY, FIRST_VIEW_VERSION, startFirstView } from '../libs/src/boot/firstViewStart.mjs';
import { startArea } from '../libs/src/boot/areaStart.mjs';
import { ROUTES } from '../libs/src/shell/routes.mjs';
import { PUBLIC_PAGES } from '../libs/src/runtime-config/areas.mjs';

const HTML_TEMPLATE = path.join(import.meta.dirname, 'index.html');
const DESCRIPTION = 'Steward: contacts, businesses, households, catalogue, lodging, team and operations for small organisations.';

const BASE_PORT = 3000;

const reactRouterDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');

/**
 * Messages (libs/src/i18n, docs/architecture.md "Languages"): each area's catalogues are compiled by its
 * own build (build/i18n/compileMessages.mjs) and the page formats them with intl-messageformat without
 * FormatJS's parser, which only the build needs.
 */
const MESSAGES_LOADER = path.join(import.meta.dirname, 'i18n/messagesLoader.cjs');
/** The message formatter's parser left out: every catalogue arrives compiled (CATALOG_RULE). */
export const MESSAGE_PARSER_STANDIN = path.join(path.dirname(createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser/package.json')), 'lib/no-parser.js');
/** Each area's and lib's message catalogues compiled at build time (build/i18n/messagesLoader.cjs). */
export const CATALOG_RULE = { test: CATALOG_FILE, use: [{ loader: MESSAGES_LOADER }] };

/** Environment that changes a build — all of it is an Nx input (nx.json sharedGlobals). */
function buildEnv(appDir) {
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  return {
    version: process.env.STEWARD_APP_VERSION || pkg.version,
    outDir: process.env.STEWARD_OUT_DIR || 'dist',
  };
}

const brotli = promisify(zlib.brotliCompress);
const PRECOMPRESSED = /\.(js|mjs|css|html|json|svg)$/;

/**
 * A production build leaves a Brotli copy (name.br, best quality) beside each text file over 1 KB, as a
 * deployment uploads them for its CDN: the first view's JavaScript crosses a phone's network ~15%
 * smaller than gzip. Done once per build, not by the server on each start (scripts/lib/staticServer.mjs
 * serves the copy to browsers that accept br).
 */
function pluginPrecompress() {
  return {
    name: 'steward:precompress',
    setup(api) {
      api.onAfterBuild(async ({ environments }) => {
        for (const environment of Object.values(environments)) {
          const root = environment.distPath;
          const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && PRECOMPRESSED.test(entry.name));
          await Promise.all(
            files.map(async (entry) => {
              const file = path.join(entry.parentPath, entry.name);
              const body = await readFile(file);
              if (body.length <= 1024) return;
              const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
              await writeFile(`${file}.br`, await brotli(body, { params }));
            }),
          );
        }
      });
    },
  };
}

/**
 * The shell's first-view scripts (the entry's, and the chunks every signed-in view runs first) ask V8
 * to compile every function as the script arrives (`//# allFunctionsCalledOnLoad`, Chrome 136+), on
 * the streaming thread, instead of each one on the main thread the first time it is called. Nearly all
 * of that code (the federation runtime, React, the router, the app's bootstrap and layout) runs as the
 * page starts, so compiling it lazily only put the work into the page's longest tasks. Other browsers
 * read a comment. Remotes and the code of later screens stay lazy: much of it never runs on a visit.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The shell's scripts that carry COMPILE_HINT: the entry's and the signed-in view's first chunks. */
export function compileHintedFiles(compilation) {
  const entry = compilation.entrypoints.get('index')?.getFiles() ?? [];
  const signedIn = signedInCode(compilation).scripts.map((file) => file.slice(1));
  return [...new Set([...entry, ...signedIn])].filter((file) => file.endsWith('.js'));
}

function pluginCompileHints() {
  return {
    name: 'steward:compile-hints',
    setup(api) {
      // After the minifier (which drops comments), before the content hashes are taken.
      api.processAssets({ stage: 'optimize-inline' }, ({ compilation, sources }) => {
        for (const file of compileHintedFiles(compilation)) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
      });
    },
  };
}

function common(appDir, { title, port }) {
  const { version, outDir } = buildEnv(appDir);
  return {
    plugins: [pluginReact(), pluginPrecompress()],
    source: {
      entry: { index: './src/index.ts' },
      define: { __STEWARD_APP_VERSION__: JSON.stringify(version) },
    },
    // The page says its language (screen readers pick the voice from it) and what it is.
    html: { title, mountId: 'root', template: HTML_TEMPLATE, meta: { description: DESCRIPTION }, templateParameters: { criticalCss: '', prerendered: '' } },
    output: {
      distPath: { root: outDir },
      cleanDistPath: true,
      // Content-hashed assets are cached forever; what is not hashed (index.html, remoteEntry.js,
      // mf-manifest.json) is served no-cache by scripts/lib/staticServer.mjs.
      filenameHash: true,
      legalComments: 'none',
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    // React Router's package points every import at its development build (the same code with its
    // development warnings switched on); a production build takes the production one.
    resolve: {
      alias: {
        'react-router$': path.join(reactRouterDist, 'production/index.mjs'),
        'react-router/dom$': path.join(reactRouterDist, 'production/dom-export.mjs'),
        '@formatjs/icu-messageformat-parser$': MESSAGE_PARSER_STANDIN,
      },
    },
    server: { port, host: 'localhost', setup: serveDevRuntimeConfig() },
    // Lazy compilation splits shared modules in a way the federation runtime cannot consume.
    dev: { lazyCompilation: false },
    tools: { rspack: { optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' }, module: { rules: [CATALOG_RULE] } } },
  };
}

/**
 * The inline styles minified by Lightning CSS, the minifier Rsbuild runs over the app's own
 * stylesheets (rspack's LightningCssMinimizerRspackPlugin). Minified only: the CSS is written for
 * the browsers the app supports, so nothing is lowered.
 */
const minifyCss = (css, filename) => transformCss({ filename, code: Buffer.from(css), minify: true }).code.toString();

/** Landing paths: the public page the shell paints from index.html before any JavaScript runs. */
const LANDING_PATHS = ['/', '/index', '/signup'];

/**
 * What the shell's index.html paints by itself: the base and landing styles inline, and on a landing
 * path with no stored session the landing as LandingPage renders it while the session loads
 * (src/landing/landing.prerendered.html, kept equal to the component by its test). React renders the
 * same page over it, so the visitor reads the page seconds earlier on a slow phone and nothing moves.
 */
function shellFirstPaint(appDir) {
  const read = (file) => readFileSync(path.join(appDir, 'src', file), 'utf8');
  const css = minifyCss(`${read('branding/base.css')}\n${read('landing/landing.css')}`, 'first-paint.css');
  if (css.includes('</')) throw new Error('Inline CSS must not contain "</"');
  // The landing is painted only for a visitor without a stored session (told by pluginFirstViewStart's
  // script, which runs before this one).
  const show = `(function(){var p=location.pathname,f=window.stewardFirstView;`
    + `if(${JSON.stringify(LANDING_PATHS)}.indexOf(p)<0||(f&&f.storedSession))return;var t=document.getElementById('stw-prerendered');document.getElementById('root').appendChild(t.content.cloneNode(true))})()`;
  return {
    criticalCss: `<style>${css}</style>`,
    prerendered: `<template id="stw-prerendered">${read('landing/landing.prerendered.html').trim()}</template><script>${show}</script>`,
  };
}

/**
 * The libs every area's first view runs, by folder (ui: its own files, not antd's). The database's
 * refusals are not among them, in no language: they are fetched once the first view is shown.
 */
const FIRST_VIEW_LIBS = /libs[\\/]src[\\/](data|filter|area|ui[\\/]core)[\\/]|libs[\\/]src[\\/]ui[\\/][^\\/]+$|libs[\\/]src[\\/]messages[\\/](index\.ts|en\.json)$/;

/**
 * Whether a module belongs in the shell's `libs-signed-in` chunk: one of FIRST_VIEW_LIBS, the English
 * catalogues but not the pseudo-locales made from them (`en.json?pseudo=…`, which load on request).
 * @param {{ nameForCondition(): string | undefined, identifier(): string }} module
 */
export function isFirstViewLib(module) {
  return FIRST_VIEW_LIBS.test(module.nameForCondition() ?? '') && !module.identifier().includes('?pseudo=');
}

/** The shell's chunks every signed-in view runs first, by the names its code gives them (src/start.ts, layout/signedInScreens.ts, and the forced splits below). */
export const SIGNED_IN_CHUNKS = ['bootstrap', 'signed-in', 'libs-signed-in'];

/**
 * supabase-js's chunk: a session whose token is fresh loads its first view without it (libs/boot
 * getDatabase) and fetches it once that view is shown; one that supabase-js must refresh first needs it
 * with the signed-in code.
 */
export const AUTH_CHUNKS = ['lib-supabase'];

/**
 * The files of the shell's signed-in chunks, as the page asks for them: what a stored session's first
 * view needs of the shell's own code whatever page it opens, beyond the entry's scripts (which the page
 * names itself). Every chunk of each named chunk's group counts, so code the bundler split off with it
 * comes too.
 */
export function signedInCode(compilation, names = SIGNED_IN_CHUNKS) {
  const initial = new Set(compilation.entrypoints.get('index')?.getFiles() ?? []);
  const files = new Set();
  for (const name of names) {
    // An import() the code names is a chunk group; a forced split (lib-supabase, libs-signed-in) a chunk.
    const named = compilation.namedChunkGroups.get(name)?.getFiles() ?? compilation.namedChunks.get(name)?.files;
    if (!named) throw new Error(`The shell's build has no chunk named ${name}: the signed-in first view's code is named in SIGNED_IN_CHUNKS`);
    for (const file of named) if (!initial.has(file)) files.add(`/${file}`);
  }
  const all = [...files].sort();
  return { scripts: all.filter((file) => file.endsWith('.js')), styles: all.filter((file) => file.endsWith('.css')) };
}

/**
 * The head of the shell's index.html starts a returning staff member's first view before the app's code
 * arrives (libs/src/boot/firstViewStart.mjs): it preloads the code and sends the reads that view
 * needed last time. A record is used only by the build that made it, named here by the build's hash.
 */
function pluginFirstViewStart(appDir) {
  const FAVICON_DATA_URL = `data:image/svg+xml,${encodeURIComponent(readFileSync(path.join(appDir, 'public/favicon.svg'), 'utf8').trim())}`;
  return {
    name: 'steward:first-view-start',
    setup(api) {
      api.modifyHTMLTags(({ headTags, bodyTags }, { compilation }) => {
        const options = {
          build: compilation.hash,
          key: FIRST_VIEW_KEY,
          version: FIRST_VIEW_VERSION,
          marginMs: EARLY_TOKEN_MARGIN_MS,
          signedInCode: signedInCode(compilation),
          authCode: signedInCode(compilation, AUTH_CHUNKS),
        };
        const env = '{localStorage:(function(){try{return localStorage}catch(e){return null}})(),location:location,document:document,fetch:fetch.bind(window),now:Date.now,later:function(f){setTimeout(f,0)}}';
        const source = inlineScript('first view start', `window.stewardFirstView=(${startFirstView.toString()})(${JSON.stringify(options)},${env});`);
        // The icon is drawn from the page itself: one request fewer on a slow phone's first view.
        const tags = headTags.map((tag) => (tag.tag === 'link' && tag.attrs?.rel === 'icon' ? { ...tag, attrs: { ...tag.attrs, href: FAVICON_DATA_URL } } : tag));
        // After the entry's own scripts, so those are asked for first.
        return { headTags: [...tags, { tag: 'script', children: source }], bodyTags };
      });
    },
  };
}

/**
 * A script index.html carries inline, minified as the bundles are (rspack's SWC minifier): its source is
 * written to be read, comments and all, and every page's first bytes carry it (the two starts: 8.9 KB
 * as written, 5.0 KB minified; the page 5.5 → 4.6 KB as served). It must not close its own tag.
 */
export function inlineScript(name, source) {
  const { code } = rspack.experiments.swc.minifySync(source, { compress: true, mangle: true });
  if (code.includes('</')) throw new Error(`The ${name} must not contain "</"`);
  return code;
}

/** The route table's remote routes as [path pattern, remote] pairs (libs/src/shell/routes.mjs). */
export function remoteRoutes() {
  return ROUTES.filter((route) => route.owner !== 'shell').map((route) => [route.path, route.owner]);
}

/** The areas' public pages as [prefix/*, remote] pairs (libs/src/runtime-config/areas.mjs). */
export function publicPageRoutes() {
  return Object.entries(PUBLIC_PAGES).map(([owner, path]) => [path, owner]);
}

/**
 * The shell's chunks a public page runs before its area's code (src/start.ts, App.tsx's "public-page",
 * and the libs every area's code imports first): preloaded by index.html on such a page, where there is
 * no session for firstViewStart's preload of the signed-in code.
 */
export const PUBLIC_PAGE_CHUNKS = ['bootstrap', 'public-page', 'libs-signed-in'];

/**
 * The head of the shell's index.html starts the code of the area the page opens on
 * (libs/src/boot/areaStart.mjs): the registry, the remote's manifest, then its first scripts (and on a
 * public page the shell's code before them).
 */
function pluginAreaStart() {
  return {
    name: 'steward:area-start',
    setup(api) {
      api.modifyHTMLTags(({ headTags, bodyTags }, { compilation }) => {
        const options = { routes: remoteRoutes(), publicPages: publicPageRoutes(), publicCode: signedInCode(compilation, PUBLIC_PAGE_CHUNKS), config: '/runtime-config.json' };
        const env = '{location:location,document:document,fetch:fetch.bind(window)}';
        const source = inlineScript('area start', `window.stewardAreaStart=(${startArea.toString()})(${JSON.stringify(options)},${env});`);
        // The runtime registry starts downloading with the JS (the app reads it first thing), then the
        // area's start, which takes that request's answer on a page a remote owns.
        const preload = { tag: 'link', attrs: { rel: 'preload', href: options.config, as: 'fetch', crossorigin: 'anonymous' } };
        return { headTags: [...headTags, preload, { tag: 'script', children: source }], bodyTags };
      });
    },
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
        templateParameters: shellFirstPaint(appDir),
      },
      // supabase-js without Realtime, which nothing uses (see libs/src/boot/realtimeStandIn.mjs): the shell
      // provides supabase-js to every area, so this is the page's only copy.
      resolve: { alias: { ...base.resolve.alias, '@supabase/realtime-js': path.join(import.meta.dirname, '../libs/src/boot/realtimeStandIn.mjs') } },
      // ...in one file with the rest of supabase-js and what only it uses (iceberg-js, tslib), not
      // requests of their own. Likewise the libs every area's first view needs (the queries, the
      // filter compiler they use, toasts, the messages they say, the design system's plain elements and
      // the area's frame): one file, not six, on a phone's first view, signed in or a guest's.
      performance: {
        ...base.performance,
        chunkSplit: {
          ...base.performance.chunkSplit,
          forceSplitting: {
            // (PostgREST's client stays out of it: the first view's database uses it before supabase-js;
            // so does tslib, which the first view's message formatter uses too.)
            'lib-supabase': /node_modules[\\/](@supabase[\\/](?!postgrest-js[\\/])|iceberg-js[\\/])|realtimeStandIn\.mjs$/,
          },
          // A test function rather than forceSplitting's pattern: the pseudo-locales share en.json's path.
          override: { cacheGroups: { 'libs-signed-in': { test: isFirstViewLib, name: 'libs-signed-in', chunks: 'all', priority: 0, enforce: true } } },
        },
      },
      output: { ...base.output, assetPrefix: '/' },
      server: { ...base.server, historyApiFallback: true },
      plugins: [
        ...base.plugins,
        pluginFirstViewStart(appDir),
        pluginCompileHints(),
        pluginAreaStart(),
        pluginAntdStylesUsed(),
        pluginModuleFederation({
          name: HOST_NAME,
          remotes: {},
          shared: sharedSingletons({ host: true }),
          shareStrategy: 'loaded-first',
          dts: false,
          experiments: command === 'build' ? { provideExternalRuntime: true, optimization: { target: 'web' } } : {},
        }),
      ],
    };
  });
}

/**
 * A remote: exposes './area' (a RemoteArea) and, when it has src/widgets.tsx, './widgets' (RemoteWidgets). Production builds use the shell's federation runtime
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
          exposes: {
            './area': './src/area.tsx',
            ...(existsSync(path.join(appDir, 'src/widgets.tsx')) ? { './widgets': './src/widgets.tsx' } : {}),
          },
          shared: sharedSingletons({ consumeOnly: command === 'build' }),
          shareStrategy: 'loaded-first',
          dts: false,
          // Browser-only, as the shell's: the runtime's Node.js loaders stay out of each remote entry,
          // which every area's first view downloads (1.6 KB of the CRM's 14.3).
          experiments: command === 'build' ? { externalRuntime: true, optimization: { target: 'web' } } : {},
        }),
      ],
    };
  });
}
