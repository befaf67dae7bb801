import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@steward/libs/session';
import { fetchUnreadCount, notificationsKey, unreadCountKey } from './notificationQueries';
import type { NotificationPanelProps } from './NotificationPanel';
import { t as translate, useT } from '../i18n';

/** How often an open page asks again (and on focus); a hosted deployment would push instead (docs/areas.md, Work management). */
export const NOTIFICATION_REFRESH_MS = 60_000;

/** Waits until the browser is idle after the first paint, so the bell's count never delays the first view. */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setReady(true), 300);
    return () => window.clearTimeout(handle);
  }, []);
  return ready;
}

/**
 * A change saved on this page (assigning a task, a note that mentions someone) may have made a
 * notification: the count is asked again as soon as any write succeeds, not at the next interval.
 */
function useRefreshAfterWrites(orgName: string | null) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') void queryClient.invalidateQueries({ queryKey: notificationsKey(orgName) });
      }),
    [queryClient, orgName],
  );
}

export const bellLabel = (count: number) => translate('notifications.bell', { count });

/** The header's bell: the unread count, and a panel (its code loaded on first open) with the latest notifications. */
export function NotificationBell() {
  const { orgName, user } = useSession();
  // Drawn again in a language chosen while it shows.
  const t = useT();
  const ready = useAfterFirstPaint();
  const count = useQuery({
    queryKey: unreadCountKey(orgName),
    queryFn: () => fetchUnreadCount(orgName ?? ''),
    enabled: ready && orgName !== null && user !== null,
    refetchInterval: NOTIFICATION_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
  useRefreshAfterWrites(orgName);
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<NotificationPanelProps> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  const toggle = () => {
    if (!Panel) void import('./NotificationPanel').then((module) => setPanel(() => module.NotificationPanel));
    setOpen((current) => !current);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (!user || !orgName) return null;
  const unread = count.data ?? 0;
  return (
    <div className="stw-bell" ref={wrapper} onKeyDown={(event) => event.key === 'Escape' && open && close(true)}>
      <button
        type="button"
        ref={button}
        className="stw-bell__button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls="stw-notification-panel"
        data-testid="notification-bell"
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        {unread > 0 ? (
          <span className="stw-bell__count" data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id="stw-notification-panel" className="stw-bell__panel" role="region" aria-label={t('notifications.title')}>
          {Panel ? <Panel orgName={orgName} onNavigate={() => close(false)} /> : <p className="stw-bell__empty">{t('common.loading')}</p>}
        </div>
      ) : null}
    </div>
  );
}
