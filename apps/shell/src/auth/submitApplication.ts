import { loadSupabase } from '@steward/libs/boot';
import { AUTH_MESSAGES } from './authMessages';
import type { ApplyForAccessValues } from './authSchemas';
import { signInWithPassword } from './signInWithPassword';

export type ApplicationOutcome =
  /** The account exists and the visitor is now signed in. */
  | { kind: 'signedIn' }
  /** The account exists but must be confirmed by e-mail before signing in. */
  | { kind: 'confirmEmail' }
  /** A rule the database enforces was broken: shown in the form, with the field to change. */
  | { kind: 'invalid'; message: string; field: ApplyField | null }
  /** Anything else: shown as an error toast. */
  | { kind: 'failed'; title: string; description?: string };

export type ApplyField = 'email' | 'fullName' | 'businessName' | 'password' | 'inviteCode';

/**
 * The rule errors of apply_for_access / activate_invite (SQLSTATE ST001–ST012, message already
 * user-facing) and the field each is about. Any other error is a failure, not a form problem.
 */
const RULE_FIELDS: Record<string, ApplyField | null> = {
  ST001: null,
  ST002: 'email',
  ST003: 'businessName',
  ST004: 'password',
  ST005: 'businessName',
  ST006: 'email',
  ST007: 'email',
  ST008: 'password',
  ST009: 'businessName',
  ST010: 'businessName',
  ST011: 'inviteCode',
  ST012: 'password',
};

export const ORGANIZATION_EXISTS_CODE = 'ST005';
export const USER_EXISTS_CODE = 'ST006';

export function ruleViolation(error: { code?: string; message: string }): ApplicationOutcome | null {
  if (!error.code || !(error.code in RULE_FIELDS)) return null;
  return { kind: 'invalid', message: error.message, field: RULE_FIELDS[error.code] ?? null };
}

/** Signs the new account in; an unconfirmed e-mail is an expected state, not a failure. */
export async function signInAfterCreation(email: string, password: string): Promise<ApplicationOutcome> {
  const outcome = await signInWithPassword({ email, password });
  if (outcome.ok) return { kind: 'signedIn' };
  if (outcome.code === 'email_not_confirmed') return { kind: 'confirmEmail' };
  return { kind: 'failed', title: AUTH_MESSAGES.applicationError, description: outcome.message };
}

/** The invitation the person chose: the mailed code they entered and the invitation it showed them. */
export type ChosenInvitation = { code: string; id: string };

/**
 * Submits Apply for Access through one database function per mode, each a single transaction: a new
 * organisation with its owner role and Active profile and auth user (apply_for_access), or the one
 * invitation the mailed code belongs to made Active with its auth user (activate_invite) — given its
 * id as well, so no invitation other than the one shown is ever accepted. Either everything is
 * created or nothing.
 */
export async function submitApplication(values: ApplyForAccessValues, invitation: ChosenInvitation | null = null): Promise<ApplicationOutcome> {
  const supabase = await loadSupabase();
  try {
    if (values.mode === 'activate') {
      const { error } = await supabase.rpc('activate_invite', {
        p_email: values.email,
        p_code: invitation?.code ?? '',
        p_invitation: invitation?.id ?? null,
        p_password: values.password,
        p_full_name: values.fullName,
        p_title: values.title || null,
        p_phone: values.phone || null,
      });
      if (error) return ruleViolation(error) ?? { kind: 'failed', title: AUTH_MESSAGES.activateAccountFailedWith(error.message) };
    } else {
      const { data, error } = await supabase.rpc('apply_for_access', {
        p_email: values.email,
        p_password: values.password,
        p_full_name: values.fullName,
        p_business_name: values.businessName,
        p_title: values.title || null,
        p_phone: values.phone || null,
        p_username: null,
      });
      if (error) return ruleViolation(error) ?? { kind: 'failed', title: AUTH_MESSAGES.createAccountFailedWith(error.message) };
      if (!(data as { user_id?: string } | null)?.user_id) return { kind: 'failed', title: AUTH_MESSAGES.createAccountFailed };
    }
    return await signInAfterCreation(values.email, values.password);
  } catch (error) {
    return { kind: 'failed', title: AUTH_MESSAGES.applicationError, description: error instanceof Error ? error.message : String(error) };
  }
}
