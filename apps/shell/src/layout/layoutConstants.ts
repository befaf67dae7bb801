import type { CSSProperties } from 'react';

/** The layout's fixed measures: header height, sidebar widths (the phone breakpoint is NARROW_SCREEN_PX, @steward/libs/ui/core). */
export const HEADER_HEIGHT_PX = 84;
export const SIDEBAR_COLLAPSED_PX = 64;
export const SIDEBAR_EXPANDED_PX = 260;
export const SIDEBAR_ICON_PX = 28;
export const SIDEBAR_MOBILE_WIDTH = '18rem';
/** Ctrl+B / Cmd+B pins the sidebar open (desktop) or opens the drawer (mobile). */
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;

/** The same numbers for the stylesheet, so CSS and code cannot drift apart. */
export const LAYOUT_CSS_VARIABLES = {
  '--stw-header-height': `${HEADER_HEIGHT_PX}px`,
  '--stw-sidebar-collapsed': `${SIDEBAR_COLLAPSED_PX}px`,
  '--stw-sidebar-expanded': `${SIDEBAR_EXPANDED_PX}px`,
  '--stw-sidebar-icon': `${SIDEBAR_ICON_PX}px`,
  '--stw-drawer-width': SIDEBAR_MOBILE_WIDTH,
} as CSSProperties;
