import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Typography } from '@steward/libs/antd';
import { Form, Input } from '@steward/libs/antd-data';
import { getSupabase } from '@steward/libs/data-access';
import { useSession } from '@steward/libs/session';
import { LoadingState, PageFrame, notify } from '@steward/libs/ui';

const FIELDS = [
  { name: 'name', label: 'Name' },
  { name: 'display_name', label: 'Display Name' },
  { name: 'first_name', label: 'First Name' },
  { name: 'last_name', label: 'Last Name' },
  { name: 'phone', label: 'Phone' },
  { name: 'title', label: 'Title' },
  { name: 'timezone', label: 'Timezone' },
  { name: 'language', label: 'Language' },
  { name: 'avatar_url', label: 'Avatar URL' },
] as const;

type ProfileField = (typeof FIELDS)[number]['name'];
type ProfileValues = Partial<Record<ProfileField, string>>;

/** /acctsettings and /usersettings: the signed-in user's own profile, loaded and saved by auth_user_id. */
export function ProfilePage() {
  const { user, orgName, reload } = useSession();
  const authUserId = user?.id ?? null;
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileValues>();
  const [saveError, setSaveError] = useState<string | null>(null);
  const key = ['steward', 'public', 'user_profiles', 'record', { authUserId, orgName }];

  const query = useQuery({
    queryKey: key,
    enabled: authUserId !== null && orgName !== null,
    queryFn: async () => {
      const { data, error } = await getSupabase()
        .from('user_profiles')
        .select(['id', 'email', ...FIELDS.map((field) => field.name)].join(', '))
        .eq('auth_user_id', authUserId ?? '')
        .eq('org_name', orgName ?? '')
        .single();
      if (error) throw new Error(error.message);
      return data as unknown as { id: string; email: string | null } & Partial<Record<ProfileField, string | null>>;
    },
  });

  useEffect(() => {
    if (!query.data) return;
    const values: ProfileValues = {};
    for (const field of FIELDS) values[field.name] = query.data[field.name] ?? '';
    form.setFieldsValue(values);
  }, [query.data, form]);

  const save = useMutation({
    mutationFn: async (values: ProfileValues) => {
      const row: Partial<Record<ProfileField, string | null>> = {};
      for (const field of FIELDS) row[field.name] = values[field.name]?.trim() || null;
      const { error } = await getSupabase().from('user_profiles').update(row).eq('auth_user_id', authUserId ?? '').eq('org_name', orgName ?? '');
      if (error) throw new Error(error.message);
    },
    onMutate: () => setSaveError(null),
    onSuccess: () => {
      notify.success('Profile saved');
      // The header reads the profile from the session: reload it so the change shows at once.
      reload();
      return queryClient.invalidateQueries({ queryKey: ['steward', 'public', 'user_profiles'] });
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
          {FIELDS.map((field) => (
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
    </PageFrame>
  );
}
