import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Tag, Typography } from '@steward/libs/ui/antd';
import { FormDialog } from '@steward/libs/ui/antd-data';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { FieldsForm, useFieldForm, type FieldDef } from '@steward/libs/form';
import { DataTable } from '@steward/libs/list';
import { conversationKeys, fetchInboundAddress, fetchMailSettings, fetchTemplates, MergeFieldMenu, type MailTemplate } from '@steward/libs/conversations';
import { useAccess, useSession } from '@steward/libs/session';
import { formatDate } from '@steward/libs/i18n';
import { PageFrame, notify, useDialog, useSubmit } from '@steward/libs/ui';
import { useT, type SettingsT } from '../i18n';
import { MAIL_MESSAGES as M, fetchSuppressions, mailSettingsSchema, removeSuppression, saveMailSettings, saveTemplate, setTemplateArchived, TEMPLATE_REQUIRED, templateSchema, type Suppression } from './mailApi';

const settingsFields = (t: SettingsT): FieldDef[] => [
  { name: 'from_name', label: t('email.fromName'), help: t('email.fromNameHelp') },
  { name: 'signature', label: t('email.signature'), type: 'textarea', help: t('email.signatureHelp') },
];
const templateFields = (t: SettingsT): FieldDef[] => [
  { name: 'name', label: t('email.template.name'), required: { message: t(TEMPLATE_REQUIRED.name) } },
  { name: 'subject', label: t('email.template.subject'), required: { message: t(TEMPLATE_REQUIRED.subject) } },
  { name: 'body', label: t('email.template.body'), type: 'textarea', required: { message: t(TEMPLATE_REQUIRED.body) }, help: t('email.template.bodyHelp') },
];

/** Errors of a zod check as the form's field errors. */
const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));

function SenderSection({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const { orgName } = useSession();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: conversationKeys.mailSettings(orgName), queryFn: () => fetchMailSettings(orgName) });
  const inboundAddress = useQuery({ queryKey: conversationKeys.inboundAddress(orgName), queryFn: () => fetchInboundAddress(orgName) });
  const fields = useMemo(() => settingsFields(t), [t]);
  const form = useFieldForm(fields);
  const { load } = form;
  const submit = useSubmit({ describe: (error) => errorMessage(error, M.saveFailed()) });
  useEffect(() => {
    // A fresher copy (a refetch, the words of another language) keeps what the person is changing.
    if (settings.data) load({ from_name: settings.data.from_name, signature: settings.data.signature }, { keepEdits: true });
  }, [settings.data, load]);
  const save = async () => {
    const parsed = mailSettingsSchema.safeParse({ from_name: form.stateRef.current.values.from_name ?? '', signature: form.stateRef.current.values.signature ?? '' });
    if (!parsed.success) return form.fail(fieldErrors(parsed.error.issues));
    const outcome = await submit.run(() => saveMailSettings(orgName, parsed.data));
    if (outcome.ok) {
      notify.success(M.saved());
      await queryClient.invalidateQueries({ queryKey: conversationKeys.mailSettings(orgName) });
    }
  };
  const inbound = inboundAddress.data ?? null;
  return (
    <section aria-labelledby="mail-sender">
      <Typography.Title level={4} id="mail-sender">
        {t('email.sender')}
      </Typography.Title>
      <Flex vertical gap={8} style={{ maxWidth: 640 }}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text>{t('email.inboundAddressColon')}</Typography.Text>
          <Typography.Text code aria-label={t('email.inboundAddress')}>{inbound ?? '—'}</Typography.Text>
          {inbound ? (
            <Button
              size="small"
              onClick={() =>
                void navigator.clipboard
                  .writeText(inbound)
                  .then(() => notify.success(M.copied()))
                  .catch(() => notify.error(t('email.copyRefused')))
              }
            >
              {t('email.copy')}
            </Button>
          ) : null}
        </Flex>
        <Typography.Text type="secondary">{t('email.inboundHelp')}</Typography.Text>
        {submit.alert ? <Alert type="error" showIcon title={submit.alert} /> : null}
        <FieldsForm form={form} idPrefix="mail-settings" disabled={!canEdit || submit.busy} onSubmit={() => void save()} name={t('email.senderForm')}>
          {canEdit ? (
            <Button type="primary" htmlType="submit" loading={submit.busy}>
              {t('email.save')}
            </Button>
          ) : null}
        </FieldsForm>
      </Flex>
    </section>
  );
}

function TemplateDialog({ dialog, editing }: { dialog: ReturnType<typeof useDialog>; editing: MailTemplate | null }) {
  const t = useT();
  const { orgName } = useSession();
  const queryClient = useQueryClient();
  const fields = useMemo(() => templateFields(t), [t]);
  const form = useFieldForm(fields, editing);
  const save = () => {
    if (!form.validate()) return;
    const parsed = templateSchema.safeParse(form.stateRef.current.values);
    if (!parsed.success) return form.fail(fieldErrors(parsed.error.issues));
    void dialog.submit(async () => {
      await saveTemplate(orgName, editing, parsed.data);
      notify.success(M.templateSaved());
      await queryClient.invalidateQueries({ queryKey: conversationKeys.templates(orgName) });
    });
  };
  // The text as it is now (not as this render saw it), so a pick right after typing keeps what was typed.
  const insertField = (name: string) => {
    const body = form.stateRef.current.values.body;
    form.setValue('body', `${typeof body === 'string' ? body : ''}{{${name}}}`);
  };
  return (
    <FormDialog title={editing ? t('email.template.editTitle', { name: editing.name }) : t('email.template.add')} busy={dialog.busy} alert={dialog.alert} onClose={() => void dialog.close()} onSave={save} width="min(720px, calc(100vw - 16px))">
      {form.banner ? <Alert type="error" showIcon title={form.banner} /> : null}
      <FieldsForm
        form={form}
        idPrefix="template"
        disabled={dialog.busy}
        beside={{ body: <MergeFieldMenu kind="reservation" onPick={insertField} disabled={dialog.busy} /> }}
      />
    </FormDialog>
  );
}

function TemplatesSection({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const { orgName } = useSession();
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: conversationKeys.templates(orgName), queryFn: () => fetchTemplates(orgName) });
  const dialog = useDialog({ describe: (error) => errorMessage(error, M.saveFailed()) });
  const [editing, setEditing] = useState<MailTemplate | null>(null);
  const archive = useSubmit({ describe: (error) => errorMessage(error, M.saveFailed()) });
  const setArchived = async (template: MailTemplate, value: boolean) => {
    const outcome = await archive.run(() => setTemplateArchived(template, value));
    if (!outcome.ok) return;
    notify.success(value ? M.templateArchived(template.name) : M.templateRestored(template.name));
    await queryClient.invalidateQueries({ queryKey: conversationKeys.templates(orgName) });
  };
  const rows = (templates.data ?? []) as (MailTemplate & Record<string, unknown>)[];
  return (
    <section aria-labelledby="mail-templates">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} id="mail-templates">
          {t('email.templates')}
        </Typography.Title>
        {canEdit ? (
          <Button
            onClick={() => {
              setEditing(null);
              dialog.show();
            }}
          >
            {t('email.template.add')}
          </Button>
        ) : null}
      </Flex>
      {archive.alert ? <Alert type="error" showIcon title={archive.alert} /> : null}
      {templates.error ? <Alert type="error" showIcon title={errorMessage(templates.error, t('email.templatesUnreadable'))} /> : null}
      <DataTable
        label={t('email.templates')}
        rows={rows}
        rowKey={(row) => row.id}
        busy={templates.isFetching}
        placeholder={templates.isLoading ? t('email.loading') : t('email.noTemplates')}
        columns={[
          { key: 'name', title: t('email.template.name'), render: (row) => <>{row.name} {row.archive ? <Tag>{t('email.archivedTag')}</Tag> : null}</> },
          { key: 'subject', title: t('email.template.subject'), render: (row) => row.subject },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('email.actions'),
                  render: (row: MailTemplate) => (
                    <Flex gap={4} wrap>
                      <Button
                        size="small"
                        aria-label={t('email.editNamed', { name: row.name })}
                        onClick={() => {
                          setEditing(row);
                          dialog.show();
                        }}
                      >
                        {t('email.edit')}
                      </Button>
                      <Button size="small" aria-label={row.archive ? t('email.restoreNamed', { name: row.name }) : t('email.archiveNamed', { name: row.name })} onClick={() => void setArchived(row, !row.archive)} disabled={archive.busy}>
                        {row.archive ? t('email.restore') : t('email.archive')}
                      </Button>
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
      {dialog.open ? <TemplateDialog dialog={dialog} editing={editing} /> : null}
    </section>
  );
}

function SuppressionsSection({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const { orgName } = useSession();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: conversationKeys.suppressions(orgName), queryFn: () => fetchSuppressions(orgName) });
  const remove = useSubmit({ describe: (error) => errorMessage(error, M.saveFailed()) });
  const rows = useMemo(() => (list.data ?? []) as (Suppression & Record<string, unknown>)[], [list.data]);
  const drop = async (row: Suppression) => {
    const outcome = await remove.run(() => removeSuppression(row.id));
    if (!outcome.ok) return;
    notify.success(M.removed(row.email));
    await queryClient.invalidateQueries({ queryKey: queryKeys.schema('crm') });
  };
  return (
    <section aria-labelledby="mail-suppressions">
      <Typography.Title level={4} id="mail-suppressions">
        {t('email.suppressed')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('email.suppressedHelp')}</Typography.Paragraph>
      {remove.alert ? <Alert type="error" showIcon title={remove.alert} /> : null}
      {list.error ? <Alert type="error" showIcon title={errorMessage(list.error, t('email.listUnreadable'))} /> : null}
      <DataTable
        label={t('email.suppressed')}
        rows={rows}
        rowKey={(row) => row.id}
        busy={list.isFetching}
        placeholder={list.isLoading ? t('email.loading') : t('email.noSuppressed')}
        columns={[
          { key: 'email', title: t('email.column.email'), render: (row) => row.email },
          { key: 'reason', title: t('email.column.reason'), render: (row) => (row.reason === 'bounced' ? t('email.reason.bounced') : t('email.reason.unsubscribed')) },
          { key: 'created_at', title: t('email.column.since'), render: (row) => formatDate(row.created_at) },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('email.actions'),
                  render: (row: Suppression) => (
                    <Button size="small" aria-label={t('email.removeNamed', { email: row.email })} onClick={() => void drop(row)} disabled={remove.busy}>
                      {t('email.remove')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}

/** /settings/mail: the sender (from name, signature, inbound address), the templates and the suppression list. */
export function MailSettingsPage() {
  const t = useT();
  const access = useAccess();
  const canEdit = access.edit !== 'None';
  return (
    <PageFrame title={t('email.title')}>
      <Flex vertical gap={24}>
        <SenderSection canEdit={canEdit} />
        <TemplatesSection canEdit={canEdit} />
        <SuppressionsSection canEdit={canEdit} />
      </Flex>
    </PageFrame>
  );
}
