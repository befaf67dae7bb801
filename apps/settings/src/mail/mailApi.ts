import { z } from 'zod';
import { deleteRecord, getDatabase, toDataAccessError, insertRecord, tableRef, updateRecord, upsertRecord, type AnyRow } from '@steward/libs/data';
import type { MailTemplate } from '@steward/libs/conversations';
import { t, type SettingsMessageId } from '../i18n';

/** The screen's toasts, in the page's language. */
export const MAIL_MESSAGES = {
  saved: () => t('email.saved'),
  templateSaved: () => t('email.templateSaved'),
  templateArchived: (name: string) => t('email.templateArchived', { name }),
  templateRestored: (name: string) => t('email.templateRestored', { name }),
  removed: (email: string) => t('email.removed', { email }),
  copied: () => t('email.copied'),
  saveFailed: () => t('email.saveFailed'),
} as const;

/** What a template must have, worded as the composer (and crm.send_message) word it. */
export const TEMPLATE_REQUIRED = { name: 'email.template.nameRequired', subject: 'email.template.subjectRequired', body: 'email.template.bodyRequired' } as const satisfies Record<string, SettingsMessageId>;

/** A template at the edge: a name, a subject and a text; the database checks the merge fields. */
export const templateSchema = z.object({
  name: z.string().trim().min(1, { error: () => t(TEMPLATE_REQUIRED.name) }),
  subject: z.string().trim().min(1, { error: () => t(TEMPLATE_REQUIRED.subject) }),
  body: z.string().refine((value) => value.trim().length > 0, { error: () => t(TEMPLATE_REQUIRED.body) }),
});
export type TemplateValues = z.output<typeof templateSchema>;

export const mailSettingsSchema = z.object({
  from_name: z.string().trim().max(200, { error: () => t('email.atMost', { count: 200 }) }).transform((value) => value || null),
  signature: z.string().max(4000, { error: () => t('email.atMost', { count: 4000 }) }).transform((value) => (value.trim() ? value : null)),
});

export type Suppression = { id: string; org_name: string; email: string; reason: 'unsubscribed' | 'bounced'; created_at: string };

const TEMPLATES = tableRef<AnyRow>('settings', 'mail_templates');
const MAIL_SETTINGS = tableRef<AnyRow>('settings', 'mail_settings');
const SUPPRESSIONS = tableRef<Suppression>('crm', 'mail_suppressions');

/**
 * A new template, or a change of the one as it was loaded: a template someone changed in the meantime
 * is refused rather than overwritten, and one that is gone or not this person's to change says so.
 */
export async function saveTemplate(orgName: string | null, loaded: MailTemplate | null, values: TemplateValues): Promise<void> {
  if (loaded) await updateRecord(getDatabase(), TEMPLATES, { id: loaded.id, original: loaded, values });
  else await insertRecord(getDatabase(), TEMPLATES, { ...values, org_name: orgName });
}

export async function setTemplateArchived(loaded: MailTemplate, archive: boolean): Promise<void> {
  await updateRecord(getDatabase(), TEMPLATES, { id: loaded.id, original: loaded, values: { archive } });
}

export async function saveMailSettings(orgName: string | null, values: z.output<typeof mailSettingsSchema>): Promise<void> {
  await upsertRecord(getDatabase(), MAIL_SETTINGS, { org_name: orgName, ...values }, 'org_name');
}

export async function fetchSuppressions(orgName: string | null): Promise<Suppression[]> {
  const { data, error } = await getDatabase().schema('crm').from('mail_suppressions').select('id, org_name, email, reason, created_at').eq('org_name', orgName ?? '').order('created_at', { ascending: false });
  if (error) throw toDataAccessError(error);
  return (data ?? []) as Suppression[];
}

/** Takes an address off the list; an address already gone, or not this person's to remove, is refused. */
export async function removeSuppression(id: string): Promise<void> {
  await deleteRecord(getDatabase(), SUPPRESSIONS, id);
}
