import type { RemoteName } from '@steward/libs/runtime-config';
import { MENU_GROUP_ORDER, ROUTES as ROUTE_ROWS } from './routes.mjs';

/** Who renders a route: the shell itself, or one of the six remotes. */
export type RouteOwner = 'shell' | RemoteName;

/** A sidebar group, in menu order (routes.mjs declares them and the routes). */
export type MenuGroupName = (typeof MENU_GROUP_ORDER)[number];

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

export const ROUTES: readonly RouteEntry[] = ROUTE_ROWS;

/** The dashboard, first in the menu: its English words are its route's (the shell says them by path). */
const DASHBOARD_PATH = '/dashboard';
export const MENU_DASHBOARD: MenuItem = { label: ROUTES.find((route) => route.path === DASHBOARD_PATH)?.section ?? DASHBOARD_PATH, path: DASHBOARD_PATH };

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
