import type { CSSProperties } from 'react';
import { accessibleBranding } from './accessibleBranding';
import type { Branding } from './orgBranding';

const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const SERIF = "Georgia, 'Times New Roman', serif";

/** The brand font first, then local fallbacks: fonts are not fetched from the network. */
export function fontStack(font: string, generic: 'sans' | 'serif'): string {
  return `${font}, ${generic === 'sans' ? SANS : SERIF}`;
}

/**
 * The same branding as CSS custom properties on the app root, for the shell's own chrome (header,
 * sidebar, headings) and for an organisation's custom stylesheet to build on.
 */
export function brandingCssVariables(stored: Branding): CSSProperties {
  const branding = accessibleBranding(stored);
  return {
    '--stw-primary': branding.primaryColor,
    '--stw-secondary': branding.secondaryColor,
    '--stw-accent': branding.accentColor,
    '--stw-background': branding.backgroundColor,
    '--stw-card': branding.cardColor,
    '--stw-border': branding.borderColor,
    '--stw-button': branding.buttonColor,
    '--stw-button-text': branding.buttonTextColor,
    '--stw-button-hover': branding.buttonHoverColor,
    '--stw-button-active': branding.buttonActiveColor,
    '--stw-text': branding.textColor,
    '--stw-link': branding.linkColor,
    '--stw-link-hover': branding.linkHoverColor,
    '--stw-link-active': branding.linkActiveColor,
    '--stw-text-secondary': branding.secondaryTextColor,
    '--stw-selected': branding.selectedItemColor,
    '--stw-error': branding.errorColor,
    '--stw-font': fontStack(branding.fontFamily, 'sans'),
    '--stw-header-font': fontStack(branding.headerFont, 'serif'),
    '--stw-paragraph-font': fontStack(branding.paragraphFont, 'sans'),
  } as CSSProperties;
}
