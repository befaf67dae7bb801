import { FETCH_ALL_CHUNK, getSupabase, toDataAccessError } from '@steward/libs/data-access';

export type TimelineUnit = { id: string; name: string; org_name: string; archive: boolean | null };

export type TimelineReservation = {
  id: string;
  name: string;
  accommodation_id: string | null;
  check_in: string;
  check_out: string;
  check_in_date: string;
  check_out_date: string;
  adults: number | null;
  children: number | null;
  all_day: boolean | null;
  status: string | null;
  rate_name: string | null;
  rate_type_abbreviation: string | null;
  rate_type_card_color: string | null;
};

export type TimelineBlockOut = { id: string; accommodation_id: string; block_start: string; block_end: string; notes: string | null };

export type TimelineData = { units: TimelineUnit[]; reservations: TimelineReservation[]; blockOuts: TimelineBlockOut[] };

const RESERVATION_COLUMNS =
  'id,name,accommodation_id,check_in,check_out,check_in_date,check_out_date,adults,children,all_day,status,rate_name,rate_type_abbreviation,rate_type_card_color';

/** Cancelled stays do not hold the unit (the same rule as the database's no-double-booking check). */
export function isActiveReservation(status: string | null | undefined): boolean {
  const normalised = (status ?? '').trim().toLowerCase();
  return normalised !== 'cancelled' && normalised !== 'canceled';
}

type Page<Row> = PromiseLike<{ data: Row[] | null; error: { message?: string; code?: string } | null }>;

/** Every row of a query, in PostgREST's max-rows chunks (a busy window holds more than 1,000 stays). */
async function allPages<Row>(page: (from: number, to: number) => Page<Row>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; ; from += FETCH_ALL_CHUNK) {
    const { data, error } = await page(from, from + FETCH_ALL_CHUNK - 1);
    if (error) throw toDataAccessError(error);
    rows.push(...(data ?? []));
    if ((data ?? []).length < FETCH_ALL_CHUNK) return rows;
  }
}

/**
 * What the timeline shows for one organisation and window [from, to) (001 §7): its accommodations
 * (not archived, by name), the stays overlapping the window (check_in before its end, check_out after
 * its start, by check_in; cancelled ones left out) and the block-outs overlapping it.
 */
export async function fetchTimeline(orgName: string, window: { from: string; to: string }): Promise<TimelineData> {
  const catalog = getSupabase().schema('catalog');
  const [units, reservations, blockOuts] = await Promise.all([
    allPages<TimelineUnit>((from, to) =>
      catalog.from('accommodations').select('id,name,org_name,archive').eq('org_name', orgName).not('archive', 'is', true).order('name').order('id').range(from, to),
    ),
    allPages<TimelineReservation>((from, to) =>
      catalog
        .from('reservations_view')
        .select(RESERVATION_COLUMNS)
        .eq('org_name', orgName)
        .lt('check_in', window.to)
        .gt('check_out', window.from)
        .order('check_in')
        .order('id')
        .range(from, to),
    ),
    allPages<TimelineBlockOut>((from, to) =>
      catalog
        .from('accommodation_blocks')
        .select('id,accommodation_id,block_start,block_end,notes')
        .eq('org_name', orgName)
        .not('archive', 'is', true)
        .lt('block_start', window.to)
        .gt('block_end', window.from)
        .order('block_start')
        .order('id')
        .range(from, to),
    ),
  ]);
  return { units, reservations: reservations.filter((row) => isActiveReservation(row.status)), blockOuts };
}
