import type { QueryClient } from '@tanstack/react-query';
import { brandingQueryKey, fetchBranding } from '../branding/fetchBranding';
import { dashboardStatsKey, fetchDashboardStats } from '../dashboard/fetchDashboardStats';

/** Starts the signed-in first view's queries: the branding, and on /dashboard its statistics. */
export function prefetchSignedInQueries(queryClient: QueryClient, orgName: string, onDashboard: boolean): void {
  void queryClient.prefetchQuery({ queryKey: brandingQueryKey(orgName), queryFn: () => fetchBranding(orgName), staleTime: 5 * 60_000 });
  if (onDashboard) void queryClient.prefetchQuery({ queryKey: dashboardStatsKey(orgName), queryFn: () => fetchDashboardStats(orgName) });
}
