import type { CSSProperties } from 'react';
import type { ThemeConfig } from '@steward/libs/antd';
import { accessibleBranding } from './accessibleBranding';
import './antdStyles';
import type { Branding } from './orgBranding';

const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const SERIF = "Georgia, 'Times New Roman', serif";

/** The brand font first, then local fallbacks: fonts are not fetched from the network. */
export function fontStack(font: string, generic: 'sans' | 'serif'): string {
  return `${font}, ${generic === 'sans' ? SANS : SERIF}`;
}

/** antd theme tokens for an organisation's branding, in the shades that pass contrast. */
export function brandingTheme(stored: Branding): ThemeConfig {
  const branding = accessibleBranding(stored);
  return {
    zeroRuntime: true,
    token: {
      colorPrimary: branding.primaryColor,
      colorInfo: branding.accentColor,
      colorLink: branding.linkColor,
      colorError: branding.errorColor,
      colorText: branding.textColor,
      colorTextSecondary: branding.secondaryTextColor,
      colorTextDescription: branding.secondaryTextColor,
      colorTextTertiary: branding.secondaryTextColor,
      colorBgLayout: branding.backgroundColor,
      controlItemBgActive: branding.selectedItemColor,
      controlItemBgActiveHover: branding.selectedItemColor,
      fontFamily: fontStack(branding.fontFamily, 'sans'),
    },
    components: {
      // algorithm derives the rest; hover and pressed are set so they keep the text readable.
      Button: {
        colorPrimary: branding.buttonColor,
        colorPrimaryHover: branding.buttonHoverColor,
        colorPrimaryActive: branding.buttonActiveColor,
        primaryColor: branding.buttonTextColor,
        algorithm: true,
      },
      Card: { colorBgContainer: branding.cardColor },
    },
  };
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
    '--stw-text': branding.textColor,
    '--stw-link': branding.linkColor,
    '--stw-text-secondary': branding.secondaryTextColor,
    '--stw-font': fontStack(branding.fontFamily, 'sans'),
    '--stw-header-font': fontStack(branding.headerFont, 'serif'),
    '--stw-paragraph-font': fontStack(branding.paragraphFont, 'sans'),
  } as CSSProperties;
}
