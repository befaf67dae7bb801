import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Typography } from '@steward/libs/antd';
import { Form, Input } from '@steward/libs/antd-data';
import { queryKeys } from '@steward/libs/data-access';
import { LoadingState, notify } from '@steward/libs/ui';
import { textFormValues, textRowValues } from '../textFields';
import { ORGANIZATIONS, ORG_DATA_FIELDS, fetchOrgData, saveOrgData, type OrgDataField } from './orgSettingsApi';

type OrgDataForm = Partial<Record<OrgDataField, string>>;

/** Org Data: the organisation's own fields (its name is fixed). */
export function OrgDataTab({ orgName }: { orgName: string }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<OrgDataForm>();
  const [saveError, setSaveError] = useState<string | null>(null);
  const query = useQuery({ queryKey: queryKeys.record(ORGANIZATIONS, orgName), queryFn: () => fetchOrgData(orgName) });

  useEffect(() => {
    if (query.data) form.setFieldsValue(textFormValues(ORG_DATA_FIELDS, query.data));
  }, [query.data, form]);

  const save = useMutation({
    mutationFn: (values: OrgDataForm) => saveOrgData(orgName, textRowValues(ORG_DATA_FIELDS, values)),
    onMutate: () => setSaveError(null),
    onSuccess: () => {
      notify.success('Organization saved');
      return queryClient.invalidateQueries({ queryKey: queryKeys.table(ORGANIZATIONS) });
    },
    onError: (error: Error) => setSaveError(error.message),
  });

  if (query.isLoading) return <LoadingState />;
  if (query.error) return <Typography.Text type="danger" role="alert">{query.error.message}</Typography.Text>;
  return (
    <Form form={form} layout="vertical" name="org-data" onFinish={(values) => save.mutate(values)} style={{ maxWidth: 640 }}>
      <Form.Item label="Organization Name">
        <Input value={orgName} disabled aria-label="Organization Name" />
      </Form.Item>
      {ORG_DATA_FIELDS.map((field) => (
        <Form.Item key={field.name} label={field.label} name={field.name} rules={field.name === 'email' ? [{ type: 'email', message: 'Enter a valid email' }] : []}>
          {field.name === 'description' ? <Input.TextArea rows={3} /> : <Input />}
        </Form.Item>
      ))}
      {saveError ? <Alert type="error" showIcon title={saveError} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </Form>
  );
}
