import { getDatabase, toDataAccessError } from '@steward/libs/data';

export type NotificationRow = {
  id: string;
  kind: string;
  title: string;
  body: string | null;
  link: string;
  created_at: string;
  read_at: string | null;
};

/** Every notification query sits under this key, so marking one read refreshes the count and the list. */
export const notificationsKey = (orgName: string | null) => ['notifications', orgName] as const;
export const unreadCountKey = (orgName: string | null) => [...notificationsKey(orgName), 'unread'] as const;
export const notificationListKey = (orgName: string | null) => [...notificationsKey(orgName), 'list'] as const;

/**
 * The bell's figure: the signed-in person's unread notifications in the organisation, counted by the
 * database (a HEAD request; row-level security keeps it to the person's own rows, a partial index on
 * unread rows keeps it small).
 */
export async function fetchUnreadCount(orgName: string): Promise<number> {
  const { count, error } = await getDatabase()
    .from('notifications')
    .select('id', { count: 'exact', head: true })
    .eq('org_name', orgName)
    .is('read_at', null);
  if (error) throw toDataAccessError(error);
  return count ?? 0;
}

export const NOTIFICATION_LIST_SIZE = 20;

export async function fetchNotifications(orgName: string): Promise<NotificationRow[]> {
  const { data, error } = await getDatabase()
    .from('notifications')
    .select('id, kind, title, body, link, created_at, read_at')
    .eq('org_name', orgName)
    .order('created_at', { ascending: false })
    .limit(NOTIFICATION_LIST_SIZE);
  if (error) throw toDataAccessError(error);
  return (data ?? []) as NotificationRow[];
}

export async function markNotificationRead(id: string): Promise<void> {
  const { error } = await getDatabase().from('notifications').update({ read_at: new Date().toISOString() }).eq('id', id).is('read_at', null);
  if (error) throw toDataAccessError(error);
}

export async function markAllNotificationsRead(orgName: string): Promise<void> {
  const { error } = await getDatabase().rpc('mark_all_notifications_read', { p_org_name: orgName });
  if (error) throw toDataAccessError(error);
}
