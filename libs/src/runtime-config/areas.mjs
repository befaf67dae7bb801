// Every area of Steward, declared once. Plain JavaScript with JSDoc so that the build, the platform
// scripts and ESLint (Node) read the same declaration the apps (TypeScript) do; everything else —
// remote names, ports, titles, container names, lint patterns — derives from it, and a test checks the
// database's component catalogue against it.

/**
 * name: the remote (its app folder, its entry in the runtime registry) and the organisation component
 * that enables it (settings.components.name); title: how people call it ("The CRM area is
 * unavailable"); portOffset: its local port, counted from the shell's.
 */
export const AREAS = /** @type {const} */ ([
  { name: 'crm', title: 'CRM', portOffset: 1 },
  { name: 'catalog', title: 'Catalog', portOffset: 2 },
  { name: 'lodging', title: 'Lodging', portOffset: 3 },
  { name: 'team-portal', title: 'Team Portal', portOffset: 4 },
  { name: 'operations', title: 'Operations', portOffset: 5 },
  { name: 'settings', title: 'Settings', portOffset: 6 },
  { name: 'booking', title: 'Online Booking', portOffset: 7 },
]);

/**
 * The pages an area serves to people without a session (a guest booking a stay), outside the signed-in
 * layout: the shell mounts each prefix (apps/shell/src/App.tsx), and index.html's area start loads the
 * area's code at once (libs/src/boot/areaStart.mjs). `/*`: every page under the prefix.
 */
export const PUBLIC_PAGES = /** @type {const} */ ({ booking: '/book/*' });

/** Module Federation container name of a remote: 'team-portal' → 'steward_team_portal'. */
export function containerName(/** @type {string} */ remote) {
  return `steward_${remote.replace(/-/g, '_')}`;
}
