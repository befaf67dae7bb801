import type { AuthChangeEvent } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { codeOf, linkOf, mailOutboxUrl, mailsTo, waitForMail } from './mailOutbox';
import { createTestClient, testStack, uniqueEmail } from './testStack';

// Password recovery, magic links, GoTrue's answers for disabled features and the admin user API
// details, through supabase-js against the shared stack (confirmation off, the local default).
const stack = testStack();
const outbox = mailOutboxUrl(stack.portBase);
const PASSWORD = 'correct-horse-9';
const REDIRECT = 'http://localhost:4440/reset-password';

async function signedUp(label: string) {
  const email = uniqueEmail(label).toLowerCase();
  const client = createTestClient(stack.apiUrl, stack.anonKey);
  const { error } = await client.auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  return email;
}

async function canSignIn(email: string, password: string) {
  const client = createTestClient(stack.apiUrl, stack.anonKey);
  const { error } = await client.auth.signInWithPassword({ email, password });
  return error === null;
}

describe('password recovery (resetPasswordForEmail → mail → verify → updateUser)', () => {
  it('mails a code that verifies into a recovery session, announced as PASSWORD_RECOVERY, and the new password works', async () => {
    const email = await signedUp('Recover');
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: REDIRECT });
    expect(error).toBeNull();

    const mail = await waitForMail(outbox, email, 'Reset Your Password');
    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const verified = await client.auth.verifyOtp({ email, token: codeOf(mail), type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    expect(events).toContain('PASSWORD_RECOVERY');

    const newPassword = 'brand-new-pass-7';
    const updated = await client.auth.updateUser({ password: newPassword });
    expect(updated.error).toBeNull();
    expect(await canSignIn(email, newPassword)).toBe(true);
    expect(await canSignIn(email, PASSWORD)).toBe(false);

    // The code is used up.
    const again = await createTestClient(stack.apiUrl, stack.anonKey).auth.verifyOtp({ email, token: codeOf(mail), type: 'recovery' });
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.status).toBe(403);
  });

  it('the mailed link redirects to the allowed redirect_to with a recovery session in the fragment, once', async () => {
    const email = await signedUp('RecoverLink');
    await createTestClient(stack.apiUrl, stack.anonKey).auth.resetPasswordForEmail(email, { redirectTo: REDIRECT });
    const link = linkOf(await waitForMail(outbox, email, 'Reset Your Password'));
    expect(link.startsWith(`${stack.apiUrl}/auth/v1/verify?`)).toBe(true);

    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const location = new URL(first.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const accessToken = fragment.get('access_token') ?? '';
    expect(accessToken).not.toBe('');
    const { data } = await createTestClient(stack.apiUrl, stack.anonKey).auth.getUser(accessToken);
    expect(data.user?.email).toBe(email);

    const second = await fetch(link, { redirect: 'manual' });
    const secondFragment = new URLSearchParams(new URL(second.headers.get('location') ?? '').hash.slice(1));
    expect(secondFragment.get('error_code')).toBe('otp_expired');
    expect(secondFragment.get('error_description')).toBe('Email link is invalid or has expired');
    expect(secondFragment.get('access_token')).toBeNull();
  });

  it('does not trust a foreign redirect_to: the link lands on the site URL instead', async () => {
    const email = await signedUp('RecoverForeign');
    await createTestClient(stack.apiUrl, stack.anonKey).auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example.com/steal' });
    const link = linkOf(await waitForMail(outbox, email, 'Reset Your Password'));
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.headers.get('location')?.startsWith('https://evil.example.com')).toBe(false);
  });

  it('answers an unknown address exactly like a known one and mails nothing', async () => {
    const email = uniqueEmail('Nobody').toLowerCase();
    const { data, error } = await createTestClient(stack.apiUrl, stack.anonKey).auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(outbox, email)).toHaveLength(0);
  });

  it('a newer reset mail replaces the older code', async () => {
    const email = await signedUp('RecoverTwice');
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    await client.auth.resetPasswordForEmail(email);
    const first = await waitForMail(outbox, email, 'Reset Your Password');
    await client.auth.resetPasswordForEmail(email);
    const second = await waitForMail(outbox, email, 'Reset Your Password', [first.id]);
    if (codeOf(first) !== codeOf(second)) {
      const stale = await client.auth.verifyOtp({ email, token: codeOf(first), type: 'recovery' });
      expect(stale.error?.code).toBe('otp_expired');
    }
    const fresh = await client.auth.verifyOtp({ email, token: codeOf(second), type: 'recovery' });
    expect(fresh.error).toBeNull();
  });

  it('refuses a new password shorter than 8 characters with weak_password', async () => {
    const email = await signedUp('RecoverWeak');
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await client.auth.updateUser({ password: 'seven77' });
    expect(error?.code).toBe('weak_password');
    expect(error?.status).toBe(422);
    expect(error?.message).toBe('Password should be at least 8 characters.');
    expect(await canSignIn(email, PASSWORD)).toBe(true);
  });
});

describe('magic link (signInWithOtp)', () => {
  it('mails a code that signs the user in, and refuses unknown addresses when shouldCreateUser is false', async () => {
    const email = await signedUp('Magic');
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await waitForMail(outbox, email, 'Your Magic Link');
    const { data, error } = await client.auth.verifyOtp({ email, token: codeOf(mail), type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);

    const refused = await client.auth.signInWithOtp({ email: uniqueEmail('NoMagic'), options: { shouldCreateUser: false } });
    expect(refused.error?.code).toBe('otp_disabled');
    expect(refused.error?.message).toBe('Signups not allowed for otp');
  });
});

describe('disabled features answer with GoTrue codes and messages', () => {
  const anon = () => createTestClient(stack.apiUrl, stack.anonKey);

  it('phone sign-up and phone OTP', async () => {
    const signUp = await anon().auth.signUp({ phone: '+15555550100', password: PASSWORD });
    expect(signUp.error?.code).toBe('phone_provider_disabled');
    expect(signUp.error?.message).toBe('Phone signups are disabled');
    const otp = await anon().auth.signInWithOtp({ phone: '+15555550100' });
    expect(otp.error?.code).toBe('phone_provider_disabled');
  });

  it('anonymous sign-in', async () => {
    const { error } = await anon().auth.signInAnonymously();
    expect(error?.code).toBe('anonymous_provider_disabled');
    expect(error?.message).toBe('Anonymous sign-ins are disabled');
    expect(error?.status).toBe(422);
  });

  it('SSO and ID-token sign-in', async () => {
    const sso = await anon().auth.signInWithSSO({ domain: 'example.com' });
    expect(sso.error?.code).toBe('saml_provider_disabled');
    expect(sso.error?.message).toBe('SAML 2.0 is disabled');
    const idToken = await anon().auth.signInWithIdToken({ provider: 'google', token: 'x.y.z' });
    expect(idToken.error?.code).toBe('provider_disabled');
    expect(idToken.error?.message).toBe('Provider (issuer "https://accounts.google.com") is not enabled');
  });
});

describe('admin user API', () => {
  const admin = () => createTestClient(stack.apiUrl, stack.serviceRoleKey).auth.admin;

  it('createUser keeps user_metadata and app_metadata', async () => {
    const email = uniqueEmail('AdminMeta').toLowerCase();
    const { data, error } = await admin().createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Grace Hopper' },
      app_metadata: { plan: 'pro' },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ full_name: 'Grace Hopper' });
    expect(data.user?.app_metadata).toMatchObject({ plan: 'pro', provider: 'email' });
    const fetched = await admin().getUserById(data.user?.id ?? '');
    expect(fetched.data.user?.user_metadata).toEqual({ full_name: 'Grace Hopper' });
  });

  it('listUsers refuses a page that is not an unsigned integer', async () => {
    const { error } = await admin().listUsers({ page: -1, perPage: 10 });
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax');
    const ok = await admin().listUsers({ page: 1, perPage: 2 });
    expect(ok.error).toBeNull();
    expect(ok.data.users.length).toBeLessThanOrEqual(2);
  });
});
