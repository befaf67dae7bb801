import { useMemo, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '@steward/libs/session';
import { BrandingContext } from './BrandingContext';
import { DEFAULT_BRANDING } from './orgBranding';
import { brandingCssVariables } from './brandingCssVariables';
import { brandingQueryKey, fetchBranding } from './fetchBranding';
import { scopeCustomCss } from './scopeCustomCss';

/** The element every organisation's custom CSS is confined to. */
export const ORG_THEME_CLASS = 'stw-org-theme';

/**
 * Themes everything inside it from settings.org_branding of the active organisation: CSS variables
 * for the shell's chrome, fonts, logo and the organisation's own (scoped) CSS; BrandingTheme turns the
 * same branding into antd's tokens where antd draws. Switching organisation swaps the theme in place;
 * the previous one stays until the new one has arrived.
 */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const { orgName, user } = useSession();
  const { data: branding = DEFAULT_BRANDING } = useQuery({
    queryKey: brandingQueryKey(orgName),
    queryFn: () => fetchBranding(orgName),
    enabled: user !== null,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

  const style = useMemo(() => brandingCssVariables(branding), [branding]);
  const customCss = useMemo(() => scopeCustomCss(branding.customCss, `.${ORG_THEME_CLASS}`), [branding.customCss]);

  return (
    <BrandingContext.Provider value={branding}>
      <div className={ORG_THEME_CLASS} style={style} data-org={orgName ?? undefined}>
        {/* Set as text by React, never parsed as markup; scopeCustomCss also strips '<'. */}
        {customCss && <style data-org-custom-css="">{customCss}</style>}
        {children}
      </div>
    </BrandingContext.Provider>
  );
}
