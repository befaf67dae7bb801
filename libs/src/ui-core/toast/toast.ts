import { toastStore } from './toastStore';
import type { ToastVariant } from './toastReducer';

export type ToastInput = { title?: string; description?: string; variant?: ToastVariant };

export type ToastHandle = { id: string; dismiss: () => void; update: (input: ToastInput) => void };

let counter = 0;

/**
 * Shows a toast of the first system (title and description, default or destructive); it replaces the
 * one on screen and closes after 5 s unless hovered or focused.
 */
export function toast({ title, description, variant = 'default' }: ToastInput): ToastHandle {
  counter += 1;
  const id = `toast-${counter}`;
  toastStore.dispatch({ type: 'add', toast: { id, title, description, variant, open: true } });
  return {
    id,
    dismiss: () => toastStore.dispatch({ type: 'dismiss', id }),
    update: (input) => toastStore.dispatch({ type: 'update', id, patch: input }),
  };
}

/** Closes one toast, or all of them. */
toast.dismiss = (id?: string): void => toastStore.dispatch({ type: 'dismiss', id });
