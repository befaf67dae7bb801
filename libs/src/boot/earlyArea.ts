import { fetchRuntimeConfig, type RuntimeConfig } from '@steward/libs/runtime-config';
import type { AreaStart } from './areaStart.mjs';

// The app's side of index.html's area start (areaStart.mjs): the registry and the page's own remote
// manifest were asked for before the app's code arrived, and are taken from there once.

declare global {
  interface Window {
    /** Set by index.html's inline start (areaStart.mjs) on a page a remote owns. */
    stewardAreaStart?: AreaStart | null;
  }
}

let configLoad: Promise<RuntimeConfig> | undefined;

/** The runtime registry (/runtime-config.json), read once: from index.html's request when it made one. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  configLoad ??= fetchRuntimeConfig('/runtime-config.json', window.stewardAreaStart?.config);
  return configLoad;
}

/** A manifest's URL as the federation runtime is given it (and index.html asks for it). */
export function manifestUrlOf(manifest: string, base: string): string {
  return new URL(manifest, base).href;
}

/** The manifest request index.html started for `url`, once (the runtime's first attempt takes it). */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const manifests = window.stewardAreaStart?.manifests;
  const early = manifests?.[url];
  if (manifests) delete manifests[url];
  return early;
}
