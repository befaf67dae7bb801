import { Children, type ReactNode } from 'react';
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LOCALE, intlLocale, type Locale } from './locales';

/**
 * An area's messages in one language, as the build compiles them (build/i18n/messagesLoader.mjs): a
 * message that is only text stays a string, any other is its ICU MessageFormat syntax tree, so the page
 * never parses a message (the runtime ships without the parser).
 */
export type CompiledMessage = string | MessageFormatElement[];
export type Catalog = Readonly<Record<string, CompiledMessage>>;

/** What fills a message's arguments: {count}, {name}, {when, date}, … */
export type MessageValues = Readonly<Record<string, string | number | boolean | Date | null | undefined>>;

const formats = new Map<string, IntlMessageFormat>();

/** A message of `catalog` in `locale` with its values; the id itself is never shown (`fallback` is). */
export function formatMessage(locale: Locale, area: string, id: string, message: CompiledMessage | undefined, values?: MessageValues): string | null {
  if (message === undefined) return null;
  if (typeof message === 'string') return message;
  const key = `${locale}\u0000${area}\u0000${id}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(message, intlLocale(locale));
    formats.set(key, format);
  }
  const result = format.format(values as Record<string, string | number | boolean | Date | null | undefined>);
  return Array.isArray(result) ? result.join('') : String(result);
}

/** What fills a rich message: its values, and for each of its tags (<link>…</link>) what wraps the words. */
export type RichValues = Readonly<Record<string, string | number | Date | ReactNode | ((chunks: ReactNode[]) => ReactNode)>>;

/** A message whose words hold elements (a link inside a sentence): one sentence to translate, not pieces. */
export function formatRichMessage(locale: Locale, area: string, id: string, message: CompiledMessage | undefined, values: RichValues): ReactNode | null {
  if (message === undefined) return null;
  if (typeof message === 'string') return message;
  const key = `${locale}\u0000${area}\u0000${id}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(message, intlLocale(locale));
    formats.set(key, format);
  }
  const result = format.format<ReactNode>(values as Record<string, ReactNode>);
  // Children.toArray keys the pieces, so React can draw them as siblings.
  return Array.isArray(result) ? Children.toArray(result) : result;
}

export const ENGLISH = DEFAULT_LOCALE;
