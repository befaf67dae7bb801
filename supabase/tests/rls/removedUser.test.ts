import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, createTestClient, testStack } from '../stack/testStack';
import { signUpOrganization, type SignedUpOrganization } from './signUpOrganization';

// An access token outlives the user it was issued to by up to an hour. Once the user is deleted (soft
// or hard), banned or disabled, every request with that token must fail at once: REST, storage, auth.
const stack = testStack();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
let db: pg.Client;
const admin = () => createTestClient(stack.apiUrl, stack.serviceRoleKey);

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db.end();
});

function orgSlug(name: string): string {
  return name.replace(/\s+/g, '').replace(/[^A-Za-z0-9_-]/g, '-') || 'org';
}

async function readsOwnOrganisation(client: SupabaseClient, org: SignedUpOrganization) {
  return client.from('organizations').select('name').eq('name', org.orgName);
}

async function uploadsLogo(org: SignedUpOrganization, client: SupabaseClient) {
  return client.storage.from('organization-assets').upload(`${orgSlug(org.orgName)}-${Date.now()}.png`, PNG, { contentType: 'image/png' });
}

/** Works before the removal: the same client, the same token, afterwards. */
async function expectFullAccess(org: SignedUpOrganization) {
  const rows = await readsOwnOrganisation(org.client, org);
  expect(rows.error).toBeNull();
  expect(rows.data).toEqual([{ name: org.orgName }]);
  expect((await uploadsLogo(org, org.client)).error).toBeNull();
  expect((await org.client.auth.getUser()).error).toBeNull();
}

async function expectNoAccess(org: SignedUpOrganization) {
  const rows = await readsOwnOrganisation(org.client, org);
  expect(rows.data).toBeNull();
  expect(rows.error).toMatchObject({ code: 'user_not_found' });
  expect(rows.status).toBe(401);
  const written = await org.client.from('organizations').update({ display_name: 'Taken over' }).eq('name', org.orgName).select();
  expect(written.status).toBe(401);
  const upload = await uploadsLogo(org, org.client);
  expect(upload.error).not.toBeNull();
  expect((await org.client.auth.getUser()).error).not.toBeNull();
  const { rows: names } = await db.query('select display_name from public.organizations where name = $1', [org.orgName]);
  expect(names[0]?.display_name).not.toBe('Taken over');
}

describe('a removed user’s token fails everywhere at once', () => {
  it('after a soft delete', async () => {
    const org = await signUpOrganization(stack, 'Soft Deleted');
    await expectFullAccess(org);
    expect((await admin().auth.admin.deleteUser(org.userId, true)).error).toBeNull();
    await expectNoAccess(org);
  });

  it('after a hard delete', async () => {
    const org = await signUpOrganization(stack, 'Hard Deleted');
    await expectFullAccess(org);
    // The organisation's rows still reference the profile; deleting the login itself is what counts.
    await db.query('delete from auth.users where id = $1', [org.userId]);
    await expectNoAccess(org);
  });

  it('after a ban through the admin API, and again once it is lifted', async () => {
    const org = await signUpOrganization(stack, 'Banned');
    await expectFullAccess(org);
    expect((await admin().auth.admin.updateUserById(org.userId, { ban_duration: '24h' })).error).toBeNull();
    await expectNoAccess(org);
    expect((await admin().auth.admin.updateUserById(org.userId, { ban_duration: 'none' })).error).toBeNull();
    const again = await signUpOrganizationSignIn(org);
    expect((await readsOwnOrganisation(again, org)).data).toEqual([{ name: org.orgName }]);
  });

  it('after the login is disabled in the database (banned_until set), with its sessions left in place', async () => {
    const org = await signUpOrganization(stack, 'Disabled');
    await expectFullAccess(org);
    await db.query(`update auth.users set banned_until = 'infinity' where id = $1`, [org.userId]);
    const rows = await readsOwnOrganisation(org.client, org);
    expect(rows.status).toBe(401);
    expect((await uploadsLogo(org, org.client)).error).not.toBeNull();
  });

  it('leaves everyone else alone: other members, anonymous visitors, the service role', async () => {
    const removed = await signUpOrganization(stack, 'Leaving');
    const staying = await signUpOrganization(stack, 'Staying');
    await admin().auth.admin.deleteUser(removed.userId, true);
    await expectFullAccess(staying);
    // Anonymous visitors reach only what the anon role is granted: a sign-up function, not the tables.
    const anon = await createTestClient(stack.apiUrl, stack.anonKey).rpc('apply_for_access', {
      p_email: '', p_password: '', p_full_name: '', p_business_name: '',
    });
    expect(anon.error?.code).toBe('ST001');
    const service = await admin().from('organizations').select('name').eq('name', removed.orgName);
    expect(service.data).toEqual([{ name: removed.orgName }]);
  });
});

async function signUpOrganizationSignIn(org: SignedUpOrganization): Promise<SupabaseClient> {
  const client = createTestClient(stack.apiUrl, stack.anonKey);
  const { error } = await client.auth.signInWithPassword({ email: org.email, password: org.password });
  expect(error).toBeNull();
  return client;
}
