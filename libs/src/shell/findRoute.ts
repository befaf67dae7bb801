import { matchPath } from '@steward/libs/router';
import { ROUTES, type RouteEntry } from './routeTable';

/** The route-table entry for a pathname (case-insensitive, as the spec's links use /Staff/…). */
export function findRoute(pathname: string): RouteEntry | undefined {
  return ROUTES.find((route) => matchPath({ path: route.path, caseSensitive: false, end: true }, pathname));
}
