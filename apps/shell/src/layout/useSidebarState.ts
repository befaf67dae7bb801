import { useCallback, useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_KEYBOARD_SHORTCUT } from './layoutConstants';
import { readSidebarPinned, sidebarCookie } from './sidebarCookie';
import { useMediaQuery } from './useMediaQuery';

export type SidebarState = {
  isMobile: boolean;
  /** Desktop: kept at full width instead of expanding on hover only. */
  pinned: boolean;
  /** Mobile: the drawer is open. */
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  toggle: () => void;
};

/**
 * The sidebar's open state: Ctrl/Cmd+B toggles it, the desktop choice is kept
 * in a cookie for seven days, and under 768 px the sidebar is a drawer.
 */
export function useSidebarState(): SidebarState {
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  const [pinned, setPinned] = useState(() => readSidebarPinned(document.cookie));
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setDrawerOpen((open) => !open);
      return;
    }
    const next = !pinned;
    document.cookie = sidebarCookie(next);
    setPinned(next);
  }, [isMobile, pinned]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { isMobile, pinned, drawerOpen: isMobile && drawerOpen, setDrawerOpen, toggle };
}
