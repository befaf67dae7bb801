// The organisation scope, the one rule every query and screen shares: an organisation sees its own
// rows and the shared defaults of `_system_default_`. The bottom layer of libs (no imports), so
// data, ui and session all build on the same definition.

/** The reserved organisation whose rows are shared defaults, visible to all and editable by none. */
export const SYSTEM_DEFAULT_ORG = '_system_default_';

/** The active organisation plus the shared defaults (only the defaults when none is active). */
export function orgScopeFor(orgName: string | null | undefined): string[] {
  return orgName ? [orgName, SYSTEM_DEFAULT_ORG] : [SYSTEM_DEFAULT_ORG];
}

export function isSystemDefaultRow(row: { org_name?: unknown } | null | undefined): boolean {
  return isSystemDefault(row?.org_name);
}

/** Whether a value names the shared-defaults organisation (the 'S' badge). */
export function isSystemDefault(orgName: unknown): boolean {
  return orgName === SYSTEM_DEFAULT_ORG;
}
