import { defineMessages } from '@steward/libs/i18n';
import english from './messages/en.json';

/**
 * Catalog's words (supplies, the product catalogue and the orders placeholder). English is built into
 * the area's code; every other language is a chunk of the area's own build, fetched only when chosen.
 */
export const { t, useT, has, localized } = defineMessages('catalog', english, {
  es: () => import(/* webpackChunkName: "messages-catalog-es" */ './messages/es.json'),
  'en-XA': () => import(/* webpackChunkName: "messages-catalog-en-XA" */ './messages/en.json?pseudo=en-XA'),
  'ar-XB': () => import(/* webpackChunkName: "messages-catalog-ar-XB" */ './messages/en.json?pseudo=ar-XB'),
});

export type CatalogMessageId = keyof typeof english;
export type CatalogT = ReturnType<typeof useT>;
