import { Alert, Button } from '@steward/libs/ui/antd';
import { Form, Input } from '@steward/libs/ui/antd-data';
import { loadSupabase } from '@steward/libs/boot';
import { useSession } from '@steward/libs/session';
import { useSubmit } from '@steward/libs/ui/core';
import { useT } from '@steward/libs/messages';

type Credentials = { email: string; password: string };

/** Standalone mode has no shell, so no landing page: a bare sign-in to reach the area's data. */
export function StandaloneSignIn() {
  const t = useT();
  const { user, loading, signOut } = useSession();
  const { busy, alert: error, setAlert: setError, run } = useSubmit({ describe: (problem) => (problem instanceof Error ? problem.message : String(problem)) });

  if (loading) return null;
  if (user) {
    return (
      <Button size="small" onClick={() => void signOut()}>
        {t('standalone.signOut', { email: user.email ?? '' })}
      </Button>
    );
  }
  const submit = async ({ email, password }: Credentials) => {
    const signedIn = await run(async () => (await loadSupabase()).auth.signInWithPassword({ email, password }));
    if (signedIn.ok && signedIn.value.error) setError(signedIn.value.error.message);
  };
  return (
    <Form<Credentials> layout="inline" onFinish={submit} aria-label={t('standalone.signInForm')}>
      <Form.Item name="email" rules={[{ required: true, message: t('standalone.emailRequired') }]}>
        <Input type="email" placeholder={t('standalone.email')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('standalone.passwordRequired') }]}>
        <Input.Password placeholder={t('standalone.password')} autoComplete="current-password" />
      </Form.Item>
      <Button htmlType="submit" type="primary" loading={busy}>
        {t('standalone.signIn')}
      </Button>
      {error && <Alert type="error" message={error} showIcon />}
    </Form>
  );
}
