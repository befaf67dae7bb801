import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@steward/libs/router';
import { Alert, Button, ConfigProvider } from '@steward/libs/ui/antd';
import { Card, Form } from '@steward/libs/ui/antd-data';
import { notify, useSubmit } from '@steward/libs/ui/core';
import { brandName } from '../branding/brandName';
import { brandingTheme } from '../branding/brandingTheme';
import { DEFAULT_BRANDING } from '../branding/orgBranding';
import { AUTH_MESSAGES } from './authMessages';
import { useT } from '../i18n';
import { checkForm, newPasswordSchema } from './authSchemas';
import { AuthField } from './AuthField';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { updatePassword } from './updatePassword';
import { useRecoveryLink } from './useRecoveryLink';

/** The link is followed before any organisation is known: the page wears the default branding, as the landing's dialogs do. */
const publicTheme = brandingTheme(DEFAULT_BRANDING);

type Fields = { password: string; confirmPassword: string };
type Problem = { message: string; fields: readonly string[] } | null;

/**
 * Set a new password (/reset-password): where the password reset e-mail's link lands. A valid link
 * signs the person in for recovery and asks for the new password; an expired or used one says so and
 * offers a new link on the spot.
 */
export function ResetPasswordPage() {
  // Drawn again in a language chosen while it shows.
  useT();
  const navigate = useNavigate();
  const link = useRecoveryLink();
  const [fields, setFields] = useState<Fields>({ password: '', confirmPassword: '' });
  const [problem, setProblem] = useState<Problem>(null);
  const { busy, run } = useSubmit();

  useEffect(() => {
    document.title = `${brandName()} - ${AUTH_MESSAGES.setNewPasswordTitle}`;
  }, []);

  const set = (key: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkForm(newPasswordSchema, fields);
    if (!check.ok) {
      setProblem(check);
      return;
    }
    const updated = await run(() => updatePassword(check.values.password));
    if (!updated.ok) {
      if ('error' in updated) setProblem({ message: updated.error instanceof Error && updated.error.message ? updated.error.message : AUTH_MESSAGES.genericErrorDescription, fields: [] });
      return;
    }
    if (!updated.value.ok) {
      setProblem({ message: updated.value.message, fields: ['password'] });
      return;
    }
    notify.success(AUTH_MESSAGES.passwordUpdated);
    navigate('/dashboard');
  };

  return (
    <ConfigProvider theme={publicTheme}>
      <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24, background: '#f5f5f5' }}>
        <Card style={{ width: '100%', maxWidth: 420 }}>
          <h1 style={{ fontSize: 22, marginTop: 0 }}>{AUTH_MESSAGES.setNewPasswordTitle}</h1>
          {link === null && <p role="status">{AUTH_MESSAGES.checkingLink}</p>}
          {link?.kind === 'recovery' && (
            <form onSubmit={submit} noValidate aria-label={AUTH_MESSAGES.setNewPasswordTitle}>
              <Form component={false} layout="vertical">
                <AuthField
                  id="new-password"
                  label={AUTH_MESSAGES.newPasswordLabel}
                  type="password"
                  required
                  autoFocus
                  autoComplete="new-password"
                  value={fields.password}
                  onChange={set('password')}
                  invalid={problem?.fields.includes('password') ?? false}
                />
                <AuthField
                  id="confirm-new-password"
                  label={AUTH_MESSAGES.confirmNewPasswordLabel}
                  type="password"
                  required
                  autoComplete="new-password"
                  value={fields.confirmPassword}
                  onChange={set('confirmPassword')}
                  invalid={problem?.fields.includes('confirmPassword') ?? false}
                />
                {problem && <Alert type="error" showIcon title={problem.message} style={{ marginBottom: 14 }} />}
                <Button type="primary" htmlType="submit" block loading={busy}>
                  {AUTH_MESSAGES.updatePassword}
                </Button>
              </Form>
            </form>
          )}
          {link !== null && link.kind !== 'recovery' && (
            <>
              <Alert
                type={link.kind === 'missing' ? 'info' : 'error'}
                showIcon
                title={link.kind === 'missing' ? AUTH_MESSAGES.linkMissingTitle : link.kind === 'expired' ? AUTH_MESSAGES.linkExpiredTitle : AUTH_MESSAGES.genericErrorTitle}
                description={
                  link.kind === 'missing' ? AUTH_MESSAGES.linkMissingDescription : link.kind === 'expired' ? AUTH_MESSAGES.linkExpiredDescription : link.message
                }
                style={{ marginBottom: 16 }}
              />
              <h2 style={{ fontSize: 16 }}>{AUTH_MESSAGES.requestNewLink}</h2>
              <ForgotPasswordForm autoFocus={false} />
            </>
          )}
        </Card>
      </main>
    </ConfigProvider>
  );
}
