import { useSyncExternalStore } from 'react';
import { ToastCard } from './ToastCard';
import { toastStore } from './toastStore';
import { notifyStore } from './notifyStore';
import type { NotifyType } from './notifyReducer';
import {
  NOTIFY_DURATION_MS,
  NOTIFY_GAP_PX,
  NOTIFY_SWIPE_THRESHOLD_PX,
  NOTIFY_VISIBLE_LIMIT,
  NOTIFY_WIDTH_PX,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from './toastConstants';
import './toast.css';
import { useT } from '@steward/libs/messages';

const NOTIFY_ICONS: Record<NotifyType, string> = { success: '✓', info: 'i', warning: '!', error: '✕', loading: '' };

/**
 * The toasts of both systems, bottom right. Mount once per page (the shell does); screens only call
 * toast() or notify.*().
 */
export function Toaster() {
  const t = useT();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  const notes = useSyncExternalStore(notifyStore.subscribe, notifyStore.getSnapshot);

  return (
    <div className="stw-toaster" style={{ width: NOTIFY_WIDTH_PX, gap: NOTIFY_GAP_PX }}>
      <ol className="stw-toaster__list" aria-label={t('toast.statusMessages')} style={{ gap: NOTIFY_GAP_PX }}>
        {notes.slice(0, NOTIFY_VISIBLE_LIMIT).map((note) => (
          <ToastCard
            key={note.id}
            role={note.type === 'error' ? 'alert' : 'status'}
            className={`stw-toast stw-toast--${note.type}`}
            durationMs={note.type === 'loading' ? null : NOTIFY_DURATION_MS}
            swipeThresholdPx={NOTIFY_SWIPE_THRESHOLD_PX}
            onClose={() => notifyStore.dispatch({ type: 'dismiss', id: note.id })}
          >
            <span className={`stw-toast__icon stw-toast__icon--${note.type}`} aria-hidden="true">
              {NOTIFY_ICONS[note.type]}
            </span>
            <div className="stw-toast__body">
              <div className="stw-toast__title">{note.message}</div>
              {note.description && <div className="stw-toast__description">{note.description}</div>}
            </div>
          </ToastCard>
        ))}
      </ol>
      <ol className="stw-toaster__list" aria-label={t('toast.notifications')}>
        {toasts
          .filter((item) => item.open)
          .map((item) => (
            <ToastCard
              key={item.id}
              role={item.variant === 'destructive' ? 'alert' : 'status'}
              className={`stw-toast stw-toast--${item.variant}`}
              durationMs={item.durationMs ?? TOAST_DURATION_MS}
              swipeThresholdPx={TOAST_SWIPE_THRESHOLD_PX}
              onClose={() => toastStore.dispatch({ type: 'dismiss', id: item.id })}
            >
              <div className="stw-toast__body">
                {item.title && <div className="stw-toast__title">{item.title}</div>}
                {item.description && <div className="stw-toast__description">{item.description}</div>}
              </div>
              {item.action ? (
                <button
                  type="button"
                  className="stw-toast__action"
                  onClick={() => {
                    toastStore.dispatch({ type: 'dismiss', id: item.id });
                    item.action?.onClick();
                  }}
                >
                  {item.action.label}
                </button>
              ) : null}
            </ToastCard>
          ))}
      </ol>
    </div>
  );
}
