import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, TEST_AUTH_RATE_LIMITS } from '../../local/config.mjs';
import { startStack, type RunningStack } from '../../local/stack.mjs';
import { codeOf, linkOf, waitForMail } from './mailOutbox';
import { connectDb, createTestClient, restartablePortBase, testStack, uniqueEmail } from './testStack';

// E-mail confirmation is off by default locally; this file runs a stack of its own with it on
// (STEWARD_AUTH_AUTOCONFIRM=false), as a hosted project with confirmations enabled behaves.
const PASSWORD = 'correct-horse-9';

let dataDir: string;
let stack: RunningStack;
let db: pg.Client;
let emptyDir: string;

beforeAll(async () => {
  const base = await restartablePortBase(300);
  dataDir = path.join(REPO_ROOT, '.steward', `test-confirmation-${base}`);
  emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'steward-no-migrations-'));
  stack = await startStack({
    portBase: base,
    dataDir,
    fresh: true,
    autoconfirm: false,
    // Mails are re-sent to one address within seconds here: rate limits raised, still enforced.
    authRateLimits: TEST_AUTH_RATE_LIMITS,
    migrationsDir: emptyDir,
    seedFile: path.join(emptyDir, 'seed.sql'),
    log: 'silent',
  });
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
  await stack?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(emptyDir, { recursive: true, force: true });
});

describe('with e-mail confirmation required', () => {
  it('tells the database, so users created in SQL (apply_for_access, activate_invite) are not confirmed either', async () => {
    const { rows } = await db.query(`select current_setting('steward.auth_autoconfirm', true) as value`);
    expect(rows[0]?.value).toBe('off');
    const shared = await connectDb(testStack().dbUrl);
    try {
      const confirmed = await shared.query(`select current_setting('steward.auth_autoconfirm', true) as value`);
      expect(confirmed.rows[0]?.value).toBe('on');
    } finally {
      await shared.end();
    }
  });

  it('signUp returns the user without a session', async () => {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const email = uniqueEmail('confirm');
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD });

    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toBeTruthy();
  });

  it('refuses to sign in an unconfirmed user with email_not_confirmed, then admits them once confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    const { data } = await createTestClient(stack.apiUrl, stack.anonKey).auth.signUp({ email, password: PASSWORD });
    const client = createTestClient(stack.apiUrl, stack.anonKey);

    const refused = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(refused.error?.status).toBe(400);
    expect(refused.error?.code).toBe('email_not_confirmed');
    expect(refused.error?.message).toBe('Email not confirmed');

    const admin = createTestClient(stack.apiUrl, stack.serviceRoleKey).auth.admin;
    expect((await admin.updateUserById(data.user?.id ?? '', { email_confirm: true })).error).toBeNull();
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('refuses a seeded row whose email_confirmed_at is NULL', async () => {
    const email = uniqueEmail('seeded-unconfirmed');
    await db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, crypt($2, gen_salt('bf')), null, now(), now())`,
      [email, PASSWORD],
    );
    const { error } = await createTestClient(stack.apiUrl, stack.anonKey).auth.signInWithPassword({ email, password: PASSWORD });

    expect(error?.code).toBe('email_not_confirmed');
  });

  it('answers a repeated sign-up of an unconfirmed address without creating a second user', async () => {
    const email = uniqueEmail('repeat');
    await createTestClient(stack.apiUrl, stack.anonKey).auth.signUp({ email, password: PASSWORD });
    const again = await createTestClient(stack.apiUrl, stack.anonKey).auth.signUp({ email, password: PASSWORD });

    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    const { rows } = await db.query('select count(*)::int as n from auth.users where email = $1', [email]);
    expect(rows[0].n).toBe(1);
  });
});

describe('confirmation through the mail outbox', () => {
  const REDIRECT = 'http://localhost:4440/dashboard';

  it('sign-up mails a link; following it confirms the address and lands with a session, and it works once', async () => {
    const email = uniqueEmail('mailed').toLowerCase();
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    expect((await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: REDIRECT } })).error).toBeNull();
    const link = linkOf(await waitForMail(stack.mailUrl, email, 'Confirm Your Signup'));
    expect(link).toContain('type=signup');

    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const location = new URL(followed.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('access_token')).toBeTruthy();
    const { rows } = await db.query('select email_confirmed_at from auth.users where email = $1', [email]);
    expect(rows[0].email_confirmed_at).not.toBeNull();
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const again = new URLSearchParams(new URL((await fetch(link, { redirect: 'manual' })).headers.get('location') ?? '').hash.slice(1));
    expect(again.get('error_code')).toBe('otp_expired');
  });

  it('resend mails a new code that verifies (type signup); the first code no longer does', async () => {
    const email = uniqueEmail('resend').toLowerCase();
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    await client.auth.signUp({ email, password: PASSWORD });
    const first = await waitForMail(stack.mailUrl, email, 'Confirm Your Signup');
    expect((await client.auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = await waitForMail(stack.mailUrl, email, 'Confirm Your Signup', [first.id]);

    if (codeOf(first) !== codeOf(second)) {
      expect((await client.auth.verifyOtp({ email, token: codeOf(first), type: 'signup' })).error?.code).toBe('otp_expired');
    }
    const { data, error } = await client.auth.verifyOtp({ email, token: codeOf(second), type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toBeTruthy();
  });

  it('an e-mail change is confirmed by the links sent to both addresses', async () => {
    const email = uniqueEmail('changing').toLowerCase();
    const newEmail = uniqueEmail('changed').toLowerCase();
    const admin = createTestClient(stack.apiUrl, stack.serviceRoleKey).auth.admin;
    await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const asked = await client.auth.updateUser({ email: newEmail });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.email).toBe(email);
    expect(asked.data.user?.new_email).toBe(newEmail);

    const toCurrent = await waitForMail(stack.mailUrl, email, 'Confirm Email Change');
    const toNew = await waitForMail(stack.mailUrl, newEmail, 'Confirm Email Change');
    const pending = await client.auth.verifyOtp({ email, token: codeOf(toCurrent), type: 'email_change' });
    expect(pending.error).toBeNull();
    expect((await db.query('select email from auth.users where email = $1', [email])).rows).toHaveLength(1);

    const done = await client.auth.verifyOtp({ email: newEmail, token: codeOf(toNew), type: 'email_change' });
    expect(done.error).toBeNull();
    expect(done.data.user?.email).toBe(newEmail);
    expect((await client.auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
  });
});
