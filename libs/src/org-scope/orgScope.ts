// The organisation scope, the one rule every query and screen shares: an organisation sees its own
// rows and the shared defaults of `_system_default_`. The bottom layer of libs (no imports), so
// data, ui and session all build on the same definition.

/** The reserved organisation whose rows are shared defaults, visible to all and editable by none. */
export const SYSTEM_DEFAULT_ORG = '_system_default_';

/** The active organisation plus the shared defaults (only the defaults when none is active). */
export function orgScopeFor(orgName: string | null | undefined): string[] {
  return orgName ? [orgName, SYSTEM_DEFAULT_ORG] : [SYSTEM_DEFAULT_ORG];
}

/**
 * The tables that hold shared defaults beside organisations' own rows ("schema.table"). Every other
 * table holds only organisations' own rows, so a read of it asks for the active organisation's alone
 * (`org_name=eq.…`): its (org_name, …) indexes then give a list's first page in order. Asked
 * `in (organisation, _system_default_)`, they cannot, and a list sorted by name walked every other
 * organisation's rows whose names came first. supabase/tests/rls/sharedDefaults.test.ts holds this list
 * equal to the tables the platform's defaults are in.
 */
export const SHARED_DEFAULT_TABLES: ReadonlySet<string> = new Set([
  'catalog.unit_conversions',
  'catalog.unit_types',
  'crm.business_types',
  'crm.contact_method_types',
  'crm.contact_types',
  'crm.crm_file_types',
  'crm.note_types',
  'public.organizations',
  'settings.org_branding',
  'settings.org_components',
]);

/** The organisations a read of `relation` ("schema.table") asks for: the scope, less the shared defaults where the table holds none. */
export function orgScopeOf(relation: string, scope: readonly string[]): readonly string[] {
  if (SHARED_DEFAULT_TABLES.has(relation)) return scope;
  const own = scope.filter((orgName) => orgName !== SYSTEM_DEFAULT_ORG);
  return own.length > 0 ? own : scope;
}

export function isSystemDefaultRow(row: { org_name?: unknown } | null | undefined): boolean {
  return isSystemDefault(row?.org_name);
}

/** Whether a value names the shared-defaults organisation (the 'S' badge). */
export function isSystemDefault(orgName: unknown): boolean {
  return orgName === SYSTEM_DEFAULT_ORG;
}
