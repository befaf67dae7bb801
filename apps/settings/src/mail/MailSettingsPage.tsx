import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Tag, Typography } from '@steward/libs/ui/antd';
import { FormDialog } from '@steward/libs/ui/antd-data';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { FieldsForm, useFieldForm, type FieldDef } from '@steward/libs/form';
import { DataTable } from '@steward/libs/list';
import { conversationKeys, fetchMailSettings, fetchTemplates, MergeFieldMenu, type MailTemplate } from '@steward/libs/conversations';
import { useAccess, useSession } from '@steward/libs/session';
import { PageFrame, formatDate, notify, useDialog, useSubmit } from '@steward/libs/ui';
import { MAIL_MESSAGES as M, fetchSuppressions, mailSettingsSchema, removeSuppression, saveMailSettings, saveTemplate, setTemplateArchived, templateSchema, type Suppression } from './mailApi';

const SETTINGS_FIELDS: FieldDef[] = [
  { name: 'from_name', label: 'From name', help: 'The name people see as the sender.' },
  { name: 'signature', label: 'Signature', type: 'textarea', help: 'Added under every message sent from a record.' },
];
const TEMPLATE_FIELDS: FieldDef[] = [
  { name: 'name', label: 'Name', required: { message: 'Name is required' } },
  { name: 'subject', label: 'Subject', required: { message: 'Give the message a subject' } },
  { name: 'body', label: 'Message', type: 'textarea', required: { message: 'Write the message' }, help: 'Simple formatting: **bold**, _italic_, "- " lists, [links](https://…). Merge fields are filled for each person.' },
];

/** Errors of a zod check as the form's field errors. */
const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));

function SenderSection({ canEdit }: { canEdit: boolean }) {
  const { orgName } = useSession();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: conversationKeys.mailSettings(), queryFn: () => fetchMailSettings(orgName) });
  const form = useFieldForm(SETTINGS_FIELDS);
  const { reset } = form;
  const submit = useSubmit({ describe: (error) => errorMessage(error, M.saveFailed) });
  useEffect(() => {
    if (settings.data) reset({ from_name: settings.data.from_name, signature: settings.data.signature });
  }, [settings.data, reset]);
  const save = async () => {
    const parsed = mailSettingsSchema.safeParse({ from_name: form.stateRef.current.values.from_name ?? '', signature: form.stateRef.current.values.signature ?? '' });
    if (!parsed.success) return form.fail(fieldErrors(parsed.error.issues));
    const outcome = await submit.run(() => saveMailSettings(orgName, parsed.data));
    if (outcome.ok) {
      notify.success(M.saved);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.mailSettings() });
    }
  };
  const inbound = settings.data?.inbound_address ?? null;
  return (
    <section aria-labelledby="mail-sender">
      <Typography.Title level={4} id="mail-sender">
        Sender
      </Typography.Title>
      <Flex vertical gap={8} style={{ maxWidth: 640 }}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text>Inbound address:</Typography.Text>
          <Typography.Text code aria-label="Inbound address">{inbound ?? '—'}</Typography.Text>
          {inbound ? (
            <Button
              size="small"
              onClick={() =>
                void navigator.clipboard
                  .writeText(inbound)
                  .then(() => notify.success(M.copied))
                  .catch(() => notify.error('Copying is not allowed here; select the address instead'))
              }
            >
              Copy
            </Button>
          ) : null}
        </Flex>
        <Typography.Text type="secondary">Mail sent to this address, and replies to mail sent from Steward, appear on the records of their senders (or in the CRM's Inbox).</Typography.Text>
        {submit.alert ? <Alert type="error" showIcon title={submit.alert} /> : null}
        <FieldsForm form={form} idPrefix="mail-settings" disabled={!canEdit || submit.busy} onSubmit={() => void save()} name="E-mail sender">
          {canEdit ? (
            <Button type="primary" htmlType="submit" loading={submit.busy}>
              Save
            </Button>
          ) : null}
        </FieldsForm>
      </Flex>
    </section>
  );
}

function TemplateDialog({ dialog, editing }: { dialog: ReturnType<typeof useDialog>; editing: MailTemplate | null }) {
  const { orgName } = useSession();
  const queryClient = useQueryClient();
  const form = useFieldForm(TEMPLATE_FIELDS, editing);
  const save = () => {
    if (!form.validate()) return;
    const parsed = templateSchema.safeParse(form.stateRef.current.values);
    if (!parsed.success) return form.fail(fieldErrors(parsed.error.issues));
    void dialog.submit(async () => {
      await saveTemplate(orgName, editing?.id ?? null, parsed.data);
      notify.success(M.templateSaved);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.templates() });
    });
  };
  // The text as it is now (not as this render saw it), so a pick right after typing keeps what was typed.
  const insertField = (name: string) => {
    const body = form.stateRef.current.values.body;
    form.setValue('body', `${typeof body === 'string' ? body : ''}{{${name}}}`);
  };
  return (
    <FormDialog title={editing ? `Edit template ${editing.name}` : 'Add template'} busy={dialog.busy} alert={dialog.alert} onClose={() => void dialog.close()} onSave={save} width="min(720px, calc(100vw - 16px))">
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
  const { orgName } = useSession();
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: [...conversationKeys.templates(), orgName, 'all'], queryFn: () => fetchTemplates(orgName, true) });
  const dialog = useDialog({ describe: (error) => errorMessage(error, M.saveFailed) });
  const [editing, setEditing] = useState<MailTemplate | null>(null);
  const archive = useSubmit({ describe: (error) => errorMessage(error, M.saveFailed) });
  const setArchived = async (template: MailTemplate, value: boolean) => {
    const outcome = await archive.run(() => setTemplateArchived(template.id, value));
    if (!outcome.ok) return;
    notify.success(value ? M.templateArchived(template.name) : M.templateRestored(template.name));
    await queryClient.invalidateQueries({ queryKey: conversationKeys.templates() });
  };
  const rows = (templates.data ?? []) as (MailTemplate & Record<string, unknown>)[];
  return (
    <section aria-labelledby="mail-templates">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} id="mail-templates">
          Templates
        </Typography.Title>
        {canEdit ? (
          <Button
            onClick={() => {
              setEditing(null);
              dialog.show();
            }}
          >
            Add template
          </Button>
        ) : null}
      </Flex>
      {archive.alert ? <Alert type="error" showIcon title={archive.alert} /> : null}
      {templates.error ? <Alert type="error" showIcon title={errorMessage(templates.error, 'The templates could not be read')} /> : null}
      <DataTable
        label="Templates"
        rows={rows}
        rowKey={(row) => row.id}
        busy={templates.isFetching}
        placeholder={templates.isLoading ? 'Loading…' : 'No templates yet.'}
        columns={[
          { key: 'name', title: 'Name', render: (row) => <>{row.name} {row.archive ? <Tag>Archived</Tag> : null}</> },
          { key: 'subject', title: 'Subject', render: (row) => row.subject },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: 'Actions',
                  render: (row: MailTemplate) => (
                    <Flex gap={4} wrap>
                      <Button
                        size="small"
                        aria-label={`Edit ${row.name}`}
                        onClick={() => {
                          setEditing(row);
                          dialog.show();
                        }}
                      >
                        Edit
                      </Button>
                      <Button size="small" aria-label={`${row.archive ? 'Restore' : 'Archive'} ${row.name}`} onClick={() => void setArchived(row, !row.archive)} disabled={archive.busy}>
                        {row.archive ? 'Restore' : 'Archive'}
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
  const { orgName } = useSession();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: conversationKeys.suppressions(), queryFn: () => fetchSuppressions(orgName) });
  const remove = useSubmit({ describe: (error) => errorMessage(error, M.saveFailed) });
  const rows = useMemo(() => (list.data ?? []) as (Suppression & Record<string, unknown>)[], [list.data]);
  const drop = async (row: Suppression) => {
    const outcome = await remove.run(() => removeSuppression(row.org_name, row.email));
    if (!outcome.ok) return;
    notify.success(M.removed(row.email));
    await queryClient.invalidateQueries({ queryKey: queryKeys.schema('crm') });
  };
  return (
    <section aria-labelledby="mail-suppressions">
      <Typography.Title level={4} id="mail-suppressions">
        Suppressed addresses
      </Typography.Title>
      <Typography.Paragraph type="secondary">Addresses that unsubscribed or bounced: no mail goes to them until removed here.</Typography.Paragraph>
      {remove.alert ? <Alert type="error" showIcon title={remove.alert} /> : null}
      {list.error ? <Alert type="error" showIcon title={errorMessage(list.error, 'The list could not be read')} /> : null}
      <DataTable
        label="Suppressed addresses"
        rows={rows}
        rowKey={(row) => row.email}
        busy={list.isFetching}
        placeholder={list.isLoading ? 'Loading…' : 'No suppressed addresses.'}
        columns={[
          { key: 'email', title: 'E-mail', render: (row) => row.email },
          { key: 'reason', title: 'Reason', render: (row) => (row.reason === 'bounced' ? 'Bounced' : 'Unsubscribed') },
          { key: 'created_at', title: 'Since', render: (row) => formatDate(row.created_at) },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: 'Actions',
                  render: (row: Suppression) => (
                    <Button size="small" aria-label={`Remove ${row.email}`} onClick={() => void drop(row)} disabled={remove.busy}>
                      Remove
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
  const access = useAccess();
  const canEdit = access.edit !== 'None';
  return (
    <PageFrame title="E-mail">
      <Flex vertical gap={24}>
        <SenderSection canEdit={canEdit} />
        <TemplatesSection canEdit={canEdit} />
        <SuppressionsSection canEdit={canEdit} />
      </Flex>
    </PageFrame>
  );
}
