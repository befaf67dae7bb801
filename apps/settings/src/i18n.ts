import { defineMessages } from '@steward/libs/i18n';
import english from './messages/en.json';

/**
 * Settings' words (My profile, organisation settings, integrations, roles, fields, e-mail). English is built into the area's code; every other language is a chunk of the area's
 * own build, fetched only when chosen.
 */
export const { t, useT, has } = defineMessages('settings', english, {
  es: () => import(/* webpackChunkName: "messages-settings-es" */ './messages/es.json'),
  'en-XA': () => import(/* webpackChunkName: "messages-settings-en-XA" */ './messages/en.json?pseudo=en-XA'),
  'ar-XB': () => import(/* webpackChunkName: "messages-settings-ar-XB" */ './messages/en.json?pseudo=ar-XB'),
});

export type SettingsMessageId = keyof typeof english;
export type SettingsT = ReturnType<typeof useT>;
