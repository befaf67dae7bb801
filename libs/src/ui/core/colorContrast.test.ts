import { describe, expect, it } from 'vitest';
import { GRAPHIC_CONTRAST, contrastRatio, parseColor, passingShade } from './colorContrast';

describe('colour contrast (WCAG 2)', () => {
  it('reads hex, rgb() and hsl() colours and refuses names it cannot know', () => {
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColor('#C65655')).toEqual({ r: 198, g: 86, b: 85 });
    expect(parseColor('#c6565580')).toEqual({ r: 198, g: 86, b: 85 });
    expect(parseColor('rgb(11, 107, 58)')).toEqual({ r: 11, g: 107, b: 58 });
    expect(parseColor('hsl(0, 0%, 0%)')).toEqual({ r: 0, g: 0, b: 0 });
    expect(parseColor('rebeccapurple')).toBeNull();
  });

  it('matches the published ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The spec's default button: white on #c65655 is 4.31:1, under AA.
    expect(contrastRatio('#ffffff', '#c65655')).toBeCloseTo(4.31, 1);
    expect(contrastRatio('#6593db', '#ffffff')).toBeCloseTo(3.11, 1);
  });

  it('keeps a colour that already passes', () => {
    expect(passingShade('#325286', ['#ffffff'])).toBe('#325286');
  });

  it('finds the nearest passing shade of the same hue, darker on light backgrounds', () => {
    const link = passingShade('#6593db', ['#ffffff', '#e2eaf9']);
    expect(contrastRatio(link, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(link, '#e2eaf9')).toBeGreaterThanOrEqual(4.5);
    const [original, shade] = [parseColor('#6593db')!, parseColor(link)!];
    expect(shade.b).toBeGreaterThan(shade.r);
    expect(shade.b).toBeLessThan(original.b);
  });

  it('lightens on dark backgrounds and meets the lower bar for focus rings', () => {
    const ring = passingShade('#334455', ['#111111'], GRAPHIC_CONTRAST);
    expect(contrastRatio(ring, '#111111')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio('#d4a373', '#ffffff')).toBeLessThan(3);
    expect(contrastRatio(passingShade('#d4a373', ['#ffffff'], GRAPHIC_CONTRAST), '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it('leaves colours it cannot read alone', () => {
    expect(passingShade('tomato', ['#ffffff'])).toBe('tomato');
  });
});
