import { z } from 'zod';
import { DataAccessError, deleteWhere, getDatabase, insertRecord, tableRef, updateWhere, upsertRecord, type AnyRow } from '@steward/libs/data';

export const MAIL_MESSAGES = {
  saved: 'E-mail settings saved',
  templateSaved: 'Template saved',
  templateArchived: (name: string) => `Archived ${name}`,
  templateRestored: (name: string) => `Restored ${name}`,
  removed: (email: string) => `${email} may receive mail again`,
  copied: 'Copied the inbound address',
  saveFailed: 'Save failed',
} as const;

/** What a template must have, worded as the composer (and crm.send_message) word it. */
export const TEMPLATE_REQUIRED = { name: 'Name is required', subject: 'Give the message a subject', body: 'Write the message' } as const;

/** A template at the edge: a name, a subject and a text; the database checks the merge fields. */
export const templateSchema = z.object({
  name: z.string().trim().min(1, TEMPLATE_REQUIRED.name),
  subject: z.string().trim().min(1, TEMPLATE_REQUIRED.subject),
  body: z.string().refine((value) => value.trim().length > 0, TEMPLATE_REQUIRED.body),
});
export type TemplateValues = z.output<typeof templateSchema>;

export const mailSettingsSchema = z.object({
  from_name: z.string().trim().max(200, 'At most 200 characters').transform((value) => value || null),
  signature: z.string().max(4000, 'At most 4000 characters').transform((value) => (value.trim() ? value : null)),
});

export type Suppression = { org_name: string; email: string; reason: 'unsubscribed' | 'bounced'; created_at: string };

const TEMPLATES = tableRef<AnyRow>('settings', 'mail_templates');
const MAIL_SETTINGS = tableRef<AnyRow>('settings', 'mail_settings');
const SUPPRESSIONS = tableRef<Suppression>('crm', 'mail_suppressions');

export async function saveTemplate(orgName: string | null, id: string | null, values: TemplateValues): Promise<void> {
  if (id) await updateWhere(getDatabase(), TEMPLATES, { id }, values);
  else await insertRecord(getDatabase(), TEMPLATES, { ...values, org_name: orgName });
}

export async function setTemplateArchived(id: string, archive: boolean): Promise<void> {
  await updateWhere(getDatabase(), TEMPLATES, { id }, { archive });
}

export async function saveMailSettings(orgName: string | null, values: z.output<typeof mailSettingsSchema>): Promise<void> {
  await upsertRecord(getDatabase(), MAIL_SETTINGS, { org_name: orgName, ...values }, 'org_name');
}

export async function fetchSuppressions(orgName: string | null): Promise<Suppression[]> {
  const { data, error } = await getDatabase().schema('crm').from('mail_suppressions').select('org_name, email, reason, created_at').eq('org_name', orgName ?? '').order('created_at', { ascending: false });
  if (error) throw new DataAccessError('request', error.message, error.code ?? null);
  return (data ?? []) as Suppression[];
}

export async function removeSuppression(orgName: string, email: string): Promise<void> {
  await deleteWhere(getDatabase(), SUPPRESSIONS, { org_name: orgName, email });
}
