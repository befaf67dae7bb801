import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function userCount(email: string) {
  const { rows } = await db.query('select count(*)::int as n from auth.users where lower(email) = lower($1)', [email]);
  return rows[0].n as number;
}

describe('sign-up (e-mail confirmation off, the local default)', () => {
  it('creates the user in auth.users with a bcrypt hash and returns a session', async () => {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const email = uniqueEmail('Signup');
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data: { full_name: 'Ada Lovelace' } } });

    expect(error).toBeNull();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.expires_in).toBe(3600);
    expect(data.user?.email).toBe(email.toLowerCase());
    expect(data.user?.user_metadata.full_name).toBe('Ada Lovelace');
    expect(data.user?.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const { rows } = await db.query('select encrypted_password, aud, role from auth.users where id = $1', [data.user?.id]);
    expect(rows[0].encrypted_password).toMatch(/^\$2a\$10\$/);
    expect(rows[0]).toMatchObject({ aud: 'authenticated', role: 'authenticated' });
  });

  it('issues an access token with Supabase claims that PostgREST accepts', async () => {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const { data } = await client.auth.signUp({ email: uniqueEmail('claims'), password: PASSWORD });
    const token = data.session?.access_token ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

    expect(claims).toMatchObject({
      sub: data.user?.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: data.user?.email,
      session_id: expect.any(String),
      is_anonymous: false,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    const rest = await fetch(`${stack.apiUrl}/rest/v1/`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` } });
    expect(rest.status).toBe(200);
  });

  it('refuses a password shorter than 8 characters with weak_password and writes nothing', async () => {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const email = uniqueEmail('weak');
    const { data, error } = await client.auth.signUp({ email, password: 'short' });

    expect(data.user).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toBe('Password should be at least 8 characters.');
    expect(error && 'reasons' in error ? error.reasons : null).toEqual(['length']);
    expect(await userCount(email)).toBe(0);
  });

  it('refuses a malformed e-mail with validation_failed and writes nothing', async () => {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const { error } = await client.auth.signUp({ email: 'not an e-mail', password: PASSWORD });

    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Unable to validate email address: invalid format');
    expect(await userCount('not an e-mail')).toBe(0);
  });

  it('refuses a second sign-up with the same address (any case) with user_already_exists', async () => {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const email = uniqueEmail('twice');
    await client.auth.signUp({ email, password: PASSWORD });
    const { error } = await createTestClient(stack.apiUrl, stack.anonKey).auth.signUp({ email: email.toUpperCase(), password: PASSWORD });

    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(await userCount(email)).toBe(1);
  });
});

describe('sign-in with password', () => {
  it('signs in with the right password and records last_sign_in_at', async () => {
    const email = uniqueEmail('signin');
    await createTestClient(stack.apiUrl, stack.anonKey).auth.signUp({ email, password: PASSWORD });
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });

    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.last_sign_in_at).toBeTruthy();
  });

  it('answers invalid_credentials for a wrong password and for an unknown address alike', async () => {
    const email = uniqueEmail('wrong');
    await createTestClient(stack.apiUrl, stack.anonKey).auth.signUp({ email, password: PASSWORD });
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const wrong = await client.auth.signInWithPassword({ email, password: 'not-the-password' });
    const unknown = await client.auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });

    for (const { error } of [wrong, unknown]) {
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('signs in a user that seed.sql inserted straight into auth.users with crypt()', async () => {
    const email = uniqueEmail('seeded');
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
               crypt($2, gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
      [email, PASSWORD],
    );
    const { data, error } = await createTestClient(stack.apiUrl, stack.anonKey).auth.signInWithPassword({ email, password: PASSWORD });

    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });
});

describe('session', () => {
  async function signedIn() {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const email = uniqueEmail('session');
    const { data } = await client.auth.signUp({ email, password: PASSWORD, options: { data: { title: 'Clerk' } } });
    if (!data.session || !data.user) throw new Error('sign-up gave no session');
    return { client, email, session: data.session, user: data.user };
  }

  it('getUser returns the signed-in user', async () => {
    const { client, user } = await signedIn();
    const { data, error } = await client.auth.getUser();

    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.identities?.[0]?.provider).toBe('email');
  });

  it('updateUser merges metadata, changes the password and the e-mail', async () => {
    const { client, email } = await signedIn();
    const metadata = await client.auth.updateUser({ data: { title: 'Manager', phone: '555-0100' } });
    expect(metadata.error).toBeNull();
    expect(metadata.data.user?.user_metadata).toMatchObject({ title: 'Manager', phone: '555-0100' });

    const newPassword = 'another-horse-7';
    expect((await client.auth.updateUser({ password: newPassword })).error).toBeNull();
    const reuse = await client.auth.updateUser({ password: newPassword });
    expect(reuse.error?.code).toBe('same_password');
    const tooShort = await client.auth.updateUser({ password: 'short' });
    expect(tooShort.error?.code).toBe('weak_password');

    const newEmail = uniqueEmail('moved');
    const moved = await client.auth.updateUser({ email: newEmail });
    expect(moved.error).toBeNull();
    expect(moved.data.user?.email).toBe(newEmail);

    const fresh = createTestClient(stack.apiUrl, stack.anonKey);
    expect((await fresh.auth.signInWithPassword({ email, password: newPassword })).error?.code).toBe('invalid_credentials');
    expect((await fresh.auth.signInWithPassword({ email: newEmail, password: newPassword })).error).toBeNull();
  });

  it('rotates the refresh token, tolerates a racing tab for a few seconds, and treats later reuse as theft', async () => {
    const { client, session } = await signedIn();
    const first = session.refresh_token;
    const rotated = await client.auth.refreshSession();
    expect(rotated.error).toBeNull();
    const second = rotated.data.session?.refresh_token ?? '';
    expect(second).not.toBe('');
    expect(second).not.toBe(first);

    // Another tab presenting the token that was just rotated gets the session's current token.
    const racingTab = await createTestClient(stack.apiUrl, stack.anonKey).auth.refreshSession({ refresh_token: first });
    expect(racingTab.error).toBeNull();
    expect(racingTab.data.session?.refresh_token).toBe(second);

    // Once the reuse interval has passed, presenting the old token ends the whole session.
    await db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [first]);
    const late = await createTestClient(stack.apiUrl, stack.anonKey).auth.refreshSession({ refresh_token: first });
    expect(late.error?.status).toBe(400);
    expect(late.error?.code).toBe('refresh_token_already_used');
    const afterTheft = await createTestClient(stack.apiUrl, stack.anonKey).auth.refreshSession({ refresh_token: second });
    expect(afterTheft.error?.code).toBe('refresh_token_not_found');
  });

  it('answers refresh_token_not_found for an unknown refresh token', async () => {
    const { error } = await createTestClient(stack.apiUrl, stack.anonKey).auth.refreshSession({ refresh_token: 'no-such-token' });

    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  it('signOut ends the session: its access token no longer finds a session, its refresh token is gone', async () => {
    const { client, session } = await signedIn();
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();

    const user = await fetch(`${stack.apiUrl}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'session_not_found', error_code: 'session_not_found' });
    const refreshed = await createTestClient(stack.apiUrl, stack.anonKey).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
  });

  it('signOut with scope "others" keeps the current session and ends the rest', async () => {
    const { client, email } = await signedIn();
    const otherDevice = createTestClient(stack.apiUrl, stack.anonKey);
    await otherDevice.auth.signInWithPassword({ email, password: PASSWORD });

    expect((await client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    const other = await otherDevice.auth.getUser();
    expect(other.error?.name).toBe('AuthSessionMissingError');
  });

  it('rejects a token that is not signed with the stack secret', async () => {
    const forged = `${stack.anonKey.split('.').slice(0, 2).join('.')}.invalidsignature`;
    const response = await fetch(`${stack.apiUrl}/auth/v1/user`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${forged}` } });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'bad_jwt' });
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });
});

describe('admin users (service role)', () => {
  const admin = () => createTestClient(stack.apiUrl, stack.serviceRoleKey).auth.admin;

  it('creates a confirmed user with a password who can then sign in', async () => {
    const email = uniqueEmail('admin-create');
    const { data, error } = await admin().createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { name: 'Invitee' } });

    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata.name).toBe('Invitee');
    const signIn = await createTestClient(stack.apiUrl, stack.anonKey).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('lists users page by page with the total count', async () => {
    for (let i = 0; i < 3; i += 1) await admin().createUser({ email: uniqueEmail('listed'), password: PASSWORD, email_confirm: true });
    const { count } = await db.query('select count(*)::int as count from auth.users where deleted_at is null').then((r) => r.rows[0]);
    const { data, error } = await admin().listUsers({ page: 1, perPage: 2 });

    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
    expect('total' in data ? data.total : null).toBe(count);
    expect('nextPage' in data ? data.nextPage : null).toBe(2);
  });

  it('gets, updates and deletes a user by id', async () => {
    const created = await admin().createUser({ email: uniqueEmail('crud'), password: PASSWORD, email_confirm: true, app_metadata: { plan: 'a' } });
    const id = created.data.user?.id ?? '';

    expect((await admin().getUserById(id)).data.user?.id).toBe(id);
    const updated = await admin().updateUserById(id, { app_metadata: { tier: 'gold' }, user_metadata: { title: 'Lead' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: 'email', plan: 'a', tier: 'gold' });
    expect(updated.data.user?.user_metadata.title).toBe('Lead');

    expect((await admin().deleteUser(id)).error).toBeNull();
    const gone = await admin().getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    const { rows } = await db.query('select count(*)::int as n from auth.users where id = $1', [id]);
    expect(rows[0].n).toBe(0);
  });

  it('answers email_exists when creating a second user with the same address', async () => {
    const email = uniqueEmail('exists');
    await admin().createUser({ email, password: PASSWORD, email_confirm: true });
    const { error } = await admin().createUser({ email, password: PASSWORD, email_confirm: true });

    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
  });

  it('is refused with not_admin for the anon key and for signed-in users', async () => {
    const anon = await createTestClient(stack.apiUrl, stack.anonKey).auth.admin.listUsers();
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');

    const user = createTestClient(stack.apiUrl, stack.anonKey);
    const { data } = await user.auth.signUp({ email: uniqueEmail('not-admin'), password: PASSWORD });
    const asUser = await fetch(`${stack.apiUrl}/auth/v1/admin/users`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${data.session?.access_token}` },
    });
    expect(asUser.status).toBe(403);
  });
});
