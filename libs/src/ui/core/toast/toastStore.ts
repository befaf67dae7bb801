import { externalStore } from './externalStore';
import { toastReducer, type ToastAction, type ToastItem } from './toastReducer';
import { TOAST_REMOVE_DELAY_MS } from './toastConstants';

const store = externalStore<readonly ToastItem[]>([]);
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string): void {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

function dispatch(action: ToastAction): void {
  store.set(toastReducer(store.getSnapshot(), action));
  if (action.type === 'dismiss') {
    for (const toast of store.getSnapshot()) if (!toast.open) scheduleRemoval(toast.id);
  }
}

/** The first toast system's state, shared by every app on the page (libs/ui is a singleton). */
export const toastStore = { getSnapshot: store.getSnapshot, subscribe: store.subscribe, dispatch };
