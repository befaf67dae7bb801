// An area's message catalogue as the page receives it. The source is a JSON file of ICU MessageFormat
// messages by id (apps/<area>/src/messages/<locale>.json; en.json is the source of every other one).
// The build parses each message once (FormatJS's parser) so the page never does: a message that is
// only text stays a string, any other becomes its syntax tree, which intl-messageformat formats
// without its parser. A pseudo-locale is made here from the English, never written by hand.
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { pseudoPadding, pseudoText } from '../../libs/src/i18n/pseudo.mjs';

export const PSEUDO_LOCALES = ['en-XA', 'ar-XB'];

/**
 * Whether a module request is an area's catalogue (what the loader and the Vite plugin take):
 * src/messages/<language>.json, or a second catalogue of the area in a folder of its own there
 * (libs' refusals: src/messages/refusals/<language>.json).
 */
export const CATALOG_FILE = /[\\/]src[\\/]messages[\\/](?:[a-z-]+[\\/])?[A-Za-z-]+\.json$/;

function stripLocations(node) {
  if (Array.isArray(node)) return node.map(stripLocations);
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) if (key !== 'location') out[key] = stripLocations(value);
  return out;
}

function literalLength(elements) {
  return elements.reduce((sum, element) => {
    if (element.type === TYPE.literal) return sum + element.value.length;
    if (element.type === TYPE.plural || element.type === TYPE.select) return sum + Math.max(0, ...Object.values(element.options).map((option) => literalLength(option.value)));
    if (element.type === TYPE.tag) return sum + literalLength(element.children);
    return sum + 4;
  }, 0);
}

function pseudoElements(elements, locale) {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value, locale) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      return { ...element, options: Object.fromEntries(Object.entries(element.options).map(([key, option]) => [key, { ...option, value: pseudoElements(option.value, locale) }])) };
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children, locale) };
    return element;
  });
}

/** One message's syntax tree, with the id and file named when it does not parse. */
export function parseMessage(message, id, file) {
  if (typeof message !== 'string') throw new Error(`${file}: message ${id} is not a string`);
  try {
    return stripLocations(parse(message, { requiresOtherClause: true }));
  } catch (error) {
    throw new Error(`${file}: message ${id} is not valid ICU MessageFormat (${error.message}): ${message}`);
  }
}

/**
 * The compiled catalogue for a source file's text; `pseudo` (en-XA or ar-XB) makes that pseudo-locale
 * of it: every text accented, ~30 % longer, bracketed (so text cut off shows), and ar-XB right to left.
 * @param {string} source
 * @param {{ file?: string, pseudo?: 'en-XA' | 'ar-XB' | null }} [options]
 * @returns {Record<string, string | import('@formatjs/icu-messageformat-parser').MessageFormatElement[]>}
 */
export function compileCatalog(source, { file = 'catalogue', pseudo = null } = {}) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    let elements = parseMessage(message, id, file);
    if (pseudo) {
      const padding = pseudoPadding(literalLength(elements));
      elements = [{ type: TYPE.literal, value: '[' }, ...pseudoElements(elements, pseudo), { type: TYPE.literal, value: `${padding}]` }];
    }
    // Adjacent text joined, so a message with no arguments is one string.
    const merged = [];
    for (const element of elements) {
      const last = merged[merged.length - 1];
      if (element.type === TYPE.literal && last?.type === TYPE.literal) merged[merged.length - 1] = { ...last, value: last.value + element.value };
      else merged.push(element);
    }
    compiled[id] = merged.length === 0 ? '' : merged.length === 1 && merged[0].type === TYPE.literal ? merged[0].value : merged;
  }
  return compiled;
}

/** The pseudo-locale a request asks for (`en.json?pseudo=en-XA`), or null. */
export function pseudoOf(query) {
  const match = /[?&]pseudo=([A-Za-z-]+)/.exec(query ?? '');
  if (!match) return null;
  if (!PSEUDO_LOCALES.includes(match[1])) throw new Error(`Unknown pseudo-locale ${match[1]} (${PSEUDO_LOCALES.join(', ')})`);
  return match[1];
}
