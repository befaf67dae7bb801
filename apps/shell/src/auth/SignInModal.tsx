import { useState, type FormEvent } from 'react';
import { useNavigate } from '@steward/libs/router';
import { Alert, Button } from '@steward/libs/ui/antd';
import { Form, Modal } from '@steward/libs/ui/antd-data';
import { notify, toast, useSubmit } from '@steward/libs/ui/core';
import { AUTH_MESSAGES } from './authMessages';
import { useT } from '../i18n';
import { checkForm, signInSchema, signUpSchema } from './authSchemas';
import { AuthField } from './AuthField';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { signInWithPassword } from './signInWithPassword';
import { signUpOrganization } from './signUpOrganization';
import type { ApplyField } from './submitApplication';

type View = 'login' | 'signup' | 'forgot';
/** What the form shows next to the fields after a submit: nothing, or one message and the fields it is about. */
type Problem = { message: string; fields: readonly string[] } | null;
type Fields = { organizationName: string; username: string; email: string; password: string };

/** Where the sign-up form shows a rule error of the shared database function. */
const SIGN_UP_FIELD: Record<ApplyField, keyof Fields> = {
  email: 'email',
  fullName: 'username',
  businessName: 'organizationName',
  password: 'password',
  // Only activation uses a code; sign-up never answers about one.
  inviteCode: 'email',
};

const EMPTY: Fields = { organizationName: '', username: '', email: '', password: '' };
const FORM_ID = 'sign-in-form';

export type SignInModalProps = { open: boolean; onClose: () => void; onApply: () => void };

/**
 * The Sign In modal: log in, or sign up a new organisation; success goes to /dashboard.
 * "Forgot password?" turns it into the request for a password reset link.
 */
export function SignInModal({ open, onClose, onApply }: SignInModalProps) {
  const t = useT();
  const navigate = useNavigate();
  const [view, setView] = useState<View>('login');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [message, setMessage] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<readonly string[]>([]);
  const { busy, run } = useSubmit();

  const set = (key: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [key]: value }));

  const switchView = (next: View) => {
    setView(next);
    setMessage(null);
    setInvalid([]);
  };

  const finish = () => {
    onClose();
    navigate('/dashboard');
  };

  const logIn = async (): Promise<Problem> => {
    const check = checkForm(signInSchema, { email: fields.email, password: fields.password });
    if (!check.ok) return check;
    const outcome = await signInWithPassword(check.values);
    if (!outcome.ok) {
      toast({ title: AUTH_MESSAGES.genericErrorTitle, description: outcome.message || AUTH_MESSAGES.genericErrorDescription, variant: 'destructive' });
      return null;
    }
    notify.success(AUTH_MESSAGES.welcomeBack);
    finish();
    return null;
  };

  const signUp = async (): Promise<Problem> => {
    const check = checkForm(signUpSchema, fields);
    if (!check.ok) return check;
    const outcome = await signUpOrganization(check.values);
    switch (outcome.kind) {
      case 'organizationExists':
        toast({ title: AUTH_MESSAGES.organizationExistsTitle, description: AUTH_MESSAGES.organizationExistsDescription, variant: 'destructive' });
        break;
      case 'emailTaken':
        toast({ title: AUTH_MESSAGES.emailTakenTitle, description: AUTH_MESSAGES.emailTakenDescription, variant: 'destructive' });
        break;
      case 'confirmEmail':
        toast({ title: AUTH_MESSAGES.signUpSuccessTitle, description: AUTH_MESSAGES.signUpSuccessDescription });
        onClose();
        break;
      case 'signedIn':
        notify.success(AUTH_MESSAGES.created);
        finish();
        break;
      case 'invalid':
        return { message: outcome.message, fields: outcome.field ? [SIGN_UP_FIELD[outcome.field]] : [] };
      case 'failed':
        toast({ title: outcome.title, description: outcome.description, variant: 'destructive' });
        break;
    }
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await run(() => (view === 'login' ? logIn() : signUp()));
    if (done.ok) {
      setMessage(done.value?.message ?? null);
      setInvalid(done.value?.fields ?? []);
    } else if ('error' in done) {
      toast({ title: AUTH_MESSAGES.genericErrorTitle, description: done.error instanceof Error && done.error.message ? done.error.message : AUTH_MESSAGES.genericErrorDescription, variant: 'destructive' });
    }
  };

  const isInvalid = (key: keyof Fields) => invalid.includes(key);

  return (
    <Modal
      open={open}
      title={view === 'login' ? t('auth.signIn') : view === 'signup' ? t('auth.signUp') : AUTH_MESSAGES.forgotPasswordTitle}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
    >
      {view === 'forgot' ? (
        <ForgotPasswordForm initialEmail={fields.email} onBack={() => switchView('login')} />
      ) : (
        <form id={FORM_ID} onSubmit={submit} noValidate>
          <Form component={false} layout="vertical">
            {view === 'signup' && (
              <>
                <AuthField id="signup-organization" label={t('auth.organizationName')} required autoFocus autoComplete="organization" value={fields.organizationName} onChange={set('organizationName')} invalid={isInvalid('organizationName')} />
                <AuthField id="signup-username" label={t('auth.username')} required autoComplete="username" value={fields.username} onChange={set('username')} invalid={isInvalid('username')} />
              </>
            )}
            <AuthField id={`${view}-email`} label={t('common.email')} type="email" required autoFocus={view === 'login'} autoComplete="email" value={fields.email} onChange={set('email')} invalid={isInvalid('email')} />
            <AuthField
              id={`${view}-password`}
              label={t('common.password')}
              type="password"
              required
              autoComplete={view === 'login' ? 'current-password' : 'new-password'}
              value={fields.password}
              onChange={set('password')}
              invalid={isInvalid('password')}
            />
            {view === 'login' && (
              <p style={{ marginTop: -8, marginBottom: 14, textAlign: 'end' }}>
                <Button type="link" style={{ padding: 0 }} onClick={() => switchView('forgot')}>
                  {AUTH_MESSAGES.forgotPassword}
                </Button>
              </p>
            )}
            {message && <Alert type="error" showIcon title={message} style={{ marginBottom: 14 }} />}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {view === 'login' ? t('auth.signIn') : t('auth.signUp')}
            </Button>
            <p style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
              {view === 'login' ? (
                t.rich('auth.noAccountYet', {
                  signup: (words) => (
                    <Button type="link" style={{ padding: 0 }} onClick={() => switchView('signup')}>
                      {words}
                    </Button>
                  ),
                  apply: (words) => (
                    <Button type="link" style={{ padding: 0 }} onClick={onApply}>
                      {words}
                    </Button>
                  ),
                })
              ) : (
                t.rich('auth.haveAccount', {
                  signin: (words) => (
                    <Button type="link" style={{ padding: 0 }} onClick={() => switchView('login')}>
                      {words}
                    </Button>
                  ),
                })
              )}
            </p>
          </Form>
        </form>
      )}
    </Modal>
  );
}
