import type { UserRow } from './SessionContext';

/**
 * The active organisation: the one saved in the browser, else the profile marked primary, else the
 * first profile. A saved name the user no longer belongs to (another account used this browser, or the
 * membership was removed) is ignored rather than trusted.
 */
export function chooseActiveOrg(profiles: readonly UserRow[], saved: string | null): string | null {
  if (saved && profiles.some((profile) => profile.org_name === saved)) return saved;
  const primary = profiles.find((profile) => profile.is_primary === true);
  return primary?.org_name ?? profiles[0]?.org_name ?? null;
}
