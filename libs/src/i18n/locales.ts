/**
 * The languages Steward speaks. A locale here is what a person chooses (My profile) and what each
 * area's catalogue is named after; `intlLocale` is what `Intl` formats with. Two pseudo-locales exist
 * for tests and for people checking a screen: en-XA (accented, ~30 % longer) and ar-XB (right to left).
 */
export const LOCALES = ['en', 'es', 'en-XA', 'ar-XB'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as a language menu lists it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  'en-XA': 'Ƥšéûðöļöçåļé',
  'ar-XB': 'ƦŦĿ ƥšéûðö',
};

/** The languages a person chooses from (My profile, Org Data): the pseudo-locales are for tests, set by the database. */
export const CHOOSABLE_LOCALES: readonly Locale[] = ['en', 'es'];

/** The choice of language as a select offers it, each language named in itself. */
export const LANGUAGE_OPTIONS: readonly { value: Locale; label: string }[] = CHOOSABLE_LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

const PSEUDO: ReadonlySet<string> = new Set(['en-XA', 'ar-XB']);
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi']);

export const isPseudoLocale = (locale: Locale): boolean => PSEUDO.has(locale);

/** One locale Steward has for a tag a person, an organisation or a browser gives ('es-MX' → 'es'), or null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  const wanted = tag?.trim();
  if (!wanted) return null;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  const language = (wanted.split(/[-_]/)[0] ?? '').toLowerCase();
  return LOCALES.find((locale) => !PSEUDO.has(locale) && locale === language) ?? null;
}

/**
 * The person's locale: the first of the candidates Steward has (their profile's language, then the
 * organisation's, then the browser's), English when none is. Never a language without a catalogue.
 */
export function resolveLocale(...candidates: readonly (string | null | undefined | readonly string[])[]): Locale {
  for (const candidate of candidates.flat()) {
    const locale = matchLocale(candidate);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The tag `Intl` formats with: US English as today for 'en'; a pseudo-locale formats as its base and is then accented. */
export function intlLocale(locale: Locale): string {
  if (locale === 'en' || locale === 'en-XA' || locale === 'ar-XB') return 'en-US';
  return locale;
}

/** 'rtl' for a language written right to left (and the RTL pseudo-locale). */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  if (locale === 'ar-XB') return 'rtl';
  return RTL_LANGUAGES.has(locale.split('-')[0] ?? '') ? 'rtl' : 'ltr';
}

type WeekInfo = { firstDay: number };
/** Regions whose week starts on Sunday when the browser cannot say (Intl.Locale weekInfo). */
const SUNDAY_FIRST = new Set(['US', 'CA', 'MX', 'BR', 'JP', 'IL', 'PH', 'KR', 'TW', 'HK', 'IN', 'ZA', 'AU', 'SA', 'PE', 'CO', 'VE', 'GT', 'HN', 'PA', 'SV', 'NI', 'DO', 'PR']);

/**
 * The first day of the week for a locale, 0 = Sunday … 6 = Saturday (dayjs's and the calendar's
 * numbering): Sunday in en-US, Monday in es-ES.
 */
export function firstDayOfWeek(locale: Locale | string): number {
  const known = matchLocale(locale);
  const tag = known ? intlLocale(known) : locale;
  try {
    const intl = new Intl.Locale(tag).maximize() as Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };
    const info = intl.getWeekInfo?.() ?? intl.weekInfo;
    if (info) return info.firstDay % 7;
    return SUNDAY_FIRST.has(intl.region ?? '') ? 0 : 1;
  } catch {
    return 0;
  }
}
