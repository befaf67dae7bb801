import { externalStore } from './externalStore';
import { notifyReducer, type NotifyAction, type NotifyItem } from './notifyReducer';

const store = externalStore<readonly NotifyItem[]>([]);

/** The second toast system's state, shared by every app on the page. */
export const notifyStore = {
  getSnapshot: store.getSnapshot,
  subscribe: store.subscribe,
  dispatch: (action: NotifyAction) => store.set(notifyReducer(store.getSnapshot(), action)),
};
