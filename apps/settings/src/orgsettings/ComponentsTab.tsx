import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Typography } from '@steward/libs/ui/antd';
import { Switch } from '@steward/libs/ui/antd-data';
import { DataTable, type ListColumn } from '@steward/libs/list';
import { queryKeys } from '@steward/libs/data';
import { useAccess, useSession } from '@steward/libs/session';
import { LoadingState, notify } from '@steward/libs/ui';
import { ORG_COMPONENTS, fetchOrgComponents, setOrgComponent, type OrgComponent } from './orgSettingsApi';

/**
 * Components: one switch per platform component for this organisation. A switch writes
 * settings.org_components, then reloads the session, so the shell's menu and routes follow at once
 * (the shell stops fetching a disabled remote) without a page reload.
 */
export function ComponentsTab({ orgName }: { orgName: string }) {
  const { reload } = useSession();
  // Components are switched only with edit access to settings across the organisation.
  const canChange = useAccess().edit === 'Organization';
  const queryClient = useQueryClient();
  const key = queryKeys.list(ORG_COMPONENTS, orgName);
  const query = useQuery({ queryKey: key, queryFn: () => fetchOrgComponents(orgName) });

  const toggle = useMutation({
    mutationFn: ({ component, enabled }: { component: OrgComponent; enabled: boolean }) => setOrgComponent(orgName, component.id, enabled),
    onSuccess: (_, { component, enabled }) => {
      notify.success(`${component.display_name} ${enabled ? 'enabled' : 'disabled'}`);
      reload();
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error: Error) => notify.error(error.message),
  });

  const columns: ListColumn<OrgComponent>[] = [
    { title: 'Component', key: 'display_name' },
    { title: 'Description', key: 'description' },
    {
      title: 'Enabled',
      key: 'enabled',
      render: (component) => (
        <Switch
          checked={component.enabled}
          disabled={!canChange || component.name === 'settings' || toggle.isPending}
          aria-label={`${component.display_name} enabled`}
          onChange={(enabled) => toggle.mutate({ component, enabled })}
        />
      ),
    },
  ];

  if (query.isLoading) return <LoadingState />;
  if (query.error) return <Typography.Text type="danger" role="alert">{query.error.message}</Typography.Text>;
  return (
    <>
      <Alert type="info" showIcon title="Turning a component off hides its menu and pages for everyone in this organization." style={{ marginBottom: 12 }} />
      <DataTable<OrgComponent> label="Components" rowKey={(component) => component.id} columns={columns} rows={query.data ?? []} placeholder="No components." />
    </>
  );
}
