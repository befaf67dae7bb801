import { SYSTEM_DEFAULT_ORG, getDatabase, orgScopeFor, queryKeys } from '@steward/libs/data';
import { DEFAULT_BRANDING, type Branding, type OrgBrandingRow } from './orgBranding';
import { resolveBranding } from './resolveBranding';

/**
 * Under the settings schema's query keys, so a branding saved through @steward/libs/data anywhere (the
 * settings remote included) invalidates it and the shell re-themes without a reload.
 */
export const brandingQueryKey = (orgName: string | null) => [...queryKeys.table({ schema: 'settings', table: 'org_branding' }), 'branding', orgName ?? SYSTEM_DEFAULT_ORG] as const;

/**
 * The organisation's branding row and the `_system_default_` row in one request: the organisation's
 * own value wins and the default row fills what it leaves empty. A read failure keeps the default look
 * rather than blocking the app.
 */
export async function fetchBranding(orgName: string | null): Promise<Branding> {
  const { data, error } = await getDatabase().schema('settings').from('org_branding').select('*').in('org_name', orgScopeFor(orgName));
  if (error) {
    console.warn('settings.org_branding failed to load; using the default branding:', error.message);
    return DEFAULT_BRANDING;
  }
  const rows = (data ?? []) as OrgBrandingRow[];
  return resolveBranding(rows.find((row) => row.org_name === orgName) ?? null, rows.find((row) => row.org_name === SYSTEM_DEFAULT_ORG) ?? null);
}
