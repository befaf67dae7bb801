/** The reserved organisation whose rows are shared defaults, visible to all and editable by none. */
export const SYSTEM_DEFAULT_ORG = '_system_default_';

/** The active organisation plus the shared defaults (only the defaults when none is active). */
export function orgScopeFor(orgName: string | null | undefined): string[] {
  return orgName ? [orgName, SYSTEM_DEFAULT_ORG] : [SYSTEM_DEFAULT_ORG];
}

export function isSystemDefaultRow(row: { org_name?: unknown } | null | undefined): boolean {
  return row?.org_name === SYSTEM_DEFAULT_ORG;
}
