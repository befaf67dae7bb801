import { loadSupabase } from '@steward/libs/boot';
import { AUTH_MESSAGES } from './authMessages';
import type { SignUpValues } from './authSchemas';
import { ORGANIZATION_EXISTS_CODE, USER_EXISTS_CODE, signInAfterCreation, type ApplicationOutcome } from './submitApplication';

export type SignUpOutcome = ApplicationOutcome | { kind: 'organizationExists' } | { kind: 'emailTaken' };

/**
 * The Sign In modal's sign-up: a new organisation with its owner, through the same transactional
 * database function as Apply for Access (the username doubles as the display name).
 */
export async function signUpOrganization(values: SignUpValues): Promise<SignUpOutcome> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.rpc('apply_for_access', {
      p_email: values.email,
      p_password: values.password,
      p_full_name: values.username,
      p_business_name: values.organizationName,
      p_title: null,
      p_phone: null,
      p_username: values.username,
    });
    if (error) {
      if (error.code === ORGANIZATION_EXISTS_CODE) return { kind: 'organizationExists' };
      if (error.code === USER_EXISTS_CODE) return { kind: 'emailTaken' };
      return { kind: 'failed', title: AUTH_MESSAGES.genericErrorTitle, description: error.message || AUTH_MESSAGES.genericErrorDescription };
    }
    if (!(data as { user_id?: string } | null)?.user_id) {
      return { kind: 'failed', title: AUTH_MESSAGES.genericErrorTitle, description: AUTH_MESSAGES.genericErrorDescription };
    }
    return await signInAfterCreation(values.email, values.password);
  } catch (error) {
    const description = error instanceof Error && error.message ? error.message : AUTH_MESSAGES.genericErrorDescription;
    return { kind: 'failed', title: AUTH_MESSAGES.genericErrorTitle, description };
  }
}
