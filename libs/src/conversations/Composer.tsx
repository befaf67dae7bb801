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
import { applyFormatting, type Formatting } from './markdown';
import { MergeFieldMenu } from './MergeFieldMenu';
import { bulkOutcomeText, replySubject } from './conversationWords';
import { later, type LibsLaterMessageId } from '@steward/libs/messages';

const { localized, useT } = later;

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

/** A required rule whose message is read in the page's language when the form is checked. */
const requiredWith = (message: LibsLaterMessageId) => localized({ message: '' }, { message });

/** The composer's fields, their words in the page's language when drawn. */
const SUBJECT_FIELD = localized<FieldDef>({ name: 'subject', label: '', required: requiredWith('composer.subjectMissing') }, { label: 'composer.subject' });
const FIELDS_SINGLE: readonly FieldDef[] = [
  localized<FieldDef>({ name: 'to', label: '', type: 'tags', required: requiredWith('composer.noRecipient'), help: '' }, { label: 'conversations.to', help: 'composer.toHelp' }),
  localized<FieldDef>({ name: 'cc', label: '', type: 'tags' }, { label: 'conversations.cc' }),
  SUBJECT_FIELD,
];
const FIELDS_BULK: readonly FieldDef[] = [SUBJECT_FIELD];

const SETTINGS_STALE_MS = 5 * 60_000;

const TOOLBAR: { formatting: Formatting; label: LibsLaterMessageId; text: LibsLaterMessageId }[] = [
  { formatting: 'bold', label: 'composer.bold', text: 'composer.boldText' },
  { formatting: 'italic', label: 'composer.italic', text: 'composer.italicText' },
  { formatting: 'list', label: 'composer.list', text: 'composer.listText' },
  { formatting: 'link', label: 'composer.link', text: 'composer.linkText' },
];

/**
 * The composer: to (the record's address, more addable), cc, a template, subject, a body written with
 * simple formatting (Markdown from a small toolbar), attachments from the record's files or uploaded,
 * the organisation's signature, and a preview for the chosen person (crm.render_message). In bulk mode
 * it writes one message per chosen row (crm.send_to_many) and says how many were queued and skipped.
 * Checked with zod first; a refusal of the database is shown as it words it, and the draft stays.
 */
export function Composer({ dialog, record = null, filesOwner = null, replyTo = null, bulk = null }: ComposerProps) {
  const t = useT();
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
  // The record's address may arrive after the composer opened (a stay's guest is read on its own):
  // a fresher start keeps what the person has written meanwhile.
  const { load } = form;
  const initialKey = JSON.stringify(initial);
  const loadedKey = useRef(initialKey);
  useEffect(() => {
    if (loadedKey.current === initialKey) return;
    loadedKey.current = initialKey;
    load(initial, { keepEdits: true });
  }, [initialKey, initial, load]);
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

  // The organisation's templates and signature, shared with Settings → E-mail (whose saves refresh them):
  // read once for a while, not at every opening.
  const templates = useQuery({ queryKey: conversationKeys.templates(session.orgName), queryFn: () => fetchTemplates(session.orgName), staleTime: SETTINGS_STALE_MS });
  const settings = useQuery({ queryKey: conversationKeys.mailSettings(session.orgName), queryFn: () => fetchMailSettings(session.orgName), staleTime: SETTINGS_STALE_MS });
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
      dialog.setAlert(t('composer.notAttached', { name: file.name, reason: errorMessage(error, t('form.uploadFailed')) }));
    } finally {
      setUploading(false);
    }
  };

  // An upload taken off the draft is removed from storage at once: sending the rest would otherwise keep it.
  const discardUpload = (item: ChosenAttachment) => {
    setAttachments((current) => current.filter((other) => other !== item));
    if (item.kind !== 'upload') return;
    uploaded.current = uploaded.current.filter((path) => path !== item.storage_path);
    void removeMessageFile(item.storage_path).catch(() => undefined);
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
      setPreview({ subject: rendered.subject, html: DOMPurify.sanitize(rendered.html) });
    } catch (error) {
      dialog.setAlert(errorMessage(error, t('composer.previewFailed')));
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
    }, (error) => errorMessage(error, t('composer.notSent')));
    if (!outcome.ok) return;
    sent.current = true;
    void queryClient.invalidateQueries({ queryKey: queryKeys.schema('crm') });
    if (bulk && typeof outcome.value === 'object') {
      notify.success(bulkOutcomeText(outcome.value), { description: t('composer.chosen', { total: String(outcome.value.total) }) });
      bulk.onSent?.();
    } else notify.success(t('composer.queued'));
  };

  const templateOptions = (templates.data ?? []).filter((template) => !template.archive).map((template) => ({ value: template.id, label: template.name }));
  const busy = dialog.busy;
  const title = bulk ? t('composer.titleBulk', { count: bulk.count, n: String(bulk.count) }) : replyTo ? t('conversations.reply') : t('composer.titleTo', { name: record?.name ?? '' }).trim();
  return (
    <FormDialog
      title={title}
      busy={busy}
      alert={dialog.alert}
      onClose={() => void dialog.close()}
      onSave={() => void send()}
      saveLabel={bulk ? t('composer.sendToAll') : t('composer.send')}
      busyLabel={t('composer.sending')}
      saveDisabled={uploading}
      width="min(760px, calc(100vw - 16px))"
      secondary={
        <Button onClick={() => (preview ? setPreview(null) : void showPreview())} loading={previewing} disabled={busy}>
          {preview ? t('columns.edit') : t('composer.preview')}
        </Button>
      }
    >
      <Flex vertical gap={8}>
        {form.banner ? <Alert type="error" showIcon title={form.banner} /> : null}
        {bulk ? <Typography.Text>{t('composer.bulkExplain', { count: String(bulk.count) })}</Typography.Text> : null}
        <div hidden={Boolean(preview)}>
          <FieldsForm form={form} idPrefix="composer" disabled={busy}
            before={
              templateOptions.length > 0 ? (
                <Flex vertical gap={4} style={{ marginBottom: 16 }}>
                  <label htmlFor="composer-template">{t('composer.template')}</label>
                  <Select id="composer-template" allowClear value={templateId} onChange={(value: string | undefined) => chooseTemplate(value ?? null)} options={templateOptions} placeholder={<Typography.Text type="secondary">{t('composer.noTemplate')}</Typography.Text>} disabled={busy} />
                </Flex>
              ) : null
            }
          >
            <Flex vertical gap={4}>
              <Flex gap={4} wrap align="center" justify="space-between">
                <label htmlFor="composer-body">
                  {/* Marked required where the form's other labels are: before the words, as antd marks them. */}
                  <span aria-hidden="true" style={{ color: 'var(--ant-color-error, #d4380d)', marginInlineEnd: 4 }}>*</span>
                  {t('composer.message')}
                </label>
                <Flex gap={4} wrap role="toolbar" aria-label={t('composer.formatting')}>
                  {TOOLBAR.map((tool) => (
                    <Button key={tool.formatting} size="small" aria-label={t(tool.label)} onClick={() => format(tool.formatting)} disabled={busy}>
                      {t(tool.text)}
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
                <Typography.Text type="secondary">{t('composer.signatureNote')}</Typography.Text>
                <div aria-label={t('composer.signature')} style={{ whiteSpace: 'pre-wrap' }}>{settings.data.signature}</div>
              </Flex>
            ) : null}
            {!bulk ? (
              <fieldset style={{ border: 0, padding: 0, margin: '12px 0 0' }}>
                <legend>{t('composer.attachments')}</legend>
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
                      <Button size="small" aria-label={t('composer.removeNamed', { name: item.file_name })} onClick={() => discardUpload(item)} disabled={busy}>
                        {t('composer.remove')}
                      </Button>
                    </Flex>
                  ))}
                <Flex gap={8} align="center" wrap style={{ marginTop: 4 }}>
                  <label htmlFor="composer-upload">{t('composer.uploadFile')}</label>
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
                  {uploading ? <Typography.Text>{t('composer.uploading')}</Typography.Text> : null}
                </Flex>
              </fieldset>
            ) : null}
          </FieldsForm>
        </div>
        {preview ? (
          <section aria-label={t('composer.preview')}>
            <Typography.Text type="secondary">{bulk ? t('composer.previewFirst') : record ? t('composer.previewFor', { name: record.name }) : t('composer.preview')}</Typography.Text>
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
