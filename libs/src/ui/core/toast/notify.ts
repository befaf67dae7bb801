import { notifyStore } from './notifyStore';
import type { NotifyType } from './notifyReducer';

export type NotifyOptions = { description?: string; /** Reuse an id to replace that message (e.g. a 'loading' one). */ id?: string };

let counter = 0;

function show(type: NotifyType, message: string, options: NotifyOptions = {}): string {
  counter += 1;
  const id = options.id ?? `notify-${counter}`;
  notifyStore.dispatch({ type: 'show', item: { id, type, message, description: options.description } });
  return id;
}

/**
 * The second toast system: short status messages, at most three on screen, each closing after 4 s
 * (a 'loading' one stays until replaced or dismissed). Returns the message id.
 */
export const notify = {
  success: (message: string, options?: NotifyOptions) => show('success', message, options),
  info: (message: string, options?: NotifyOptions) => show('info', message, options),
  warning: (message: string, options?: NotifyOptions) => show('warning', message, options),
  error: (message: string, options?: NotifyOptions) => show('error', message, options),
  loading: (message: string, options?: NotifyOptions) => show('loading', message, options),
  dismiss: (id?: string) => notifyStore.dispatch({ type: 'dismiss', id }),
};
