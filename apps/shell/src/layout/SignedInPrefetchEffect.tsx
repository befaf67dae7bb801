import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { useSession } from '@steward/libs/session';
import { brandingQueryKey, fetchBranding } from '../branding/fetchBranding';
import { dashboardStatsKey, fetchDashboardStats } from '../dashboard/fetchDashboardStats';

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
    void queryClient.prefetchQuery({ queryKey: brandingQueryKey(orgName), queryFn: () => fetchBranding(orgName), staleTime: 5 * 60_000 });
    if (onDashboard) void queryClient.prefetchQuery({ queryKey: dashboardStatsKey(orgName), queryFn: () => fetchDashboardStats(orgName) });
  }, [queryClient, user, orgName, onDashboard]);
  return null;
}
