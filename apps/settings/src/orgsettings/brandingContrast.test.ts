import { contrastRatio } from '@steward/libs/ui';
import { brandingContrastWarnings, drawnBrandingColors, withDefaultColors } from './brandingContrast';
import { afterEach } from 'vitest';
import { setLocale } from '@steward/libs/i18n';

describe('brandingContrastWarnings', () => {
  // Colours that all pass, so each test changes one thing.
  const PASSING = { link_color: '#1d4ed8', button_color: '#0b6b3a' };

  it('flags the spec defaults that fail AA (link #6593db on white and on cards, button #c65655 under white text)', () => {
    expect(brandingContrastWarnings({}).map((w) => w.field)).toEqual(['link_color', 'link_color', 'button_color']);
    expect(brandingContrastWarnings(PASSING)).toEqual([]);
  });

  it('passes a dark button colour with white text', () => {
    expect(brandingContrastWarnings({ ...PASSING, button_color: '#0b6b3a', button_text_color: '#ffffff' })).toEqual([]);
  });

  it('names a failing button colour, its ratio, the AA minimum and the passing shade drawn instead', () => {
    const warnings = brandingContrastWarnings({ ...PASSING, button_color: '#ffd400', button_text_color: '#ffffff' });
    expect(warnings).toHaveLength(1);
    const warning = warnings[0] ?? { field: '', message: '' };
    expect(warning.field).toBe('button_color');
    expect(warning.message).toMatch(/^Button colour #ffd400 fails WCAG AA against the button text \(#ffffff\): 1\.\d\d:1, needs 4\.5:1\. It will be drawn as #[0-9a-f]{6}\.$/);
    const shade = /drawn as (#[0-9a-f]{6})/.exec(warning.message)?.[1] ?? '';
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('checks text on the background and on cards, and the accent at the 3:1 graphics level', () => {
    const fields = brandingContrastWarnings({ ...PASSING, text_color: '#999999', card_color: '#dddddd', accent_color: '#bbbbbb' }).map((w) => w.message.split(' fails')[0]);
    expect(fields).toEqual(['Text colour #999999', 'Text colour #999999', 'Accent colour #bbbbbb']);
    // #949494 on white is about 3.03:1: enough for a graphic, not for text.
    expect(brandingContrastWarnings({ ...PASSING, accent_color: '#949494' })).toEqual([]);
    expect(brandingContrastWarnings({ ...PASSING, link_color: '#949494' }).map((w) => w.field)).toEqual(['link_color', 'link_color']);
  });

  it('fills empty fields with the defaults', () => {
    expect(withDefaultColors({ primary_color: null, text_color: '#000000' })).toMatchObject({ primary_color: '#325286', text_color: '#000000' });
  });

  it('draws failing colours in a passing shade and leaves passing ones alone', () => {
    const drawn = drawnBrandingColors({ ...PASSING, button_color: '#ffd400', text_color: '#999999' });
    expect(drawn.button_color).not.toBe('#ffd400');
    expect(contrastRatio(drawn.button_color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(drawn.text_color, '#e2eaf9')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(drawn.text_color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(drawn.link_color).toBe('#1d4ed8');
  });
});

describe('brandingContrastWarnings in Spanish', () => {
  afterEach(async () => {
    await setLocale('en', 'USD');
  });

  it('words the warning in Spanish, with its ratios written the Spanish way', async () => {
    await setLocale('es', 'USD');
    const [warning] = brandingContrastWarnings({ link_color: '#1d4ed8', button_color: '#ffd400', button_text_color: '#ffffff' });
    expect(warning?.message).toMatch(/^El color de los botones #ffd400 no cumple WCAG AA sobre el texto de los botones \(#ffffff\): 1,\d\d:1, necesita 4,5:1\. Se dibujará como #[0-9a-f]{6}\.$/);
  });
});
