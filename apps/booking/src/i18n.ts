import { defineMessages } from '@steward/libs/i18n';
import english from './messages/en.json';

/**
 * The Online Booking area's words: the guests' public pages and the staff's Online Booking page.
 * English is built into the area's code (a guest reading English loads no catalogue); every other
 * language is a chunk of this area's own build, fetched only when chosen.
 */
export const { t, useT, has } = defineMessages('booking', english, {
  es: () => import(/* webpackChunkName: "messages-booking-es" */ './messages/es.json'),
  'en-XA': () => import(/* webpackChunkName: "messages-booking-en-XA" */ './messages/en.json?pseudo=en-XA'),
  'ar-XB': () => import(/* webpackChunkName: "messages-booking-ar-XB" */ './messages/en.json?pseudo=ar-XB'),
});

export type BookingMessageId = keyof typeof english;
