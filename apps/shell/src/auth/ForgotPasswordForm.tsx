import { useState, type FormEvent } from 'react';
import { Alert, Button } from '@steward/libs/ui/antd';
import { Form } from '@steward/libs/ui/antd-data';
import { useSubmit } from '@steward/libs/ui/core';
import { AUTH_MESSAGES } from './authMessages';
import { useT } from '../i18n';
import { checkForm, forgotPasswordSchema } from './authSchemas';
import { AuthField } from './AuthField';
import { requestPasswordReset } from './requestPasswordReset';

export type ForgotPasswordFormProps = {
  /** Shown as a link under the form when the form sits in the Sign In modal. */
  onBack?: () => void;
  initialEmail?: string;
  autoFocus?: boolean;
};

type Outcome = { kind: 'sent'; email: string } | { kind: 'error'; message: string; field: boolean } | null;

/** "Forgot password?": mails a link to the Set a new password page. */
export function ForgotPasswordForm({ onBack, initialEmail = '', autoFocus = true }: ForgotPasswordFormProps) {
  const t = useT();
  const [email, setEmail] = useState(initialEmail);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { busy, run } = useSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkForm(forgotPasswordSchema, { email });
    if (!check.ok) {
      setOutcome({ kind: 'error', message: check.message, field: true });
      return;
    }
    const sent = await run(() => requestPasswordReset(check.values.email));
    if (!sent.ok) {
      if ('error' in sent) setOutcome({ kind: 'error', message: sent.error instanceof Error && sent.error.message ? sent.error.message : AUTH_MESSAGES.genericErrorDescription, field: false });
      return;
    }
    setOutcome(sent.value.ok ? { kind: 'sent', email: check.values.email } : { kind: 'error', message: sent.value.message, field: false });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={AUTH_MESSAGES.forgotPasswordTitle}>
      <Form component={false} layout="vertical">
        <p style={{ marginTop: 0 }}>{AUTH_MESSAGES.forgotPasswordHelp}</p>
        <AuthField
          id="forgot-email"
          label={t('common.email')}
          type="email"
          required
          autoFocus={autoFocus}
          autoComplete="email"
          value={email}
          onChange={setEmail}
          invalid={outcome?.kind === 'error' && outcome.field}
        />
        {outcome?.kind === 'error' && <Alert type="error" showIcon title={outcome.message} style={{ marginBottom: 14 }} />}
        {outcome?.kind === 'sent' && (
          <Alert type="success" showIcon role="status" title={AUTH_MESSAGES.resetLinkSent(outcome.email)} style={{ marginBottom: 14 }} />
        )}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {AUTH_MESSAGES.sendResetLink}
        </Button>
        {onBack && (
          <p style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
            <Button type="link" style={{ padding: 0 }} onClick={onBack}>
              {AUTH_MESSAGES.backToSignIn}
            </Button>
          </p>
        )}
      </Form>
    </form>
  );
}
