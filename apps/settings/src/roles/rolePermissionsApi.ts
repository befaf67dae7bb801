import { SYSTEM_DEFAULT_ORG, getDatabase, insertRecords, queryKeys, tableRef, toDataAccessError, updateWhere, type AnyRow } from '@steward/libs/data';

export type AccessField = 'view_access' | 'create_access' | 'edit_access' | 'delete_access';
export type Permission = { id: string; component_id: string } & Record<AccessField, string>;
export type Component = { id: string; name: string; display_name: string };

const USER_ROLE_PERMISSIONS = tableRef<AnyRow>('settings', 'user_role_permissions');

export const permissionsKey = (roleId: string) => [...queryKeys.table(USER_ROLE_PERMISSIONS), 'role', roleId] as const;

const permissionsTable = () => getDatabase().schema('settings').from('user_role_permissions');

/** The role's permissions, and the components it may be given: those enabled for the organisation or the system defaults. */
export async function fetchPermissions(roleId: string, orgName: string) {
  const client = getDatabase().schema('settings');
  const [permissions, offered] = await Promise.all([
    permissionsTable().select('id, component_id, view_access, create_access, edit_access, delete_access').eq('role_id', roleId),
    client.from('org_components').select('component_id').in('org_name', [orgName, SYSTEM_DEFAULT_ORG]).eq('enabled', true),
  ]);
  if (permissions.error) throw toDataAccessError(permissions.error);
  if (offered.error) throw toDataAccessError(offered.error);
  const ids = [...new Set((offered.data as { component_id: string }[]).map((row) => row.component_id))];
  const components = ids.length ? await client.from('components').select('id, name, display_name').in('id', ids).order('display_name') : { data: [], error: null };
  if (components.error) throw toDataAccessError(components.error);
  return { permissions: permissions.data as Permission[], components: components.data as Component[] };
}

/** Gives the role a permission on each component (the database fills in the default levels). */
export async function grantComponents(orgName: string | null, roleId: string, componentIds: readonly string[]): Promise<void> {
  await insertRecords(getDatabase(), USER_ROLE_PERMISSIONS, componentIds.map((componentId) => ({ org_name: orgName, role_id: roleId, component_id: componentId })));
}

export async function changePermission(permissionId: string, patch: Partial<Record<AccessField, string>>): Promise<void> {
  await updateWhere(getDatabase(), USER_ROLE_PERMISSIONS, { id: permissionId }, patch);
}
