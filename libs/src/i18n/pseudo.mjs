// Pseudo-localisation: every letter accented, the text made ~30 % longer, and for ar-XB shown right to
// left. Plain JavaScript: the build applies it to each area's English catalogue (build/i18n), the
// formatters apply it to what `Intl` writes, so a pseudo-locale shows at a glance any text that does not
// go through them.

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'];

/** @param {string} text */
export function accent(text) {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[PLAIN.indexOf(letter)] ?? letter);
}

/**
 * One piece of text in a pseudo-locale: accented; in ar-XB between U+202E and U+202C, so it is shown
 * right to left as an RTL language's letters would be.
 * @param {string} text
 * @param {'en-XA' | 'ar-XB'} locale
 */
export function pseudoText(text, locale) {
  const accented = accent(text);
  return locale === 'ar-XB' && accented ? `\u202e${accented}\u202c` : accented;
}

/**
 * What a message of `length` letters grows by in a pseudo-locale (~30 %, at least one), so a layout
 * that only fits English shows it.
 * @param {number} length
 */
export function pseudoPadding(length) {
  return '~'.repeat(Math.max(1, Math.ceil(length * 0.3)));
}
