import { useLayoutEffect, useMemo } from 'react';
import { Button } from '@steward/libs/ui/antd';
import { Modal } from '@steward/libs/ui/antd-data';
import { FieldsForm, useFieldForm, type FieldDef } from '@steward/libs/form';
import {
  INTEGRATION_TYPES,
  generateWebhookUrl,
  integrationFormSchema,
  secretHint,
  type Integration,
  type IntegrationFormValues,
} from './integrationsApi';

type IntegrationDialogProps = {
  open: boolean;
  /** The integration being edited, or null to add one. */
  editing: Integration | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (values: IntegrationFormValues) => void;
};

const SECRETS = [
  { name: 'api_key', label: 'API Key', set: 'api_key_set', last4: 'api_key_last4' },
  { name: 'api_secret', label: 'API Secret', set: 'api_secret_set', last4: 'api_secret_last4' },
  { name: 'webhook_secret', label: 'Webhook Secret', set: 'webhook_secret_set', last4: 'webhook_secret_last4' },
] as const;

/** The dialog's fields; a secret says whether one is stored (and its last four characters) when editing. */
function integrationFields(editing: Integration | null): FieldDef[] {
  return [
    { name: 'name', label: 'Name', required: { message: 'Name is required' } },
    { name: 'type', label: 'Type', type: 'select', required: true, options: INTEGRATION_TYPES.map((type) => ({ value: type.value, label: type.label })) },
    { name: 'base_url', label: 'Base URL', type: 'text' },
    { name: 'webhook_url', label: 'Webhook URL', type: 'text' },
    ...SECRETS.map(
      (secret): FieldDef => ({
        name: secret.name,
        label: secret.label,
        type: 'secret',
        ...(editing ? { help: `${secretHint(editing[secret.set], editing[secret.last4])}. Leave empty to keep it.` } : {}),
        ...(editing?.[secret.set] ? { placeholder: '••••••••' } : {}),
      }),
    ),
  ];
}

/**
 * Add/edit dialog. Secrets are masked and write-only: the field starts empty, says whether a secret is
 * stored (and its last four characters), and leaving it empty keeps the stored one.
 */
export function IntegrationDialog({ open, editing, saving, onCancel, onSave }: IntegrationDialogProps) {
  const fields = useMemo(() => integrationFields(editing), [editing]);
  const form = useFieldForm(fields);
  const { reset, validate, setValue, setError, stateRef } = form;

  // Before the browser paints the opened dialog, so nothing typed or generated in its first moments is
  // wiped: a passive effect could run after the first input event on a busy machine and reset it.
  useLayoutEffect(() => {
    if (!open) return;
    reset(editing ? { name: editing.name, type: editing.type, base_url: editing.base_url, webhook_url: editing.webhook_url } : { type: 'webhook' });
  }, [open, editing, reset]);

  const submit = () => {
    if (!validate()) return;
    const parsed = integrationFormSchema.safeParse(stateRef.current.values);
    if (parsed.success) onSave(parsed.data);
    else for (const issue of parsed.error.issues) setError(issue.path.join('.'), issue.message);
  };

  return (
    <Modal
      open={open}
      title={editing ? 'Edit Integration' : 'Add Integration'}
      onCancel={onCancel}
      onOk={submit}
      okText={saving ? 'Saving…' : 'Save'}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <FieldsForm
        form={form}
        idPrefix="integration"
        beside={{ webhook_url: <Button onClick={() => setValue('webhook_url', generateWebhookUrl(window.location.origin))}>Generate</Button> }}
      />
    </Modal>
  );
}
