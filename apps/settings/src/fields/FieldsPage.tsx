import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Typography } from '@steward/libs/ui/antd';
import { Tabs } from '@steward/libs/ui/antd-data';
import { RECORD_KINDS, customFieldsTable, errorMessage, fieldsOfKind, queryKeys, useCustomFieldDefinitions, type CustomFieldDef, type RecordKind } from '@steward/libs/data';
import { useSearchParams } from '@steward/libs/router';
import { DataTable, type ListColumn } from '@steward/libs/list';
import { useAccess, useSession } from '@steward/libs/session';
import { LoadingText, notify, PageFrame } from '@steward/libs/ui';
import { FieldDialog, type FieldDialogSave } from './FieldDialog';
import { useT } from '../i18n';
import { FIELD_MESSAGES as M, typeLabel, changeFieldType, createField, fieldWrite, swapPositions, updateField } from './fieldsApi';

const KIND_PARAM = 'kind';

type FieldRow = CustomFieldDef & Record<string, unknown>;

/**
 * /settings/fields: the fields the organisation keeps on each kind of record. Per kind: the list in
 * the form's order, Add, Edit (type, choices, required, default, help, sensitive), Move up and down,
 * Archive and Restore. Every member reads the definitions; Settings edit changes them.
 */
export function FieldsPage() {
  const t = useT();
  const { orgName } = useSession();
  const access = useAccess();
  const canEdit = access.edit !== 'None';
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const kindParam = searchParams.get(KIND_PARAM);
  const kind: RecordKind = RECORD_KINDS.some((entry) => entry.kind === kindParam) ? (kindParam as RecordKind) : 'contact';
  const definitions = useCustomFieldDefinitions(orgName);
  const rows = fieldsOfKind(definitions.data, kind, { archived: true }) as FieldRow[];
  const live = rows.filter((row) => !row.archive);
  const [dialog, setDialog] = useState<{ editing: CustomFieldDef | null } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.table(customFieldsTable) });

  const save = useMutation({
    mutationFn: async ({ values, typeChanged }: FieldDialogSave) => {
      const editing = dialog?.editing ?? null;
      if (!editing) {
        const position = rows.reduce((max, row) => Math.max(max, row.position), 0) + 1;
        await createField(orgName ?? '', kind, values, position);
        return 'created' as const;
      }
      // The values convert first (in one statement, which alone changes a type), then the rest of the
      // definition is written.
      if (typeChanged) await changeFieldType(editing.id, values.field_type, values.choices.length ? values.choices : null);
      const { field_type: _type, link_kind: _link, ...rest } = fieldWrite(values);
      await updateField(editing.id, rest);
      return 'updated' as const;
    },
    onSuccess: async (outcome) => {
      notify.success(t(outcome === 'created' ? M.created : M.updated));
      setDialog(null);
      setSaveError(null);
      await refresh();
    },
    onError: (error) => setSaveError(errorMessage(error, t(M.saveFailed))),
  });

  const change = useMutation({
    mutationFn: async (action: { kind: 'archive' | 'restore'; row: FieldRow } | { kind: 'move'; row: FieldRow; by: -1 | 1 }) => {
      if (action.kind === 'move') {
        const index = live.findIndex((row) => row.id === action.row.id);
        const other = live[index + action.by];
        if (other) await swapPositions(action.row, other);
        return t(M.moved);
      }
      await updateField(action.row.id, { archive: action.kind === 'archive' });
      return t(action.kind === 'archive' ? M.archived : M.restored);
    },
    onSuccess: async (message) => {
      notify.success(message);
      await refresh();
    },
    onError: (error) => notify.error(t(M.saveFailed), { description: errorMessage(error, t(M.saveFailed)) }),
  });

  const columns: ListColumn<FieldRow>[] = [
    {
      key: 'label',
      title: t('fields.column.label'),
      render: (row) => (
        <span>
          {row.label}
          {row.archive ? <Typography.Text type="secondary"> {t('fields.archivedMark')}</Typography.Text> : null}
          {row.help_text ? (
            <div>
              <Typography.Text type="secondary">{row.help_text}</Typography.Text>
            </div>
          ) : null}
        </span>
      ),
    },
    {
      key: 'field_type',
      title: t('fields.column.type'),
      render: (row) =>
        row.choices.length && (row.field_type === 'single_choice' || row.field_type === 'multiple_choice')
          ? `${typeLabel(row.field_type)}: ${row.choices
              .filter((choice) => !choice.archived)
              .map((choice) => choice.label)
              .join(', ')}`
          : typeLabel(row.field_type),
    },
    { key: 'required', title: t('fields.column.required'), render: (row) => (row.required ? t('common.yes') : t('common.no')) },
    { key: 'sensitive', title: t('fields.column.sensitive'), render: (row) => (row.sensitive ? t('common.yes') : t('common.no')) },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('fields.column.actions'),
            exported: false,
            render: (row: FieldRow) => {
              const index = live.findIndex((entry) => entry.id === row.id);
              return (
                <Flex gap={6} wrap>
                  <Button size="small" onClick={() => setDialog({ editing: row })} aria-label={t('fields.editNamed', { label: row.label })}>
                    {t('fields.edit')}
                  </Button>
                  {row.archive ? null : (
                    <>
                      <Button size="small" disabled={index <= 0 || change.isPending} onClick={() => change.mutate({ kind: 'move', row, by: -1 })} aria-label={t('fields.moveUpNamed', { label: row.label })}>
                        {t('fields.moveUp')}
                      </Button>
                      <Button size="small" disabled={index === live.length - 1 || change.isPending} onClick={() => change.mutate({ kind: 'move', row, by: 1 })} aria-label={t('fields.moveDownNamed', { label: row.label })}>
                        {t('fields.moveDown')}
                      </Button>
                    </>
                  )}
                  <Button size="small" disabled={change.isPending} onClick={() => change.mutate({ kind: row.archive ? 'restore' : 'archive', row })} aria-label={row.archive ? t('fields.restoreNamed', { label: row.label }) : t('fields.archiveNamed', { label: row.label })}>
                    {row.archive ? t('fields.restore') : t('fields.archive')}
                  </Button>
                </Flex>
              );
            },
          } satisfies ListColumn<FieldRow>,
        ]
      : []),
  ];

  const kindLabel = RECORD_KINDS.find((entry) => entry.kind === kind)?.label ?? kind;
  return (
    <PageFrame
      title={t('fields.title')}
      actions={
        canEdit && access.create ? (
          <Button
            type="primary"
            onClick={() => {
              setSaveError(null);
              setDialog({ editing: null });
            }}
          >
            {t('fields.add')}
          </Button>
        ) : null
      }
      error={definitions.error ? t('fields.fetchFailedWith', { message: definitions.error.message }) : null}
    >
      <Typography.Paragraph>
        {t('fields.intro')}
      </Typography.Paragraph>
      <Tabs
        activeKey={kind}
        onChange={(next) =>
          setSearchParams((current) => {
            const params = new URLSearchParams(current);
            params.set(KIND_PARAM, next);
            return params;
          })
        }
        items={RECORD_KINDS.map((entry) => ({ key: entry.kind, label: entry.label }))}
      />
      <DataTable<FieldRow>
        label={t('fields.tableLabel', { kind: kindLabel })}
        rowKey={(row) => row.id}
        columns={columns}
        rows={rows}
        busy={definitions.isFetching || change.isPending}
        placeholder={definitions.isLoading ? <LoadingText /> : t(M.noFields)}
      />
      <FieldDialog
        open={dialog !== null}
        kind={kind}
        editing={dialog?.editing ?? null}
        saving={save.isPending}
        saveError={saveError}
        onCancel={() => {
          if (!save.isPending) setDialog(null);
        }}
        onSave={(values) => save.mutate(values)}
      />
    </PageFrame>
  );
}
