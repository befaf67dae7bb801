import { useEffect, useState } from 'react';
import { useAccess } from '@steward/libs/session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Typography } from '@steward/libs/ui/antd';
import { Form, Input } from '@steward/libs/ui/antd-data';
import { queryKeys } from '@steward/libs/data';
import { FieldsForm, useFieldForm } from '@steward/libs/form';
import { LoadingState, notify } from '@steward/libs/ui';
import { textFieldDefs } from '../textFields';
import { ORGANIZATIONS, ORG_DATA_FIELDS, fetchOrgData, saveOrgData } from './orgSettingsApi';

const FIELDS = textFieldDefs(ORG_DATA_FIELDS, { email: { email: 'Enter a valid email' }, textarea: ['description'] });

/** Org Data: the organisation's own fields (its name is fixed). */
export function OrgDataTab({ orgName }: { orgName: string }) {
  const queryClient = useQueryClient();
  const form = useFieldForm(FIELDS);
  const { reset, validate, rowValues } = form;
  const [saveError, setSaveError] = useState<string | null>(null);
  const query = useQuery({ queryKey: queryKeys.record(ORGANIZATIONS, orgName), queryFn: () => fetchOrgData(orgName) });

  useEffect(() => {
    if (query.data) reset(query.data);
  }, [query.data, reset]);

  // The organisation's own record changes only with edit access to settings across the organisation.
  const canChange = useAccess().edit === 'Organization';
  const save = useMutation({
    mutationFn: () => saveOrgData(orgName, rowValues()),
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
    <FieldsForm
      form={form}
      disabled={!canChange}
      idPrefix="org-data"
      name="org-data"
      onSubmit={() => validate() && save.mutate()}
      before={
        <Form.Item label="Organization Name" htmlFor="org-data-name">
          <Input id="org-data-name" value={orgName} disabled />
        </Form.Item>
      }
    >
      {saveError ? <Alert type="error" showIcon title={saveError} style={{ marginBottom: 12 }} /> : null}
      {canChange ? (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      ) : null}
    </FieldsForm>
  );
}
