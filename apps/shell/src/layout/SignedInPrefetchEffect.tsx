import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@steward/libs/router';
import { useSession } from '@steward/libs/session';
import { loadSignedInQueries } from './signedInScreens';

/**
 * Starts the signed-in first view's queries the moment the organisation is known, instead of after
 * the layout and dashboard code has arrived: the branding, and on /dashboard its statistics. The
 * screens read the same query keys, so they find the answers in flight or done.
 */
export function SignedInPrefetchEffect() {
  const { user, orgName } = useSession();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const onDashboard = pathname === '/dashboard';
  useEffect(() => {
    if (!user || !orgName) return;
    let current = true;
    void loadSignedInQueries().then(({ prefetchSignedInQueries }) => {
      if (current) prefetchSignedInQueries(queryClient, orgName, onDashboard);
    });
    return () => {
      current = false;
    };
  }, [queryClient, user, orgName, onDashboard]);
  return null;
}
