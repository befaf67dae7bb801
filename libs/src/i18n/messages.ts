import { useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { formatMessage, formatRichMessage, type Catalog, type MessageValues, type RichValues } from './catalog';
import { DEFAULT_LOCALE, type Locale } from './locales';
import { catalogFailed, catalogOf, getLanguageState, loadCatalog, noteReadEarly, registerCatalogs, subscribeLanguage, type CatalogLoader } from './store';

/** The message function of one area: `t('shell.signOut')`, `t('shell.results', { count })`. */
export type Translate<Id extends string> = ((id: Id, values?: MessageValues) => string) & {
  /** A message with elements in its words: `t.rich('auth.noAccount', { signup: (words) => <Button>{words}</Button> })`. */
  rich: (id: Id, values: RichValues) => ReactNode;
};

export type AreaMessages<Id extends string> = {
  /** The message in the page's current language (for code outside React; components use `useT`). */
  t: Translate<Id>;
  /** The message function for the page's current language; the component draws again when it changes. */
  useT: () => Translate<Id>;
  /** Whether `id` is one of the area's messages (for ids made at run time, as a route's). */
  has: (id: string) => id is Id;
  /**
   * A definition made once, when the area's code loads (a column, a field, a picker's option), whose
   * words are read in the page's current language each time they are read: the keys named become
   * getters over `t`, so the table follows a switch of language and needs no language of its own.
   *   localized({ value: 'Active', label: '' }, { label: 'recordStatus.active' })
   */
  localized: <T extends object>(value: T, ids: { readonly [K in keyof T]?: Id }) => T;
  /**
   * Fetches the area's words in the page's language now (a later screen's, with its code, so the
   * screen does not wait for them after its code); settles whether or not they load.
   */
  preload: () => Promise<void>;
};

function translate<Id extends string>(area: string, english: Catalog | undefined, locale: Locale, catalog: Catalog | undefined): Translate<Id> {
  const plain = (id: Id, values?: MessageValues) =>
    formatMessage(locale, area, id, catalog?.[id], values) ??
    // Missing in this language (the check in npm test fails on it first): the English text, never the id.
    formatMessage(DEFAULT_LOCALE, area, id, english?.[id], values) ??
    '';
  const rich = (id: Id, values: RichValues) => formatRichMessage(locale, area, id, catalog?.[id], values) ?? formatRichMessage(DEFAULT_LOCALE, area, id, english?.[id], values) ?? '';
  return Object.assign(plain, { rich });
}

/** `localized` over a message function: the named keys become getters reading their message each time. */
function localizedBy<Id extends string>(read: (id: Id) => string): AreaMessages<Id>['localized'] {
  return (value, ids) => {
    const copy = { ...value };
    for (const [key, id] of Object.entries(ids) as [string, Id][]) Object.defineProperty(copy, key, { get: () => read(id), enumerable: true, configurable: true });
    return copy;
  };
}

/**
 * An area's messages: its English catalogue (imported, so built into its code) and a loader for each
 * other language (an `import()` of the area's catalogue file: a chunk of its own build). The ids are
 * the English catalogue's keys, so a mistyped id fails the type check.
 *
 *   import english from './messages/en.json';
 *   export const { t, useT } = defineMessages('shell', english, { es: () => import('./messages/es.json'), … });
 *
 * `afterFirstView`: words no screen draws until something happens (AreaCatalogs in store.ts). Their
 * English may be fetched too (`english` null, `load.en`; the ids then come from the type argument:
 * `defineMessages<typeof english>(…)` with `import type english from './en.json'`).
 */
export function defineMessages<English extends Record<string, string>>(
  area: string,
  english: English | null,
  load: Partial<Record<Locale, CatalogLoader>>,
  { afterFirstView = false }: { afterFirstView?: boolean } = {},
): AreaMessages<Extract<keyof English, string>> {
  type Id = Extract<keyof English, string>;
  registerCatalogs(area, { english: english as Catalog | null, load, afterFirstView });
  const byLocale = new Map<Locale, Translate<Id>>();
  const forLocale = (locale: Locale): Translate<Id> => {
    const catalog = catalogOf(area, locale);
    const known = catalog ? byLocale.get(locale) : undefined;
    if (known) return known;
    if (!catalog) noteReadEarly(area, locale);
    const made = translate<Id>(area, catalogOf(area, DEFAULT_LOCALE), locale, catalog);
    if (catalog) byLocale.set(locale, made);
    return made;
  };
  const current: Translate<Id> = Object.assign((id: Id, values?: MessageValues) => forLocale(getLanguageState().locale)(id, values), {
    rich: (id: Id, values: RichValues) => forLocale(getLanguageState().locale).rich(id, values),
  });
  const localized = localizedBy(current);
  return {
    preload: () => loadCatalog(area, getLanguageState().locale).then(
      () => undefined,
      () => undefined,
    ),
    has: (id: string): id is Id => {
      // English names every id; while fetched English is not in, the page's language does.
      const { locale } = getLanguageState();
      const catalog = catalogOf(area, DEFAULT_LOCALE) ?? catalogOf(area, locale);
      if (!catalog) noteReadEarly(area, locale);
      return catalog !== undefined && Object.hasOwn(catalog, id);
    },
    localized,
    t: current,
    useT: () => {
      const { locale } = useSyncExternalStore(subscribeLanguage, getLanguageState, getLanguageState);
      // An area whose code arrived after the switch waits (Suspense) for its own catalogue, not in English.
      // The wait is thrown rather than given to a `use` called only while waiting: React redraws a
      // component that waited in `use` in place, with its hooks so far, and the hooks after useT then
      // threw "Update hook called on initial render". A thrown wait is redrawn afresh. A catalogue that
      // could not load is not waited for again: its words read in English (never as their ids).
      if (!catalogOf(area, locale) && !catalogFailed(area, locale)) throw loadCatalog(area, locale);
      return forLocale(locale);
    },
  };
}

/**
 * An area's words in two catalogues: `first`, what its first view draws (English built into its code),
 * and `later`, what only its later screens draw (defined with `english` null: every language fetched
 * when one of its words is first drawn or read). The later screens read both through the one function
 * this gives; the first view, through `first` alone, so a word it needs from `later` is a type error.
 * A component using it waits (Suspense) for the later catalogue, as one waits for its own code.
 */
export function withLaterMessages<First extends string, Later extends string>(first: AreaMessages<First>, later: AreaMessages<Later>): AreaMessages<First | Later> {
  type Id = First | Later;
  const join = (read: Translate<First>, readLater: Translate<Later>): Translate<Id> =>
    Object.assign((id: Id, values?: MessageValues) => (first.has(id) ? read(id, values) : readLater(id as Later, values)), {
      rich: (id: Id, values: RichValues) => (first.has(id) ? read.rich(id, values) : readLater.rich(id as Later, values)),
    });
  const t = join(first.t, later.t);
  return {
    t,
    preload: () => Promise.all([first.preload(), later.preload()]).then(() => undefined),
    has: (id: string): id is Id => first.has(id) || later.has(id),
    localized: localizedBy(t),
    useT: () => {
      const read = first.useT();
      const readLater = later.useT();
      return useMemo(() => join(read, readLater), [read, readLater]);
    },
  };
}

/**
 * A later screen's code with the words it says: fetched at once, so the screen draws when its code is
 * in rather than asking for its words after it. `lazy(() => withWords(import('./InboxPage'), later))`.
 */
export function withWords<Module>(code: Promise<Module>, ...words: readonly Pick<AreaMessages<string>, 'preload'>[]): Promise<Module> {
  return Promise.all([code, ...words.map((area) => area.preload())]).then(([module]) => module);
}

/** The page's locale and currency; the component draws again when either changes. */
export function useLanguage() {
  return useSyncExternalStore(subscribeLanguage, getLanguageState, getLanguageState);
}
