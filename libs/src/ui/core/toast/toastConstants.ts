/**
 * The platform's two toast systems. The first shows one titled toast at a time (default or
 * destructive); the second stacks up to three short status messages (success, info, warning, error,
 * loading). Both sit bottom right and pause their auto-close while hovered or focused.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** An Undo toast stays long enough to read, reach and press. */
export const UNDO_DURATION_MS = 10_000;
/** How long a dismissed first-system toast is kept (closed) before it is removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const NOTIFY_DURATION_MS = 4000;
export const NOTIFY_VISIBLE_LIMIT = 3;
export const NOTIFY_WIDTH_PX = 356;
export const NOTIFY_GAP_PX = 14;
export const NOTIFY_SWIPE_THRESHOLD_PX = 20;
