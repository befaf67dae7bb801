import { z } from 'zod/mini';
import { callRpc, getDatabase, loadSupabase, privateFileUrl, queryKeys, removePrivateFile, sanitizeOrgName, toDataAccessError, uploadPrivateFile } from '@steward/libs/data';
import { later } from '@steward/libs/messages';

const { t } = later;

/** The records a message can be on (docs: the conversations contract). */
export type MessageRecordKind = 'contact' | 'business' | 'household' | 'user' | 'staff' | 'reservation';

/** A record a message is written from: its kind and id, whom it is to, and how it is named. */
export type MessageRecord = { kind: MessageRecordKind; id: string; name: string; email: string | null };

export type MessageAttachment = { id: string; file_name: string; size_bytes: number | null; storage_path: string; content_type?: string | null; bucket_id?: string | null };

/** One message as a record's Conversations tab and the inbox read it. */
export type ConversationMessage = {
  id: string;
  thread_id: string;
  direction: 'out' | 'in';
  status: 'queued' | 'sent' | 'failed' | 'received';
  error: string | null;
  message_id: string | null;
  in_reply_to: string | null;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
  from_email: string | null;
  from_name: string | null;
  to_emails: string[] | null;
  cc_emails: string[] | null;
  sent_by_name?: string | null;
  created_at: string;
  sent_at: string | null;
  attachments?: MessageAttachment[] | null;
  /** A failed message the outbox will try again: when (crm.record_messages). */
  retry_at?: string | null;
};

export type MailTemplate = { id: string; name: string; subject: string; body: string; archive: boolean; last_modified_at: string };
export type MergeField = { name: string; label: string };
export type MailSettings = { signature: string | null; from_name: string | null };
export type BulkOutcome = { campaign_id: string; total: number; queued: number; skipped: number };

/** The private bucket of a message's attachments; object names start with the organisation's slug. */
export const MESSAGE_FILES_BUCKET = 'message-files';
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_MESSAGE_BYTES = 20 * 1024 * 1024;

/** The composer's messages that are checked before the database is asked, worded as crm.send_message words them. */
export const COMPOSER_MESSAGES = {
  get noRecipient(): string {
    return t('composer.noRecipient');
  },
  get subject(): string {
    return t('composer.subjectMissing');
  },
  get body(): string {
    return t('composer.bodyMissing');
  },
  notEmail: (value: string) => t('composer.notEmail', { value }),
  fileTooLarge: (name: string) => t('composer.fileTooLarge', { name }),
  get tooLargeTogether(): string {
    return t('composer.tooLargeTogether');
  },
};

// The same shape the database checks: one @, something on each side, a dot in the domain, no spaces
// or line breaks (nothing that could turn into a header).
const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;
export const isEmailAddress = (value: string) => EMAIL.test(value.trim());

const addressList = z.array(z.string().check(z.trim())).check(
  z.superRefine((values, context) => {
    for (const value of values) if (!isEmailAddress(value)) context.addIssue({ code: 'custom', message: COMPOSER_MESSAGES.notEmail(value), input: value });
  }),
);

/** An attachment chosen in the composer: a file of the record, or one uploaded into message-files. */
export type ChosenAttachment =
  | { kind: 'record-file'; file_id: string; file_name: string; size_bytes: number }
  | { kind: 'upload'; storage_path: string; file_name: string; content_type: string; size_bytes: number };

/**
 * The composer's values at the edge; the database checks them again and has the last word. Written with
 * zod/mini, as every schema the shell builds is: one module of full zod in the shell's build keeps all of
 * zod's core in the first view's code, which only the mini schemas' part of it needs.
 */
export const composerSchema = z
  .object({
    to: addressList,
    cc: addressList,
    subject: z.string().check(z.trim(), z.minLength(1, { error: () => COMPOSER_MESSAGES.subject })),
    body: z.string().check(z.refine((body) => body.trim().length > 0, { error: () => COMPOSER_MESSAGES.body })),
    template_id: z.nullable(z.string()),
    reply_to: z.nullable(z.string()),
  })
  .check(z.refine((values) => values.to.length > 0, { error: () => COMPOSER_MESSAGES.noRecipient, path: ['to'] }));

export type ComposerValues = z.output<typeof composerSchema>;

/** The first problem with the attachments (sizes), or null. */
export function attachmentProblem(attachments: readonly ChosenAttachment[]): string | null {
  const large = attachments.find((file) => file.size_bytes > MAX_FILE_BYTES);
  if (large) return COMPOSER_MESSAGES.fileTooLarge(large.file_name);
  const total = attachments.reduce((sum, file) => sum + file.size_bytes, 0);
  return total > MAX_MESSAGE_BYTES ? COMPOSER_MESSAGES.tooLargeTogether : null;
}

/** What crm.send_message takes for these values, on these records. */
export function sendMessagePayload(values: ComposerValues, links: readonly { kind: MessageRecordKind; id: string }[], attachments: readonly ChosenAttachment[]) {
  return {
    to: values.to,
    cc: values.cc,
    subject: values.subject,
    body: values.body,
    links: links.map((link) => ({ kind: link.kind, id: link.id })),
    attachments: attachments.map((file) =>
      file.kind === 'record-file'
        ? { file_id: file.file_id }
        : { storage_path: file.storage_path, file_name: file.file_name, content_type: file.content_type, size_bytes: file.size_bytes },
    ),
    reply_to: values.reply_to,
    template_id: values.template_id,
  };
}

/**
 * The React Query keys of conversations: under the crm and settings schemas, so their writes refresh
 * them; what belongs to one organisation carries its name, so another organisation's never shows.
 */
export const conversationKeys = {
  record: (kind: MessageRecordKind, id: string) => [...queryKeys.schema('crm'), 'messages', 'record', kind, id] as const,
  inbox: () => [...queryKeys.schema('crm'), 'messages', 'inbox'] as const,
  mergeFields: (kind: MessageRecordKind) => [...queryKeys.schema('crm'), 'merge_fields', kind] as const,
  templates: (orgName: string | null) => [...queryKeys.schema('settings'), 'mail_templates', orgName] as const,
  mailSettings: (orgName: string | null) => [...queryKeys.schema('settings'), 'mail_settings', orgName] as const,
  inboundAddress: (orgName: string | null) => [...queryKeys.schema('settings'), 'inbound_address', orgName] as const,
  suppressions: (orgName: string | null) => [...queryKeys.schema('crm'), 'mail_suppressions', orgName] as const,
  recordFiles: (column: string, id: string) => [...queryKeys.schema('crm'), 'crm_files', 'message-choice', column, id] as const,
};

/** How many messages the Conversations tab reads at a time (crm.record_messages' p_limit). */
export const MESSAGES_PAGE = 50;

/** Where the next page of a record's messages starts: after the last one read (created_at, id), newest first. */
export type OlderThan = { created_at: string; id: string };

/** A page of a record's messages, newest first; `olderThan` the last message already read. */
export const fetchRecordMessages = (kind: MessageRecordKind, id: string, olderThan: OlderThan | null = null) =>
  callRpc<ConversationMessage[]>('crm', 'record_messages', {
    p_kind: kind,
    p_id: id,
    p_limit: MESSAGES_PAGE,
    ...(olderThan ? { p_before: olderThan.created_at, p_before_id: olderThan.id } : {}),
  }).then((rows) => rows ?? []);

/** The page after this one, or none when it was not full (the record has no older messages). */
export const olderPage = (page: readonly ConversationMessage[]): OlderThan | null => {
  const last = page.at(-1);
  return page.length >= MESSAGES_PAGE && last ? { created_at: last.created_at, id: last.id } : null;
};

export async function fetchInbox(): Promise<ConversationMessage[]> {
  const { data, error } = await getDatabase().schema('crm').from('inbox_messages').select('*').order('created_at', { ascending: false }).limit(200);
  if (error) throw toDataAccessError(error);
  // Everything in the inbox was received.
  return ((data ?? []) as ConversationMessage[]).map((message) => ({ ...message, direction: 'in' as const, error: null }));
}

/** A message as it will go to one person: merge fields filled, the signature, the whole mail's HTML, their address. */
export type RenderedMessage = { subject: string; body: string; signature: string | null; html: string; to: string | null };
export const renderMessage = (subject: string, body: string, kind: MessageRecordKind, id: string) =>
  callRpc<RenderedMessage>('crm', 'render_message', { p_subject: subject, p_body: body, p_kind: kind, p_id: id });
export const fetchMergeFields = (kind: MessageRecordKind) => callRpc<MergeField[]>('crm', 'merge_fields', { p_kind: kind }).then((rows) => rows ?? []);
export const sendMessage = (payload: ReturnType<typeof sendMessagePayload>) => callRpc<string>('crm', 'send_message', { p_message: payload });
/** Mail to many: the chosen ids, or every live record of the organisations in scope matching the list's filter. */
export const sendToMany = (args: { kind: MessageRecordKind; ids: readonly string[] | null; filter: unknown; orgNames: readonly string[]; subject: string; body: string; templateId: string | null }) =>
  callRpc<BulkOutcome>('crm', 'send_to_many', {
    p_kind: args.kind,
    p_ids: args.ids,
    p_filter: args.ids ? null : { filter: args.filter, org_names: args.orgNames, exclude_archived: true }, p_subject: args.subject, p_body: args.body, p_template_id: args.templateId });
export const attachMessage = (messageId: string, kind: MessageRecordKind, id: string) => callRpc<null>('crm', 'attach_message', { p_message: messageId, p_kind: kind, p_id: id });
export const createContactFromMessage = (messageId: string) => callRpc<string>('crm', 'create_contact_from_message', { p_message: messageId });

/** An organisation's templates, archived ones too (the composer offers the others), by name. */
export async function fetchTemplates(orgName: string | null): Promise<MailTemplate[]> {
  const { data, error } = await getDatabase().schema('settings').from('mail_templates').select('id, name, subject, body, archive, last_modified_at').eq('org_name', orgName ?? '').order('name');
  if (error) throw toDataAccessError(error);
  return (data ?? []) as MailTemplate[];
}

/** An organisation's sender name and signature (no row yet: neither). */
export async function fetchMailSettings(orgName: string | null): Promise<MailSettings> {
  const { data, error } = await getDatabase().schema('settings').from('mail_settings').select('signature, from_name').eq('org_name', orgName ?? '').maybeSingle();
  if (error) throw toDataAccessError(error);
  const values = (data ?? {}) as { signature?: string | null; from_name?: string | null };
  return { signature: values.signature ?? null, from_name: values.from_name ?? null };
}

/** The address an organisation receives mail at (settings.inbound_address), or null when it cannot be told. */
export async function fetchInboundAddress(orgName: string | null): Promise<string | null> {
  const { data, error } = await getDatabase().schema('settings').rpc('inbound_address', { p_org_name: orgName });
  return error ? null : ((data as string | null) ?? null);
}

/** A record's files that can go with a message (the CRM's Files tab's). */
export async function fetchRecordFiles(column: string, id: string): Promise<{ id: string; name: string; size_bytes: number }[]> {
  const { data, error } = await getDatabase().schema('crm').from('crm_files').select('id, name, size_bytes').eq(column, id).eq('archive', false).order('created_at', { ascending: false });
  if (error) throw toDataAccessError(error);
  return (data ?? []) as { id: string; name: string; size_bytes: number }[];
}

/** Where an uploaded attachment goes: '{org slug}/{uuid}' (its name travels with the message), never overwriting. */
export const messageFilePath = (orgName: string | null, id: string = crypto.randomUUID()) => `${sanitizeOrgName(orgName)}/${id}`;

export async function uploadMessageFile(orgName: string | null, file: File): Promise<ChosenAttachment> {
  const path = messageFilePath(orgName);
  await uploadPrivateFile(await loadSupabase(), MESSAGE_FILES_BUCKET, path, { type: file.type, body: file });
  return { kind: 'upload', storage_path: path, file_name: file.name, content_type: file.type || 'application/octet-stream', size_bytes: file.size };
}

export async function removeMessageFile(path: string): Promise<void> {
  await removePrivateFile(await loadSupabase(), MESSAGE_FILES_BUCKET, path);
}

/** A signed URL, good for a minute, that downloads an attachment under its own name (a record's file stays in its own bucket). */
export async function attachmentUrl(path: string, name: string, bucket: string = MESSAGE_FILES_BUCKET): Promise<string> {
  return privateFileUrl(await loadSupabase(), bucket, path, name);
}
