import { defineMessages, withLaterMessages } from '@steward/libs/i18n';
import english from './messages/en.json';
import type laterEnglish from './messages/later/en.json';

/**
 * The CRM's words, in two catalogues. `messages/` holds what its lists' first view draws, built into
 * the CRM's code in English; `messages/later/` holds the rest (record pages and their tabs, dialogs,
 * import, merge, the inbox), fetched in the page's language when a screen first draws one of them.
 * Every other language is a chunk of the CRM's own build, fetched only when chosen, so the shell need
 * not be rebuilt for a CRM message. The later screens say their words through `later` (both
 * catalogues); a first-view file through `t`/`useT`, so a later word there is a type error.
 */
const first = defineMessages('crm', english, {
  es: () => import(/* webpackChunkName: "messages-crm-es" */ './messages/es.json'),
  'en-XA': () => import(/* webpackChunkName: "messages-crm-en-XA" */ './messages/en.json?pseudo=en-XA'),
  'ar-XB': () => import(/* webpackChunkName: "messages-crm-ar-XB" */ './messages/en.json?pseudo=ar-XB'),
});

export const { t, useT, has, localized } = first;

export const later = withLaterMessages(
  first,
  defineMessages<typeof laterEnglish>('crm-later', null, {
    en: () => import(/* webpackChunkName: "messages-crm-later-en" */ './messages/later/en.json'),
    es: () => import(/* webpackChunkName: "messages-crm-later-es" */ './messages/later/es.json'),
    'en-XA': () => import(/* webpackChunkName: "messages-crm-later-en-XA" */ './messages/later/en.json?pseudo=en-XA'),
    'ar-XB': () => import(/* webpackChunkName: "messages-crm-later-ar-XB" */ './messages/later/en.json?pseudo=ar-XB'),
  }),
);

export type CrmMessageId = keyof typeof english | keyof typeof laterEnglish;
