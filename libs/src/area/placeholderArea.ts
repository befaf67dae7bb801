import type { RemoteName } from '@steward/libs/runtime-config';
import { AREA_TITLES, routesOwnedBy, type RemoteArea } from '@steward/libs/federation';
import { placeholderRoutes } from './placeholderRoutes';

/**
 * A remote's area while its screens are still to come: every route the route table gives it, each
 * rendering the honest placeholder. A remote replaces it with its own routes as its screens land.
 */
export function placeholderArea(name: RemoteName, version: string): RemoteArea {
  const identity = { title: AREA_TITLES[name], version };
  return {
    name,
    ...identity,
    paths: routesOwnedBy(name).map((route) => route.path),
    Routes: placeholderRoutes(name, identity),
  };
}
