import { useEffect, useMemo, useRef, useState } from 'react';
import DOMPurify from 'dompurify';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { FormDialog, Input, Select } from '@steward/libs/ui/antd-data';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { FieldsForm, useFieldForm, type FieldDef } from '@steward/libs/form';
import { useSession } from '@steward/libs/session';
import { notify, type DialogApi } from '@steward/libs/ui/core';
import {
  attachmentProblem,
  composerSchema,
  conversationKeys,
  fetchMailSettings,
  fetchRecordFiles,
  fetchTemplates,
  removeMessageFile,
  renderMessage,
  sendMessage,
  sendMessagePayload,
  sendToMany,
  uploadMessageFile,
  type BulkOutcome,
  type ChosenAttachment,
  type ConversationMessage,
  type MessageRecord,
  type MessageRecordKind,
} from './conversationsApi';
import { applyFormatting, markdownToHtml, type Formatting } from './markdown';
import { MergeFieldMenu } from './MergeFieldMenu';
import { bulkOutcomeText, replySubject } from './conversationWords';

/** Mail to many: the kind of the chosen rows, how many, and either their ids or the list's filter. */
export type BulkRecipients = {
  kind: MessageRecordKind;
  count: number;
  /** The chosen ids, or null when every row matching `filter` is meant. */
  ids: () => Promise<readonly string[] | null>;
  filter: unknown;
  /** Whose merge fields the preview shows (the first chosen). */
  previewId: () => Promise<string | null>;
  onSent?: () => void;
};

export type ComposerProps = {
  dialog: DialogApi;
  /** One record written to (its e-mail prefilled); absent in bulk mode. */
  record?: MessageRecord | null;
  /** Where the record's own files are (crm.crm_files' owner column), to attach them. */
  filesOwner?: { column: string; id: string } | null;
  replyTo?: ConversationMessage | null;
  bulk?: BulkRecipients | null;
};

const FIELDS_SINGLE: FieldDef[] = [
  { name: 'to', label: 'To', type: 'tags', required: { message: 'Add at least one recipient' }, help: 'Type an address and press Enter to add another.' },
  { name: 'cc', label: 'Cc', type: 'tags' },
  { name: 'subject', label: 'Subject', required: { message: 'Give the message a subject' } },
];
const FIELDS_BULK: FieldDef[] = [{ name: 'subject', label: 'Subject', required: { message: 'Give the message a subject' } }];

const TOOLBAR: { formatting: Formatting; label: string; text: string }[] = [
  { formatting: 'bold', label: 'Bold', text: 'B' },
  { formatting: 'italic', label: 'Italic', text: 'I' },
  { formatting: 'list', label: 'Bulleted list', text: '• List' },
  { formatting: 'link', label: 'Link', text: 'Link' },
];

/** Sanitised HTML of the composer's text, for the preview. */
const previewHtml = (body: string) => DOMPurify.sanitize(markdownToHtml(body));

/**
 * The composer: to (the record's address, more addable), cc, a template, subject, a body written with
 * simple formatting (Markdown from a small toolbar), attachments from the record's files or uploaded,
 * the organisation's signature, and a preview for the chosen person (crm.render_message). In bulk mode
 * it writes one message per chosen row (crm.send_to_many) and says how many were queued and skipped.
 * Checked with zod first; a refusal of the database is shown as it words it, and the draft stays.
 */
export function Composer({ dialog, record = null, filesOwner = null, replyTo = null, bulk = null }: ComposerProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const fields = bulk ? FIELDS_BULK : FIELDS_SINGLE;
  const initial = useMemo(
    () =>
      replyTo
        ? { to: [replyTo.direction === 'in' ? replyTo.from_email : (replyTo.to_emails ?? [])[0]].filter(Boolean), cc: [], subject: replySubject(replyTo.subject) }
        : { to: record?.email ? [record.email] : [], cc: [], subject: '' },
    [record, replyTo],
  );
  const form = useFieldForm(fields, initial);
  const [body, setBody] = useState('');
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [attachments, setAttachments] = useState<ChosenAttachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const sent = useRef(false);
  const kind = bulk?.kind ?? record?.kind ?? 'contact';

  const templates = useQuery({ queryKey: [...conversationKeys.templates(), session.orgName], queryFn: () => fetchTemplates(session.orgName) });
  const settings = useQuery({ queryKey: conversationKeys.mailSettings(), queryFn: () => fetchMailSettings(session.orgName) });
  const files = useQuery({
    queryKey: conversationKeys.recordFiles(filesOwner?.column ?? '', filesOwner?.id ?? ''),
    queryFn: () => fetchRecordFiles(filesOwner!.column, filesOwner!.id),
    enabled: Boolean(filesOwner) && !bulk,
  });

  // Uploads of a draft that was not sent are removed again when the composer closes.
  const uploaded = useRef<string[]>([]);
  useEffect(
    () => () => {
      if (!sent.current) for (const path of uploaded.current) void removeMessageFile(path).catch(() => undefined);
    },
    [],
  );

  const chooseTemplate = (id: string | null) => {
    setTemplateId(id);
    const template = templates.data?.find((item) => item.id === id);
    if (!template) return;
    form.setValue('subject', template.subject);
    setBody(template.body);
    setBodyError(null);
    setPreview(null);
  };

  const format = (formatting: Formatting) => {
    const area = bodyRef.current;
    const edit = applyFormatting(body, area?.selectionStart ?? body.length, area?.selectionEnd ?? body.length, formatting);
    setBody(edit.text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };
  const insertField = (name: string) => {
    const area = bodyRef.current;
    const at = area?.selectionStart ?? body.length;
    const token = `{{${name}}}`;
    setBody(`${body.slice(0, at)}${token}${body.slice(area?.selectionEnd ?? at)}`);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  const upload = async (file: File) => {
    dialog.setAlert(null);
    const problem = attachmentProblem([...attachments, { kind: 'upload', storage_path: '', file_name: file.name, content_type: file.type, size_bytes: file.size }]);
    if (problem) {
      dialog.setAlert(problem);
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadMessageFile(session.orgName, file);
      if (stored.kind === 'upload') uploaded.current.push(stored.storage_path);
      setAttachments((current) => [...current, stored]);
    } catch (error) {
      dialog.setAlert(`“${file.name}” was not attached: ${errorMessage(error, 'Upload failed')}`);
    } finally {
      setUploading(false);
    }
  };

  const toggleRecordFile = (file: { id: string; name: string; size_bytes: number }, chosen: boolean) =>
    setAttachments((current) =>
      chosen ? [...current, { kind: 'record-file', file_id: file.id, file_name: file.name, size_bytes: Number(file.size_bytes) || 0 }] : current.filter((item) => !(item.kind === 'record-file' && item.file_id === file.id)),
    );

  /** The values at the edge; field errors shown, null when something must be fixed. */
  const checked = () => {
    const values = form.stateRef.current.values;
    const parsed = composerSchema.safeParse({
      to: bulk ? ['bulk@example.org'] : values.to,
      cc: bulk ? [] : values.cc,
      subject: values.subject ?? '',
      body,
      template_id: templateId,
      reply_to: replyTo?.id ?? null,
    });
    if (parsed.success) {
      setBodyError(null);
      return parsed.data;
    }
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!errors[field]) errors[field] = issue.message;
    }
    setBodyError(errors.body ?? null);
    const { body: _body, template_id: _t, reply_to: _r, ...fieldErrors } = errors;
    form.fail(fieldErrors);
    if (Object.keys(fieldErrors).length === 0) dialog.setAlert(errors.body ?? null);
    return null;
  };

  const showPreview = async () => {
    const values = checked();
    if (!values) return;
    const id = bulk ? await bulk.previewId() : record?.id;
    if (!id) return;
    setPreviewing(true);
    dialog.setAlert(null);
    try {
      const rendered = await renderMessage(values.subject, values.body, kind, id);
      // The database's own rendering of the mail (signature included), sanitised before it is shown.
      setPreview({ subject: rendered.subject, html: rendered.html ? DOMPurify.sanitize(rendered.html) : previewHtml(rendered.body) });
    } catch (error) {
      dialog.setAlert(errorMessage(error, 'The preview could not be made'));
    } finally {
      setPreviewing(false);
    }
  };

  const send = async () => {
    const values = checked();
    if (!values) return;
    const problem = attachmentProblem(attachments);
    if (problem) {
      dialog.setAlert(problem);
      return;
    }
    const outcome = await dialog.submit(async (): Promise<BulkOutcome | string> => {
      if (bulk) {
        const ids = await bulk.ids();
        return sendToMany({ kind: bulk.kind, ids, filter: ids ? null : bulk.filter, orgNames: session.orgScope, subject: values.subject, body: values.body, templateId: values.template_id });
      }
      return sendMessage(sendMessagePayload(values, record ? [{ kind: record.kind, id: record.id }] : [], attachments));
    }, (error) => errorMessage(error, 'The message was not sent'));
    if (!outcome.ok) return;
    sent.current = true;
    void queryClient.invalidateQueries({ queryKey: queryKeys.schema('crm') });
    if (bulk && typeof outcome.value === 'object') {
      notify.success(bulkOutcomeText(outcome.value), { description: `${outcome.value.total} chosen` });
      bulk.onSent?.();
    } else notify.success('Message queued for sending');
  };

  const templateOptions = (templates.data ?? []).map((template) => ({ value: template.id, label: template.name }));
  const busy = dialog.busy;
  const title = bulk ? `Send e-mail to ${bulk.count} ${bulk.count === 1 ? 'record' : 'records'}` : replyTo ? 'Reply' : `Send e-mail to ${record?.name ?? ''}`.trim();
  return (
    <FormDialog
      title={title}
      busy={busy}
      alert={dialog.alert}
      onClose={() => void dialog.close()}
      onSave={() => void send()}
      saveLabel={bulk ? 'Send to all' : 'Send'}
      busyLabel="Sending…"
      saveDisabled={uploading}
      width="min(760px, calc(100vw - 16px))"
      secondary={
        <Button onClick={() => (preview ? setPreview(null) : void showPreview())} loading={previewing} disabled={busy}>
          {preview ? 'Edit' : 'Preview'}
        </Button>
      }
    >
      <Flex vertical gap={8}>
        {form.banner ? <Alert type="error" showIcon title={form.banner} /> : null}
        {bulk ? <Typography.Text>One message for each of the {bulk.count} chosen, their own fields filled, with an unsubscribe link. Addresses that unsubscribed or bounced are skipped.</Typography.Text> : null}
        <div hidden={Boolean(preview)}>
          <FieldsForm form={form} idPrefix="composer" disabled={busy}
            before={
              templateOptions.length > 0 ? (
                <Flex vertical gap={4} style={{ marginBottom: 16 }}>
                  <label htmlFor="composer-template">Template</label>
                  <Select id="composer-template" allowClear value={templateId} onChange={(value: string | undefined) => chooseTemplate(value ?? null)} options={templateOptions} placeholder={<Typography.Text type="secondary">No template</Typography.Text>} disabled={busy} />
                </Flex>
              ) : null
            }
          >
            <Flex vertical gap={4}>
              <Flex gap={4} wrap align="center" justify="space-between">
                <label htmlFor="composer-body">
                  Message <span aria-hidden="true" style={{ color: 'var(--ant-color-error, #d4380d)' }}>*</span>
                </label>
                <Flex gap={4} wrap role="toolbar" aria-label="Formatting">
                  {TOOLBAR.map((tool) => (
                    <Button key={tool.formatting} size="small" aria-label={tool.label} onClick={() => format(tool.formatting)} disabled={busy}>
                      {tool.text}
                    </Button>
                  ))}
                  <MergeFieldMenu kind={kind} onPick={insertField} disabled={busy} />
                </Flex>
              </Flex>
              <Input.TextArea
                id="composer-body"
                ref={(instance) => {
                  bodyRef.current = instance?.resizableTextArea?.textArea ?? null;
                }}
                value={body}
                aria-required="true"
                aria-invalid={bodyError ? 'true' : undefined}
                aria-describedby={bodyError ? 'composer-body-error' : undefined}
                status={bodyError ? 'error' : undefined}
                onChange={(event) => {
                  setBody(event.target.value);
                  setBodyError(null);
                }}
                autoSize={{ minRows: 6, maxRows: 16 }}
                disabled={busy}
              />
              {bodyError ? (
                <Typography.Text type="danger" id="composer-body-error">
                  {bodyError}
                </Typography.Text>
              ) : null}
            </Flex>
            {settings.data?.signature ? (
              <Flex vertical gap={2} style={{ marginTop: 8 }}>
                <Typography.Text type="secondary">Signature (added when sent)</Typography.Text>
                <div aria-label="Signature" style={{ whiteSpace: 'pre-wrap' }}>{settings.data.signature}</div>
              </Flex>
            ) : null}
            {!bulk ? (
              <fieldset style={{ border: 0, padding: 0, margin: '12px 0 0' }}>
                <legend>Attachments</legend>
                {(files.data ?? []).length > 0 ? (
                  <Flex vertical gap={2}>
                    {(files.data ?? []).map((file) => (
                      <label key={file.id}>
                        <input
                          type="checkbox"
                          checked={attachments.some((item) => item.kind === 'record-file' && item.file_id === file.id)}
                          onChange={(event) => toggleRecordFile(file, event.target.checked)}
                          disabled={busy}
                        />{' '}
                        {file.name}
                      </label>
                    ))}
                  </Flex>
                ) : null}
                {attachments
                  .filter((item) => item.kind === 'upload')
                  .map((item) => (
                    <Flex key={item.kind === 'upload' ? item.storage_path : ''} gap={8} align="center">
                      <span>{item.file_name}</span>
                      <Button size="small" aria-label={`Remove ${item.file_name}`} onClick={() => setAttachments((current) => current.filter((other) => other !== item))} disabled={busy}>
                        Remove
                      </Button>
                    </Flex>
                  ))}
                <Flex gap={8} align="center" wrap style={{ marginTop: 4 }}>
                  <label htmlFor="composer-upload">Upload a file (up to 10 MB)</label>
                  <input
                    id="composer-upload"
                    type="file"
                    disabled={busy || uploading}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      if (file) void upload(file);
                      event.target.value = '';
                    }}
                  />
                  {uploading ? <Typography.Text>Uploading…</Typography.Text> : null}
                </Flex>
              </fieldset>
            ) : null}
          </FieldsForm>
        </div>
        {preview ? (
          <section aria-label="Preview">
            <Typography.Text type="secondary">Preview{bulk ? ' for the first chosen' : record ? ` for ${record.name}` : ''}</Typography.Text>
            <Typography.Title level={5} style={{ marginTop: 4 }}>
              {preview.subject}
            </Typography.Title>
            {/* Sanitised by DOMPurify; the text itself was escaped when it became HTML. */}
            <div className="stw-message-html" dangerouslySetInnerHTML={{ __html: preview.html }} />
          </section>
        ) : null}
      </Flex>
    </FormDialog>
  );
}
