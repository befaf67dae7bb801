/** A minimal store for useSyncExternalStore: the toast systems are module singletons shared by shell and remotes. */
export type ExternalStore<S> = {
  getSnapshot: () => S;
  subscribe: (listener: () => void) => () => void;
  set: (next: S) => void;
};

export function externalStore<S>(initial: S): ExternalStore<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (next) => {
      if (next === state) return;
      state = next;
      listeners.forEach((listener) => listener());
    },
  };
}
