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
};

export type MenuItem = { label: string; path: string };
export type MenuGroup = { group: MenuGroupName; owner: RemoteName; items: readonly MenuItem[] };

/** The spec's sidebar (000 §2), in order. Every item shows regardless of permissions. */
export const MENU_DASHBOARD: MenuItem = { label: 'Dashboard', path: '/dashboard' };

export const MENU_GROUPS: readonly MenuGroup[] = [
  {
    group: 'CRM',
    owner: 'crm',
    items: [
      { label: 'Businesses', path: '/businesses' },
      { label: 'Households', path: '/households' },
      { label: 'Contacts', path: '/contacts' },
      { label: 'Org Users', path: '/users' },
    ],
  },
  {
    group: 'Catalog',
    owner: 'catalog',
    items: [
      { label: 'Inventory', path: '/inventory' },
      { label: 'Supplies', path: '/supplies' },
    ],
  },
  { group: 'Engagement', owner: 'operations', items: [{ label: 'Forms', path: '/forms' }] },
  { group: 'Financial', owner: 'operations', items: [{ label: 'Transactions', path: '/transactions' }] },
  {
    group: 'Team Portal',
    owner: 'team-portal',
    items: [
      { label: 'Team Directory', path: '/staff' },
      { label: 'Positions', path: '/positions' },
      { label: 'Assignments', path: '/assignments' },
      { label: 'Groups', path: '/groups' },
      { label: 'Shifts', path: '/shifts' },
    ],
  },
  {
    group: 'Operations',
    owner: 'operations',
    items: [
      { label: 'Calendars', path: '/calendar' },
      { label: 'Projects', path: '/projects' },
      { label: 'Tasks', path: '/tasks' },
      { label: 'Lists', path: '/lists' },
    ],
  },
  {
    group: 'Reservations',
    owner: 'lodging',
    items: [
      { label: 'Reservations', path: '/reservations' },
      { label: 'Reservation Settings', path: '/reservationsettings' },
    ],
  },
  {
    group: 'Settings',
    owner: 'settings',
    items: [
      { label: 'Account Settings', path: '/acctsettings' },
      { label: 'Organization Settings', path: '/orgsettings' },
      { label: 'User Settings', path: '/usersettings' },
    ],
  },
];

/**
 * The complete authenticated route table (001 §2 plus 000 §2). The public routes (/, /index, /signup)
 * belong to the shell and sit outside the authenticated layout.
 */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/dashboard', owner: 'shell', section: 'Dashboard' },

  { path: '/businesses', owner: 'crm', section: 'Businesses' },
  { path: '/business/:short_id', owner: 'crm', section: 'Business' },
  { path: '/households', owner: 'crm', section: 'Households' },
  { path: '/household', owner: 'crm', section: 'Households' },
  { path: '/household/:short_id', owner: 'crm', section: 'Household' },
  { path: '/contacts', owner: 'crm', section: 'Contacts' },
  { path: '/contact/:short_id', owner: 'crm', section: 'Contact' },
  { path: '/users', owner: 'crm', section: 'Org Users' },
  { path: '/directory', owner: 'crm', section: 'Directory' },
  { path: '/users/new', owner: 'crm', section: 'Invite New User' },
  { path: '/user/:short_id', owner: 'crm', section: 'User' },
  { path: '/user/:short_id/edit', owner: 'crm', section: 'Edit User' },
  { path: '/testpage', owner: 'operations', section: 'Testpage' },

  { path: '/inventory', owner: 'catalog', section: 'Inventory' },
  { path: '/supplies', owner: 'catalog', section: 'Supplies' },
  { path: '/orders', owner: 'catalog', section: 'Orders' },

  { path: '/reservations', owner: 'lodging', section: 'Reservations' },
  { path: '/reservationsettings', owner: 'lodging', section: 'Lodging Settings' },

  { path: '/staff', owner: 'team-portal', section: 'Team Directory' },
  { path: '/staff/:short_id', owner: 'team-portal', section: 'Staff' },
  { path: '/assignments', owner: 'team-portal', section: 'Assignments' },
  { path: '/positions', owner: 'team-portal', section: 'Positions' },
  { path: '/position/:id', owner: 'team-portal', section: 'Position' },
  { path: '/groups', owner: 'team-portal', section: 'Groups' },
  { path: '/shifts', owner: 'team-portal', section: 'Shifts' },
  { path: '/shift/:short_id', owner: 'team-portal', section: 'Shift' },

  { path: '/forms', owner: 'operations', section: 'Forms' },
  { path: '/transactions', owner: 'operations', section: 'Transactions' },
  { path: '/calendar', owner: 'operations', section: 'Calendars' },
  { path: '/projects', owner: 'operations', section: 'Projects' },
  { path: '/tasks', owner: 'operations', section: 'Tasks' },
  { path: '/lists', owner: 'operations', section: 'Lists' },

  { path: '/acctsettings', owner: 'settings', section: 'Account Settings' },
  { path: '/usersettings', owner: 'settings', section: 'User Settings' },
  { path: '/orgsettings', owner: 'settings', section: 'Organization Settings' },
  { path: '/settings', owner: 'settings', section: 'Settings' },
  { path: '/settings/integrations', owner: 'settings', section: 'Integrations' },
  { path: '/settings/roles', owner: 'settings', section: 'Roles' },
  { path: '/settings/roles/:role_id', owner: 'settings', section: 'User Role Management' },
  { path: '/user-management', owner: 'crm', section: 'User Management' },
];

/** Routes a remote owns, as paths relative to the root (what its <Routes> declares). */
export function routesOwnedBy(owner: RouteOwner): readonly RouteEntry[] {
  return ROUTES.filter((route) => route.owner === owner);
}
