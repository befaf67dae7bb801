import { defineMessages } from '@steward/libs/i18n';
import english from './messages/en.json';

/**
 * The CRM's words (lists, record pages and their tabs, dialogs, import, merge, the inbox). English is
 * built into the CRM's code; every other language is a chunk of the CRM's own build, fetched only when
 * chosen, so the shell need not be rebuilt for a CRM message.
 */
export const { t, useT, has } = defineMessages('crm', english, {
  es: () => import(/* webpackChunkName: "messages-crm-es" */ './messages/es.json'),
  'en-XA': () => import(/* webpackChunkName: "messages-crm-en-XA" */ './messages/en.json?pseudo=en-XA'),
  'ar-XB': () => import(/* webpackChunkName: "messages-crm-ar-XB" */ './messages/en.json?pseudo=ar-XB'),
});

export type CrmMessageId = keyof typeof english;

/**
 * A module-level definition (a field, a column, an entity) whose words are read in the page's current
 * language each time they are read: `localized(textColumn('type_name', ''), { title: 'column.type' })`.
 * The keys named are getters over `t`, so a table made once follows a switch of language.
 */
export function localized<T extends object>(value: T, ids: { [K in keyof T]?: CrmMessageId }): T {
  const copy = { ...value };
  for (const [key, id] of Object.entries(ids) as [string, CrmMessageId][]) {
    Object.defineProperty(copy, key, { get: () => t(id), enumerable: true, configurable: true });
  }
  return copy;
}
