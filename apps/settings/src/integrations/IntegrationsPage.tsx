import { useState } from 'react';
import { Button, Flex } from '@steward/libs/ui/antd';
import { Popconfirm } from '@steward/libs/ui/antd-data';
import { DataTable, LOADING_TEXT, type ListColumn } from '@steward/libs/list';
import { useAccess } from '@steward/libs/session';
import { PageFrame, StatusPill, formatDate } from '@steward/libs/ui';
import { IntegrationDialog } from './IntegrationDialog';
import { INTEGRATION_MESSAGES as M, INTEGRATION_TYPES, secretHint, type Integration } from './integrationsApi';
import { useIntegrations } from './useIntegrations';

const typeLabel = (type: string) => INTEGRATION_TYPES.find((option) => option.value === type)?.label ?? type;

/** /settings/integrations: newest first, add/edit, Activate/Deactivate and delete with confirmation. */
export function IntegrationsPage() {
  const { list, save, remove, toggle } = useIntegrations();
  const [dialog, setDialog] = useState<{ editing: Integration | null } | null>(null);
  // The role decides: Add with create access, Edit and Activate with edit access, Delete with delete access.
  const access = useAccess();

  const columns: ListColumn<Integration>[] = [
    { title: 'Name', key: 'name' },
    { title: 'Type', key: 'type', render: (row) => typeLabel(row.type) },
    // The shared pill: antd's preset green is too light for small text.
    { title: 'Status', key: 'is_active', render: (row) => <StatusPill status={row.is_active ? 'Active' : 'Inactive'} /> },
    { title: 'API Key', key: 'api_key', render: (row) => secretHint(row.api_key_set, row.api_key_last4) },
    { title: 'Created', key: 'created_at', render: (row) => formatDate(row.created_at) },
    {
      title: 'Actions',
      key: 'actions',
      render: (row) => (
        <Flex gap={8} wrap>
          {access.canEditRow(row) ? (
            <>
              <Button size="small" onClick={() => setDialog({ editing: row })} aria-label={`Edit ${row.name}`}>
                Edit
              </Button>
              <Button size="small" onClick={() => toggle.mutate({ id: row.id, isActive: !row.is_active })} aria-label={`${row.is_active ? 'Deactivate' : 'Activate'} ${row.name}`}>
                {row.is_active ? 'Deactivate' : 'Activate'}
              </Button>
            </>
          ) : null}
          {access.canDeleteRow(row) ? (
            <Popconfirm title={M.confirmDelete} okText="Delete" cancelText="Cancel" onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}>
              <Button size="small" danger aria-label={`Delete ${row.name}`}>
                Delete
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <PageFrame
      title="Integrations"
      actions={
        access.create ? (
          <Button type="primary" onClick={() => setDialog({ editing: null })}>
            Add Integration
          </Button>
        ) : null
      }
      error={list.error ? `${M.fetchFailed}: ${list.error.message}` : null}
    >
      <DataTable<Integration>
        label="Integrations"
        rowKey={(row) => row.id}
        columns={columns}
        rows={list.data ?? []}
        busy={list.isFetching}
        placeholder={list.isLoading ? LOADING_TEXT : 'No integrations yet.'}
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
