import { z } from 'zod';
import { deleteRecord, getDatabase, insertRecord, tableRef, updateWhere, type AnyRow } from '@steward/libs/data';
import { t, type SettingsMessageId } from '../i18n';

/** The toasts and errors of the Integrations screen (their words, quoted exactly in English, are in messages/*.json). */
export const INTEGRATION_MESSAGES = {
  updated: 'integrations.updated',
  created: 'integrations.created',
  deleted: 'integrations.deleted',
  activated: 'integrations.activated',
  deactivated: 'integrations.deactivated',
  saveFailed: 'integrations.saveFailed',
  fetchFailed: 'integrations.fetchFailed',
  deleteFailed: 'integrations.deleteFailed',
  statusFailed: 'integrations.statusFailed',
  notAuthenticated: 'integrations.notAuthenticated',
  confirmDelete: 'integrations.confirmDelete',
} as const satisfies Record<string, SettingsMessageId>;

export const INTEGRATION_TYPES = [
  { value: 'stripe', label: 'integrations.type.stripe' },
  { value: 'square', label: 'integrations.type.square' },
  { value: 'etsy', label: 'integrations.type.etsy' },
  { value: 'woocommerce', label: 'integrations.type.woocommerce' },
  { value: 'webhook', label: 'integrations.type.webhook' },
  { value: 'custom', label: 'integrations.type.custom' },
  { value: 'smtp', label: 'integrations.type.smtp' },
] as const satisfies readonly { value: string; label: SettingsMessageId }[];

export type IntegrationType = (typeof INTEGRATION_TYPES)[number]['value'];

/**
 * What the API returns for an integration. The secrets themselves are write-only (the database moves
 * them out of reach on write), so only whether each is set and its last four characters come back.
 */
export type Integration = {
  id: string;
  name: string;
  type: IntegrationType;
  base_url: string | null;
  webhook_url: string | null;
  is_active: boolean;
  created_at: string;
  /** Who added it: a role with Personal settings access changes only its own. */
  created_by?: string | null;
  updated_at: string;
  api_key_set: boolean;
  api_key_last4: string | null;
  api_secret_set: boolean;
  api_secret_last4: string | null;
  webhook_secret_set: boolean;
  webhook_secret_last4: string | null;
  /** Settings of the type (an SMTP account: user, from_email, from_name). */
  settings?: Record<string, unknown> | null;
};

export const INTEGRATION_COLUMNS =
  'id, name, type, base_url, webhook_url, is_active, created_at, created_by, updated_at, api_key_set, api_key_last4, api_secret_set, api_secret_last4, webhook_secret_set, webhook_secret_last4, settings';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : null));

export const SMTP_MESSAGES = {
  host: 'integrations.smtp.hostInvalid',
  port: 'integrations.smtp.portInvalid',
  fromEmail: 'integrations.smtp.fromInvalid',
} as const satisfies Record<string, SettingsMessageId>;

/** An SMTP account's connection: how it is secured. `smtps`: TLS from the start (port 465); `smtp`: STARTTLS when offered. */
export const SMTP_SECURITY = [
  { value: 'smtp', label: 'integrations.smtp.starttls' },
  { value: 'smtps', label: 'integrations.smtp.tls' },
] as const satisfies readonly { value: string; label: SettingsMessageId }[];

/**
 * The dialog's values at the edge: name required, type from the list, empty texts stored as null. An
 * SMTP account needs a host, a port and a from-address (its password is the write-only API secret).
 */
export const integrationFormSchema = z
  .object({
    name: z.string({ error: () => t('integrations.nameRequired') }).trim().min(1, { error: () => t('integrations.nameRequired') }),
    type: z.enum(INTEGRATION_TYPES.map((type) => type.value) as [IntegrationType, ...IntegrationType[]]),
    base_url: optionalText,
    webhook_url: optionalText,
    api_key: optionalText,
    api_secret: optionalText,
    webhook_secret: optionalText,
    smtp_host: optionalText,
    smtp_port: optionalText,
    smtp_security: optionalText,
    smtp_user: optionalText,
    from_email: optionalText,
    from_name: optionalText,
  })
  .superRefine((values, context) => {
    if (values.type !== 'smtp') return;
    if (!values.smtp_host || !/^[A-Za-z0-9.-]+$/.test(values.smtp_host)) context.addIssue({ code: 'custom', path: ['smtp_host'], message: t(SMTP_MESSAGES.host) });
    const port = Number(values.smtp_port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) context.addIssue({ code: 'custom', path: ['smtp_port'], message: t(SMTP_MESSAGES.port) });
    if (!values.from_email || !/^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(values.from_email)) context.addIssue({ code: 'custom', path: ['from_email'], message: t(SMTP_MESSAGES.fromEmail) });
  });

export type IntegrationFormInput = z.input<typeof integrationFormSchema>;
export type IntegrationFormValues = z.output<typeof integrationFormSchema>;

const SECRET_FIELDS = ['api_key', 'api_secret', 'webhook_secret'] as const;

/**
 * The row to write. A secret left empty is not sent at all, so editing keeps the stored secret
 * unless a new one is typed (the database keeps it too when the column is absent or null).
 */
export function integrationWrite(values: IntegrationFormValues): Record<string, unknown> {
  if (values.type === 'smtp') {
    const row: Record<string, unknown> = {
      name: values.name,
      type: values.type,
      base_url: `${values.smtp_security === 'smtps' ? 'smtps' : 'smtp'}://${values.smtp_host}:${values.smtp_port}`,
      webhook_url: null,
      settings: { user: values.smtp_user, from_email: values.from_email, from_name: values.from_name },
    };
    if (values.api_secret) row.api_secret = values.api_secret;
    return row;
  }
  const row: Record<string, unknown> = { name: values.name, type: values.type, base_url: values.base_url, webhook_url: values.webhook_url };
  for (const field of SECRET_FIELDS) {
    const secret = values[field];
    if (secret) row[field] = secret;
  }
  return row;
}

/** An SMTP account's form values from its stored row (base_url `smtp://host:port`, settings). */
export function smtpFormValues(integration: Pick<Integration, 'base_url' | 'settings'>): Record<string, string> {
  const match = /^(smtps?):\/\/([^:/]+):(\d+)/.exec(integration.base_url ?? '');
  const settings = (integration.settings ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    smtp_security: match?.[1] ?? 'smtp',
    smtp_host: match?.[2] ?? '',
    smtp_port: match?.[3] ?? '587',
    smtp_user: text(settings.user),
    from_email: text(settings.from_email),
    from_name: text(settings.from_name),
  };
}

/** A random webhook URL on the current origin (what the dialog's Generate button fills in). */
export function generateWebhookUrl(origin: string, random: () => string = () => crypto.randomUUID()): string {
  return `${origin.replace(/\/$/, '')}/api/webhooks/${random().replace(/-/g, '')}`;
}

/** How a write-only secret is shown: whether it is set, and its last four characters when known. */
export function secretHint(set: boolean, last4: string | null): string {
  if (!set) return t('integrations.secret.notSet');
  return last4 ? t('integrations.secret.setEndsIn', { last4 }) : t('integrations.secret.set');
}

/** Written through the data write path (@steward/libs/data); read with the columns the screen shows. */
const INTEGRATIONS = tableRef<AnyRow>('settings', 'integrations');

function settingsTable() {
  return getDatabase().schema('settings').from('integrations');
}

function requireUser(userId: string | null): void {
  if (!userId) throw new Error(t(INTEGRATION_MESSAGES.notAuthenticated));
}

export async function fetchIntegrations(userId: string | null, orgName: string | null): Promise<Integration[]> {
  requireUser(userId);
  const { data, error } = await settingsTable()
    .select(INTEGRATION_COLUMNS)
    .eq('org_name', orgName ?? '')
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  return (data ?? []) as unknown as Integration[];
}

export async function saveIntegration(
  userId: string | null,
  orgName: string | null,
  values: IntegrationFormValues,
  id: string | null,
): Promise<'created' | 'updated'> {
  requireUser(userId);
  const row = integrationWrite(values);
  if (id) {
    await updateWhere(getDatabase(), INTEGRATIONS, { id }, row);
    return 'updated';
  }
  await insertRecord(getDatabase(), INTEGRATIONS, { ...row, org_name: orgName });
  return 'created';
}

export async function deleteIntegration(userId: string | null, id: string): Promise<void> {
  requireUser(userId);
  await deleteRecord(getDatabase(), INTEGRATIONS, id);
}

export async function setIntegrationActive(userId: string | null, id: string, isActive: boolean): Promise<void> {
  requireUser(userId);
  await updateWhere(getDatabase(), INTEGRATIONS, { id }, { is_active: isActive });
}
