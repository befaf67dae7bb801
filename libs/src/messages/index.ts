import { defineMessages } from '@steward/libs/i18n';
import english from './en.json';
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
export const { t, useT, has, localized } = defineMessages('libs', english, {
  es: () => import(/* webpackChunkName: "messages-es" */ './es.json'),
  'en-XA': () => import(/* webpackChunkName: "messages-en-XA" */ './en.json?pseudo=en-XA'),
  'ar-XB': () => import(/* webpackChunkName: "messages-ar-XB" */ './en.json?pseudo=ar-XB'),
});

export type LibsMessageId = keyof typeof english;

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
