import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Typography } from '@steward/libs/ui/antd';
import { Form, Input } from '@steward/libs/ui/antd-data';
import { queryKeys } from '@steward/libs/data';
import { FieldsForm, useFieldForm } from '@steward/libs/form';
import { useSession } from '@steward/libs/session';
import { LoadingState, PageFrame, notify } from '@steward/libs/ui';
import { LANGUAGE_OPTIONS } from '@steward/libs/i18n';
import { useT } from '../i18n';
import { textFieldDefs } from '../textFields';
import { PROFILE_FIELDS, USER_PROFILES, fetchProfile, saveProfile } from './profileApi';
import { TaskDigestSetting } from './TaskDigestSetting';


/** /acctsettings and /usersettings: the signed-in user's own profile, loaded and saved by auth_user_id. */
export function ProfilePage() {
  const t = useT();
  // The language is chosen from those Steward speaks; left empty, the organisation's applies.
  const fields = useMemo(() => textFieldDefs(t, PROFILE_FIELDS, { required: ['name'], select: { language: LANGUAGE_OPTIONS } }), [t]);
  const { user, orgName, reload } = useSession();
  const authUserId = user?.id ?? null;
  const queryClient = useQueryClient();
  const form = useFieldForm(fields);
  const { load, validate, rowValues } = form;
  const [saveError, setSaveError] = useState<string | null>(null);

  const query = useQuery({
    queryKey: queryKeys.record(USER_PROFILES, { authUserId, orgName }),
    enabled: authUserId !== null && orgName !== null,
    queryFn: () => fetchProfile(authUserId ?? '', orgName ?? ''),
  });

  useEffect(() => {
    // A fresher copy (a refetch, the words of another language) keeps what the person is changing.
    if (query.data) load(query.data, { keepEdits: true });
  }, [query.data, load]);

  const save = useMutation({
    mutationFn: () => saveProfile(authUserId ?? '', orgName ?? '', rowValues()),
    onMutate: () => setSaveError(null),
    onSuccess: () => {
      notify.success(t('profile.saved'));
      // The header reads the profile from the session: reload it so the change shows at once.
      reload();
      return queryClient.invalidateQueries({ queryKey: queryKeys.table(USER_PROFILES) });
    },
    onError: (error: Error) => setSaveError(error.message),
  });

  return (
    <PageFrame title={t('profile.title')}>
      {query.isLoading ? <LoadingState /> : null}
      {query.error ? <Typography.Text type="danger" role="alert">{query.error.message}</Typography.Text> : null}
      {query.data ? (
        <FieldsForm
          form={form}
          idPrefix="profile"
          name="profile"
          onSubmit={() => validate() && save.mutate()}
          before={
            <Form.Item label={t('common.email')} htmlFor="profile-email">
              <Input id="profile-email" value={query.data.email ?? ''} disabled />
            </Form.Item>
          }
        >
          {saveError ? <Alert type="error" showIcon title={saveError} style={{ marginBottom: 12 }} /> : null}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </Button>
        </FieldsForm>
      ) : null}
      {query.data ? <TaskDigestSetting profileId={query.data.id} /> : null}
    </PageFrame>
  );
}
