import { createHash, randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { acceptInvitation } from '../rls/acceptInvitation';
import { signIn, signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { testStack } from '../stack/testStack';

const stack = testStack();
let home: SignedUpOrganization;
let other: SignedUpOrganization;
/** A user who belongs to both organisations (primary: `other`). */
let both: Awaited<ReturnType<typeof signIn>>;

/** The documented derivation: the first 48 bits of sha256(uuid bytes), base64url. */
function expectedShortId(id: string): string {
  const bytes = Buffer.from(id.replace(/-/g, ''), 'hex');
  return createHash('sha256').update(bytes).digest().subarray(0, 6).toString('base64url');
}

async function addBusiness(client = home.client, fields: Record<string, unknown> = {}) {
  const { data, error } = await client
    .schema('crm')
    .from('businesses')
    .insert({ name: `Rule Test ${randomUUID().slice(0, 6)}`, org_name: home.orgName, ...fields })
    .select('*')
    .single();
  if (error || !data) throw new Error(`insert failed: ${error?.message}`);
  return data as Record<string, string>;
}

beforeAll(async () => {
  [home, other] = await Promise.all([signUpOrganization(stack, 'Rules Home'), signUpOrganization(stack, 'Rules Other')]);
  // `other`'s owner is invited into `home` and activates with the same password.
  const { data: role } = await home.client.from('user_roles').select('id').eq('role_name', 'owner').single();
  await home.client
    .from('user_profiles')
    .insert({ org_name: home.orgName, name: 'Guest Owner', email: other.email, status: 'Pending', role_id: role?.id });
  await acceptInvitation(stack, { email: other.email, orgName: home.orgName, password: other.password, fullName: 'Guest Owner' });
  both = await signIn(stack, other.email, other.password);
});

describe('short_id', () => {
  it('is derived from the id and ignores a client value on insert', async () => {
    const row = await addBusiness(home.client, { short_id: 'chosen' });
    expect(row.short_id).toBe(expectedShortId(row.id as string));
    expect(row.short_id).toMatch(/^[A-Za-z0-9_-]{8}$/);
  });

  it('never changes on update', async () => {
    const row = await addBusiness();
    const { data, error } = await home.client
      .schema('crm')
      .from('businesses')
      .update({ short_id: 'changed', name: 'Renamed' })
      .eq('id', row.id as string)
      .select('short_id, name')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ short_id: row.short_id, name: 'Renamed' });
  });

  it('is the same for the same id everywhere (fixed seed ids give fixed short ids)', async () => {
    const id = randomUUID();
    const row = await addBusiness(home.client, { id });
    expect(row.short_id).toBe(expectedShortId(id));
  });
});

describe('org_name', () => {
  it('defaults to the primary organisation when the client leaves it out', async () => {
    const { data, error } = await both.schema('crm').from('contacts').insert({ name: 'No org given' }).select('org_name').single();
    expect(error).toBeNull();
    expect(data).toEqual({ org_name: other.orgName });
  });

  it('accepts any organisation of the caller and refuses others', async () => {
    const ok = await both.schema('crm').from('contacts').insert({ name: 'Into home', org_name: home.orgName }).select('org_name').single();
    expect(ok.data).toEqual({ org_name: home.orgName });
    const refused = await home.client.schema('crm').from('contacts').insert({ name: 'Into other', org_name: other.orgName });
    expect(refused.error?.code).toBe('42501');
    expect(refused.error?.message).toBe(`You are not a member of the organization ${other.orgName}`);
  });

  it('cannot be changed afterwards, not even to another organisation of the caller', async () => {
    const { data: created } = await both.schema('crm').from('contacts').insert({ name: 'Stays home', org_name: home.orgName }).select('id').single();
    const id = (created as { id: string }).id;
    const moved = await both.schema('crm').from('contacts').update({ org_name: other.orgName }).eq('id', id).select('org_name');
    expect(moved.error?.code).toBe('42501');
    expect(moved.error?.message).toBe('org_name cannot be changed');
    const { data } = await both.schema('crm').from('contacts').select('org_name').eq('id', id).single();
    expect(data).toEqual({ org_name: home.orgName });
  });

  it('refuses _system_default_ for every app user', async () => {
    const { error } = await home.client.schema('crm').from('contact_types').insert({ name: 'Sneaky', org_name: '_system_default_' });
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('System default records cannot be changed');
  });
});

describe('audit fields', () => {
  it('are set by the server on insert, whatever the client sends', async () => {
    const row = await addBusiness(home.client, {
      created_by: other.profileId,
      last_modified_by: other.profileId,
      created_at: '2001-01-01T00:00:00Z',
    });
    expect(row.created_by).toBe(home.profileId);
    expect(row.last_modified_by).toBe(home.profileId);
    expect(Date.now() - Date.parse(row.created_at as string)).toBeLessThan(60_000);
  });

  it('record who changed a row and move last_modified_at forward on every update', async () => {
    const row = await addBusiness();
    const { data: homeProfileInBoth } = await both.from('user_profiles').select('id').eq('org_name', home.orgName).eq('email', other.email).single();
    let previous = row.last_modified_at as string;
    for (let round = 0; round < 3; round += 1) {
      const { data, error } = await both
        .schema('crm')
        .from('businesses')
        .update({ description: `round ${round}` })
        .eq('id', row.id as string)
        .select('last_modified_at, last_modified_by, created_by, created_at')
        .single();
      expect(error).toBeNull();
      const updated = data as Record<string, string>;
      expect(Date.parse(updated.last_modified_at as string)).toBeGreaterThan(Date.parse(previous));
      expect(updated.last_modified_by).toBe((homeProfileInBoth as { id: string }).id);
      expect(updated.created_by).toBe(home.profileId);
      expect(updated.created_at).toBe(row.created_at);
      previous = updated.last_modified_at as string;
    }
  });

  it('let a client detect a concurrent change (optimistic concurrency on last_modified_at)', async () => {
    const row = await addBusiness();
    const loaded = row.last_modified_at as string;
    const first = await home.client.schema('crm').from('businesses').update({ name: 'First writer' }).eq('id', row.id as string).eq('last_modified_at', loaded).select('id');
    expect(first.data).toHaveLength(1);
    // An identical second write still moves the stamp, so the stale copy is refused.
    const second = await both.schema('crm').from('businesses').update({ name: 'First writer' }).eq('id', row.id as string).eq('last_modified_at', loaded).select('id');
    expect(second.error).toBeNull();
    expect(second.data).toHaveLength(0);
  });
});

describe('user profiles', () => {
  it('let a user edit their own profile but not their own role or status without settings rights', async () => {
    // A member whose role has no settings rights.
    const { data: role } = await home.client
      .from('user_roles')
      .insert({ org_name: home.orgName, role_name: `member-${randomUUID().slice(0, 4)}` })
      .select('id')
      .single();
    const roleId = (role as { id: string }).id;
    const email = `member-${randomUUID().slice(0, 8)}@example.com`;
    await home.client.from('user_profiles').insert({ org_name: home.orgName, name: 'Member', email, status: 'Pending', role_id: roleId });
    await acceptInvitation(stack, { email, orgName: home.orgName, password: 'member-password', fullName: 'Member Person' });
    const member = await signIn(stack, email, 'member-password');
    const { data: me } = await member.from('user_profiles').select('id, role_id').eq('email', email).single();
    const myId = (me as { id: string }).id;

    const title = await member.from('user_profiles').update({ title: 'Volunteer' }).eq('id', myId).select('title').single();
    expect(title.data).toEqual({ title: 'Volunteer' });
    const { data: ownerRole } = await member.from('user_roles').select('id').eq('role_name', 'owner').single();
    const promoted = await member.from('user_profiles').update({ role_id: (ownerRole as { id: string }).id }).eq('id', myId);
    expect(promoted.error?.message).toBe('You cannot change your own role or status');
    const colleague = await member.from('user_profiles').update({ title: 'Hacked' }).eq('id', home.profileId).select('id');
    expect(colleague.data).toEqual([]);
  });

  it('cannot be linked to a login by an app user', async () => {
    const { error } = await home.client
      .from('user_profiles')
      .insert({ org_name: home.orgName, name: 'Linked', auth_user_id: other.userId, status: 'Active' });
    expect(error?.code).toBe('42501');
  });
});

describe('the session reads', () => {
  it('work for a signed-in member exactly as the session provider issues them', async () => {
    const { data: profiles, error } = await both.from('user_profiles').select('auth_user_id, org_name, role_id, name, email, is_primary').eq('auth_user_id', other.userId);
    expect(error).toBeNull();
    expect((profiles ?? []).map((row: { org_name: string }) => row.org_name).sort()).toEqual([home.orgName, other.orgName].sort());
    const roleId = (profiles ?? []).find((row: { org_name: string }) => row.org_name === home.orgName)?.role_id as string;
    for (const schema of ['settings', 'public'] as const) {
      const { data } = await both.schema(schema).from('user_role_permissions_view').select('*').eq('role_id', roleId);
      expect(data).toHaveLength(7);
    }
    const { data: branding } = await both.schema('settings').from('org_branding').select('primary_color, font_family').eq('org_name', '_system_default_').single();
    expect(branding).toEqual({ primary_color: '#325286', font_family: 'Inter' });
  });

  it('give a signed-in user without organisations only the shared defaults', async () => {
    const email = `loner-${randomUUID().slice(0, 8)}@example.com`;
    const service = createClient(stack.apiUrl, stack.serviceRoleKey, {
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const created = await service.auth.admin.createUser({ email, password: 'loner-password', email_confirm: true });
    expect(created.error).toBeNull();
    const loner = await signIn(stack, email, 'loner-password');
    const { data: types } = await loner.schema('crm').from('contact_method_types').select('org_name');
    expect(new Set((types ?? []).map((row: { org_name: string }) => row.org_name))).toEqual(new Set(['_system_default_']));
    const insert = await loner.schema('crm').from('contacts').insert({ name: 'Nowhere' });
    expect(insert.error?.code).toBe('42501');
    expect(insert.error?.message).toBe('No active organization: choose an organization before creating records');
  });
});
