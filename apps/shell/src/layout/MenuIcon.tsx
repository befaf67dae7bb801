import type { MenuGroupName } from '@steward/libs/shell';
import { SIDEBAR_ICON_PX } from './layoutConstants';

export type MenuIconName = MenuGroupName | 'Dashboard' | 'Menu' | 'Chevron' | 'Close' | 'Search';

/** Stroke paths on a 24-unit grid, drawn inline: no icon pack reaches the browser. */
const PATHS: Record<MenuIconName, string> = {
  Dashboard: 'M3 13h8V3H3zM13 21h8V11h-8zM3 21h8v-6H3zM13 9h8V3h-8z',
  CRM: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  Catalog: 'M21 8l-9-5-9 5 9 5zM3 8v8l9 5 9-5V8M12 13v8',
  Engagement: 'M9 3h6v3H9zM7 5H5v16h14V5h-2M8 11h8M8 15h6',
  Financial: 'M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6',
  'Team Portal': 'M4 4h16v16H4zM12 12a3 3 0 1 0 0-6 3 3 0 0 0 0 6M7 18a5 5 0 0 1 10 0',
  Operations: 'M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9',
  Reservations: 'M2 20V8M2 14h20v6M22 14v-2a3 3 0 0 0-3-3h-8v5M6 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4',
  Settings: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3 14.1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1A1.7 1.7 0 0 0 9.9 3V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9h.2a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1',
  // A calendar with a check mark: bookings guests make themselves.
  'Online Booking': 'M4 5h16v15H4zM4 9h16M8 3v4M16 3v4M9 14l2 2 4-4',
  Menu: 'M3 6h18M3 12h18M3 18h18',
  Chevron: 'M6 9l6 6 6-6',
  Close: 'M18 6L6 18M6 6l12 12',
  Search: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16M21 21l-4.35-4.35',
};

export function MenuIcon({ name, size = SIDEBAR_ICON_PX }: { name: MenuIconName; size?: number }) {
  return (
    <svg className="stw-icon" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
