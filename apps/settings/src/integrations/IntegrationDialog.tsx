import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@steward/libs/ui/antd';
import { Modal } from '@steward/libs/ui/antd-data';
import { FieldsForm, useFieldForm, type FieldDef } from '@steward/libs/form';
import {
  INTEGRATION_TYPES,
  SMTP_MESSAGES,
  SMTP_SECURITY,
  generateWebhookUrl,
  smtpFormValues,
  integrationFormSchema,
  secretHint,
  type Integration,
  type IntegrationFormValues,
} from './integrationsApi';
import { useT, type SettingsMessageId, type SettingsT } from '../i18n';

type IntegrationDialogProps = {
  open: boolean;
  /** The integration being edited, or null to add one. */
  editing: Integration | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (values: IntegrationFormValues) => void;
};

const SECRETS = [
  { name: 'api_key', label: 'integrations.field.apiKey', set: 'api_key_set', last4: 'api_key_last4' },
  { name: 'api_secret', label: 'integrations.field.apiSecret', set: 'api_secret_set', last4: 'api_secret_last4' },
  { name: 'webhook_secret', label: 'integrations.field.webhookSecret', set: 'webhook_secret_set', last4: 'webhook_secret_last4' },
] as const satisfies readonly { name: string; label: SettingsMessageId; set: string; last4: string }[];

const secretField = (t: SettingsT, secret: (typeof SECRETS)[number], editing: Integration | null, label: SettingsMessageId = secret.label): FieldDef => ({
  name: secret.name,
  label: t(label),
  type: 'secret',
  ...(editing ? { help: t('integrations.secret.keepHint', { hint: secretHint(editing[secret.set], editing[secret.last4]) }) } : {}),
  ...(editing?.[secret.set] ? { placeholder: '••••••••' } : {}),
});

/**
 * The dialog's fields; a secret says whether one is stored (and its last four characters) when editing.
 * An SMTP mail account has its own: host, port, security, user, the password (write-only, kept as the
 * API secret) and the from-address and name.
 */
function integrationFields(t: SettingsT, editing: Integration | null, type: string): FieldDef[] {
  const common: FieldDef[] = [
    { name: 'name', label: t('integrations.field.name'), required: { message: t('integrations.nameRequired') } },
    { name: 'type', label: t('integrations.field.type'), type: 'select', required: true, options: INTEGRATION_TYPES.map((option) => ({ value: option.value, label: t(option.label) })) },
  ];
  if (type === 'smtp')
    return [
      ...common,
      { name: 'smtp_host', label: t('integrations.smtp.host'), required: { message: t(SMTP_MESSAGES.host) }, placeholder: 'smtp.example.org' },
      { name: 'smtp_port', label: t('integrations.smtp.port'), type: 'integer', required: { message: t(SMTP_MESSAGES.port) }, invalidMessage: t(SMTP_MESSAGES.port) },
      { name: 'smtp_security', label: t('integrations.smtp.security'), type: 'choice', options: SMTP_SECURITY.map((option) => ({ value: option.value, label: t(option.label) })) },
      { name: 'smtp_user', label: t('integrations.smtp.user') },
      secretField(t, SECRETS[1], editing, 'integrations.smtp.password'),
      { name: 'from_email', label: t('integrations.smtp.fromAddress'), type: 'email', required: { message: t(SMTP_MESSAGES.fromEmail) }, invalidMessage: t(SMTP_MESSAGES.fromEmail) },
      { name: 'from_name', label: t('integrations.smtp.fromName') },
    ];
  return [
    ...common,
    { name: 'base_url', label: t('integrations.field.baseUrl'), type: 'text' },
    { name: 'webhook_url', label: t('integrations.field.webhookUrl'), type: 'text' },
    ...SECRETS.map((secret) => secretField(t, secret, editing)),
  ];
}

/**
 * Add/edit dialog. Secrets are masked and write-only: the field starts empty, says whether a secret is
 * stored (and its last four characters), and leaving it empty keeps the stored one.
 */
export function IntegrationDialog({ open, editing, saving, onCancel, onSave }: IntegrationDialogProps) {
  const t = useT();
  const [type, setType] = useState<string>(editing?.type ?? 'webhook');
  const fields = useMemo(() => integrationFields(t, editing, type), [t, editing, type]);
  const form = useFieldForm(fields);
  const { reset, validate, setValue, setError, stateRef } = form;
  // The fields follow the chosen type (an SMTP account has its own); what was typed stays.
  const chosenType = typeof form.values.type === 'string' ? form.values.type : '';
  useEffect(() => {
    if (!chosenType || chosenType === type) return;
    setType(chosenType);
    if (chosenType === 'smtp' && !stateRef.current.values.smtp_port) setValue('smtp_port', '587');
    if (chosenType === 'smtp' && !stateRef.current.values.smtp_security) setValue('smtp_security', 'smtp');
  }, [chosenType, type, setValue, stateRef]);
  // Reset only when the dialog opens (reset changes with the fields, which follow the type).
  const resetRef = useRef(reset);
  resetRef.current = reset;

  // Before the browser paints the opened dialog, so nothing typed or generated in its first moments is
  // wiped: a passive effect could run after the first input event on a busy machine and reset it.
  useLayoutEffect(() => {
    if (!open) return;
    resetRef.current(editing ? { name: editing.name, type: editing.type, base_url: editing.base_url, webhook_url: editing.webhook_url, ...(editing.type === 'smtp' ? smtpFormValues(editing) : {}) } : { type: 'webhook', smtp_port: '587', smtp_security: 'smtp' });
  }, [open, editing]);

  const submit = () => {
    if (!validate()) return;
    const parsed = integrationFormSchema.safeParse(stateRef.current.values);
    if (parsed.success) onSave(parsed.data);
    else for (const issue of parsed.error.issues) setError(issue.path.join('.'), issue.message);
  };

  return (
    <Modal
      open={open}
      title={editing ? t('integrations.editTitle') : t('integrations.add')}
      onCancel={onCancel}
      onOk={submit}
      okText={saving ? t('common.saving') : t('common.save')}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <FieldsForm
        form={form}
        idPrefix="integration"
        beside={{ webhook_url: <Button onClick={() => setValue('webhook_url', generateWebhookUrl(window.location.origin))}>{t('integrations.generate')}</Button> }}
      />
    </Modal>
  );
}
