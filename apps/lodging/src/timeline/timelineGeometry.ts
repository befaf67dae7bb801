import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Width of one day column (001 §2). */
export const DAY_WIDTH = 190;
/** A check-in late in the day still leaves a visible block: its start is capped at 95% of the day. */
export const MAX_DAY_SHARE = 0.95;
/** The timeline is never narrower than this (001 §2). */
export const MIN_TABLE_WIDTH = 700;

/** Range options (001 §2): 2 weeks, 1 month, 45 days, 2 months; 30 days by default. */
export const RANGE_OPTIONS = [
  { value: 14, label: '2 weeks' },
  { value: 30, label: '1 month' },
  { value: 45, label: '45 days' },
  { value: 60, label: '2 months' },
] as const;
export const DEFAULT_RANGE_DAYS = 30;

export type TimelineReservation = {
  id: string;
  accommodation_id: string | null;
  check_in: string;
  check_out: string;
  all_day: boolean | null;
  adults: number | null;
  children: number | null;
  rate_name: string | null;
  rate_type_abbreviation: string | null;
  rate_type_card_color: string | null;
};

export type Block = { reservation: TimelineReservation; left: number; width: number; label: string; color: string };

/** The days shown: `count` UTC days from the start date ('YYYY-MM-DD'). */
export function rangeDays(start: string, count: number): string[] {
  const first = dayjs.utc(start).startOf('day');
  return Array.from({ length: count }, (_, index) => first.add(index, 'day').format('YYYY-MM-DD'));
}

/** Share of its UTC day a moment sits at, 0 at midnight, capped at 95% (001 §2); 0 for all-day stays. */
export function dayShare(moment: string, allDay: boolean): number {
  if (allDay) return 0;
  const time = dayjs.utc(moment);
  const share = (time.hour() * 60 + time.minute()) / (24 * 60);
  return Math.min(share, MAX_DAY_SHARE);
}

/** '{adults}a/{children}ch', the children part only when above 0 (001 §2). */
export function guestLabel(adults: number | null, children: number | null): string {
  const grown = `${adults ?? 0}a`;
  return children && children > 0 ? `${grown}/${children}ch` : grown;
}

/** The block's text: guests, the rate name ('(untitled)') and the rate type abbreviation when there is one. */
export function blockLabel(reservation: TimelineReservation): string {
  return [guestLabel(reservation.adults, reservation.children), reservation.rate_name?.trim() || '(untitled)', reservation.rate_type_abbreviation?.trim() || null]
    .filter(Boolean)
    .join(' · ');
}

/** Position in pixels of a moment on a timeline starting at `start`. */
function position(start: string, moment: string, allDay: boolean): number {
  const day = dayjs.utc(moment).startOf('day').diff(dayjs.utc(start).startOf('day'), 'day');
  return (day + dayShare(moment, allDay)) * DAY_WIDTH;
}

const sameUtcDay = (a: string, b: string) => dayjs.utc(a).format('YYYY-MM-DD') === dayjs.utc(b).format('YYYY-MM-DD');

/**
 * The blocks of one unit's row. A block starts at its check-in's share of the day and ends at its
 * check-out's; on a turnover day (one stay ends and another starts on the same unit and day) each
 * takes half of that day. Blocks are clipped to the range shown.
 */
export function unitBlocks(reservations: readonly TimelineReservation[], start: string, days: number): Block[] {
  const end = days * DAY_WIDTH;
  const ordered = [...reservations].sort((a, b) => a.check_in.localeCompare(b.check_in));
  return ordered.flatMap((reservation) => {
    const allDay = reservation.all_day === true;
    let left = position(start, reservation.check_in, allDay);
    let right = allDay ? position(start, reservation.check_out, true) : position(start, reservation.check_out, false);
    const turnoverIn = ordered.some((other) => other !== reservation && sameUtcDay(other.check_out, reservation.check_in));
    const turnoverOut = ordered.some((other) => other !== reservation && sameUtcDay(other.check_in, reservation.check_out));
    if (turnoverIn) left = Math.floor(left / DAY_WIDTH) * DAY_WIDTH + DAY_WIDTH / 2;
    if (turnoverOut) right = Math.floor(right / DAY_WIDTH) * DAY_WIDTH + DAY_WIDTH / 2;
    left = Math.max(0, left);
    right = Math.min(end, right);
    if (right <= left) return [];
    return [{ reservation, left, width: right - left, label: blockLabel(reservation), color: reservation.rate_type_card_color || '#ffffff' }];
  });
}
