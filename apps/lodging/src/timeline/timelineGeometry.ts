import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { LodgingT } from '../i18n';

dayjs.extend(utc);

/** Timeline constants. */
export const DAY_WIDTH_PX = 190;
export const MIN_TABLE_WIDTH_PX = 700;
export const CHECK_IN_SHARE_CAP = 0.95;
/** The ranges the timeline shows, in days (named in the page's language: "2 weeks", "1 month", …). */
export const RANGE_DAYS = [14, 30, 45, 60] as const;
export const DEFAULT_RANGE_DAYS = 30;

const MS_PER_DAY = 86_400_000;

/** A calendar day as the timeline's columns name it: YYYY-MM-DD, a UTC day. */
export type DayKey = string;

/**
 * The days a window shows: `count` consecutive calendar days from `start` (YYYY-MM-DD). Computed in
 * UTC so a daylight-saving change inside the window never makes a day 23 or 25 hours long, skips a
 * date or repeats one.
 */
export function windowDays(start: DayKey, count: number): DayKey[] {
  const first = dayjs.utc(start);
  return Array.from({ length: count }, (_, index) => first.add(index, 'day').format('YYYY-MM-DD'));
}

/** The half-open instant range [from, to) a window covers, as ISO strings for the query. */
export function windowBounds(start: DayKey, count: number): { from: string; to: string } {
  const first = dayjs.utc(start);
  return { from: first.toISOString(), to: first.add(count, 'day').toISOString() };
}

/** Share of its UTC day an instant is at: 0 at midnight, just under 1 before the next. */
export function shareOfUtcDay(instant: string | Date): number {
  const ms = new Date(instant).getTime();
  const midnight = Math.floor(ms / MS_PER_DAY) * MS_PER_DAY;
  return (ms - midnight) / MS_PER_DAY;
}

/** The UTC day of an instant. */
export function utcDayOf(instant: string | Date): DayKey {
  return dayjs.utc(instant).format('YYYY-MM-DD');
}

/** Whole days from the window's first day to `day` (negative before it). */
export function dayOffset(windowStart: DayKey, day: DayKey): number {
  return Math.round((dayjs.utc(day).valueOf() - dayjs.utc(windowStart).valueOf()) / MS_PER_DAY);
}

export type Stay = { id: string; check_in: string; check_out: string; all_day?: boolean | null };

/**
 * Where an instant sits on the timeline, in px from the window's left edge: its day's column plus
 * its share of the UTC day, capped at 95% so a late check-in still shows inside its day;
 * an all-day stay sits on the day boundary.
 */
export function instantX(windowStart: DayKey, instant: string, allDay: boolean): number {
  const share = allDay ? 0 : Math.min(shareOfUtcDay(instant), CHECK_IN_SHARE_CAP);
  return (dayOffset(windowStart, utcDayOf(instant)) + share) * DAY_WIDTH_PX;
}

export type Block = { id: string; left: number; width: number; clippedStart: boolean; clippedEnd: boolean };

/**
 * The turnover days of one unit: days on which one stay ends and another starts. On such a day each
 * of the two blocks takes half the day (the ending one the first half, the starting one the second).
 */
export function turnoverDays(stays: readonly Stay[]): Set<DayKey> {
  const ends = new Set(stays.map((stay) => utcDayOf(stay.check_out)));
  const turnovers = new Set<DayKey>();
  for (const stay of stays) {
    const day = utcDayOf(stay.check_in);
    if (ends.has(day) && stays.some((other) => other.id !== stay.id && utcDayOf(other.check_out) === day)) turnovers.add(day);
  }
  return turnovers;
}

/**
 * The blocks of one unit's stays inside a window of `days` days: positioned by check-in and
 * check-out, halved on turnover days, clipped to the window; stays wholly outside are left out.
 */
export function unitBlocks(stays: readonly Stay[], windowStart: DayKey, days: number): Block[] {
  const turnovers = turnoverDays(stays);
  const windowWidth = days * DAY_WIDTH_PX;
  const blocks: Block[] = [];
  for (const stay of stays) {
    const allDay = Boolean(stay.all_day);
    const inDay = utcDayOf(stay.check_in);
    const outDay = utcDayOf(stay.check_out);
    let left = instantX(windowStart, stay.check_in, allDay);
    let right = allDay ? (dayOffset(windowStart, outDay) + (shareOfUtcDay(stay.check_out) > 0 ? 1 : 0)) * DAY_WIDTH_PX : instantX(windowStart, stay.check_out, false);
    if (turnovers.has(inDay)) left = (dayOffset(windowStart, inDay) + 0.5) * DAY_WIDTH_PX;
    if (turnovers.has(outDay)) right = (dayOffset(windowStart, outDay) + 0.5) * DAY_WIDTH_PX;
    if (right <= 0 || left >= windowWidth) continue;
    const clippedStart = left < 0;
    const clippedEnd = right > windowWidth;
    left = Math.max(left, 0);
    right = Math.min(right, windowWidth);
    // A stay shorter than a sliver still shows and stays clickable.
    blocks.push({ id: stay.id, left, width: Math.max(right - left, 12), clippedStart, clippedEnd });
  }
  return blocks;
}

/** The guest count label '{adults}a/{children}ch' (in the page's language); the children part only when above 0. */
export function occupancyLabel(t: LodgingT, adults: number | null | undefined, children: number | null | undefined): string {
  const kids = children ?? 0;
  return kids > 0 ? t('timeline.occupancy.withChildren', { adults: adults ?? 0, children: kids }) : t('timeline.occupancy', { adults: adults ?? 0 });
}

/** The whole block label: occupancy, rate name ('(untitled)') and the rate type abbreviation if any. */
export function blockLabel(t: LodgingT, row: { adults: number | null; children: number | null; rate_name: string | null; rate_type_abbreviation: string | null }): string {
  const parts = [occupancyLabel(t, row.adults, row.children), row.rate_name?.trim() || t('timeline.untitledRate')];
  if (row.rate_type_abbreviation?.trim()) parts.push(row.rate_type_abbreviation.trim());
  return parts.join(' ');
}

/** The block's background: the rate type's card colour, white when none. */
export function blockColor(cardColor: string | null | undefined): string {
  return cardColor?.trim() || '#ffffff';
}

/** The table's total width: the unit column plus the day columns, never under 700 px. */
export function tableWidth(unitColumnWidth: number, days: number): number {
  return Math.max(unitColumnWidth + days * DAY_WIDTH_PX, MIN_TABLE_WIDTH_PX);
}
