import { DEFAULT_BRANDING, type Branding, type OrgBrandingRow } from './orgBranding';

// Values end up in style attributes and theme tokens, so only plain colours and font names pass:
// anything else (url(), expressions, stray semicolons) falls back to the default.
const COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/-]+\)|[a-z]{3,20})$/i;
const FONT_NAME = /^[\w\s'",.-]{1,80}$/;
const SAFE_URL = /^(https?:\/\/|\/)[^\s"'()<>\\]+$/i;

function color(value: string | null | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed && COLOR.test(trimmed) ? trimmed : fallback;
}

function font(value: string | null | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed && FONT_NAME.test(trimmed) ? trimmed : fallback;
}

function pick<K extends keyof OrgBrandingRow>(rows: readonly (OrgBrandingRow | null | undefined)[], key: K): OrgBrandingRow[K] | undefined {
  for (const row of rows) {
    const value = row?.[key];
    if (value !== null && value !== undefined && value !== '') return value;
  }
  return undefined;
}

/**
 * The active organisation's branding: its own row, then the `_system_default_` row, then the spec's
 * defaults, field by field. Custom CSS is a whole stylesheet, so it is never merged: the
 * organisation's own, or the default row's when the organisation has none.
 */
export function resolveBranding(orgRow: OrgBrandingRow | null, defaultRow: OrgBrandingRow | null): Branding {
  const rows = [orgRow, defaultRow];
  const logo = pick(rows, 'logo_url')?.trim();
  return {
    logoUrl: logo && SAFE_URL.test(logo) ? logo : null,
    primaryColor: color(pick(rows, 'primary_color'), DEFAULT_BRANDING.primaryColor),
    secondaryColor: color(pick(rows, 'secondary_color'), DEFAULT_BRANDING.secondaryColor),
    accentColor: color(pick(rows, 'accent_color'), DEFAULT_BRANDING.accentColor),
    backgroundColor: color(pick(rows, 'background_color'), DEFAULT_BRANDING.backgroundColor),
    cardColor: color(pick(rows, 'card_color'), DEFAULT_BRANDING.cardColor),
    borderColor: color(pick(rows, 'border_color'), DEFAULT_BRANDING.borderColor),
    buttonColor: color(pick(rows, 'button_color'), DEFAULT_BRANDING.buttonColor),
    buttonTextColor: color(pick(rows, 'button_text_color'), DEFAULT_BRANDING.buttonTextColor),
    textColor: color(pick(rows, 'text_color'), DEFAULT_BRANDING.textColor),
    linkColor: color(pick(rows, 'link_color'), DEFAULT_BRANDING.linkColor),
    fontFamily: font(pick(rows, 'font_family'), DEFAULT_BRANDING.fontFamily),
    headerFont: font(pick(rows, 'header_font'), DEFAULT_BRANDING.headerFont),
    paragraphFont: font(pick(rows, 'paragraph_font'), DEFAULT_BRANDING.paragraphFont),
    customCss: (pick(rows, 'custom_css') ?? '').trim(),
  };
}
