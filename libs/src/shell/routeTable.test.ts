import { MENU_DASHBOARD, MENU_GROUPS, ROUTES, menuGroupsFor, noAccessText, routeViewable, routesOwnedBy } from './routeTable';
import { findRoute } from './findRoute';

describe('the route table', () => {
  it('resolves every menu item to a route of the group’s owner', () => {
    expect(findRoute(MENU_DASHBOARD.path)?.owner).toBe('shell');
    for (const group of MENU_GROUPS) {
      for (const item of group.items) {
        expect(findRoute(item.path), item.path).toMatchObject({ owner: group.owner });
      }
    }
  });

  it('derives the spec’s sidebar, plus the front desk and the CRM inbox, from the route table', () => {
    expect(MENU_GROUPS.map((group) => [group.group, group.owner, group.items.map((item) => `${item.label} ${item.path}`)])).toEqual([
      ['CRM', 'crm', ['Businesses /businesses', 'Households /households', 'Contacts /contacts', 'Org Users /users', 'Inbox /inbox']],
      ['Catalog', 'catalog', ['Inventory /inventory', 'Supplies /supplies']],
      ['Engagement', 'operations', ['Forms /forms']],
      ['Financial', 'operations', ['Transactions /transactions']],
      ['Team Portal', 'team-portal', ['Team Directory /staff', 'Positions /positions', 'Assignments /assignments', 'Groups /groups', 'Shifts /shifts']],
      ['Operations', 'operations', ['Calendars /calendar', 'Projects /projects', 'Tasks /tasks', 'Lists /lists']],
      ['Reservations', 'lodging', ['Reservations /reservations', 'Front Desk /frontdesk', 'Reservation Settings /reservationsettings']],
      ['Online Booking', 'booking', ['Online Booking /online-booking']],
      ['Settings', 'settings', ['Account Settings /acctsettings', 'Organization Settings /orgsettings', 'User Settings /usersettings']],
    ]);
  });

  it('shows an organisation the groups of the areas it has enabled, in menu order', () => {
    expect(menuGroupsFor(['settings', 'crm']).map((group) => group.group)).toEqual(['CRM', 'Settings']);
    expect(menuGroupsFor(['operations']).map((group) => group.group)).toEqual(['Engagement', 'Financial', 'Operations']);
    expect(menuGroupsFor([])).toEqual([]);
  });

  it('holds the spec’s complete authenticated route table', () => {
    const specPaths = [
      '/dashboard', '/businesses', '/business/B1', '/households', '/household', '/household/H1', '/contacts',
      '/contact/C1', '/users', '/directory', '/user/U1', '/users/new', '/supplies', '/inventory', '/forms',
      '/calendar', '/lists', '/testpage', '/transactions', '/staff', '/assignments', '/positions', '/shifts',
      '/groups', '/projects', '/tasks', '/reservations', '/reservationsettings', '/acctsettings', '/usersettings',
      '/orgsettings', '/settings/integrations', '/settings/roles', '/settings/roles/R1', '/Staff/S1', '/Position/P1',
      '/Shift/S1', '/orders',
    ];
    for (const path of specPaths) expect(findRoute(path), path).toBeDefined();
  });

  it('matches the spec’s capitalised links case-insensitively', () => {
    expect(findRoute('/Staff/ab12')).toMatchObject({ path: '/staff/:short_id', owner: 'team-portal' });
    expect(findRoute('/Position/9')).toMatchObject({ owner: 'team-portal' });
  });

  it('prefers the literal /users/new over a pattern', () => {
    expect(findRoute('/users/new')?.section).toBe('Invite New User');
  });

  it('finds nothing for unknown paths', () => {
    expect(findRoute('/nowhere')).toBeUndefined();
    expect(findRoute('/businesses/extra/segments')).toBeUndefined();
  });

  it('gives every route exactly one entry and every remote at least one route', () => {
    const paths = ROUTES.map((route) => route.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    for (const remote of ['crm', 'catalog', 'lodging', 'team-portal', 'operations', 'settings'] as const) {
      expect(routesOwnedBy(remote).length, remote).toBeGreaterThan(0);
    }
  });
});

describe('which pages a role may open', () => {
  const levels: Record<string, string> = { crm: 'Personal', operations: 'None', settings: 'None' };
  const viewLevelOf = (component: string) => levels[component] ?? 'None';
  const route = (pathname: string) => {
    const found = findRoute(pathname);
    if (!found) throw new Error(`no route for ${pathname}`);
    return found;
  };

  it('opens a page when the role views its component at any level but None', () => {
    expect(routeViewable(route('/contacts'), viewLevelOf)).toBe(true);
    expect(routeViewable(route('/transactions'), viewLevelOf)).toBe(false);
    expect(routeViewable(route('/inventory'), viewLevelOf)).toBe(false);
  });

  it('always opens the shell’s own pages and the person’s own profile', () => {
    expect(routeViewable(route('/dashboard'), viewLevelOf)).toBe(true);
    expect(routeViewable(route('/acctsettings'), viewLevelOf)).toBe(true);
    expect(routeViewable(route('/usersettings'), viewLevelOf)).toBe(true);
    expect(routeViewable(route('/orgsettings'), viewLevelOf)).toBe(false);
  });

  it('says plainly which page the role does not reach', () => {
    expect(noAccessText(route('/transactions').section)).toBe("Your role doesn't give you access to Transactions.");
  });
});
