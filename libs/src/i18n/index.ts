export { LOCALES, LOCALE_NAMES, CHOOSABLE_LOCALES, LANGUAGE_OPTIONS, DEFAULT_LOCALE, directionOf, firstDayOfWeek, intlLocale, isPseudoLocale, matchLocale, resolveLocale, type Locale } from './locales';
export { formatMessage, type Catalog, type CompiledMessage, type MessageValues } from './catalog';
export { defineMessages, useLanguage, withLaterMessages, withWords, type AreaMessages, type Translate } from './messages';
export {
  LOCALE_KEY,
  allCatalogsLoaded,
  getLanguageState,
  loadCatalog,
  loadLaterCatalogs,
  setCurrency,
  setLocale,
  startLanguage,
  startingLocale,
  subscribeLanguage,
  type AreaCatalogs,
  type CatalogLoader,
  type LanguageState,
} from './store';
export { DATE, DATE_TIME, formatDate, formatDateRange, formatDateTime, formatMoney, formatNumber, toDate, weekdayNames } from './format';
export { accent, pseudoPadding, pseudoText } from './pseudo.mjs';
