/**
 * Installed before any page script: a stand-in for the React DevTools hook. Every react-dom copy that
 * starts registers its renderer through `inject`, so the count is the number of React renderers on
 * the page.
 */
export function installReactRendererProbe(): void {
  const renderers = new Map<number, unknown>();
  let nextId = 1;
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
    configurable: true,
    value: {
      renderers,
      supportsFiber: true,
      inject(renderer: unknown) {
        const id = nextId;
        nextId += 1;
        renderers.set(id, renderer);
        return id;
      },
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      checkDCE() {},
    },
  });
}

export type PageInstanceCounts = { reactRenderers: number; libsFederation: number };

export function readInstanceCounts(): PageInstanceCounts {
  const hook = (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__;
  const libs = (globalThis as { __stewardLibsFederationInstances?: number }).__stewardLibsFederationInstances ?? 0;
  return { reactRenderers: hook.renderers.size, libsFederation: libs };
}

/**
 * For every module in the federation share scope that has been loaded: how many versions of it are
 * loaded. One each means shell and remotes really share one instance.
 */
export function readLoadedSharedVersions(): Record<string, number> {
  type Entry = { loaded?: boolean };
  type Scopes = Record<string, Record<string, Record<string, Record<string, Entry>>>>;
  const scopes = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Scopes } }).__FEDERATION__.__SHARE__;
  const loaded: Record<string, number> = {};
  for (const byScope of Object.values(scopes)) {
    for (const byName of Object.values(byScope)) {
      for (const [name, byVersion] of Object.entries(byName)) {
        const count = Object.values(byVersion).filter((entry) => entry.loaded).length;
        if (count > 0) loaded[name] = (loaded[name] ?? 0) + count;
      }
    }
  }
  return loaded;
}
