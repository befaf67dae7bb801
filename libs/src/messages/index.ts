import { defineMessages, withLaterMessages } from '@steward/libs/i18n';
import english from './en.json';
import type laterEnglish from './later/en.json';
import type refusalsEnglish from './refusals/en.json';

/**
 * The words of libs' shared screens (lists, filters, forms, the design system, data errors,
 * conversations): one catalogue for every app, because libs is compiled once, into the shell, and each
 * remote takes it from there (build/federation.mjs: every libs subpath, this one included, is a shared
 * singleton). So the Spanish chunk is built and served with the shell, in one chunk with the shell's
 * own catalogue (the same chunk name: one request on a first view, not two), `setLocale` fetches it
 * once per page whichever area draws a list, and a remote never carries a copy. English is built into
 * the code.
 */
const first = defineMessages('libs', english, {
  es: () => import(/* webpackChunkName: "messages-es" */ './es.json'),
  'en-XA': () => import(/* webpackChunkName: "messages-en-XA" */ './en.json?pseudo=en-XA'),
  'ar-XB': () => import(/* webpackChunkName: "messages-ar-XB" */ './en.json?pseudo=ar-XB'),
});

export const { t, useT, has, localized } = first;

/**
 * The words of what no first view draws (a record's history, the composer and conversations, bulk
 * changes, the filter and sort panels, saved filters), English included: fetched in the page's language
 * when one of those screens first draws, as the CRM's later words are (libs/src/i18n withLaterMessages).
 * Those screens say their words through `later` (both catalogues); the rest of libs through `t`/`useT`,
 * so a later word in a first-view file is a type error.
 */
export const later = withLaterMessages(
  first,
  defineMessages<typeof laterEnglish>('libs-later', null, {
    en: () => import(/* webpackChunkName: "messages-libs-later-en" */ './later/en.json'),
    es: () => import(/* webpackChunkName: "messages-libs-later-es" */ './later/es.json'),
    'en-XA': () => import(/* webpackChunkName: "messages-libs-later-en-XA" */ './later/en.json?pseudo=en-XA'),
    'ar-XB': () => import(/* webpackChunkName: "messages-libs-later-ar-XB" */ './later/en.json?pseudo=ar-XB'),
  }),
);

export type LibsMessageId = keyof typeof english;

/** An id of either catalogue: what the later screens say through `later`. */
export type LibsLaterMessageId = LibsMessageId | keyof typeof laterEnglish;

/**
 * The database's refusals in the person's language (`db.<id>`, `db.<code>`: libs/src/data/DataAccessError.ts):
 * a catalogue of their own, English included, fetched once the first view is shown rather than with
 * it, for no screen shows one until the database refuses something (they were 12 of the 29 KB of
 * libs' English words on every first view). A refusal read before then reads as the database wrote it,
 * in English, which is word for word the catalogue's English.
 */
export const refusals = defineMessages<typeof refusalsEnglish>(
  'libs-refusals',
  null,
  {
    en: () => import(/* webpackChunkName: "messages-libs-refusals-en" */ './refusals/en.json'),
    es: () => import(/* webpackChunkName: "messages-libs-refusals-es" */ './refusals/es.json'),
    'en-XA': () => import(/* webpackChunkName: "messages-libs-refusals-en-XA" */ './refusals/en.json?pseudo=en-XA'),
    'ar-XB': () => import(/* webpackChunkName: "messages-libs-refusals-ar-XB" */ './refusals/en.json?pseudo=ar-XB'),
  },
  { afterFirstView: true },
);

export type RefusalMessageId = keyof typeof refusalsEnglish;
