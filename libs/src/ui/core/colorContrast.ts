/**
 * Colour contrast as WCAG 2 defines it, and the nearest passing shade of a colour: same hue and
 * saturation, lightness moved away from the background until the ratio is reached. Organisations keep
 * the colours they stored; what is drawn is the passing shade.
 */

export type Rgb = { r: number; g: number; b: number };

/** Normal text (WCAG AA). */
export const TEXT_CONTRAST = 4.5;
/** Focus indicators and other non-text graphics (WCAG 2.2 AA). */
export const GRAPHIC_CONTRAST = 3;

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = /^(rgba?|hsla?)\(\s*([^)]*)\)$/i;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return { r: channel(0), g: channel(8), b: channel(4) };
}

function rgbToHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? ((gn - bn) / d + (gn < bn ? 6 : 0)) * 60 : max === gn ? ((bn - rn) / d + 2) * 60 : ((rn - gn) / d + 4) * 60;
  return { h, s, l };
}

/** #rgb, #rrggbb (alpha ignored), rgb()/rgba() and hsl()/hsla(); null for anything else (named colours). */
export function parseColor(value: string): Rgb | null {
  const text = value.trim();
  const hexDigits = HEX.exec(text)?.[1];
  if (hexDigits) {
    const digits = hexDigits.length <= 4 ? [...hexDigits.slice(0, 3)].map((digit) => digit + digit).join('') : hexDigits.slice(0, 6);
    return { r: parseInt(digits.slice(0, 2), 16), g: parseInt(digits.slice(2, 4), 16), b: parseInt(digits.slice(4, 6), 16) };
  }
  const [, kind, args] = FUNCTIONAL.exec(text) ?? [];
  if (!kind || !args) return null;
  const parts = args.split(/[\s,/]+/).filter(Boolean);
  const [first = '', second = '', third = ''] = parts;
  if (parts.length < 3) return null;
  const number = (part: string, scale: number) => (part.endsWith('%') ? (parseFloat(part) / 100) * scale : parseFloat(part));
  if (kind.toLowerCase().startsWith('rgb')) {
    const [r, g, b] = [first, second, third].map((part) => clamp(Math.round(number(part, 255)), 0, 255)) as [number, number, number];
    return [r, g, b].some(Number.isNaN) ? null : { r, g, b };
  }
  const h = parseFloat(first);
  const s = clamp(number(second, 1), 0, 1);
  const l = clamp(number(third, 1), 0, 1);
  return [h, s, l].some(Number.isNaN) ? null : hslToRgb(((h % 360) + 360) % 360, s, l);
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of two colours, 1 to 21; null when either cannot be read. */
export function contrastRatio(foreground: string, background: string): number | null {
  const a = parseColor(foreground);
  const b = parseColor(background);
  if (!a || !b) return null;
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * `color` itself when it reaches `minimum` against every one of `against`; otherwise the nearest
 * shade of its hue that does (darker on light backgrounds, lighter on dark ones), falling back to
 * black or white. A colour that cannot be read is returned as it is.
 */
export function passingShade(color: string, against: readonly string[], minimum: number = TEXT_CONTRAST): string {
  const rgb = parseColor(color);
  const backgrounds = against.map(parseColor).filter((value): value is Rgb => value !== null);
  if (!rgb || backgrounds.length === 0) return color;
  const passes = (candidate: Rgb) => backgrounds.every((background) => (contrastRatio(toHex(candidate), toHex(background)) ?? 0) >= minimum);
  if (passes(rgb)) return color;
  const { h, s, l } = rgbToHsl(rgb);
  const lightBackgrounds = backgrounds.every((background) => relativeLuminance(background) > 0.18);
  const direction = lightBackgrounds ? -1 : 1;
  for (let step = 1; step <= 100; step += 1) {
    const lightness = l + direction * step * 0.01;
    if (lightness < 0 || lightness > 1) break;
    const candidate = hslToRgb(h, s, lightness);
    if (passes(candidate)) return toHex(candidate);
  }
  return lightBackgrounds ? '#000000' : '#ffffff';
}
