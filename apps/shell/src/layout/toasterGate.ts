/**
 * Whether the page needs the toaster yet. The public landing never shows a toast until a dialog or
 * the signed-in layout opens, so the toaster's module is fetched only then; once needed, it stays.
 */
let needed = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (needed) return;
  needed = true;
  listeners.forEach((listener) => listener());
}

export const toasterGate = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  isNeeded: () => needed,
};
