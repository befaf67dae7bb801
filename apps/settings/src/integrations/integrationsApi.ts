import { z } from 'zod';
import { deleteRecord, getDatabase, insertRecord, tableRef, updateWhere, type AnyRow } from '@steward/libs/data';

/** The toasts and errors of the Integrations screen, quoted exactly as the product words them. */
export const INTEGRATION_MESSAGES = {
  updated: 'Integration updated successfully',
  created: 'Integration created successfully',
  deleted: 'Integration deleted successfully',
  activated: 'Integration activated',
  deactivated: 'Integration deactivated',
  saveFailed: 'Failed to save integration',
  fetchFailed: 'Failed to fetch integrations',
  deleteFailed: 'Failed to delete integration',
  statusFailed: 'Failed to update integration status',
  notAuthenticated: 'Not authenticated',
  confirmDelete: 'Are you sure you want to delete this integration?',
} as const;

export const INTEGRATION_TYPES = [
  { value: 'stripe', label: 'Stripe' },
  { value: 'square', label: 'Square' },
  { value: 'etsy', label: 'Etsy' },
  { value: 'woocommerce', label: 'WooCommerce' },
  { value: 'webhook', label: 'Generic Webhook' },
  { value: 'custom', label: 'Custom API' },
] as const;

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
};

export const INTEGRATION_COLUMNS =
  'id, name, type, base_url, webhook_url, is_active, created_at, created_by, updated_at, api_key_set, api_key_last4, api_secret_set, api_secret_last4, webhook_secret_set, webhook_secret_last4';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : null));

/** The dialog's values at the edge: name required, type from the list, empty texts stored as null. */
export const integrationFormSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required'),
  type: z.enum(INTEGRATION_TYPES.map((type) => type.value) as [IntegrationType, ...IntegrationType[]]),
  base_url: optionalText,
  webhook_url: optionalText,
  api_key: optionalText,
  api_secret: optionalText,
  webhook_secret: optionalText,
});

export type IntegrationFormInput = z.input<typeof integrationFormSchema>;
export type IntegrationFormValues = z.output<typeof integrationFormSchema>;

const SECRET_FIELDS = ['api_key', 'api_secret', 'webhook_secret'] as const;

/**
 * The row to write. A secret left empty is not sent at all, so editing keeps the stored secret
 * unless a new one is typed (the database keeps it too when the column is absent or null).
 */
export function integrationWrite(values: IntegrationFormValues): Record<string, string | null> {
  const row: Record<string, string | null> = { name: values.name, type: values.type, base_url: values.base_url, webhook_url: values.webhook_url };
  for (const field of SECRET_FIELDS) {
    const secret = values[field];
    if (secret) row[field] = secret;
  }
  return row;
}

/** A random webhook URL on the current origin (what the dialog's Generate button fills in). */
export function generateWebhookUrl(origin: string, random: () => string = () => crypto.randomUUID()): string {
  return `${origin.replace(/\/$/, '')}/api/webhooks/${random().replace(/-/g, '')}`;
}

/** How a write-only secret is shown: whether it is set, and its last four characters when known. */
export function secretHint(set: boolean, last4: string | null): string {
  if (!set) return 'Not set';
  return last4 ? `Set (ends in ${last4})` : 'Set';
}

/** Written through the data write path (@steward/libs/data); read with the columns the screen shows. */
const INTEGRATIONS = tableRef<AnyRow>('settings', 'integrations');

function settingsTable() {
  return getDatabase().schema('settings').from('integrations');
}

function requireUser(userId: string | null): void {
  if (!userId) throw new Error(INTEGRATION_MESSAGES.notAuthenticated);
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
