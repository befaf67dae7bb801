import { DEFAULT_LOCALE, directionOf, matchLocale, resolveLocale, type Locale } from './locales';
import type { Catalog } from './catalog';

/**
 * The page's one language state, a federation singleton like every libs entry: the locale and the
 * organisation's currency every area formats with, and each area's catalogues. An area registers its
 * English catalogue (built into its code) and how to load the others (chunks built and deployed with
 * that area, fetched from where the area is served); only the chosen language's are loaded.
 */
export type LanguageState = { readonly locale: Locale; readonly currency: string };

export type CatalogLoader = () => Promise<{ default: Catalog }>;
export type AreaCatalogs = {
  /**
   * Built into the area's code; null when English is fetched too (`load.en`): for words no screen
   * needs to draw (`afterFirstView`), or words only screens after the first view draw (fetched, in the
   * page's language, when one of them is first drawn or read; see withLaterMessages).
   */
  readonly english: Catalog | null;
  readonly load: Partial<Record<Locale, CatalogLoader>>;
  /**
   * Words no screen needs to draw (the database's refusals): they are fetched once the first view is
   * shown (loadLaterCatalogs) or when one of them is first read, whichever comes first, and a switch of
   * language does not wait for them. The screens that read one meanwhile draw again when they arrive;
   * until then such a word is read as the database wrote it (in English).
   */
  readonly afterFirstView?: boolean;
};

type AreaEntry = AreaCatalogs & {
  loaded: Map<Locale, Catalog>;
  pending: Map<Locale, Promise<Catalog>>;
  /** A word of the area was read (in English) while its catalogue in the page's language was on its way. */
  readEarly: boolean;
  /** Languages whose catalogue's last load failed: the area's words read in English until one loads. */
  failed: Set<Locale>;
};

/** Where this browser remembers the last locale, so the next visit's first view is drawn in it. */
export const LOCALE_KEY = 'steward:locale';

const areas = new Map<string, AreaEntry>();
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

/** The locale a page starts in before the session says: the one last used in this browser, else the browser's. */
export function startingLocale(): Locale {
  return resolveLocale(storage()?.getItem(LOCALE_KEY), browserLanguages());
}

let state: LanguageState = { locale: DEFAULT_LOCALE, currency: 'USD' };
let requested = 0;
/** The first view is shown (loadLaterCatalogs): `afterFirstView` catalogues are fetched from now on. */
let laterWanted = false;

function applyToDocument(locale: Locale): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.lang = locale;
  root.dir = directionOf(locale);
}

function publish(next: LanguageState): void {
  if (next.locale === state.locale && next.currency === state.currency) return;
  state = next;
  for (const listener of listeners) listener();
}

export const getLanguageState = (): LanguageState => state;

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Notes that a word of an `afterFirstView` area was read before its catalogue in `locale` was in (loadThenRedraw). */
export function noteReadEarly(area: string, locale: Locale): void {
  const entry = areas.get(area);
  if (!entry || !(entry.afterFirstView || entry.english === null)) return;
  entry.readEarly = true;
  // Before the first view is shown the catalogue is not on its way yet: a word read asks for it.
  loadThenRedraw(area, locale);
}

/** The area's catalogue in `locale` when loaded (English always is, unless it is fetched), else undefined. */
export function catalogOf(area: string, locale: Locale): Catalog | undefined {
  const entry = areas.get(area);
  if (!entry) return undefined;
  return (locale === DEFAULT_LOCALE ? entry.english : null) ?? entry.loaded.get(locale);
}

/** Loads the area's catalogue in `locale` (once); a language the area has no catalogue for gives English. */
export function loadCatalog(area: string, locale: Locale): Promise<Catalog> {
  const entry = areas.get(area);
  if (!entry) return Promise.reject(new Error(`No messages are registered for ${area}`));
  const ready = catalogOf(area, locale);
  if (ready) return Promise.resolve(ready);
  let pending = entry.pending.get(locale);
  if (!pending) {
    const loader = entry.load[locale];
    entry.failed.delete(locale);
    // A language the area has no catalogue for reads English: built in, or fetched (never from itself).
    const fallback = (): Promise<Catalog> => {
      if (entry.english) return Promise.resolve(entry.english);
      if (locale === DEFAULT_LOCALE) return Promise.reject(new Error(`No English words are registered for ${area}`));
      return loadCatalog(area, DEFAULT_LOCALE);
    };
    pending = (loader ? loader().then((module) => module.default) : fallback()).then(
      (catalog) => {
        entry.loaded.set(locale, catalog);
        return catalog;
      },
      (error: unknown) => {
        // Tried again on the next use rather than remembered as missing.
        entry.pending.delete(locale);
        entry.failed.add(locale);
        throw error;
      },
    );
    entry.pending.set(locale, pending);
  }
  return pending;
}

/** Whether the area's catalogue in `locale` failed to load the last time it was asked for (its words then read in English). */
export function catalogFailed(area: string, locale: Locale): boolean {
  return areas.get(area)?.failed.has(locale) ?? false;
}

/**
 * An area's catalogues, registered once as its code loads; its messages follow the page's locale from
 * then on. Code that arrives after the page chose its language (a public page's lazily loaded parts)
 * fetches its catalogue in that language at once: words read outside a component's drawing (`t`)
 * would otherwise stay English, for nothing would ask for them. `afterFirstView` catalogues wait for
 * the first view to be shown, or for one of their words to be read.
 */
export function registerCatalogs(area: string, catalogs: AreaCatalogs): void {
  if (areas.has(area)) return;
  areas.set(area, { ...catalogs, loaded: new Map(), pending: new Map(), readEarly: false, failed: new Set() });
  if (catalogs.afterFirstView) {
    if (laterWanted) loadThenRedraw(area, state.locale);
  } else if (catalogs.english !== null && state.locale !== DEFAULT_LOCALE) loadCatalog(area, state.locale).catch(() => undefined);
}

/** Whether an area's words are drawn now: built-in English, or a catalogue of it fetched (or on its way) already. */
function inUse(entry: AreaEntry): boolean {
  return !entry.afterFirstView && (entry.english !== null || entry.loaded.size > 0 || entry.pending.size > 0);
}

/**
 * Fetches an area's catalogue without holding anything up. When one of its words was read meanwhile
 * (in English: a refusal in the instant after a switch), the screens draw again once it is in; else
 * nothing draws again for it.
 */
function loadThenRedraw(area: string, locale: Locale): void {
  if (catalogOf(area, locale)) return;
  loadCatalog(area, locale).then(
    () => {
      const entry = areas.get(area);
      if (state.locale !== locale || !entry?.readEarly) return;
      entry.readEarly = false;
      // A new state object, so every useLanguage / useT reader draws again, in the same language.
      state = { ...state };
      for (const listener of listeners) listener();
    },
    // Read in English meanwhile; the next switch tries again.
    () => undefined,
  );
}

/**
 * Fetches, in the page's language, the catalogues no screen needs to draw (`afterFirstView`) that are
 * not in yet: called once the first view is shown, so they never share its bytes.
 */
export function loadLaterCatalogs(): void {
  laterWanted = true;
  for (const [area, entry] of areas) if (entry.afterFirstView) loadThenRedraw(area, state.locale);
}

/**
 * Switches the page to `locale` (a tag Steward may not have: resolved like any other), the moment every
 * registered area has its catalogue: no reload, and no screen half in one language and half in the
 * other. Catalogues marked `afterFirstView` follow once the first view has been shown (loadThenRedraw).
 * A later call wins over an earlier one still loading. A catalogue that cannot load leaves the page in
 * the language it was in, and the error is the caller's.
 */
export async function setLocale(tag: string | null | undefined, currency: string = state.currency): Promise<Locale> {
  const locale = matchLocale(tag) ?? DEFAULT_LOCALE;
  const call = ++requested;
  // An area whose words no screen has drawn yet is fetched in the new language when one first does.
  const drawn = [...areas].filter(([, entry]) => inUse(entry)).map(([area]) => area);
  await Promise.all(drawn.map((area) => loadCatalog(area, locale)));
  if (call !== requested) return state.locale;
  applyToDocument(locale);
  storage()?.setItem(LOCALE_KEY, locale);
  publish({ locale, currency: /^[A-Z]{3}$/.test(currency) ? currency : state.currency });
  if (laterWanted) for (const [area, entry] of areas) if (entry.afterFirstView) loadThenRedraw(area, locale);
  return locale;
}

/** Every registered catalogue in the page's language, those fetched after the first view included. */
export function allCatalogsLoaded(): Promise<void> {
  const { locale } = state;
  return Promise.all([...areas.keys()].map((area) => loadCatalog(area, locale))).then(() => undefined);
}

/** The organisation's currency (ISO 4217), for every amount shown. */
export function setCurrency(currency: string | null | undefined): void {
  if (currency && /^[A-Z]{3}$/.test(currency)) publish({ ...state, currency });
}

/**
 * The page's starting language, before any screen draws: the one this browser used last (or its own)
 * with its catalogues loaded. The shell awaits it at start.
 */
export function startLanguage(): Promise<Locale> {
  return setLocale(startingLocale()).catch(() => setLocale(DEFAULT_LOCALE));
}
