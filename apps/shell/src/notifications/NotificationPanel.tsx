import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@steward/libs/router';
import { errorMessage } from '@steward/libs/data';
import { formatDateTime } from '@steward/libs/i18n';
import { t, useT } from '../i18n';
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationListKey,
  notificationsKey,
  type NotificationRow,
} from './notificationQueries';

export type NotificationPanelProps = { orgName: string; onNavigate: () => void };

/** The words of an empty panel (a test reads them). */
export const noNotificationsText = () => t('notifications.none');

/** The bell's panel: the latest notifications, newest first, each a link to its record that marks it read. */
export function NotificationPanel({ orgName, onNavigate }: NotificationPanelProps) {
  const queryClient = useQueryClient();
  const t = useT();
  const list = useQuery({ queryKey: notificationListKey(orgName), queryFn: () => fetchNotifications(orgName), refetchOnWindowFocus: true });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsKey(orgName) });
  const readOne = useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const readAll = useMutation({ mutationFn: () => markAllNotificationsRead(orgName), onSettled: refresh });
  const rows = list.data ?? [];
  const anyUnread = rows.some((row) => row.read_at === null);

  const open = (row: NotificationRow) => {
    if (row.read_at === null) readOne.mutate(row.id);
    onNavigate();
  };

  return (
    <div className="stw-notifications">
      <div className="stw-notifications__head">
        <h2 className="stw-notifications__title">{t('notifications.title')}</h2>
        <button type="button" className="stw-notifications__all" disabled={!anyUnread || readAll.isPending} onClick={() => readAll.mutate()}>
          {t('notifications.markAllRead')}
        </button>
      </div>
      {list.isLoading ? <p className="stw-bell__empty">{t('common.loading')}</p> : null}
      {list.error ? <p role="alert">{errorMessage(list.error, t('common.unknownError'))}</p> : null}
      {!list.isLoading && !list.error && rows.length === 0 ? <p className="stw-bell__empty">{t('notifications.none')}</p> : null}
      {rows.length > 0 ? (
        <ul className="stw-notifications__list">
          {rows.map((row) => (
            <li key={row.id} className={row.read_at === null ? 'stw-notifications__item stw-notifications__item--unread' : 'stw-notifications__item'}>
              <Link to={row.link} onClick={() => open(row)} data-testid="notification-link">
                <span className="stw-notifications__item-title">
                  {row.read_at === null ? <span className="stw-visually-hidden">{t('notifications.unread')}</span> : null}
                  {row.title}
                </span>
                {row.body ? <span className="stw-notifications__body">{row.body}</span> : null}
                <span className="stw-notifications__time">{formatDateTime(row.created_at)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
