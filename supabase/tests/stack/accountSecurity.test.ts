import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODES_PER_DAY, MAX_WRONG_CODES, createCodeAttempts } from '../../local/auth/oneTimeTokens.mjs';
import { codeOf, linkOf, mailOutboxUrl, waitForMail } from './mailOutbox';
import { connectDb, createTestClient, testStack, uniqueEmail } from './testStack';

const stack = testStack();
const PASSWORD = 'correct-horse-9';
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db.end();
});

const anon = () => createTestClient(stack.apiUrl, stack.anonKey);
const admin = () => createTestClient(stack.apiUrl, stack.serviceRoleKey);

/** 72 ASCII bytes: all that bcrypt reads. */
const SEVENTY_TWO = 'a-long-passphrase-that-fills-all-of-the-seventy-two-bytes-bcrypt-reads!!';

describe('passwords longer than bcrypt reads (72 bytes)', () => {
  it('sign-up refuses 73 bytes with a clear 422 and creates nothing', async () => {
    const email = uniqueEmail('long-signup');
    const { data, error } = await anon().auth.signUp({ email, password: `${SEVENTY_TWO}x` });
    expect(error?.status).toBe(422);
    expect(error?.message).toBe('Password cannot be longer than 72 characters');
    expect(data.user).toBeNull();
    const { rows } = await db.query('select count(*)::int as n from auth.users where email = $1', [email]);
    expect(rows[0].n).toBe(0);
  });

  it('counts bytes, not characters: 37 two-byte characters are refused', async () => {
    const { error } = await anon().auth.signUp({ email: uniqueEmail('long-utf8'), password: 'é'.repeat(37) });
    expect(error?.status).toBe(422);
  });

  it('a password of exactly 72 bytes works, and its first 72 bytes plus anything do not sign in', async () => {
    expect(Buffer.byteLength(SEVENTY_TWO)).toBe(72);
    const email = uniqueEmail('seventy-two');
    expect((await anon().auth.signUp({ email, password: SEVENTY_TWO })).error).toBeNull();
    expect((await anon().auth.signInWithPassword({ email, password: SEVENTY_TWO })).error).toBeNull();
    const longer = await anon().auth.signInWithPassword({ email, password: `${SEVENTY_TWO}anything` });
    expect(longer.error?.code).toBe('invalid_credentials');
  });

  it('updateUser (also after a recovery link) and the admin API refuse it too', async () => {
    const email = uniqueEmail('long-update');
    const client = anon();
    await client.auth.signUp({ email, password: PASSWORD });
    const update = await client.auth.updateUser({ password: `${SEVENTY_TWO}-more` });
    expect(update.error?.status).toBe(422);
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const created = await admin().auth.admin.createUser({ email: uniqueEmail('long-admin'), password: `${SEVENTY_TWO}-more` });
    expect(created.error?.status).toBe(422);
  });

  it('Apply for Access refuses it in the database (ST012), before any login exists', async () => {
    const email = uniqueEmail('long-apply');
    const { error } = await anon().rpc('apply_for_access', {
      p_email: email,
      p_password: `${SEVENTY_TWO}-more`,
      p_full_name: 'Long Password',
      p_business_name: `Long Password ${email}`,
    });
    expect(error?.code).toBe('ST012');
    expect(error?.message).toBe('Password must be at most 72 bytes long');
    const { rows } = await db.query('select count(*)::int as n from auth.users where email = $1', [email]);
    expect(rows[0].n).toBe(0);
  });
});

describe('a mailed code cannot be guessed', () => {
  /** A six-digit code that is not the mailed one. */
  const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

  it(`voids the code and the link after ${MAX_WRONG_CODES} wrong codes; a new mail gives a working one`, async () => {
    const email = uniqueEmail('guess');
    await anon().auth.signUp({ email, password: PASSWORD });
    expect((await anon().auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await waitForMail(mailOutboxUrl(stack.portBase), email, 'Reset Your Password');
    for (let i = 0; i < MAX_WRONG_CODES; i += 1) {
      const { error } = await anon().auth.verifyOtp({ email, token: wrongCode(codeOf(mail)), type: 'recovery' });
      expect(error?.code).toBe('otp_expired');
    }
    const right = await anon().auth.verifyOtp({ email, token: codeOf(mail), type: 'recovery' });
    expect(right.error?.code).toBe('otp_expired');
    const hash = new URL(linkOf(mail)).searchParams.get('token') ?? '';
    const link = await anon().auth.verifyOtp({ token_hash: hash, type: 'recovery' });
    expect(link.error?.code).toBe('otp_expired');

    expect((await anon().auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await waitForMail(mailOutboxUrl(stack.portBase), email, 'Reset Your Password', [mail.id]);
    const fresh = await anon().auth.verifyOtp({ email, token: codeOf(second), type: 'recovery' });
    expect(fresh.error).toBeNull();
    expect(fresh.data.session?.user.email).toBe(email);
  });

  it(`refuses codes past ${MAX_CODES_PER_DAY} a day for an address, however many new mails it asks for; the mailed link still works`, async () => {
    const email = uniqueEmail('mail-after-mail');
    await anon().auth.signUp({ email, password: PASSWORD });
    const seen: string[] = [];
    for (let round = 0; round < MAX_CODES_PER_DAY / MAX_WRONG_CODES; round += 1) {
      expect((await anon().auth.resetPasswordForEmail(email)).error).toBeNull();
      const mail = await waitForMail(mailOutboxUrl(stack.portBase), email, 'Reset Your Password', seen);
      seen.push(mail.id);
      for (let i = 0; i < MAX_WRONG_CODES; i += 1) {
        expect((await anon().auth.verifyOtp({ email, token: wrongCode(codeOf(mail)), type: 'recovery' })).error?.code).toBe('otp_expired');
      }
    }
    expect((await anon().auth.resetPasswordForEmail(email)).error).toBeNull();
    const last = await waitForMail(mailOutboxUrl(stack.portBase), email, 'Reset Your Password', seen);
    expect((await anon().auth.verifyOtp({ email, token: codeOf(last), type: 'recovery' })).error?.code).toBe('otp_expired');
    const hash = new URL(linkOf(last)).searchParams.get('token') ?? '';
    const link = await anon().auth.verifyOtp({ token_hash: hash, type: 'recovery' });
    expect(link.error).toBeNull();
    expect(link.data.session?.user.email).toBe(email);
  });

  it('gives a client its daily codes for an address again once the day has passed; another client has its own day', () => {
    let now = 0;
    const attempts = createCodeAttempts(() => now);
    for (let i = 0; i < MAX_CODES_PER_DAY; i += 1) {
      if (i % MAX_WRONG_CODES === 0) attempts.reset('a@example.com');
      expect(attempts.begin('a@example.com', '198.51.100.1')).toBe(true);
    }
    attempts.reset('a@example.com');
    expect(attempts.begin('a@example.com', '198.51.100.1')).toBe(false);
    expect(attempts.begin('a@example.com', '203.0.113.9')).toBe(true);
    expect(attempts.begin('b@example.com', '198.51.100.1')).toBe(true);
    now += 24 * 60 * 60 * 1000;
    expect(attempts.begin('a@example.com', '198.51.100.1')).toBe(true);
  });

  it('takes a wrong code or two in stride', async () => {
    const email = uniqueEmail('typo');
    await anon().auth.signUp({ email, password: PASSWORD });
    await anon().auth.resetPasswordForEmail(email);
    const mail = await waitForMail(mailOutboxUrl(stack.portBase), email, 'Reset Your Password');
    expect((await anon().auth.verifyOtp({ email, token: wrongCode(codeOf(mail)), type: 'recovery' })).error?.code).toBe('otp_expired');
    expect((await anon().auth.verifyOtp({ email, token: codeOf(mail), type: 'recovery' })).error).toBeNull();
  });

  it('a token hash is not sha224(e-mail + code), which anyone knowing the address could compute', async () => {
    const email = uniqueEmail('hash');
    await anon().auth.signUp({ email, password: PASSWORD });
    await anon().auth.resetPasswordForEmail(email);
    const mail = await waitForMail(mailOutboxUrl(stack.portBase), email, 'Reset Your Password');
    const { createHash } = await import('node:crypto');
    const guessable = createHash('sha224').update(`${email}${codeOf(mail)}`).digest('hex');
    expect(new URL(linkOf(mail)).searchParams.get('token')).not.toBe(guessable);
    expect((await anon().auth.verifyOtp({ token_hash: guessable, type: 'recovery' })).error?.code).toBe('otp_expired');
  });
});

describe('a magic-link request for an unknown address does not lock the address out', () => {
  const requestMagicLink = (email: string) => anon().auth.signInWithOtp({ email });

  it('Apply for Access for that address still succeeds, and the earlier link no longer signs in', async () => {
    const email = uniqueEmail('otp-apply');
    expect((await requestMagicLink(email)).error).toBeNull();
    const mail = await waitForMail(mailOutboxUrl(stack.portBase), email, 'Your Magic Link');
    const { data, error } = await anon().rpc('apply_for_access', {
      p_email: email,
      p_password: PASSWORD,
      p_full_name: 'Owner After Otp',
      p_business_name: `After Otp ${email}`,
    });
    expect(error).toBeNull();
    const owner = anon();
    expect((await owner.auth.signInWithPassword({ email, password: PASSWORD })).data.user?.id).toBe((data as { user_id: string }).user_id);
    const stale = await anon().auth.verifyOtp({ email, token: codeOf(mail), type: 'email' });
    expect(stale.error?.code).toBe('otp_expired');
  });

  it('sign-up for that address still succeeds', async () => {
    const email = uniqueEmail('otp-signup');
    expect((await requestMagicLink(email)).error).toBeNull();
    const { data, error } = await anon().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('an address that was used (magic link followed) stays taken', async () => {
    const email = uniqueEmail('otp-used');
    await requestMagicLink(email);
    const mail = await waitForMail(mailOutboxUrl(stack.portBase), email, 'Your Magic Link');
    expect((await anon().auth.verifyOtp({ email, token: codeOf(mail), type: 'email' })).error).toBeNull();
    expect((await anon().auth.signUp({ email, password: PASSWORD })).error?.code).toBe('user_already_exists');
    const apply = await anon().rpc('apply_for_access', {
      p_email: email,
      p_password: PASSWORD,
      p_full_name: 'Second Owner',
      p_business_name: `Taken ${email}`,
    });
    expect(apply.error?.code).toBe('ST006');
  });

  it('shouldCreateUser: false creates nothing for an unknown address', async () => {
    const email = uniqueEmail('otp-no-create');
    const { error } = await anon().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error?.code).toBe('otp_disabled');
    const { rows } = await db.query('select count(*)::int as n from auth.users where email = $1', [email]);
    expect(rows[0].n).toBe(0);
  });
});

describe('GoTrue endpoints a hosted project has (service role)', () => {
  it('/invite creates the login, mails a link that confirms the address and signs in, and refuses a confirmed address', async () => {
    const email = uniqueEmail('invitee');
    const invited = await admin().auth.admin.inviteUserByEmail(email, { data: { full_name: 'Invited Person' } });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.email).toBe(email);
    expect(invited.data.user?.invited_at).toBeTruthy();
    const mail = await waitForMail(mailOutboxUrl(stack.portBase), email, 'You have been invited');
    const client = anon();
    const verified = await client.auth.verifyOtp({ email, token: codeOf(mail), type: 'invite' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect((await client.auth.updateUser({ password: PASSWORD })).error).toBeNull();
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const again = await admin().auth.admin.inviteUserByEmail(email);
    expect(again.error?.code).toBe('email_exists');
    expect((await anon().auth.admin.inviteUserByEmail(uniqueEmail('not-admin'))).error?.code).toBe('not_admin');
  });

  it('an invited login is not released by Apply for Access (it was not made by a stranger)', async () => {
    const email = uniqueEmail('invited-apply');
    expect((await admin().auth.admin.inviteUserByEmail(email)).error).toBeNull();
    const apply = await anon().rpc('apply_for_access', { p_email: email, p_password: PASSWORD, p_full_name: 'X', p_business_name: `Invited ${email}` });
    expect(apply.error?.code).toBe('ST006');
  });

  it('/admin/generate_link returns the link and code a mail would carry, and mails nothing', async () => {
    const email = uniqueEmail('generated');
    await anon().auth.signUp({ email, password: PASSWORD });
    const { data, error } = await admin().auth.admin.generateLink({ type: 'recovery', email });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.properties).toMatchObject({ verification_type: 'recovery', email_otp: expect.stringMatching(/^\d{6}$/) });
    expect(data.properties?.action_link).toContain('/auth/v1/verify?token=');
    const signedIn = await anon().auth.verifyOtp({ token_hash: data.properties?.hashed_token ?? '', type: 'recovery' });
    expect(signedIn.error).toBeNull();

    const fresh = uniqueEmail('generated-signup');
    const signup = await admin().auth.admin.generateLink({ type: 'signup', email: fresh, password: PASSWORD });
    expect(signup.error).toBeNull();
    expect(signup.data.user?.email_confirmed_at).toBeFalsy();
    const invite = await admin().auth.admin.generateLink({ type: 'invite', email: uniqueEmail('generated-invite') });
    expect(invite.data.properties?.verification_type).toBe('invite');
    expect((await admin().auth.admin.generateLink({ type: 'magiclink', email: uniqueEmail('nobody') })).error?.status).toBe(404);
    const response = await fetch(`${mailOutboxUrl(stack.portBase)}/api/email`);
    const mails = (await response.json()) as Array<{ to: Array<{ address: string }> }>;
    expect(mails.some((mail) => mail.to.some((to) => to.address === fresh))).toBe(false);
  });

  it('/factors answers that MFA enrolment is not enabled, not a bare 404', async () => {
    const client = anon();
    await client.auth.signUp({ email: uniqueEmail('mfa'), password: PASSWORD });
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error?.code).toBe('mfa_totp_enroll_not_enabled');
    expect(error?.status).toBe(422);
    const challenge = await client.auth.mfa.challenge({ factorId: '00000000-0000-0000-0000-000000000000' });
    expect(challenge.error?.code).toBe('mfa_factor_not_found');
  });
});
