import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Typography } from '@steward/libs/antd';
import { Form, Input } from '@steward/libs/antd-data';
import { queryKeys } from '@steward/libs/data-access';
import { useSession } from '@steward/libs/session';
import { LoadingState, PageFrame, notify } from '@steward/libs/ui';
import { textFormValues, textRowValues } from '../textFields';
import { PROFILE_FIELDS, USER_PROFILES, fetchProfile, saveProfile, type ProfileField } from './profileApi';
import { TaskDigestSetting } from './TaskDigestSetting';

type ProfileValues = Partial<Record<ProfileField, string>>;

/** /acctsettings and /usersettings: the signed-in user's own profile, loaded and saved by auth_user_id. */
export function ProfilePage() {
  const { user, orgName, reload } = useSession();
  const authUserId = user?.id ?? null;
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileValues>();
  const [saveError, setSaveError] = useState<string | null>(null);

  const query = useQuery({
    queryKey: queryKeys.record(USER_PROFILES, { authUserId, orgName }),
    enabled: authUserId !== null && orgName !== null,
    queryFn: () => fetchProfile(authUserId ?? '', orgName ?? ''),
  });

  useEffect(() => {
    if (query.data) form.setFieldsValue(textFormValues(PROFILE_FIELDS, query.data));
  }, [query.data, form]);

  const save = useMutation({
    mutationFn: (values: ProfileValues) => saveProfile(authUserId ?? '', orgName ?? '', textRowValues(PROFILE_FIELDS, values)),
    onMutate: () => setSaveError(null),
    onSuccess: () => {
      notify.success('Profile saved');
      // The header reads the profile from the session: reload it so the change shows at once.
      reload();
      return queryClient.invalidateQueries({ queryKey: queryKeys.table(USER_PROFILES) });
    },
    onError: (error: Error) => setSaveError(error.message),
  });

  return (
    <PageFrame title="My Profile">
      {query.isLoading ? <LoadingState /> : null}
      {query.error ? <Typography.Text type="danger" role="alert">{query.error.message}</Typography.Text> : null}
      {query.data ? (
        <Form form={form} layout="vertical" name="profile" onFinish={(values) => save.mutate(values)} style={{ maxWidth: 640 }}>
          <Form.Item label="Email">
            <Input value={query.data.email ?? ''} disabled aria-label="Email" />
          </Form.Item>
          {PROFILE_FIELDS.map((field) => (
            <Form.Item key={field.name} label={field.label} name={field.name} rules={field.name === 'name' ? [{ required: true, whitespace: true, message: 'Name is required' }] : []}>
              <Input />
            </Form.Item>
          ))}
          {saveError ? <Alert type="error" showIcon title={saveError} style={{ marginBottom: 12 }} /> : null}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </Form>
      ) : null}
      {query.data ? <TaskDigestSetting profileId={query.data.id} /> : null}
    </PageFrame>
  );
}
