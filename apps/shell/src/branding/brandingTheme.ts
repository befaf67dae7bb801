import type { ThemeConfig } from '@steward/libs/ui/antd';
import { accessibleBranding } from './accessibleBranding';
import { fontStack } from './brandingCssVariables';
import type { Branding } from './orgBranding';

/** antd theme tokens for an organisation's branding, in the shades that pass contrast. */
export function brandingTheme(stored: Branding): ThemeConfig {
  const branding = accessibleBranding(stored);
  return {
    zeroRuntime: true,
    token: {
      colorPrimary: branding.primaryColor,
      colorInfo: branding.accentColor,
      colorLink: branding.linkColor,
      colorLinkHover: branding.linkHoverColor,
      colorLinkActive: branding.linkActiveColor,
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
