import { useEffect, useMemo, useState } from 'react';
import { useAccess } from '@steward/libs/session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Row, Typography } from '@steward/libs/ui/antd';
import { Upload } from '@steward/libs/ui/antd-data';
import { FieldsForm, useFieldForm, type FieldDef } from '@steward/libs/form';
import { t as libsT } from '@steward/libs/messages';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { LoadingState, notify } from '@steward/libs/ui';
import { useT, type SettingsT } from '../i18n';
import { BrandingPreview } from './BrandingPreview';
import { BRANDING_COLOR_FIELDS, BRANDING_TEXT_FIELDS, ORG_BRANDING, fetchOrgBranding, saveOrgBranding, uploadLogo, type BrandingValues } from './orgSettingsApi';

/** Logo, every colour (#rrggbb, shown with its swatch), the three fonts and custom CSS, in this order. */
const brandingFields = (t: SettingsT): readonly FieldDef[] => [
  // A text box (any link to an image), filled by Upload Logo.
  { name: 'logo_url', label: t('branding.logoUrl'), type: 'text' },
  ...BRANDING_COLOR_FIELDS.map((field): FieldDef => ({ name: field.name, label: t(field.label), type: 'color', invalidMessage: t('branding.colourInvalid') })),
  ...BRANDING_TEXT_FIELDS.map((field): FieldDef => ({ name: field.name, label: t(field.label), type: 'text' })),
  { name: 'custom_css', label: t('branding.customCss'), type: 'textarea' },
];

/**
 * Branding: logo, every colour, the three fonts and custom CSS, with a live preview. Save upserts the
 * row and invalidates the shell's branding query, so the app re-themes at once without a reload.
 */
export function BrandingTab({ orgName }: { orgName: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const fields = useMemo(() => brandingFields(t), [t]);
  const form = useFieldForm(fields);
  const { load, validate, setValue, stateRef } = form;
  // The form's values as the preview and the save read them: every field, '' when blank.
  const values = form.values as BrandingValues;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const key = queryKeys.record(ORG_BRANDING, orgName);
  const query = useQuery({ queryKey: key, queryFn: () => fetchOrgBranding(orgName) });

  useEffect(() => {
    // A fresher copy (a refetch, the words of another language) keeps what the person is changing.
    if (query.data) load(query.data, { keepEdits: true });
  }, [query.data, load]);

  const save = useMutation({
    // Every field is sent (the row is upserted whole); saveOrgBranding stores blanks as null.
    mutationFn: () => saveOrgBranding(orgName, stateRef.current.values as BrandingValues),
    onMutate: () => setSaveError(null),
    onSuccess: async () => {
      notify.success(t('branding.saved'));
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
      setValue('logo_url', await uploadLogo(orgName, file));
    } catch (error) {
      notify.error(errorMessage(error, libsT('form.uploadFailed')));
    } finally {
      setUploading(false);
    }
  };

  if (query.isLoading) return <LoadingState />;
  if (query.error) return <Typography.Text type="danger" role="alert">{query.error.message}</Typography.Text>;
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={12}>
        <FieldsForm
          form={form}
          idPrefix="branding"
          name="branding"
          disabled={!canChange}
          onSubmit={() => validate() && save.mutate()}
          beside={
            canChange
              ? {
                  logo_url: (
                    <Upload accept="image/*" showUploadList={false} beforeUpload={(file) => (void upload(file), false)}>
                      <Button loading={uploading}>{t('branding.uploadLogo')}</Button>
                    </Upload>
                  ),
                }
              : {}
          }
        >
          {saveError ? <Alert type="error" showIcon title={saveError} style={{ marginBottom: 12 }} /> : null}
          {canChange ? (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {save.isPending ? t('common.saving') : t('branding.save')}
            </Button>
          ) : null}
        </FieldsForm>
      </Col>
      <Col xs={24} lg={12}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('branding.previewTitle')}
        </Typography.Title>
        <BrandingPreview values={values} />
      </Col>
    </Row>
  );
}
