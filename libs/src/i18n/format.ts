import { intlLocale, isPseudoLocale, type Locale } from './locales';
import { pseudoText } from './pseudo.mjs';
import { getLanguageState } from './store';

/**
 * Dates, numbers and money as the person reads them: `Intl` in their locale, amounts in the
 * organisation's currency. One set of functions for every app and lib; in English each writes what the
 * screens wrote before ("Nov 29, 2026", "$1,234.50", "1,234").
 */
type DateInput = Date | string | number | null | undefined;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, locale: Locale, options: object, make: (tag: string) => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make(intlLocale(locale));
    cache.set(key, format);
  }
  return format;
}

/** What Intl wrote, accented in a pseudo-locale (which formats as English). */
const shown = (locale: Locale, text: string) => (isPseudoLocale(locale) ? pseudoText(text, locale as 'en-XA' | 'ar-XB') : text);

/** A bare date (YYYY-MM-DD) is a calendar day, not midnight UTC; anything else is an instant. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
export const DATE_TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

/** "Nov 29, 2026" (en), "29 nov 2026" (es); unreadable input is returned as it came, empty as ''. */
export function formatDate(value: DateInput, options: Intl.DateTimeFormatOptions = DATE, locale: Locale = getLanguageState().locale): string {
  const date = toDate(value);
  if (!date) return value === null || value === undefined ? '' : String(value);
  return shown(locale, cached('date', locale, options, (tag) => new Intl.DateTimeFormat(tag, options)).format(date));
}

/** "Nov 29, 3:05 PM": a moment, as notifications and history show it. */
export function formatDateTime(value: DateInput, options: Intl.DateTimeFormatOptions = DATE_TIME, locale: Locale = getLanguageState().locale): string {
  return formatDate(value, options, locale);
}

/** "Nov 29 – Dec 2, 2026": two days as one range, each language's way. */
export function formatDateRange(start: DateInput, end: DateInput, options: Intl.DateTimeFormatOptions = DATE, locale: Locale = getLanguageState().locale): string {
  const from = toDate(start);
  const to = toDate(end);
  if (!from || !to) return formatDate(from ?? to, options, locale);
  const format = cached('date', locale, options, (tag) => new Intl.DateTimeFormat(tag, options));
  return shown(locale, from <= to ? format.formatRange(from, to) : format.formatRange(to, from));
}

/** "1,234.5" (en), "1234,5" (es). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}, locale: Locale = getLanguageState().locale): string {
  return shown(locale, cached('number', locale, options, (tag) => new Intl.NumberFormat(tag, options)).format(value));
}

/**
 * An amount in the organisation's currency (or `currency`): "$1,234.50" (en, USD), "1234,50 US$" (es).
 * Empty or unreadable amounts read as zero. CSV exports keep plain numbers and never call this.
 */
export function formatMoney(amount: number | string | null | undefined, currency?: string, locale: Locale = getLanguageState().locale): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  const code = currency ?? getLanguageState().currency;
  const options: Intl.NumberFormatOptions = { style: 'currency', currency: code };
  return shown(locale, cached('number', locale, options, (tag) => new Intl.NumberFormat(tag, options)).format(value === null || value === undefined || !Number.isFinite(value) ? 0 : value));
}

/** The names of the week's days, starting on `firstDay` (0 = Sunday), short form: a calendar's header. */
export function weekdayNames(firstDay: number, width: 'short' | 'narrow' | 'long' = 'short', locale: Locale = getLanguageState().locale): string[] {
  const format = cached('date', locale, { weekday: width }, (tag) => new Intl.DateTimeFormat(tag, { weekday: width }));
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, index) => shown(locale, format.format(new Date(2023, 0, 1 + ((firstDay + index) % 7)))));
}
