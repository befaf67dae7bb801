import { SIDEBAR_COOKIE_MAX_AGE_S, SIDEBAR_COOKIE_NAME } from './layoutConstants';

/** Whether the sidebar was left pinned open, from a document.cookie string. */
export function readSidebarPinned(cookies: string): boolean {
  return cookies.split(';').some((cookie) => cookie.trim() === `${SIDEBAR_COOKIE_NAME}=true`);
}

/** The cookie that remembers the sidebar's state for seven days. */
export function sidebarCookie(pinned: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${pinned}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
}
