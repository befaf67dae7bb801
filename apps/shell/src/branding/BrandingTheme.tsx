import { useMemo, type ReactNode } from 'react';
import { ProvideAntdTheme } from '@steward/libs/ui';
import { useBranding } from './BrandingContext';
import { brandingTheme } from './brandingTheme';

/**
 * antd's theme (tokens) from the active organisation's branding, for what the areas draw with antd:
 * each part drawn with antd sits in an <AntdTheme>, which loads antd with it and applies this theme.
 * The shell's own chrome, the dashboard and a list's first view are drawn without antd, from the CSS
 * variables BrandingProvider sets, so antd is not part of their first view.
 */
export function BrandingTheme({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const theme = useMemo(() => brandingTheme(branding), [branding]);
  return <ProvideAntdTheme theme={theme}>{children}</ProvideAntdTheme>;
}
