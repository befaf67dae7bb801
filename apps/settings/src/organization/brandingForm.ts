import { TEXT_CONTRAST, contrastRatio } from '@steward/libs/ui';

/** The colours an organisation's branding sets (settings.org_branding), in the order the form shows them. */
export const BRANDING_COLORS = [
  { name: 'primary_color', label: 'Primary colour' },
  { name: 'secondary_color', label: 'Secondary colour' },
  { name: 'accent_color', label: 'Accent colour' },
  { name: 'background_color', label: 'Background colour' },
  { name: 'card_color', label: 'Card colour' },
  { name: 'border_color', label: 'Border colour' },
  { name: 'button_color', label: 'Button colour' },
  { name: 'button_text_color', label: 'Button text colour' },
  { name: 'text_color', label: 'Text colour' },
  { name: 'link_color', label: 'Link colour' },
] as const;

export const BRANDING_FONTS = [
  { name: 'font_family', label: 'Font' },
  { name: 'header_font', label: 'Heading font' },
  { name: 'paragraph_font', label: 'Paragraph font' },
] as const;

export type BrandingColor = (typeof BRANDING_COLORS)[number]['name'];
export type BrandingDraft = Partial<Record<BrandingColor | (typeof BRANDING_FONTS)[number]['name'] | 'logo_url' | 'custom_css', string | null>>;

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour is stored as #rrggbb (app.hex_color); anything else is named before it reaches the database. */
export function colorProblems(draft: BrandingDraft): Partial<Record<BrandingColor, string>> {
  const problems: Partial<Record<BrandingColor, string>> = {};
  for (const { name, label } of BRANDING_COLORS) {
    const value = draft[name];
    if (value && !HEX.test(value)) problems[name] = `${label} must look like #1f2937`;
  }
  return problems;
}

/** Text and its background as the product draws them; each must reach WCAG AA (4.5:1). */
const PAIRS = [
  { text: 'text_color', background: 'background_color', what: 'Text on the background' },
  { text: 'text_color', background: 'card_color', what: 'Text on cards' },
  { text: 'button_text_color', background: 'button_color', what: 'Button text on buttons' },
  { text: 'link_color', background: 'background_color', what: 'Links on the background' },
] as const;

/**
 * What will not read well: each pair under AA, with its ratio. The shell still draws such a branding in
 * a passing shade of the same hue; the preview says so, so the organisation can choose better colours.
 */
export function contrastWarnings(draft: BrandingDraft): string[] {
  const warnings: string[] = [];
  for (const pair of PAIRS) {
    const text = draft[pair.text];
    const background = draft[pair.background];
    if (!text || !background || !HEX.test(text) || !HEX.test(background)) continue;
    const ratio = contrastRatio(text, background);
    if (ratio !== null && ratio < TEXT_CONTRAST) {
      warnings.push(`${pair.what}: ${ratio.toFixed(2)}:1 is under the 4.5:1 that WCAG AA asks; Steward will draw a darker or lighter shade of it.`);
    }
  }
  return warnings;
}
