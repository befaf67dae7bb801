import { createContext, useContext } from 'react';
import { DEFAULT_BRANDING, type Branding } from './orgBranding';

export const BrandingContext = createContext<Branding>(DEFAULT_BRANDING);

/** The active organisation's resolved branding (logo, colours, fonts). */
export function useBranding(): Branding {
  return useContext(BrandingContext);
}
