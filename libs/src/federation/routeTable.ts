import type { RemoteName } from '@steward/libs/runtime-config';

/** Who renders a route: the shell itself, or one of the six remotes. */
export type RouteOwner = 'shell' | RemoteName;

export type MenuGroupName =
  | 'CRM'
  | 'Catalog'
  | 'Engagement'
  | 'Financial'
  | 'Team Portal'
  | 'Operations'
  | 'Reservations'
  | 'Settings';

export type RouteEntry = {
  /** react-router path pattern, absolute. Matching is case-insensitive (links use /Staff/…). */
  path: string;
  owner: RouteOwner;
  /** The section part of the page title '{brand} - {Section}'. Detail screens refine it at run time. */
  section: string;
  /** Where the sidebar lists this route: its group, and the label when it is not the section. */
  menu?: { group: MenuGroupName; label?: string };
  /**
   * Every member may open it, whatever their role gives them on the owner's component (their own
   * profile). Otherwise a role without view access to the owner's component is told so, and the page
   * loads nothing.
   */
  everyMember?: true;
};

export type MenuItem = { label: string; path: string };
export type MenuGroup = { group: MenuGroupName; owner: RemoteName; items: readonly MenuItem[] };

/**
 * The complete authenticated route table, in the sidebar's item order. The
 * public routes (/, /index, /signup) belong to the shell and sit outside the authenticated layout.
 */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/dashboard', owner: 'shell', section: 'Dashboard' },

  { path: '/businesses', owner: 'crm', section: 'Businesses', menu: { group: 'CRM' } },
  { path: '/business/:short_id', owner: 'crm', section: 'Business' },
  { path: '/households', owner: 'crm', section: 'Households', menu: { group: 'CRM' } },
  { path: '/household', owner: 'crm', section: 'Households' },
  { path: '/household/:short_id', owner: 'crm', section: 'Household' },
  { path: '/contacts', owner: 'crm', section: 'Contacts', menu: { group: 'CRM' } },
  { path: '/contact/:short_id', owner: 'crm', section: 'Contact' },
  { path: '/users', owner: 'crm', section: 'Org Users', menu: { group: 'CRM' } },
  { path: '/directory', owner: 'crm', section: 'Directory' },
  { path: '/users/new', owner: 'crm', section: 'Invite New User' },
  { path: '/user/:short_id', owner: 'crm', section: 'User' },
  { path: '/user/:short_id/edit', owner: 'crm', section: 'Edit User' },
  { path: '/user-management', owner: 'crm', section: 'User Management' },
  { path: '/duplicates/:kind', owner: 'crm', section: 'Possible Duplicates' },
  { path: '/testpage', owner: 'operations', section: 'Testpage' },

  { path: '/inventory', owner: 'catalog', section: 'Inventory', menu: { group: 'Catalog' } },
  { path: '/supplies', owner: 'catalog', section: 'Supplies', menu: { group: 'Catalog' } },
  { path: '/orders', owner: 'catalog', section: 'Orders' },

  { path: '/reservations', owner: 'lodging', section: 'Reservations', menu: { group: 'Reservations' } },
  { path: '/frontdesk', owner: 'lodging', section: 'Front Desk', menu: { group: 'Reservations' } },
  { path: '/folio/:id', owner: 'lodging', section: 'Folio' },
  { path: '/reservationsettings', owner: 'lodging', section: 'Lodging Settings', menu: { group: 'Reservations', label: 'Reservation Settings' } },

  { path: '/staff', owner: 'team-portal', section: 'Team Directory', menu: { group: 'Team Portal' } },
  { path: '/staff/:short_id', owner: 'team-portal', section: 'Staff' },
  { path: '/positions', owner: 'team-portal', section: 'Positions', menu: { group: 'Team Portal' } },
  { path: '/position/:id', owner: 'team-portal', section: 'Position' },
  { path: '/assignments', owner: 'team-portal', section: 'Assignments', menu: { group: 'Team Portal' } },
  { path: '/groups', owner: 'team-portal', section: 'Groups', menu: { group: 'Team Portal' } },
  { path: '/shifts', owner: 'team-portal', section: 'Shifts', menu: { group: 'Team Portal' } },
  { path: '/shift/:short_id', owner: 'team-portal', section: 'Shift' },

  { path: '/forms', owner: 'operations', section: 'Forms', menu: { group: 'Engagement' } },
  { path: '/transactions', owner: 'operations', section: 'Transactions', menu: { group: 'Financial' } },
  { path: '/calendar', owner: 'operations', section: 'Calendars', menu: { group: 'Operations' } },
  { path: '/projects', owner: 'operations', section: 'Projects', menu: { group: 'Operations' } },
  { path: '/tasks', owner: 'operations', section: 'Tasks', menu: { group: 'Operations' } },
  { path: '/lists', owner: 'operations', section: 'Lists', menu: { group: 'Operations' } },

  { path: '/acctsettings', owner: 'settings', section: 'Account Settings', menu: { group: 'Settings' }, everyMember: true },
  { path: '/orgsettings', owner: 'settings', section: 'Organization Settings', menu: { group: 'Settings' } },
  { path: '/usersettings', owner: 'settings', section: 'User Settings', menu: { group: 'Settings' }, everyMember: true },
  { path: '/settings', owner: 'settings', section: 'Settings' },
  { path: '/settings/integrations', owner: 'settings', section: 'Integrations' },
  { path: '/settings/roles', owner: 'settings', section: 'Roles' },
  { path: '/settings/roles/:role_id', owner: 'settings', section: 'User Role Management' },
];

/** The spec's sidebar: Dashboard, then these groups in this order. Every item shows regardless of permissions. */
const MENU_GROUP_ORDER: readonly MenuGroupName[] = [
  'CRM',
  'Catalog',
  'Engagement',
  'Financial',
  'Team Portal',
  'Operations',
  'Reservations',
  'Settings',
];

export const MENU_DASHBOARD: MenuItem = { label: 'Dashboard', path: '/dashboard' };

/** Each group's items are its routes, in table order; the group belongs to the remote that owns them. */
export const MENU_GROUPS: readonly MenuGroup[] = MENU_GROUP_ORDER.map((group) => {
  const routes = ROUTES.filter((route) => route.menu?.group === group);
  const owner = routes[0]?.owner;
  if (!owner || owner === 'shell' || routes.some((route) => route.owner !== owner)) {
    throw new Error(`The menu group ${group} must list routes of exactly one remote`);
  }
  return { group, owner, items: routes.map((route) => ({ label: route.menu?.label ?? route.section, path: route.path })) };
});

/** The menu an organisation sees: the groups of the areas it has enabled, in menu order. */
export function menuGroupsFor(enabledComponents: readonly string[], groups: readonly MenuGroup[] = MENU_GROUPS): readonly MenuGroup[] {
  return groups.filter((group) => enabledComponents.includes(group.owner));
}

/** Routes a remote owns, as paths relative to the root (what its <Routes> declares). */
export function routesOwnedBy(owner: RouteOwner): readonly RouteEntry[] {
  return ROUTES.filter((route) => route.owner === owner);
}

/**
 * Whether a role with these view levels (component → level) may open the route: every member for
 * their own profile pages, otherwise view access other than None to the owner's component.
 */
export function routeViewable(route: RouteEntry, viewLevelOf: (component: RemoteName) => string): boolean {
  if (route.owner === 'shell' || route.everyMember) return true;
  return viewLevelOf(route.owner) !== 'None';
}

/** What a page says to a role that may not view it. */
export function noAccessText(section: string): string {
  return `Your role doesn't give you access to ${section}.`;
}
