import { defineMessages } from '@steward/libs/i18n';
import english from './messages/en.json';

/**
 * The CRM's words (lists, record pages and their tabs, dialogs, import, merge, the inbox). English is
 * built into the CRM's code; every other language is a chunk of the CRM's own build, fetched only when
 * chosen, so the shell need not be rebuilt for a CRM message.
 */
export const { t, useT, has, localized } = defineMessages('crm', english, {
  es: () => import(/* webpackChunkName: "messages-crm-es" */ './messages/es.json'),
  'en-XA': () => import(/* webpackChunkName: "messages-crm-en-XA" */ './messages/en.json?pseudo=en-XA'),
  'ar-XB': () => import(/* webpackChunkName: "messages-crm-ar-XB" */ './messages/en.json?pseudo=ar-XB'),
});

export type CrmMessageId = keyof typeof english;

