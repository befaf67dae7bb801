import { defineMessages } from '@steward/libs/i18n';
import english from './en.json';
import refusalsEnglish from './refusals/en.json';

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
 * a catalogue of their own, fetched once the page is drawn in its language rather than before, for no
 * screen shows one until the database refuses something (in Spanish they were 3.6 of libs' 8.2 KB).
 */
export const refusals = defineMessages(
  'libs-refusals',
  refusalsEnglish,
  {
    es: () => import(/* webpackChunkName: "messages-libs-refusals-es" */ './refusals/es.json'),
    'en-XA': () => import(/* webpackChunkName: "messages-libs-refusals-en-XA" */ './refusals/en.json?pseudo=en-XA'),
    'ar-XB': () => import(/* webpackChunkName: "messages-libs-refusals-ar-XB" */ './refusals/en.json?pseudo=ar-XB'),
  },
  { afterFirstView: true },
);

export type RefusalMessageId = keyof typeof refusalsEnglish;
