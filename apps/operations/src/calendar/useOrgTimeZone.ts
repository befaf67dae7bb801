import { useQuery } from '@tanstack/react-query';
import { getDatabase, toDataAccessError } from '@steward/libs/data';

/** The organisation's time zone (Org Data), or null when none is set: the calendar's "today" follows it. */
export function useOrgTimeZone(orgName: string | null) {
  return useQuery({
    queryKey: ['steward', 'public', 'organizations', 'timezone', orgName],
    queryFn: async () => {
      const { data, error } = await getDatabase().from('organizations').select('timezone').eq('name', orgName ?? '').maybeSingle();
      if (error) throw toDataAccessError(error);
      return (data as { timezone: string | null } | null)?.timezone ?? null;
    },
    enabled: orgName !== null,
    staleTime: 5 * 60_000,
  });
}
