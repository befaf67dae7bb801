import { defineMessages } from '@steward/libs/i18n';
import english from './messages/en.json';

/**
 * The shell's words (header, menu, dashboard, landing, sign-in, errors). English is built into the
 * shell's code; every other language is a chunk of the shell's own build, fetched only when chosen,
 * one chunk with libs' catalogue in that language (the same chunk name, libs/src/messages): a first
 * view in Spanish asks for one file of words from the shell's build, not two.
 */
export const { t, useT, has } = defineMessages('shell', english, {
  es: () => import(/* webpackChunkName: "messages-es" */ './messages/es.json'),
  'en-XA': () => import(/* webpackChunkName: "messages-en-XA" */ './messages/en.json?pseudo=en-XA'),
  'ar-XB': () => import(/* webpackChunkName: "messages-ar-XB" */ './messages/en.json?pseudo=ar-XB'),
});

export type ShellMessageId = keyof typeof english;
