import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Typography } from '@steward/libs/ui/antd';
import { Switch } from '@steward/libs/ui/antd-data';
import { DataTable, type ListColumn } from '@steward/libs/list';
import { queryKeys } from '@steward/libs/data';
import { useAccess, useSession } from '@steward/libs/session';
import { LoadingState, notify } from '@steward/libs/ui';
import { useT } from '../i18n';
import { componentDescription, componentName } from './componentWords';
import { ORG_COMPONENTS, fetchOrgComponents, setOrgComponent, type OrgComponent } from './orgSettingsApi';

/**
 * Components: one switch per platform component for this organisation. A switch writes
 * settings.org_components, then reloads the session, so the shell's menu and routes follow at once
 * (the shell stops fetching a disabled remote) without a page reload.
 */
export function ComponentsTab({ orgName }: { orgName: string }) {
  const t = useT();
  const { reload } = useSession();
  // Components are switched only with edit access to settings across the organisation.
  const canChange = useAccess().edit === 'Organization';
  const queryClient = useQueryClient();
  const key = queryKeys.list(ORG_COMPONENTS, orgName);
  const query = useQuery({ queryKey: key, queryFn: () => fetchOrgComponents(orgName) });

  const toggle = useMutation({
    mutationFn: ({ component, enabled }: { component: OrgComponent; enabled: boolean }) => setOrgComponent(orgName, component.id, enabled),
    onSuccess: (_, { component, enabled }) => {
      const name = componentName(t, component);
      notify.success(enabled ? t('components.enabledNamed', { name }) : t('components.disabledNamed', { name }));
      reload();
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error: Error) => notify.error(error.message),
  });

  const columns: ListColumn<OrgComponent>[] = [
    { title: t('components.component'), key: 'display_name', render: (component) => componentName(t, component) },
    { title: t('common.description'), key: 'description', render: (component) => componentDescription(t, component) },
    {
      title: t('components.enabled'),
      key: 'enabled',
      render: (component) => (
        <Switch
          checked={component.enabled}
          disabled={!canChange || component.name === 'settings' || toggle.isPending}
          aria-label={t('components.switchLabel', { name: componentName(t, component) })}
          onChange={(enabled) => toggle.mutate({ component, enabled })}
        />
      ),
    },
  ];

  if (query.isLoading) return <LoadingState />;
  if (query.error) return <Typography.Text type="danger" role="alert">{query.error.message}</Typography.Text>;
  return (
    <>
      <Alert type="info" showIcon title={t('components.help')} style={{ marginBottom: 12 }} />
      <DataTable<OrgComponent> label={t('components.title')} rowKey={(component) => component.id} columns={columns} rows={query.data ?? []} placeholder={t('components.none')} />
    </>
  );
}
