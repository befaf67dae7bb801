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
