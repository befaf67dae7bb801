import { useState } from 'react';
import { Alert, Button } from '@steward/libs/antd';
import { Form, Input } from '@steward/libs/antd-data';
import { loadSupabase } from '@steward/libs/supabase';
import { useSession } from '@steward/libs/session';

type Credentials = { email: string; password: string };

/** Standalone mode has no shell, so no landing page: a bare sign-in to reach the area's data. */
export function StandaloneSignIn() {
  const { user, loading, signOut } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (loading) return null;
  if (user) {
    return (
      <Button size="small" onClick={() => void signOut()}>
        Sign Out {user.email}
      </Button>
    );
  }
  const submit = async ({ email, password }: Credentials) => {
    setBusy(true);
    setError(null);
    const supabase = await loadSupabase();
    const { error: signInError } = await supabase.auth.signInWithPassword({ email, password });
    setBusy(false);
    if (signInError) setError(signInError.message);
  };
  return (
    <Form<Credentials> layout="inline" onFinish={submit} aria-label="Sign in">
      <Form.Item name="email" rules={[{ required: true, message: 'E-mail is required' }]}>
        <Input type="email" placeholder="E-mail" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: 'Password is required' }]}>
        <Input.Password placeholder="Password" autoComplete="current-password" />
      </Form.Item>
      <Button htmlType="submit" type="primary" loading={busy}>
        Sign In
      </Button>
      {error && <Alert type="error" message={error} showIcon />}
    </Form>
  );
}
