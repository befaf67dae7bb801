import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { containerName, type RemoteArea, type RemoteWidgets } from '@steward/libs/shell';
import type { RemoteName, RuntimeConfig } from '@steward/libs/runtime-config';
import { manifestUrlOf } from '@steward/libs/boot';
import { retryPlugin } from './retryPlugin';
import { versionSkewPlugin } from './versionSkewPlugin';

let registry: Partial<RuntimeConfig['remotes']> = {};
const registered = new Set<RemoteName>();
const loads = new Map<RemoteName, Promise<RemoteArea>>();
const loaded = new Map<RemoteName, RemoteArea>();
const widgetLoads = new Map<RemoteName, Promise<RemoteWidgets>>();

/** Loader layer: say which remote failed and how, instead of the runtime's generic error code. */
const diagnosticsPlugin: ModuleFederationRuntimePlugin = {
  name: 'steward-diagnostics',
  errorLoadRemote({ id, error, lifecycle }) {
    console.error(`[federation] ${id} failed during ${lifecycle}:`, error);
    return undefined;
  },
};

export function configureFederation(config: RuntimeConfig): void {
  registry = config.remotes;
  registerPlugins([retryPlugin(), versionSkewPlugin(), diagnosticsPlugin]);
}

function manifestUrl(name: RemoteName): string {
  const entry = registry[name];
  if (!entry) throw new Error(`The runtime registry has no entry for the ${name} remote.`);
  return manifestUrlOf(entry.manifest, window.location.href);
}

/** Registers a remote on first use only (registration is per remote, as the organisation enables it). */
function register(name: RemoteName, force: boolean): void {
  if (registered.has(name) && !force) return;
  registerRemotes([{ name: containerName(name), entry: manifestUrl(name) }], { force });
  registered.add(name);
}

/**
 * The remote's area module. A failed load is forgotten, and `fresh` re-registers the remote so the
 * runtime fetches its manifest again (used by Retry after the remote comes back).
 */
export function loadArea(name: RemoteName, fresh = false): Promise<RemoteArea> {
  const cached = loads.get(name);
  if (cached && !fresh) return cached;
  if (fresh) loaded.delete(name);
  const load = (async () => {
    register(name, fresh);
    const module = await loadRemote<{ default: RemoteArea }>(`${containerName(name)}/area`);
    if (!module?.default) throw new Error(`The ${name} remote did not expose an area.`);
    loaded.set(name, module.default);
    return module.default;
  })();
  load.catch(() => loads.delete(name));
  loads.set(name, load);
  return load;
}

/**
 * The remote's './widgets' module (pieces other screens show, e.g. the dashboard's revenue chart),
 * without its area's screens. A failed load is forgotten so a later screen tries again.
 */
export function loadWidgets(name: RemoteName): Promise<RemoteWidgets> {
  const cached = widgetLoads.get(name);
  if (cached) return cached;
  const load = (async () => {
    register(name, false);
    const module = await loadRemote<{ default: RemoteWidgets }>(`${containerName(name)}/widgets`);
    if (!module?.default) throw new Error(`The ${name} remote did not expose widgets.`);
    return module.default;
  })();
  load.catch(() => widgetLoads.delete(name));
  widgetLoads.set(name, load);
  return load;
}

/** The remote's area if it has finished loading, so a screen can render it in the same frame. */
export function peekArea(name: RemoteName): RemoteArea | undefined {
  return loaded.get(name);
}
