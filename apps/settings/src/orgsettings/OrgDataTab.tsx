import { useEffect, useMemo, useState } from 'react';
import { useAccess } from '@steward/libs/session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Typography } from '@steward/libs/ui/antd';
import { Form, Input } from '@steward/libs/ui/antd-data';
import { queryKeys } from '@steward/libs/data';
import { FieldsForm, useFieldForm } from '@steward/libs/form';
import { LoadingState, notify } from '@steward/libs/ui';
import { LANGUAGE_OPTIONS } from '@steward/libs/i18n';
import { useT } from '../i18n';
import { textFieldDefs } from '../textFields';
import { ORGANIZATIONS, ORG_DATA_FIELDS, fetchOrgData, saveOrgData } from './orgSettingsApi';

/** Org Data: the organisation's own fields (its name is fixed). */
export function OrgDataTab({ orgName }: { orgName: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  // The language is chosen from those Steward speaks, as on My profile (a typed "Spanish" matched none).
  const fields = useMemo(
    () => textFieldDefs(t, ORG_DATA_FIELDS, { email: { email: 'common.invalidEmail' }, textarea: ['description'], select: { language: LANGUAGE_OPTIONS } }),
    [t],
  );
  const form = useFieldForm(fields);
  const { load, validate, rowValues } = form;
  const [saveError, setSaveError] = useState<string | null>(null);
  const query = useQuery({ queryKey: queryKeys.record(ORGANIZATIONS, orgName), queryFn: () => fetchOrgData(orgName) });

  useEffect(() => {
    // A fresher copy (a refetch, the words of another language) keeps what the person is changing.
    if (query.data) load(query.data, { keepEdits: true });
  }, [query.data, load]);

  // The organisation's own record changes only with edit access to settings across the organisation.
  const canChange = useAccess().edit === 'Organization';
  const save = useMutation({
    mutationFn: () => saveOrgData(orgName, rowValues()),
    onMutate: () => setSaveError(null),
    onSuccess: () => {
      notify.success(t('org.saved'));
      return queryClient.invalidateQueries({ queryKey: queryKeys.table(ORGANIZATIONS) });
    },
    onError: (error: Error) => setSaveError(error.message),
  });

  if (query.isLoading) return <LoadingState />;
  if (query.error) return <Typography.Text type="danger" role="alert">{query.error.message}</Typography.Text>;
  return (
    <FieldsForm
      form={form}
      disabled={!canChange}
      idPrefix="org-data"
      name="org-data"
      onSubmit={() => validate() && save.mutate()}
      before={
        <Form.Item label={t('org.name')} htmlFor="org-data-name">
          <Input id="org-data-name" value={orgName} disabled />
        </Form.Item>
      }
    >
      {saveError ? <Alert type="error" showIcon title={saveError} style={{ marginBottom: 12 }} /> : null}
      {canChange ? (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {save.isPending ? t('common.saving') : t('common.save')}
        </Button>
      ) : null}
    </FieldsForm>
  );
}
