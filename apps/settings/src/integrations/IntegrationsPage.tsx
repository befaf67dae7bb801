import { useState } from 'react';
import { Button, Flex } from '@steward/libs/ui/antd';
import { Popconfirm } from '@steward/libs/ui/antd-data';
import { DataTable, type ListColumn } from '@steward/libs/list';
import { useAccess } from '@steward/libs/session';
import { formatDate } from '@steward/libs/i18n';
import { LoadingText, PageFrame, StatusPill } from '@steward/libs/ui';
import { IntegrationDialog } from './IntegrationDialog';
import { INTEGRATION_MESSAGES as M, INTEGRATION_TYPES, secretHint, type Integration } from './integrationsApi';
import { useIntegrations } from './useIntegrations';
import { useT, type SettingsT } from '../i18n';

const typeLabel = (t: SettingsT, type: string) => {
  const label = INTEGRATION_TYPES.find((option) => option.value === type)?.label;
  return label ? t(label) : type;
};

/** /settings/integrations: newest first, add/edit, Activate/Deactivate and delete with confirmation. */
export function IntegrationsPage() {
  const t = useT();
  const { list, save, remove, toggle } = useIntegrations();
  const [dialog, setDialog] = useState<{ editing: Integration | null } | null>(null);
  // The role decides: Add with create access, Edit and Activate with edit access, Delete with delete access.
  const access = useAccess();

  const columns: ListColumn<Integration>[] = [
    { title: t('integrations.field.name'), key: 'name' },
    { title: t('integrations.field.type'), key: 'type', render: (row) => typeLabel(t, row.type) },
    // The shared pill: antd's preset green is too light for small text.
    { title: t('integrations.column.status'), key: 'is_active', render: (row) => <StatusPill status={row.is_active ? 'Active' : 'Inactive'} /> },
    { title: t('integrations.field.apiKey'), key: 'api_key', render: (row) => secretHint(row.api_key_set, row.api_key_last4) },
    { title: t('integrations.column.created'), key: 'created_at', render: (row) => formatDate(row.created_at) },
    {
      title: t('integrations.column.actions'),
      key: 'actions',
      render: (row) => (
        <Flex gap={8} wrap>
          {access.canEditRow(row) ? (
            <>
              <Button size="small" onClick={() => setDialog({ editing: row })} aria-label={t('integrations.editNamed', { name: row.name })}>
                {t('integrations.edit')}
              </Button>
              <Button size="small" onClick={() => toggle.mutate({ id: row.id, isActive: !row.is_active })} aria-label={row.is_active ? t('integrations.deactivateNamed', { name: row.name }) : t('integrations.activateNamed', { name: row.name })}>
                {row.is_active ? t('integrations.deactivate') : t('integrations.activate')}
              </Button>
            </>
          ) : null}
          {access.canDeleteRow(row) ? (
            <Popconfirm title={t(M.confirmDelete)} okText={t('integrations.delete')} cancelText={t('common.cancel')} onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}>
              <Button size="small" danger aria-label={t('integrations.deleteNamed', { name: row.name })}>
                {t('integrations.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <PageFrame
      title={t('integrations.title')}
      actions={
        access.create ? (
          <Button type="primary" onClick={() => setDialog({ editing: null })}>
            {t('integrations.add')}
          </Button>
        ) : null
      }
      error={list.error ? t('integrations.fetchFailedWith', { message: list.error.message }) : null}
    >
      <DataTable<Integration>
        label={t('integrations.title')}
        rowKey={(row) => row.id}
        columns={columns}
        rows={list.data ?? []}
        busy={list.isFetching}
        placeholder={list.isLoading ? <LoadingText /> : t('integrations.none')}
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
