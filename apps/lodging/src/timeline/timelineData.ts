import { FETCH_ALL_CHUNK, getDatabase, orgScopeFor, toDataAccessError } from '@steward/libs/data';

export type TimelineUnit = { id: string; name: string; org_name: string; archive: boolean | null };

export type TimelineReservation = {
  id: string;
  name: string;
  accommodation_id: string | null;
  check_in: string;
  check_out: string;
  adults: number | null;
  children: number | null;
  all_day: boolean | null;
  status: string | null;
  rate_name: string | null;
  rate_type_abbreviation: string | null;
  rate_type_card_color: string | null;
};

/** A stay as the window's request returns it: its rate by id (the rates are read beside it, see fetchTimeline). */
type StayRow = Omit<TimelineReservation, 'rate_name' | 'rate_type_abbreviation' | 'rate_type_card_color'> & { rate_id: string | null };
type RateRow = { id: string; name: string | null; type_id: string | null };
type RateTypeRow = { id: string; abbreviation: string | null; card_color: string | null };

export type TimelineBlockOut = { id: string; accommodation_id: string; block_start: string; block_end: string; notes: string | null };

export type TimelineData = { units: TimelineUnit[]; reservations: TimelineReservation[]; blockOuts: TimelineBlockOut[] };

// Only what the timeline draws. Blocks are placed from the instants (check_in/check_out), so the
// view's derived day columns stay behind, and each stay names its rate by id: a busy window repeats
// a handful of rates a thousand times, and leaving their names and colours (and the view's two joins
// for them) to one small read of the rates cut the 60-day window's answer by a quarter.
const RESERVATION_COLUMNS = 'id,name,accommodation_id,check_in,check_out,adults,children,all_day,status,rate_id';

/** Cancelled and no-show stays do not hold the unit (the same rule as the database's no-double-booking check). */
export function isActiveReservation(status: string | null | undefined): boolean {
  const normalised = (status ?? '').trim().toLowerCase();
  return normalised !== 'cancelled' && normalised !== 'canceled' && normalised !== 'no-show';
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
 * What the timeline shows for one organisation and window [from, to): its accommodations
 * (not archived, by name), the stays overlapping the window (check_in before its end, check_out after
 * its start, by check_in; cancelled and no-show ones left out) and the block-outs overlapping it. The stays name
 * their rate by id; the rates and rate types in scope are read in the same round and joined here.
 */
export async function fetchTimeline(orgName: string, window: { from: string; to: string }): Promise<TimelineData> {
  const catalog = getDatabase().schema('catalog');
  const scope = orgScopeFor(orgName);
  const [units, stays, rates, rateTypes, blockOuts] = await Promise.all([
    allPages<TimelineUnit>((from, to) =>
      catalog.from('accommodations').select('id,name,org_name,archive').eq('org_name', orgName).not('archive', 'is', true).order('name').order('id').range(from, to),
    ),
    allPages<StayRow>((from, to) =>
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
    allPages<RateRow>((from, to) => catalog.from('accommodation_rates').select('id,name,type_id').in('org_name', scope).order('id').range(from, to)),
    allPages<RateTypeRow>((from, to) => catalog.from('accommodation_rate_types').select('id,abbreviation,card_color').in('org_name', scope).order('id').range(from, to)),
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
  return { units, reservations: withRates(stays.filter((row) => isActiveReservation(row.status)), rates, rateTypes), blockOuts };
}

/** Each stay with its rate's name and its rate type's abbreviation and card colour (null where it has none). */
export function withRates(stays: readonly StayRow[], rates: readonly RateRow[], rateTypes: readonly RateTypeRow[]): TimelineReservation[] {
  const rateById = new Map(rates.map((rate) => [rate.id, rate]));
  const typeById = new Map(rateTypes.map((type) => [type.id, type]));
  return stays.map(({ rate_id: rateId, ...stay }) => {
    const rate = rateId ? rateById.get(rateId) : undefined;
    const type = rate?.type_id ? typeById.get(rate.type_id) : undefined;
    return { ...stay, rate_name: rate?.name ?? null, rate_type_abbreviation: type?.abbreviation ?? null, rate_type_card_color: type?.card_color ?? null };
  });
}
