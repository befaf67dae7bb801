import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { findRoute, routeViewable } from '@steward/libs/shell';
import { accessOf, useSession } from '@steward/libs/session';
import { setDataIntent } from './preloadOnIntent';
import { loadArea } from './remoteLoader';

/**
 * Pointing at or focusing a link into an area starts the data its screen reads first: once the area's
 * code is here, its `prefetch` runs for the link's URL with the signed-in scope, into the query cache
 * under the screen's own keys (libs/src/data/earlyReads.ts). An area the organisation has not
 * enabled, or a page the role may not view, starts nothing.
 */
export function useIntentPrefetch(): void {
  const queryClient = useQueryClient();
  const { orgScope, enabledComponents, user, permissions } = useSession();
  useEffect(() => {
    if (!user || orgScope.length === 0) return;
    setDataIntent((url) => {
      const route = findRoute(url.pathname);
      const owner = route?.owner;
      if (!route || !owner || owner === 'shell' || !enabledComponents.includes(owner)) return;
      if (!routeViewable(route, (component) => accessOf(permissions, component, []).view)) return;
      loadArea(owner)
        .then((area) => area.prefetch?.({ route: route.path, pathname: url.pathname, search: url.searchParams, queryClient, orgScope }))
        // Only a head start: the screen sends its own requests anyway.
        .catch(() => undefined);
    });
    return () => setDataIntent(null);
  }, [enabledComponents, orgScope, permissions, queryClient, user]);
}
