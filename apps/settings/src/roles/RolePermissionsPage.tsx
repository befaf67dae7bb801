import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from '@steward/libs/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { Card, Select } from '@steward/libs/ui/antd-data';
import { errorMessage, tableRef, type AnyRow } from '@steward/libs/data';
import { RecordEditorForm, useRecordEditor, type FieldDef } from '@steward/libs/form';
import { useAccess, useSession } from '@steward/libs/session';
import { LoadingState } from '@steward/libs/ui';
import { useT, type SettingsMessageId, type SettingsT } from '../i18n';
import { componentName } from '../orgsettings/componentWords';
import { changePermission, fetchPermissions, grantComponents, permissionsKey, type AccessField, type Permission } from './rolePermissionsApi';

const roles = tableRef<AnyRow>('public', 'user_roles');
const roleFields = (t: SettingsT): readonly FieldDef[] => [
  { name: 'role_name', label: t('roles.field.name'), required: true },
  { name: 'description', label: t('common.description'), type: 'textarea' },
];

type Option = { value: string; label: SettingsMessageId };

/** The stored levels (the database keeps the English value) and their words. */
const LEVELS: readonly Option[] = [
  { value: 'None', label: 'roles.level.none' },
  { value: 'Personal', label: 'roles.level.personal' },
  { value: 'Organization', label: 'roles.level.organization' },
];
const CREATE: readonly Option[] = [
  { value: 'allowed', label: 'roles.create.allowed' },
  { value: 'not_allowed', label: 'roles.create.notAllowed' },
];

/** The four access columns of a granted permission and the levels each offers. */
const ACCESS_COLUMNS: readonly { field: AccessField; title: SettingsMessageId; options: readonly Option[] }[] = [
  { field: 'view_access', title: 'roles.access.view', options: LEVELS },
  { field: 'create_access', title: 'roles.access.create', options: CREATE },
  { field: 'edit_access', title: 'roles.access.edit', options: LEVELS },
  { field: 'delete_access', title: 'roles.access.delete', options: LEVELS },
];

/**
 * /settings/roles/:role_id — 'User Role Management': '← Back to Roles', the role's name and
 * description, its permissions per component; 'Add All' or a row's Add gives a component a permission
 * (only components enabled for the organisation or the system defaults).
 */
export function RolePermissionsPage() {
  const t = useT();
  const { role_id: roleId = '' } = useParams();
  const navigate = useNavigate();
  const { orgName } = useSession();
  const queryClient = useQueryClient();
  const fields = useMemo(() => roleFields(t), [t]);
  const editor = useRecordEditor({ table: roles, fields, label: t('roles.role') });
  const { open, openEdit } = editor;
  useEffect(() => {
    if (roleId && !open) openEdit(roleId);
  }, [roleId, open, openEdit]);
  const data = useQuery({ queryKey: permissionsKey(roleId), queryFn: () => fetchPermissions(roleId, orgName ?? ''), enabled: Boolean(roleId && orgName) });
  const [problem, setProblem] = useState<string | null>(null);

  const write = async (action: Promise<void>) => {
    setProblem(null);
    await action.catch((error: unknown) => setProblem(errorMessage(error, t('roles.saveFailed'))));
    await queryClient.invalidateQueries({ queryKey: permissionsKey(roleId) });
  };
  const add = (componentIds: string[]) => write(grantComponents(orgName, roleId, componentIds));
  const change = (permission: Permission, patch: Partial<Record<AccessField, string>>) => write(changePermission(permission.id, patch));

  const granted = new Map((data.data?.permissions ?? []).map((permission) => [permission.component_id, permission]));
  const missing = (data.data?.components ?? []).filter((component) => !granted.has(component.id));
  const { children, ...saveProps } = editor.saveButtonProps;
  // Without edit access to settings the role and its permissions are shown, not offered for change.
  const canChange = useAccess().edit !== 'None';

  return (
    <Flex vertical gap={12} style={{ maxWidth: 960 }}>
      <div>
        <Button onClick={() => navigate('/settings/roles')}>{t('roles.backToRoles')}</Button>
      </div>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('roles.management')}
      </Typography.Title>
      <Card title={t('roles.role')}>
        {open ? <RecordEditorForm editor={editor} idPrefix="role" /> : <LoadingState />}
        {editor.viewOnly ? null : <Button {...saveProps}>{children}</Button>}
      </Card>
      <Card
        title={t('roles.permissions')}
        extra={
          canChange ? (
            <Button onClick={() => void add(missing.map((component) => component.id))} disabled={missing.length === 0}>
              {t('roles.addAll')}
            </Button>
          ) : null
        }
      >
        {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} /> : null}
        {data.error ? <Typography.Text type="danger">{errorMessage(data.error, t('common.unknownError'))}</Typography.Text> : null}
        {data.isLoading ? <LoadingState /> : null}
        {data.data ? (
          // On a phone the five columns scroll sideways inside the card, not the page.
          <div style={{ overflowX: 'auto' }}>
            <table style={{ width: '100%', borderCollapse: 'collapse' }}>
              <thead>
                <tr>
                  {[t('components.component'), ...ACCESS_COLUMNS.map((column) => t(column.title))].map((header) => (
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
                        {componentName(t, component)}
                      </th>
                      {permission ? (
                        ACCESS_COLUMNS.map(({ field, title, options }) => (
                          <td key={field} style={{ padding: 6 }}>
                            <Select
                              aria-label={t('roles.accessLabel', { component: componentName(t, component), access: t(title).toLocaleLowerCase() })}
                              value={permission[field]}
                              options={options.map((option) => ({ value: option.value, label: t(option.label) }))}
                              disabled={!canChange}
                              onChange={(value) => void change(permission, { [field]: value })}
                              style={{ minWidth: 140 }}
                            />
                          </td>
                        ))
                      ) : (
                        <td colSpan={ACCESS_COLUMNS.length} style={{ padding: 6 }}>
                          {canChange ? (
                            <Button size="small" onClick={() => void add([component.id])} aria-label={t('roles.addNamed', { name: componentName(t, component) })}>
                              {t('roles.add')}
                            </Button>
                          ) : (
                            t('roles.level.none')
                          )}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
      </Card>
    </Flex>
  );
}
