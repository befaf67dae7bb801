import { defineMessages } from '@steward/libs/i18n';
import english from './messages/en.json';

/**
 * The Lodging area's words (the reservation timeline, the booking form, the front desk and its folios).
 * English is built into the area's code; every other language is a chunk of this area's own build,
 * fetched only when chosen.
 */
export const { t, useT, has, localized } = defineMessages('lodging', english, {
  es: () => import(/* webpackChunkName: "messages-lodging-es" */ './messages/es.json'),
  'en-XA': () => import(/* webpackChunkName: "messages-lodging-en-XA" */ './messages/en.json?pseudo=en-XA'),
  'ar-XB': () => import(/* webpackChunkName: "messages-lodging-ar-XB" */ './messages/en.json?pseudo=ar-XB'),
});

export type LodgingMessageId = keyof typeof english;
export type LodgingT = ReturnType<typeof useT>;
