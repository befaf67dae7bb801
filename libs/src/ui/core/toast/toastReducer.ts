import { TOAST_LIMIT } from './toastConstants';

export type ToastVariant = 'default' | 'destructive';

export type ToastActionButton = { label: string; onClick: () => void };

export type ToastItem = {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  /** One button in the toast (Undo); pressing it runs `onClick` and closes the toast. */
  action?: ToastActionButton;
  /** How long the toast stays; TOAST_DURATION_MS unless given (an Undo toast stays UNDO_DURATION_MS). */
  durationMs?: number;
  /** False once dismissed: the toast is hidden and removed later. */
  open: boolean;
};

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; id: string; patch: Partial<Omit<ToastItem, 'id'>> }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

/** The first toast system: the newest toast replaces older ones beyond the limit of one. */
export function toastReducer(toasts: readonly ToastItem[], action: ToastAction): readonly ToastItem[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...toasts].slice(0, TOAST_LIMIT);
    case 'update':
      return toasts.map((toast) => (toast.id === action.id ? { ...toast, ...action.patch } : toast));
    case 'dismiss':
      return toasts.map((toast) => (action.id === undefined || toast.id === action.id ? { ...toast, open: false } : toast));
    case 'remove':
      return action.id === undefined ? [] : toasts.filter((toast) => toast.id !== action.id);
  }
}
