import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WRONG_CODES } from '../../local/auth/oneTimeTokens.mjs';
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

  it('Apply for Access refuses it in the database (ST010), before any login exists', async () => {
    const email = uniqueEmail('long-apply');
    const { error } = await anon().rpc('apply_for_access', {
      p_email: email,
      p_password: `${SEVENTY_TWO}-more`,
      p_full_name: 'Long Password',
      p_business_name: `Long Password ${email}`,
    });
    expect(error?.code).toBe('ST010');
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
