import { useCallback, useEffect, useState } from 'react';
import { useNarrowScreen } from '@steward/libs/ui/core';
import { SIDEBAR_KEYBOARD_SHORTCUT } from './layoutConstants';
import { readSidebarPinned, sidebarCookie } from './sidebarCookie';

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
 * in a cookie for seven days, and under 768 px (NARROW_SCREEN_PX) the sidebar is a drawer.
 */
export function useSidebarState(): SidebarState {
  const isMobile = useNarrowScreen();
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
