import { toastStore } from './toastStore';
import { UNDO_DURATION_MS } from './toastConstants';
import type { ToastActionButton, ToastVariant } from './toastReducer';
import { t } from '@steward/libs/messages';

export type ToastInput = { title?: string; description?: string; variant?: ToastVariant; action?: ToastActionButton; durationMs?: number };

export type ToastHandle = { id: string; dismiss: () => void; update: (input: ToastInput) => void };

let counter = 0;

/**
 * Shows a toast of the first system (title and description, default or destructive); it replaces the
 * one on screen and closes after 5 s unless hovered or focused.
 */
export function toast({ title, description, variant = 'default', action, durationMs }: ToastInput): ToastHandle {
  counter += 1;
  const id = `toast-${counter}`;
  toastStore.dispatch({ type: 'add', toast: { id, title, description, variant, action, durationMs, open: true } });
  return {
    id,
    dismiss: () => toastStore.dispatch({ type: 'dismiss', id }),
    update: (input) => toastStore.dispatch({ type: 'update', id, patch: input }),
  };
}

/**
 * "Archived Maya Chen" with an Undo button for 10 s (paused while hovered or focused): the one way a
 * screen offers to take back what it just did.
 */
export function undoToast(title: string, onUndo: () => void, description?: string): ToastHandle {
  return toast({ title, description, action: { label: t('toast.undo'), onClick: onUndo }, durationMs: UNDO_DURATION_MS });
}

/** Closes one toast, or all of them. */
toast.dismiss = (id?: string): void => toastStore.dispatch({ type: 'dismiss', id });
