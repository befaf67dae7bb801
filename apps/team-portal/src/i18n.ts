import { defineMessages } from '@steward/libs/i18n';
import english from './messages/en.json';

/**
 * The Team portal's words (team directory, groups, positions, shifts). English is built into the
 * area's code; every other language is a chunk of the area's own build, fetched only when chosen.
 */
export const { t, useT, has, localized } = defineMessages('team-portal', english, {
  es: () => import(/* webpackChunkName: "messages-team-portal-es" */ './messages/es.json'),
  'en-XA': () => import(/* webpackChunkName: "messages-team-portal-en-XA" */ './messages/en.json?pseudo=en-XA'),
  'ar-XB': () => import(/* webpackChunkName: "messages-team-portal-ar-XB" */ './messages/en.json?pseudo=ar-XB'),
});

export type TeamPortalMessageId = keyof typeof english;
export type TeamPortalT = ReturnType<typeof useT>;
