import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Typography } from '@steward/libs/antd';
import { Switch } from '@steward/libs/antd-data';
import { errorMessage, getSupabase, queryKeys, toDataAccessError } from '@steward/libs/data-access';
import { useSession } from '@steward/libs/session';
import { useState } from 'react';

type ComponentRow = { id: string; name: string; display_name: string; description: string | null };
type OrgComponentRow = { component_id: string; enabled: boolean };

const KEY = (orgName: string) => [...queryKeys.table({ schema: 'settings', table: 'org_components' }), 'components-tab', orgName] as const;

async function fetchComponents(orgName: string) {
  const client = getSupabase().schema('settings');
  const [components, enabled] = await Promise.all([
    client.from('components').select('id, name, display_name, description').eq('component_type', 'remote').order('display_name'),
    client.from('org_components').select('component_id, enabled').eq('org_name', orgName),
  ]);
  if (components.error) throw toDataAccessError(components.error);
  if (enabled.error) throw toDataAccessError(enabled.error);
  const byId = new Map((enabled.data as OrgComponentRow[]).map((row) => [row.component_id, row.enabled]));
  return (components.data as ComponentRow[]).map((component) => ({ ...component, enabled: byId.get(component.id) ?? false }));
}

/**
 * Components (001 §2): the areas this organisation uses. Switching one on or off saves it and reloads
 * the session, so the menu and the routes follow at once, without a page load.
 */
export function ComponentsTab({ orgName }: { orgName: string }) {
  const { reload } = useSession();
  const queryClient = useQueryClient();
  const components = useQuery({ queryKey: KEY(orgName), queryFn: () => fetchComponents(orgName) });
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = async (component: ComponentRow, enabled: boolean) => {
    setBusy(component.id);
    setProblem(null);
    const { error } = await getSupabase()
      .schema('settings')
      .from('org_components')
      .upsert({ org_name: orgName, component_id: component.id, name: component.name, enabled }, { onConflict: 'org_name,component_id' });
    setBusy(null);
    if (error) setProblem(errorMessage(toDataAccessError(error), 'Save failed'));
    await queryClient.invalidateQueries({ queryKey: queryKeys.schema('settings') });
    reload();
  };

  if (components.error) return <Typography.Text type="danger">{errorMessage(components.error, 'Unknown error')}</Typography.Text>;
  if (components.isLoading) return <Typography.Text>Loading…</Typography.Text>;
  return (
    <Flex vertical gap={8} style={{ maxWidth: 720 }}>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      <ul aria-label="Components" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {(components.data ?? []).map((component) => (
          <li key={component.id} style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '8px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}>
            <Switch
              checked={component.enabled}
              loading={busy === component.id}
              onChange={(checked) => void toggle(component, checked)}
              aria-label={component.display_name}
            />
            <div>
              <Typography.Text strong>{component.display_name}</Typography.Text>
              {component.description ? (
                <div>
                  <Typography.Text type="secondary">{component.description}</Typography.Text>
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
