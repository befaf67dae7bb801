import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { findRoute } from '@steward/libs/federation';
import { useSession } from '@steward/libs/session';
import { setDataIntent } from './preloadOnIntent';
import { loadArea } from './remoteLoader';

/**
 * Pointing at or focusing a link into an area starts the data its screen reads first: once the area's
 * code is here, its `prefetch` runs for the link's URL with the signed-in scope, into the query cache
 * under the screen's own keys (libs data-access/earlyReads.ts). An area the organisation has not
 * enabled starts nothing.
 */
export function useIntentPrefetch(): void {
  const queryClient = useQueryClient();
  const { orgScope, enabledComponents, user } = useSession();
  useEffect(() => {
    if (!user || orgScope.length === 0) return;
    setDataIntent((url) => {
      const route = findRoute(url.pathname);
      const owner = route?.owner;
      if (!route || !owner || owner === 'shell' || !enabledComponents.includes(owner)) return;
      loadArea(owner)
        .then((area) => area.prefetch?.({ route: route.path, pathname: url.pathname, search: url.searchParams, queryClient, orgScope }))
        // Only a head start: the screen sends its own requests anyway.
        .catch(() => undefined);
    });
    return () => setDataIntent(null);
  }, [enabledComponents, orgScope, queryClient, user]);
}
