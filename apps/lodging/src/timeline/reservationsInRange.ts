import { useQuery } from '@tanstack/react-query';
import { getSupabase, queryKeys, tableRef, toDataAccessError } from '@steward/libs/data-access';
import type { TimelineReservation } from './timelineGeometry';

const reservationsView = tableRef<TimelineReservation>('catalog', 'reservations_view');

/**
 * The organisation's stays that overlap [start, end): check_in before the end and check_out after the
 * start, ordered by check_in (001 §7). Keyed under the catalog schema, so any booking write refreshes it.
 */
export function useReservationsInRange(orgName: string | null, start: string, end: string) {
  return useQuery({
    queryKey: queryKeys.list(reservationsView, { orgName, start, end }),
    enabled: Boolean(orgName),
    queryFn: async () => {
      const { data, error } = await getSupabase()
        .schema('catalog')
        .from('reservations_view')
        .select('id, accommodation_id, check_in, check_out, all_day, adults, children, rate_name, rate_type_abbreviation, rate_type_card_color')
        .eq('org_name', orgName ?? '')
        .not('archive', 'is', true)
        .lt('check_in', end)
        .gt('check_out', start)
        .order('check_in');
      if (error) throw toDataAccessError(error);
      return (data ?? []) as TimelineReservation[];
    },
  });
}
