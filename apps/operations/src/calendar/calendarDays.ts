// Calendar arithmetic on days written 'YYYY-MM-DD' (the organisation's calendar days): no time zone
// enters here, the database already turned every time into the organisation's wall-clock time.

import { firstDayOfWeek, formatDate, formatDateRange, getLanguageState } from '@steward/libs/i18n';
import { t } from '../i18n';

export type CalendarView = 'month' | 'week' | 'day';

const DAY_MS = 86_400_000;

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(toDate(value).getTime());

export function addDays(day: string, days: number): string {
  return toDay(new Date(toDate(day).getTime() + days * DAY_MS));
}

export function addMonths(day: string, months: number): string {
  const date = toDate(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return toDay(target);
}

/** Weeks start where the person's locale starts them (0 = Sunday, as in US English; Monday in Spanish). */
export function startOfWeek(day: string, firstDay: number = firstDayOfWeek(getLanguageState().locale)): string {
  return addDays(day, -((toDate(day).getUTCDay() - firstDay + 7) % 7));
}

export const startOfMonth = (day: string) => `${day.slice(0, 8)}01`;

export const dayDiff = (from: string, to: string) => Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS);

/** The days a view shows: six weeks around a month, a week from the locale's first day, or one day. */
export function viewDays(view: CalendarView, anchor: string): string[] {
  const first = view === 'month' ? startOfWeek(startOfMonth(anchor)) : view === 'week' ? startOfWeek(anchor) : anchor;
  const count = view === 'month' ? 42 : view === 'week' ? 7 : 1;
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

export function stepAnchor(view: CalendarView, anchor: string, direction: 1 | -1): string {
  if (view === 'month') return addMonths(anchor, direction);
  return addDays(anchor, view === 'week' ? 7 * direction : direction);
}

/** 'Sun' (en), 'dom' (es): a column's head. */
export const weekdayShort = (day: string) => formatDate(day, { weekday: 'short' });
/** 'Sun Nov 22' (en), 'dom 22 nov' (es): a week's column head. */
export const weekColumnHead = (day: string) => `${weekdayShort(day)} ${formatDate(day, { month: 'short', day: 'numeric' })}`;
export const dayOfMonth = (day: string) => toDate(day).getUTCDate();

const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };

/** 'Wednesday, November 25, 2026' (en), 'miércoles, 25 de noviembre de 2026' (es). */
export const longDay = (day: string) => formatDate(day, LONG_DAY);

/** 'November 2026', the week's 'Week of November 22 – 28, 2026', or the day, in the person's language. */
export function viewTitle(view: CalendarView, anchor: string): string {
  if (view === 'month') return formatDate(anchor, { month: 'long', year: 'numeric' });
  if (view === 'day') return longDay(anchor);
  const [first] = viewDays('week', anchor);
  const last = addDays(first ?? anchor, 6);
  return t('calendar.weekOf', { range: formatDateRange(first ?? anchor, last, { month: 'long', day: 'numeric', year: 'numeric' }) });
}

/** Today in a time zone ('America/New_York'), as the organisation's calendar day; UTC when unknown. */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return toDay(now);
  }
}
