import { formatNumber } from '@steward/libs/i18n';
import { GRAPHIC_CONTRAST, TEXT_CONTRAST, contrastRatio, parseColor, passingShade } from '@steward/libs/ui';
import { t, type SettingsMessageId } from '../i18n';

/** The colour fields of settings.org_branding the Branding tab edits. */
export type BrandingColors = Partial<Record<
  | 'primary_color'
  | 'secondary_color'
  | 'accent_color'
  | 'background_color'
  | 'card_color'
  | 'border_color'
  | 'button_color'
  | 'button_text_color'
  | 'text_color'
  | 'link_color',
  string | null
>>;

export type ContrastWarning = {
  field: keyof BrandingColors;
  message: string;
};

type Check = { field: keyof BrandingColors; label: SettingsMessageId; against: { field: keyof BrandingColors; label: SettingsMessageId }; minimum: number };

/** Which colour carries text (or a control) on which background, and the WCAG AA ratio it needs. */
const CHECKS: readonly Check[] = [
  { field: 'text_color', label: 'contrast.textColour', against: { field: 'background_color', label: 'contrast.theBackground' }, minimum: TEXT_CONTRAST },
  { field: 'text_color', label: 'contrast.textColour', against: { field: 'card_color', label: 'contrast.cards' }, minimum: TEXT_CONTRAST },
  { field: 'primary_color', label: 'contrast.primaryColour', against: { field: 'background_color', label: 'contrast.theBackground' }, minimum: TEXT_CONTRAST },
  { field: 'link_color', label: 'contrast.linkColour', against: { field: 'background_color', label: 'contrast.theBackground' }, minimum: TEXT_CONTRAST },
  { field: 'link_color', label: 'contrast.linkColour', against: { field: 'card_color', label: 'contrast.cards' }, minimum: TEXT_CONTRAST },
  { field: 'button_color', label: 'contrast.buttonColour', against: { field: 'button_text_color', label: 'contrast.theButtonText' }, minimum: TEXT_CONTRAST },
  { field: 'accent_color', label: 'contrast.accentColour', against: { field: 'background_color', label: 'contrast.theBackground' }, minimum: GRAPHIC_CONTRAST },
];

type ColorKey = keyof BrandingColors;

const DEFAULTS: Record<ColorKey, string> = {
  primary_color: '#325286',
  secondary_color: '#c65657',
  accent_color: '#6693db',
  background_color: '#ffffff',
  card_color: '#e2eaf9',
  border_color: '#c65655',
  button_color: '#c65655',
  button_text_color: '#ffffff',
  text_color: '#1f2937',
  link_color: '#6593db',
};

/** The colours as drawn: the spec's defaults where a field is empty or not a colour yet. */
export function withDefaultColors(colors: BrandingColors): Record<ColorKey, string> {
  const filled = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as ColorKey[]) {
    const value = colors[key];
    if (value && parseColor(value)) filled[key] = value;
  }
  return filled;
}

/** '1.23:1' (en), '1,23:1' (es): rounded down, so a ratio never reads as passing when it does not. */
const ratioText = (ratio: number) => `${formatNumber(Math.floor(ratio * 100) / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}:1`;

/**
 * Every chosen colour that fails WCAG AA against what it is drawn on, with the ratio and the passing
 * shade the app will draw instead (the shell draws failing colours in a passing shade).
 */
export function brandingContrastWarnings(colors: BrandingColors): ContrastWarning[] {
  const filled = withDefaultColors(colors);
  const warnings: ContrastWarning[] = [];
  for (const check of CHECKS) {
    const color = filled[check.field];
    const background = filled[check.against.field];
    const ratio = contrastRatio(color, background);
    if (ratio === null || ratio >= check.minimum) continue;
    const shade = passingShade(color, [background], check.minimum);
    warnings.push({
      field: check.field,
      message: t('contrast.warning', {
        colour: t(check.label),
        value: color,
        against: t(check.against.label),
        background,
        ratio: ratioText(ratio),
        minimum: `${formatNumber(check.minimum)}:1`,
        shade,
      }),
    });
  }
  return warnings;
}

/**
 * The colours as the app draws them: each colour that carries text or a control moved to a passing
 * shade against everything it sits on (the shell does the same), so the preview itself stays readable.
 */
export function drawnBrandingColors(colors: BrandingColors): Record<ColorKey, string> {
  const filled = withDefaultColors(colors);
  const drawn = { ...filled };
  for (const field of new Set(CHECKS.map((check) => check.field))) {
    const checks = CHECKS.filter((check) => check.field === field);
    const minimum = Math.max(...checks.map((check) => check.minimum));
    drawn[field] = passingShade(filled[field], checks.map((check) => filled[check.against.field]), minimum);
  }
  return drawn;
}
