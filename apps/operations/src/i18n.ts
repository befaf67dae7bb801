import { defineMessages } from '@steward/libs/i18n';
import english from './messages/en.json';

/**
 * Operations' words (tasks with their board and My work, projects, the calendar, transactions and the
 * revenue chart). English is built into the area's code; every other language is a chunk of the area's
 * own build, fetched only when chosen.
 */
export const { t, useT, has, localized } = defineMessages('operations', english, {
  es: () => import(/* webpackChunkName: "messages-operations-es" */ './messages/es.json'),
  'en-XA': () => import(/* webpackChunkName: "messages-operations-en-XA" */ './messages/en.json?pseudo=en-XA'),
  'ar-XB': () => import(/* webpackChunkName: "messages-operations-ar-XB" */ './messages/en.json?pseudo=ar-XB'),
});

export type OperationsMessageId = keyof typeof english;
export type OperationsT = ReturnType<typeof useT>;
