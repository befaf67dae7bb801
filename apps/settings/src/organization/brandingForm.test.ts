import { colorProblems, contrastWarnings } from './brandingForm';

describe('branding form rules', () => {
  it('names a colour that is not #rrggbb', () => {
    expect(colorProblems({ primary_color: 'blue', text_color: '#1f2937', link_color: null })).toEqual({ primary_color: 'Primary colour must look like #1f2937' });
  });

  it('warns of each pair under AA with its ratio, and says nothing of pairs that pass', () => {
    const warnings = contrastWarnings({ text_color: '#1f2937', background_color: '#ffffff', card_color: '#e2eaf9', button_color: '#c65655', button_text_color: '#ffffff', link_color: '#6593db' });
    expect(warnings).toEqual([
      'Button text on buttons: 4.32:1 is under the 4.5:1 that WCAG AA asks; Steward will draw a darker or lighter shade of it.',
      'Links on the background: 3.11:1 is under the 4.5:1 that WCAG AA asks; Steward will draw a darker or lighter shade of it.',
    ]);
    expect(contrastWarnings({ text_color: '#000000', background_color: '#ffffff' })).toEqual([]);
  });
});
