import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@steward/libs/ui';
import { accessibleBranding } from './accessibleBranding';
import { DEFAULT_BRANDING } from './orgBranding';

describe('accessibleBranding', () => {
  const drawn = accessibleBranding(DEFAULT_BRANDING);

  it('draws the spec default colours in shades that reach AA', () => {
    expect(contrastRatio(drawn.buttonTextColor, drawn.buttonColor)).toBeGreaterThanOrEqual(4.5);
    for (const surface of [drawn.backgroundColor, drawn.cardColor, '#ffffff']) {
      expect(contrastRatio(drawn.linkColor, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(drawn.textColor, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(drawn.secondaryTextColor, surface)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(drawn.primaryColor, drawn.selectedItemColor)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(drawn.accentColor, drawn.backgroundColor)).toBeGreaterThanOrEqual(3);
  });

  it('keeps hovered and pressed buttons and error text readable', () => {
    for (const branding of [DEFAULT_BRANDING, { ...DEFAULT_BRANDING, buttonColor: '#ffd400', buttonTextColor: '#000000' }]) {
      const shades = accessibleBranding(branding);
      for (const fill of [shades.buttonHoverColor, shades.buttonActiveColor]) {
        expect(contrastRatio(shades.buttonTextColor, fill)).toBeGreaterThanOrEqual(4.5);
        expect(fill).not.toBe(shades.buttonColor);
      }
    }
    for (const surface of [drawn.backgroundColor, drawn.cardColor, '#ffffff']) expect(contrastRatio(drawn.errorColor, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps hovered and pressed links readable on every surface, a table’s sorted column included', () => {
    // Cedar Grove Outfitters' green link: antd's own hover shade of it reached 4.02:1 on #fafafa.
    for (const branding of [DEFAULT_BRANDING, { ...DEFAULT_BRANDING, linkColor: '#386641', backgroundColor: '#fbfaf5', cardColor: '#e9f0e4' }]) {
      const shades = accessibleBranding(branding);
      for (const link of [shades.linkColor, shades.linkHoverColor, shades.linkActiveColor]) {
        for (const surface of [shades.backgroundColor, shades.cardColor, '#ffffff', '#fafafa']) expect(contrastRatio(link, surface)).toBeGreaterThanOrEqual(4.5);
      }
      expect(shades.linkHoverColor).not.toBe(shades.linkColor);
    }
  });

  it('keeps colours that already pass and leaves the stored branding alone', () => {
    expect(drawn.primaryColor).toBe(DEFAULT_BRANDING.primaryColor);
    expect(drawn.textColor).toBe(DEFAULT_BRANDING.textColor);
    expect(DEFAULT_BRANDING.buttonColor).toBe('#c65655');
    expect(drawn.buttonColor).not.toBe('#c65655');
  });

  it('keeps a dark button with white text exactly as chosen', () => {
    expect(accessibleBranding({ ...DEFAULT_BRANDING, buttonColor: '#0b6b3a' }).buttonColor).toBe('#0b6b3a');
  });
});
