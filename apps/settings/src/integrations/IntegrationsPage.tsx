import { useState } from 'react';
import { Button, Flex, Typography } from '@steward/libs/antd';
import { Popconfirm, Table, type TableColumnsType } from '@steward/libs/antd-data';
import { PageFrame, StatusPill, formatDate } from '@steward/libs/ui';
import { IntegrationDialog } from './IntegrationDialog';
import { INTEGRATION_MESSAGES as M, INTEGRATION_TYPES, secretHint, type Integration } from './integrationsApi';
import { useIntegrations } from './useIntegrations';

const typeLabel = (type: string) => INTEGRATION_TYPES.find((option) => option.value === type)?.label ?? type;

/** /settings/integrations: newest first, add/edit, Activate/Deactivate and delete with confirmation. */
export function IntegrationsPage() {
  const { list, save, remove, toggle } = useIntegrations();
  const [dialog, setDialog] = useState<{ editing: Integration | null } | null>(null);

  const columns: TableColumnsType<Integration> = [
    { title: 'Name', dataIndex: 'name', key: 'name' },
    { title: 'Type', dataIndex: 'type', key: 'type', render: typeLabel },
    {
      title: 'Status',
      dataIndex: 'is_active',
      key: 'is_active',
      // The shared pill: antd's preset green is too light for small text.
      render: (active: boolean) => <StatusPill status={active ? 'Active' : 'Inactive'} />,
    },
    { title: 'API Key', key: 'api_key', render: (_, row) => secretHint(row.api_key_set, row.api_key_last4) },
    { title: 'Created', dataIndex: 'created_at', key: 'created_at', render: (value: string) => formatDate(value) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => (
        <Flex gap={8} wrap>
          <Button size="small" onClick={() => setDialog({ editing: row })} aria-label={`Edit ${row.name}`}>
            Edit
          </Button>
          <Button size="small" onClick={() => toggle.mutate({ id: row.id, isActive: !row.is_active })} aria-label={`${row.is_active ? 'Deactivate' : 'Activate'} ${row.name}`}>
            {row.is_active ? 'Deactivate' : 'Activate'}
          </Button>
          <Popconfirm title={M.confirmDelete} okText="Delete" cancelText="Cancel" onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}>
            <Button size="small" danger aria-label={`Delete ${row.name}`}>
              Delete
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <PageFrame
      title="Integrations"
      actions={
        <Button type="primary" onClick={() => setDialog({ editing: null })}>
          Add Integration
        </Button>
      }
      error={list.error ? `${M.fetchFailed}: ${list.error.message}` : null}
    >
      <Table<Integration>
        aria-label="Integrations"
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isLoading}
        pagination={false}
        locale={{ emptyText: <Typography.Text>No integrations yet.</Typography.Text> }}
        scroll={{ x: 'max-content' }}
      />
      <IntegrationDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        saving={save.isPending}
        onCancel={() => setDialog(null)}
        onSave={(values) =>
          save.mutate({ values, id: dialog?.editing?.id ?? null }, { onSuccess: () => setDialog(null) })
        }
      />
    </PageFrame>
  );
}
