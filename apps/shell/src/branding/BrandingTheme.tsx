import { useMemo, type ReactNode } from 'react';
import { ConfigProvider } from '@steward/libs/antd';
import { useBranding } from './BrandingContext';
import { brandingTheme } from './brandingTheme';

/**
 * antd's theme (tokens and its stylesheet) from the active organisation's branding, around what is
 * drawn with antd: the areas. The shell's own chrome, the dashboard and its chart are drawn without
 * antd, from the CSS variables BrandingProvider sets, so antd is not part of the first signed-in view.
 */
export function BrandingTheme({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const theme = useMemo(() => brandingTheme(branding), [branding]);
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
