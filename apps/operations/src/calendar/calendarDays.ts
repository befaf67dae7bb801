// Calendar arithmetic on days written 'YYYY-MM-DD' (the organisation's calendar days): no time zone
// enters here, the database already turned every time into the organisation's wall-clock time.

import { firstDayOfWeek, getLanguageState } from '@steward/libs/i18n';

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

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

export const weekdayName = (day: string) => WEEKDAYS[toDate(day).getUTCDay()] ?? '';
export const weekdayShort = (day: string) => weekdayName(day).slice(0, 3);
export const monthName = (day: string) => MONTHS[toDate(day).getUTCMonth()] ?? '';
export const dayOfMonth = (day: string) => toDate(day).getUTCDate();

/** 'Wednesday, November 25, 2026' */
export const longDay = (day: string) => `${weekdayName(day)}, ${monthName(day)} ${dayOfMonth(day)}, ${day.slice(0, 4)}`;

export function viewTitle(view: CalendarView, anchor: string): string {
  if (view === 'month') return `${monthName(anchor)} ${anchor.slice(0, 4)}`;
  if (view === 'day') return longDay(anchor);
  const [first] = viewDays('week', anchor);
  const last = addDays(first ?? anchor, 6);
  return `Week of ${monthName(first ?? anchor)} ${dayOfMonth(first ?? anchor)} – ${monthName(last)} ${dayOfMonth(last)}, ${last.slice(0, 4)}`;
}

/** Today in a time zone ('America/New_York'), as the organisation's calendar day; UTC when unknown. */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return toDay(now);
  }
}
