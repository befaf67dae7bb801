/** The reserved organisation whose rows are shared defaults visible to every organisation. */
export const SYSTEM_DEFAULT_ORG = '_system_default_';

/**
 * The organisations whose rows a screen reads: the active one plus the shared defaults, or only the
 * shared defaults while no organisation is active.
 */
export function orgScopeFor(orgName: string | null): readonly string[] {
  return orgName ? [orgName, SYSTEM_DEFAULT_ORG] : [SYSTEM_DEFAULT_ORG];
}
