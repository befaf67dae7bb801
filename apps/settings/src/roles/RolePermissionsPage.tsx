import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Typography } from '@steward/libs/antd';
import { Select } from '@steward/libs/antd-data';
import { SYSTEM_DEFAULT_ORG, errorMessage, getSupabase, queryKeys, tableRef, toDataAccessError, type AnyRow } from '@steward/libs/data-access';
import { RecordEditorForm, useRecordEditor, type FieldDef } from '@steward/libs/editor';
import { useSession } from '@steward/libs/session';

const roles = tableRef<AnyRow>('public', 'user_roles');
const ROLE_FIELDS: readonly FieldDef[] = [
  { name: 'role_name', label: 'Role name', required: true },
  { name: 'description', label: 'Description', type: 'textarea' },
];

const LEVELS = ['None', 'Personal', 'Organization'].map((value) => ({ value, label: value }));
const CREATE = [
  { value: 'allowed', label: 'Allowed' },
  { value: 'not_allowed', label: 'Not allowed' },
];

type Permission = { id: string; component_id: string; view_access: string; create_access: string; edit_access: string; delete_access: string };
type Component = { id: string; display_name: string };

const KEY = (roleId: string) => [...queryKeys.table({ schema: 'settings', table: 'user_role_permissions' }), 'role', roleId] as const;

async function fetchPermissions(roleId: string, orgName: string) {
  const client = getSupabase().schema('settings');
  const [permissions, offered] = await Promise.all([
    client.from('user_role_permissions').select('id, component_id, view_access, create_access, edit_access, delete_access').eq('role_id', roleId),
    client.from('org_components').select('component_id').in('org_name', [orgName, SYSTEM_DEFAULT_ORG]).eq('enabled', true),
  ]);
  if (permissions.error) throw toDataAccessError(permissions.error);
  if (offered.error) throw toDataAccessError(offered.error);
  const ids = [...new Set((offered.data as { component_id: string }[]).map((row) => row.component_id))];
  const components = ids.length ? await client.from('components').select('id, display_name').in('id', ids).order('display_name') : { data: [], error: null };
  if (components.error) throw toDataAccessError(components.error);
  return { permissions: permissions.data as Permission[], components: components.data as Component[] };
}

/**
 * /settings/roles/:role_id — 'User Role Management' (001 §2): '← Back to Roles', the role's name and
 * description, its permissions per component; 'Add All' or a row's Add gives a component a permission
 * (only components enabled for the organisation or the system defaults).
 */
export function RolePermissionsPage() {
  const { role_id: roleId = '' } = useParams();
  const navigate = useNavigate();
  const { orgName } = useSession();
  const queryClient = useQueryClient();
  const editor = useRecordEditor({ table: roles, fields: ROLE_FIELDS, label: 'Role' });
  const { open, openEdit } = editor;
  useEffect(() => {
    if (roleId && !open) openEdit(roleId);
  }, [roleId, open, openEdit]);
  const data = useQuery({ queryKey: KEY(roleId), queryFn: () => fetchPermissions(roleId, orgName ?? ''), enabled: Boolean(roleId && orgName) });
  const [problem, setProblem] = useState<string | null>(null);

  const write = async (action: PromiseLike<{ error: { message: string; code?: string } | null }>) => {
    setProblem(null);
    const { error } = await action;
    if (error) setProblem(errorMessage(toDataAccessError(error as never), 'Save failed'));
    await queryClient.invalidateQueries({ queryKey: KEY(roleId) });
  };
  const add = (componentIds: string[]) =>
    write(getSupabase().schema('settings').from('user_role_permissions').insert(componentIds.map((componentId) => ({ org_name: orgName, role_id: roleId, component_id: componentId }))));
  const change = (permission: Permission, patch: Partial<Permission>) => write(getSupabase().schema('settings').from('user_role_permissions').update(patch).eq('id', permission.id));

  const granted = new Map((data.data?.permissions ?? []).map((permission) => [permission.component_id, permission]));
  const missing = (data.data?.components ?? []).filter((component) => !granted.has(component.id));
  const { children, ...saveProps } = editor.saveButtonProps;

  return (
    <Flex vertical gap={12} style={{ maxWidth: 960 }}>
      <div>
        <Button onClick={() => navigate('/settings/roles')}>← Back to Roles</Button>
      </div>
      <Typography.Title level={2} style={{ margin: 0 }}>
        User Role Management
      </Typography.Title>
      <Card title="Role">
        {open ? <RecordEditorForm editor={editor} idPrefix="role" /> : <Typography.Text>Loading…</Typography.Text>}
        <Button {...saveProps}>{children}</Button>
      </Card>
      <Card title="Permissions" extra={<Button onClick={() => void add(missing.map((component) => component.id))} disabled={missing.length === 0}>Add All</Button>}>
        {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} /> : null}
        {data.error ? <Typography.Text type="danger">{errorMessage(data.error, 'Unknown error')}</Typography.Text> : null}
        {data.isLoading ? <Typography.Text>Loading…</Typography.Text> : null}
        {data.data ? (
          <table style={{ width: '100%', borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                {['Component', 'View', 'Create', 'Edit', 'Delete'].map((header) => (
                  <th key={header} scope="col" style={{ textAlign: 'left', padding: 6 }}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.data.components.map((component) => {
                const permission = granted.get(component.id);
                return (
                  <tr key={component.id} style={{ borderTop: '1px solid rgba(0,0,0,0.06)' }}>
                    <th scope="row" style={{ textAlign: 'left', padding: 6 }}>
                      {component.display_name}
                    </th>
                    {permission ? (
                      <>
                        <td style={{ padding: 6 }}>
                          <Select aria-label={`${component.display_name} view`} value={permission.view_access} options={LEVELS} onChange={(value) => void change(permission, { view_access: value })} style={{ minWidth: 140 }} />
                        </td>
                        <td style={{ padding: 6 }}>
                          <Select aria-label={`${component.display_name} create`} value={permission.create_access} options={CREATE} onChange={(value) => void change(permission, { create_access: value })} style={{ minWidth: 140 }} />
                        </td>
                        <td style={{ padding: 6 }}>
                          <Select aria-label={`${component.display_name} edit`} value={permission.edit_access} options={LEVELS} onChange={(value) => void change(permission, { edit_access: value })} style={{ minWidth: 140 }} />
                        </td>
                        <td style={{ padding: 6 }}>
                          <Select aria-label={`${component.display_name} delete`} value={permission.delete_access} options={LEVELS} onChange={(value) => void change(permission, { delete_access: value })} style={{ minWidth: 140 }} />
                        </td>
                      </>
                    ) : (
                      <td colSpan={4} style={{ padding: 6 }}>
                        <Button size="small" onClick={() => void add([component.id])} aria-label={`Add ${component.display_name}`}>
                          Add
                        </Button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : null}
      </Card>
    </Flex>
  );
}
