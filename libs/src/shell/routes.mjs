// @ts-check
// The complete authenticated route table, declared once. Plain JavaScript with JSDoc so that the build
// (index.html's area start, which loads the code of the area a page opens on) reads the same table the
// apps do (routeTable.ts types it and derives the menu). The area generator adds rows here.

/**
 * The spec's sidebar: Dashboard, then these groups in this order. Every item shows regardless of
 * permissions.
 */
export const MENU_GROUP_ORDER = /** @type {const} */ ([
  'CRM',
  'Catalog',
  'Engagement',
  'Financial',
  'Team Portal',
  'Operations',
  'Reservations',
  'Online Booking',
  'Settings',
]);

/**
 * Every authenticated route, in the sidebar's item order. The public routes (/, /index, /signup)
 * belong to the shell and sit outside the authenticated layout.
 * @type {readonly import('./routeTable').RouteEntry[]}
 */
export const ROUTES = [
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
  { path: '/inbox', owner: 'crm', section: 'Inbox', menu: { group: 'CRM' } },
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
  { path: '/settings/fields', owner: 'settings', section: 'Fields' },
  { path: '/settings/mail', owner: 'settings', section: 'E-mail' },

  { path: '/online-booking', owner: 'booking', section: 'Online Booking', menu: { group: 'Online Booking' } },
];
