const MAX_CSS_LENGTH = 100_000;

/** Constructs that can reach outside a stylesheet: scripts, bindings, other documents. */
const DANGEROUS = [/expression\s*\(/gi, /javascript\s*:/gi, /vbscript\s*:/gi, /-moz-binding/gi, /behavior\s*:/gi];
const AT_RULES_THAT_LOAD_OR_ESCAPE = /@(import|charset|namespace)\b[^;{}]*;?/gi;
const URL_FUNCTION = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;
const ALLOWED_URL = /^(https:\/\/|data:image\/(png|jpe?g|gif|webp);)/i;

/** True when every brace outside strings closes, so the text cannot end the wrapping rule early. */
function bracesBalanced(css: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i += 1) {
    const ch = css[i];
    if (quote) {
      if (ch === '\\') i += 1;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') depth += 1;
    else if (ch === '}') {
      depth -= 1;
      if (depth < 0) return false;
    }
  }
  return depth === 0 && quote === null;
}

/**
 * An organisation's custom stylesheet made safe to apply: it is nested inside `scope` (so `body {}`
 * becomes `scope body {}` and cannot restyle anything outside the app's root), @import and script-like
 * constructs are removed, url() may only load https or inline images, and `<` is dropped so the text
 * can never close its <style> element. CSS whose braces do not balance is rejected whole ('').
 */
export function scopeCustomCss(css: string, scope: string): string {
  if (!css.trim() || css.length > MAX_CSS_LENGTH) return '';
  let clean = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/</g, '');
  clean = clean.replace(AT_RULES_THAT_LOAD_OR_ESCAPE, '');
  for (const pattern of DANGEROUS) clean = clean.replace(pattern, '');
  clean = clean.replace(URL_FUNCTION, (whole, _quote: string, target: string) => (ALLOWED_URL.test(target.trim()) ? whole : 'none'));
  if (!clean.trim() || !bracesBalanced(clean)) return '';
  return `${scope} {\n${clean.trim()}\n}`;
}
