import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../local/config.mjs';
import { startStack, type RunningStack } from '../../local/stack.mjs';
import { connectDb, createTestClient, freePortBase, testStack, uniqueEmail } from './testStack';

// E-mail confirmation is off by default locally; this file runs a stack of its own with it on
// (STEWARD_AUTH_AUTOCONFIRM=false), as a hosted project with confirmations enabled behaves.
const PASSWORD = 'correct-horse-9';

let dataDir: string;
let stack: RunningStack;
let db: pg.Client;
let emptyDir: string;

beforeAll(async () => {
  const base = await freePortBase(testStack().portBase + 300);
  dataDir = path.join(REPO_ROOT, '.steward', `test-confirmation-${base}`);
  emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'steward-no-migrations-'));
  stack = await startStack({
    portBase: base,
    dataDir,
    fresh: true,
    autoconfirm: false,
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
