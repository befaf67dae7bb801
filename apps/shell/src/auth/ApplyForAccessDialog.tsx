import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@steward/libs/router';
import { Alert, Button } from '@steward/libs/ui/antd';
import { Form, Modal } from '@steward/libs/ui/antd-data';
import { notify, toast, useSubmit } from '@steward/libs/ui/core';
import { AUTH_MESSAGES } from './authMessages';
import { useT } from '../i18n';
import { applyForAccessSchema, checkForm, type ApplyMode } from './authSchemas';
import { AuthField } from './AuthField';
import { findPendingInvite, requestInviteCode, type PendingInvite } from './findPendingInvite';
import { submitApplication } from './submitApplication';

type ApplyFields = { fullName: string; email: string; title: string; phone: string; businessName: string; password: string; confirmPassword: string };

const EMPTY: ApplyFields = { fullName: '', email: '', title: '', phone: '', businessName: '', password: '', confirmPassword: '' };

const FORM_ID = 'apply-for-access-form';
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ApplyForAccessDialogProps = { open: boolean; onClose: () => void };

/**
 * Apply for Access: a new organisation with its owner, or — for an invitee — activation of
 * their invitation, with the business fields hidden. An invitation is found only with the code the
 * database mails to the invited address ("Email me a code"), so the dialog shows nothing about an
 * invitation to someone who does not read that mailbox.
 */
export function ApplyForAccessDialog({ open, onClose }: ApplyForAccessDialogProps) {
  const t = useT();
  const navigate = useNavigate();
  const [fields, setFields] = useState<ApplyFields>(EMPTY);
  const [message, setMessage] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<readonly string[]>([]);
  const { busy: submitting, run } = useSubmit();

  // The invitation, once the code mailed to the address has been entered.
  const [invite, setInvite] = useState<PendingInvite | null>(null);
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [inviteCode, setInviteCode] = useState('');
  const [inviteBusy, setInviteBusy] = useState(false);
  const mode: ApplyMode = invite ? 'activate' : 'apply';

  // The code section closes once the code is used: focus moves on to the password to set, not to the page.
  useEffect(() => {
    if (invite) document.getElementById('apply-password')?.focus();
  }, [invite]);

  const set = (key: keyof ApplyFields) => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    if (key === 'email' && value.trim().toLowerCase() !== fields.email.trim().toLowerCase()) {
      // A code and an invitation belong to the address they were sent to.
      setInvite(null);
      setCodeSentTo(null);
      setInviteCode('');
    }
  };

  const fail = (text: string, field: string) => {
    setMessage(text);
    setInvalid([field]);
  };

  const sendCode = async () => {
    const email = fields.email.trim().toLowerCase();
    if (!LOOKS_LIKE_EMAIL.test(email)) return fail(AUTH_MESSAGES.validEmailRequired, 'email');
    setInviteBusy(true);
    const sent = await requestInviteCode(email);
    setInviteBusy(false);
    if (!sent.ok) return fail(sent.message, 'email');
    setMessage(null);
    setInvalid([]);
    setInviteCode('');
    setCodeSentTo(email);
  };

  const applyCode = async () => {
    if (!codeSentTo) return;
    if (!inviteCode.trim()) return fail(AUTH_MESSAGES.inviteCodeRequired, 'inviteCode');
    setInviteBusy(true);
    const found = await findPendingInvite(codeSentTo, inviteCode);
    setInviteBusy(false);
    if (!found.ok) return fail(found.message, 'inviteCode');
    setMessage(null);
    setInvalid([]);
    setInvite(found.invite);
    setFields((current) => ({ ...current, fullName: found.invite.name ?? current.fullName, title: found.invite.title ?? current.title }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    // Enter in the code field uses the code rather than applying for a new organisation.
    if (!invite && codeSentTo && inviteCode.trim()) return applyCode();
    const check = checkForm(applyForAccessSchema, { ...fields, mode });
    if (!check.ok) {
      setMessage(check.message);
      setInvalid(check.fields);
      return;
    }
    setMessage(null);
    setInvalid([]);
    const sent = await run(() => submitApplication(check.values, invite ? { code: inviteCode, id: invite.id } : null));
    if (!sent.ok) {
      if ('error' in sent) setMessage(sent.error instanceof Error && sent.error.message ? sent.error.message : AUTH_MESSAGES.genericErrorDescription);
      return;
    }
    const outcome = sent.value;
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
        // The code ran out between entering it and submitting: back to entering a new one.
        if (outcome.field === 'inviteCode') setInvite(null);
        setMessage(outcome.message);
        setInvalid(outcome.field ? [outcome.field] : []);
        break;
      case 'failed':
        toast({ title: outcome.title, description: outcome.description, variant: 'destructive' });
        break;
    }
  };

  const isInvalid = (key: keyof ApplyFields | 'inviteCode') => invalid.includes(key);

  return (
    <Modal
      open={open}
      title={mode === 'activate' ? t('auth.activateYourAccount') : t('auth.applyForAccess')}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: !submitting }}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={submitting}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" htmlType="submit" form={FORM_ID} loading={submitting}>
          {mode === 'activate' ? t('auth.activateAccount') : t('auth.submitApplication')}
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
              title={AUTH_MESSAGES.invitedTo(invite.org_name, invite.role_name, invite.invited_by_name)}
              description={AUTH_MESSAGES.setPasswordToJoin(invite.org_name)}
            />
          ) : (
            <p style={{ marginTop: 0 }}>{t('auth.applyIntro')}</p>
          )}
          <AuthField id="apply-email" label={t('common.email')} type="email" required autoFocus autoComplete="email" value={fields.email} onChange={set('email')} invalid={isInvalid('email')} />
          {!invite && (
            <section aria-label={t('auth.invitation')} style={{ marginTop: -6, marginBottom: 14 }}>
              {codeSentTo ? (
                <>
                  <p role="status" style={{ marginTop: 0, fontSize: 13 }}>
                    {AUTH_MESSAGES.inviteCodeSent(codeSentTo)}
                  </p>
                  <p style={{ marginTop: 0, fontSize: 13 }}>{AUTH_MESSAGES.inviteCodePerOrganization}</p>
                  <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
                    <div style={{ flex: 1 }}>
                      <AuthField
                        id="apply-invite-code"
                        label={AUTH_MESSAGES.inviteCodeLabel}
                        autoFocus
                        autoComplete="one-time-code"
                        value={inviteCode}
                        onChange={setInviteCode}
                        invalid={isInvalid('inviteCode')}
                      />
                    </div>
                    <Button onClick={applyCode} loading={inviteBusy} style={{ marginBottom: 14 }}>
                      {AUTH_MESSAGES.useInviteCode}
                    </Button>
                  </div>
                  <Button type="link" onClick={sendCode} disabled={inviteBusy} style={{ padding: 0 }}>
                    {AUTH_MESSAGES.sendNewInviteCode}
                  </Button>
                </>
              ) : (
                <p style={{ margin: 0, fontSize: 13 }}>
                  {AUTH_MESSAGES.invitedPrompt}{' '}
                  <Button type="link" onClick={sendCode} loading={inviteBusy} style={{ padding: 0, height: 'auto' }}>
                    {AUTH_MESSAGES.sendInviteCode}
                  </Button>
                </p>
              )}
            </section>
          )}
          <AuthField id="apply-full-name" label={t('auth.fullName')} required autoComplete="name" value={fields.fullName} onChange={set('fullName')} invalid={isInvalid('fullName')} />
          <AuthField id="apply-title" label={t('auth.title')} autoComplete="organization-title" value={fields.title} onChange={set('title')} />
          <AuthField id="apply-phone" label={t('auth.phone')} type="tel" autoComplete="tel" value={fields.phone} onChange={set('phone')} />
          {mode === 'apply' && (
            <AuthField id="apply-business-name" label={t('auth.businessName')} required autoComplete="organization" value={fields.businessName} onChange={set('businessName')} invalid={isInvalid('businessName')} />
          )}
          <AuthField id="apply-password" label={t('common.password')} type="password" required autoComplete="new-password" value={fields.password} onChange={set('password')} invalid={isInvalid('password')} />
          <AuthField id="apply-confirm-password" label={t('auth.confirmPassword')} type="password" required autoComplete="new-password" value={fields.confirmPassword} onChange={set('confirmPassword')} invalid={isInvalid('confirmPassword')} />
          {message && <Alert id={`${FORM_ID}-message`} type="error" showIcon title={message} />}
        </Form>
      </form>
    </Modal>
  );
}
