import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from '@steward/libs/router';
import { Alert, Button } from '@steward/libs/antd';
import { Form, Modal } from '@steward/libs/antd-data';
import { notify, toast } from '@steward/libs/ui-core';
import { AUTH_MESSAGES } from './authMessages';
import { applyForAccessSchema, checkForm, type ApplyMode } from './authSchemas';
import { AuthField } from './AuthField';
import type { PendingInvite } from './findPendingInvite';
import { submitApplication } from './submitApplication';
import { usePendingInviteLookup } from './usePendingInviteLookup';

type ApplyFields = { fullName: string; email: string; title: string; phone: string; businessName: string; password: string; confirmPassword: string };

const EMPTY: ApplyFields = { fullName: '', email: '', title: '', phone: '', businessName: '', password: '', confirmPassword: '' };

const FORM_ID = 'apply-for-access-form';

export type ApplyForAccessDialogProps = { open: boolean; onClose: () => void };

/**
 * Apply for Access: a new organisation with its owner, or — when the e-mail has a pending
 * invitation — activation of that invitation, with the business fields hidden.
 */
export function ApplyForAccessDialog({ open, onClose }: ApplyForAccessDialogProps) {
  const navigate = useNavigate();
  const [fields, setFields] = useState<ApplyFields>(EMPTY);
  const [message, setMessage] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<readonly string[]>([]);
  const [submitting, setSubmitting] = useState(false);

  const prefill = useCallback((invite: PendingInvite) => {
    setFields((current) => ({ ...current, fullName: invite.name ?? current.fullName, title: invite.title ?? current.title }));
  }, []);
  const { invite, checking, lookup } = usePendingInviteLookup(prefill);
  const mode: ApplyMode = invite ? 'activate' : 'apply';

  const set = (key: keyof ApplyFields) => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    if (key === 'email') lookup(value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const check = checkForm(applyForAccessSchema, { ...fields, mode });
    if (!check.ok) {
      setMessage(check.message);
      setInvalid(check.fields);
      return;
    }
    setMessage(null);
    setInvalid([]);
    setSubmitting(true);
    const outcome = await submitApplication(check.values);
    setSubmitting(false);
    const success = mode === 'activate' ? AUTH_MESSAGES.activated : AUTH_MESSAGES.created;
    switch (outcome.kind) {
      case 'signedIn':
        notify.success(success);
        onClose();
        navigate('/dashboard');
        break;
      case 'confirmEmail':
        notify.success(success, { description: AUTH_MESSAGES.confirmBeforeLogin });
        onClose();
        break;
      case 'invalid':
        setMessage(outcome.message);
        setInvalid(outcome.field ? [outcome.field] : []);
        break;
      case 'failed':
        toast({ title: outcome.title, description: outcome.description, variant: 'destructive' });
        break;
    }
  };

  const isInvalid = (key: keyof ApplyFields) => invalid.includes(key);

  return (
    <Modal
      open={open}
      title={mode === 'activate' ? 'Activate Your Account' : 'Apply for Access'}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: !submitting }}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={submitting}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" htmlType="submit" form={FORM_ID} loading={submitting}>
          {mode === 'activate' ? 'Activate Account' : 'Submit Application'}
        </Button>,
      ]}
    >
      <form id={FORM_ID} onSubmit={submit} noValidate aria-describedby={message ? `${FORM_ID}-message` : undefined}>
        <Form component={false} layout="vertical">
          {invite ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={`You have been invited to ${invite.org_name} as ${invite.role_name || 'team member'}.`}
              description="Set a password to activate your account."
            />
          ) : (
            <p style={{ marginTop: 0 }}>Tell us about you and your organization. Fields marked * are required.</p>
          )}
          <AuthField id="apply-email" label="Email" type="email" required autoFocus autoComplete="email" value={fields.email} onChange={set('email')} invalid={isInvalid('email')} />
          {checking && (
            <div role="status" style={{ marginTop: -8, marginBottom: 12, fontSize: 12, opacity: 0.75 }}>
              Checking for an invitation…
            </div>
          )}
          <AuthField id="apply-full-name" label="Full Name" required autoComplete="name" value={fields.fullName} onChange={set('fullName')} invalid={isInvalid('fullName')} />
          <AuthField id="apply-title" label="Title" autoComplete="organization-title" value={fields.title} onChange={set('title')} />
          <AuthField id="apply-phone" label="Phone" type="tel" autoComplete="tel" value={fields.phone} onChange={set('phone')} />
          {mode === 'apply' && (
            <AuthField id="apply-business-name" label="Business Name" required autoComplete="organization" value={fields.businessName} onChange={set('businessName')} invalid={isInvalid('businessName')} />
          )}
          <AuthField id="apply-password" label="Password" type="password" required autoComplete="new-password" value={fields.password} onChange={set('password')} invalid={isInvalid('password')} />
          <AuthField id="apply-confirm-password" label="Confirm Password" type="password" required autoComplete="new-password" value={fields.confirmPassword} onChange={set('confirmPassword')} invalid={isInvalid('confirmPassword')} />
          {message && <Alert id={`${FORM_ID}-message`} type="error" showIcon title={message} />}
        </Form>
      </form>
    </Modal>
  );
}
