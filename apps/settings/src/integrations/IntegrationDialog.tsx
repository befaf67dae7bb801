import { useLayoutEffect } from 'react';
import { Button, Flex } from '@steward/libs/antd';
import { Form, Input, Modal, Select } from '@steward/libs/antd-data';
import {
  INTEGRATION_TYPES,
  generateWebhookUrl,
  integrationFormSchema,
  secretHint,
  type Integration,
  type IntegrationFormInput,
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

/**
 * Add/edit dialog. Secrets are masked and write-only: the field starts empty, says whether a secret is
 * stored (and its last four characters), and leaving it empty keeps the stored one.
 */
export function IntegrationDialog({ open, editing, saving, onCancel, onSave }: IntegrationDialogProps) {
  const [form] = Form.useForm<IntegrationFormInput>();

  // Before the browser paints the opened dialog, so nothing typed or generated in its first moments is
  // wiped: a passive effect could run after the first input event on a busy machine and reset it.
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { name: editing.name, type: editing.type, base_url: editing.base_url ?? '', webhook_url: editing.webhook_url ?? '' }
        : { name: '', type: 'webhook' },
    );
  }, [open, editing, form]);

  const submit = async () => {
    const raw = await form.validateFields();
    const parsed = integrationFormSchema.safeParse(raw);
    if (parsed.success) onSave(parsed.data);
    else form.setFields(parsed.error.issues.map((issue) => ({ name: issue.path.join('.') as 'name', errors: [issue.message] })));
  };

  return (
    <Modal
      open={open}
      title={editing ? 'Edit Integration' : 'Add Integration'}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={saving ? 'Saving…' : 'Save'}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="integration" requiredMark>
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Type" name="type" rules={[{ required: true }]}>
          <Select options={INTEGRATION_TYPES.map((type) => ({ value: type.value, label: type.label }))} aria-label="Type" />
        </Form.Item>
        <Form.Item label="Base URL" name="base_url">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Webhook URL">
          <Flex gap={8}>
            <Form.Item name="webhook_url" noStyle>
              <Input autoComplete="off" aria-label="Webhook URL" />
            </Form.Item>
            <Button onClick={() => form.setFieldValue('webhook_url', generateWebhookUrl(window.location.origin))}>Generate</Button>
          </Flex>
        </Form.Item>
        {SECRETS.map((secret) => (
          <Form.Item
            key={secret.name}
            label={secret.label}
            name={secret.name}
            extra={editing ? `${secretHint(editing[secret.set], editing[secret.last4])}. Leave empty to keep it.` : undefined}
          >
            <Input.Password autoComplete="new-password" placeholder={editing?.[secret.set] ? '••••••••' : undefined} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
