import { useEffect, useState } from 'react';
import { useAccess } from '@steward/libs/session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Row, Typography } from '@steward/libs/antd';
import { Form, Input, Upload } from '@steward/libs/antd-data';
import { UPLOAD_FAILED_MESSAGE } from '@steward/libs/editor';
import { queryKeys } from '@steward/libs/data-access';
import { LoadingState, notify } from '@steward/libs/ui';
import { BrandingPreview } from './BrandingPreview';
import { BRANDING_COLOR_FIELDS, BRANDING_TEXT_FIELDS, ORG_BRANDING, fetchOrgBranding, saveOrgBranding, uploadLogo, type BrandingValues } from './orgSettingsApi';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * Branding: logo, every colour, the three fonts and custom CSS, with a live preview. Save upserts the
 * row and invalidates the shell's branding query, so the app re-themes at once without a reload.
 */
export function BrandingTab({ orgName }: { orgName: string }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BrandingValues>();
  const values = Form.useWatch([], form) ?? {};
  const [saveError, setSaveError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const key = queryKeys.record(ORG_BRANDING, orgName);
  const query = useQuery({ queryKey: key, queryFn: () => fetchOrgBranding(orgName) });

  useEffect(() => {
    if (query.data) form.setFieldsValue(query.data);
  }, [query.data, form]);

  const save = useMutation({
    mutationFn: (input: BrandingValues) => saveOrgBranding(orgName, input),
    onMutate: () => setSaveError(null),
    onSuccess: async () => {
      notify.success('Branding saved');
      // One prefix holds this tab's record and the shell's branding query: the app re-themes at once.
      await queryClient.invalidateQueries({ queryKey: queryKeys.table(ORG_BRANDING) });
    },
    onError: (error: Error) => setSaveError(error.message),
  });

  // Branding changes only with edit access to settings across the organisation.
  const canChange = useAccess().edit === 'Organization';
  const upload = async (file: File) => {
    setUploading(true);
    try {
      form.setFieldValue('logo_url', await uploadLogo(orgName, file));
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : UPLOAD_FAILED_MESSAGE);
    } finally {
      setUploading(false);
    }
  };

  if (query.isLoading) return <LoadingState />;
  if (query.error) return <Typography.Text type="danger" role="alert">{query.error.message}</Typography.Text>;
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={12}>
        <Form form={form} layout="vertical" name="branding" disabled={!canChange} onFinish={(input) => save.mutate(input)}>
          <Form.Item label="Logo URL" name="logo_url">
            <Input />
          </Form.Item>
          {canChange ? (
            <Form.Item>
              <Upload accept="image/*" showUploadList={false} beforeUpload={(file) => (void upload(file), false)}>
                <Button loading={uploading}>Upload Logo</Button>
              </Upload>
            </Form.Item>
          ) : null}
          <Row gutter={12}>
            {BRANDING_COLOR_FIELDS.map((field) => (
              <Col key={field.name} xs={24} sm={12}>
                <Form.Item label={field.label} name={field.name} rules={[{ pattern: HEX, message: 'Use a colour like #1a2b3c' }]}>
                  <Input
                    placeholder="#rrggbb"
                    prefix={<span aria-hidden style={{ width: 14, height: 14, borderRadius: 3, border: '1px solid #888', background: HEX.test(values[field.name] ?? '') ? (values[field.name] ?? undefined) : 'transparent' }} />}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
          {BRANDING_TEXT_FIELDS.map((field) => (
            <Form.Item key={field.name} label={field.label} name={field.name}>
              <Input />
            </Form.Item>
          ))}
          <Form.Item label="Custom CSS" name="custom_css">
            <Input.TextArea rows={4} spellCheck={false} />
          </Form.Item>
          {saveError ? <Alert type="error" showIcon title={saveError} style={{ marginBottom: 12 }} /> : null}
          {canChange ? (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save Branding'}
            </Button>
          ) : null}
        </Form>
      </Col>
      <Col xs={24} lg={12}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Preview
        </Typography.Title>
        <BrandingPreview values={values} />
      </Col>
    </Row>
  );
}
