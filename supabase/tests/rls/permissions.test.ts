import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { testStack } from '../stack/testStack';
import { acceptInvitation } from './acceptInvitation';
import { signIn, signUpOrganization, type SignedUpOrganization } from './signUpOrganization';

type Level = 'None' | 'Personal' | 'Organization';
type Access = { view: Level; create: 'allowed' | 'not_allowed'; edit: Level; delete: Level };
const NOTHING: Access = { view: 'None', create: 'not_allowed', edit: 'None', delete: 'None' };

const stack = testStack();
let owner: SignedUpOrganization;
let member: SupabaseClient;
let roleId: string;
let components: Map<string, string>;

/** Sets the probe role's access to a component, as the role permission editor does. */
async function grant(component: string, access: Access) {
  const { data, error } = await owner.client
    .schema('settings')
    .from('user_role_permissions')
    .update({ view_access: access.view, create_access: access.create, edit_access: access.edit, delete_access: access.delete })
    .eq('role_id', roleId)
    .eq('component_id', components.get(component) as string)
    .select('id');
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
}

async function ownerBusiness(name: string): Promise<string> {
  const { data, error } = await owner.client.schema('crm').from('businesses').insert({ name, org_name: owner.orgName }).select('id').single();
  if (error || !data) throw new Error(error?.message);
  return (data as { id: string }).id;
}

async function memberBusinessIds(): Promise<string[]> {
  const { data, error } = await member.schema('crm').from('businesses').select('id').eq('org_name', owner.orgName);
  expect(error).toBeNull();
  return (data ?? []).map((row: { id: string }) => row.id);
}

async function setEnabled(component: string, enabled: boolean) {
  return owner.client
    .schema('settings')
    .from('org_components')
    .update({ enabled })
    .eq('org_name', owner.orgName)
    .eq('component_id', components.get(component) as string)
    .select('name, enabled');
}

beforeAll(async () => {
  owner = await signUpOrganization(stack, 'Permission Probe');
  const { data: componentRows } = await owner.client.schema('settings').from('components').select('id, name');
  components = new Map((componentRows ?? []).map((row: { id: string; name: string }) => [row.name, row.id]));

  const { data: role, error } = await owner.client
    .from('user_roles')
    .insert({ org_name: owner.orgName, role_name: 'probe', description: 'Changed by each test' })
    .select('id')
    .single();
  if (error || !role) throw new Error(error?.message);
  roleId = (role as { id: string }).id;
  // New permissions default to None / not_allowed.
  const inserted = await owner.client
    .schema('settings')
    .from('user_role_permissions')
    .insert([...components.values()].map((componentId) => ({ role_id: roleId, component_id: componentId })))
    .select('view_access, create_access');
  expect(inserted.data).toHaveLength(components.size);
  expect(inserted.data?.[0]).toEqual({ view_access: 'None', create_access: 'not_allowed' });

  const email = `probe-${randomUUID().slice(0, 8)}@example.com`;
  await owner.client.from('user_profiles').insert({ org_name: owner.orgName, name: 'Probe', email, status: 'Pending', role_id: roleId });
  await acceptInvitation(stack, { email, orgName: owner.orgName, password: 'probe-password', fullName: 'Probe Member' });
  member = await signIn(stack, email, 'probe-password');
});

describe('view access', () => {
  it('None hides the organisation rows of the component, but not the shared defaults', async () => {
    await grant('crm', NOTHING);
    await ownerBusiness('Hidden from None');
    expect(await memberBusinessIds()).toEqual([]);
    const { data: view } = await member.schema('crm').from('businesses_view').select('id').eq('org_name', owner.orgName);
    expect(view).toEqual([]);
    const { data: defaults } = await member.schema('crm').from('contact_method_types').select('id').eq('org_name', '_system_default_');
    expect(defaults?.length).toBeGreaterThan(5);
  });

  it('Organization shows every row of the organisation', async () => {
    const id = await ownerBusiness('Visible to Organization');
    await grant('crm', { ...NOTHING, view: 'Organization' });
    expect(await memberBusinessIds()).toContain(id);
  });

  it('Personal shows only the rows the member created', async () => {
    const ownersId = await ownerBusiness('Owner row');
    await grant('crm', { ...NOTHING, view: 'Personal', create: 'allowed' });
    const { data, error } = await member.schema('crm').from('businesses').insert({ name: 'Member row', org_name: owner.orgName }).select('id').single();
    expect(error).toBeNull();
    const ids = await memberBusinessIds();
    expect(ids).toEqual([(data as { id: string }).id]);
    expect(ids).not.toContain(ownersId);
  });
});

describe('create access', () => {
  it('not_allowed refuses inserts and writes nothing', async () => {
    await grant('crm', { ...NOTHING, view: 'Organization' });
    const before = await owner.client.schema('crm').from('contacts').select('id', { count: 'exact', head: true });
    const { error } = await member.schema('crm').from('contacts').insert({ name: 'Not allowed', org_name: owner.orgName });
    expect(error?.code).toBe('42501');
    const after = await owner.client.schema('crm').from('contacts').select('id', { count: 'exact', head: true });
    expect(after.count).toBe(before.count);
  });
});

describe('edit and delete access', () => {
  it('Personal lets the member change and delete only their own rows; None nothing', async () => {
    await grant('crm', { view: 'Organization', create: 'allowed', edit: 'Personal', delete: 'None' });
    const ownersId = await ownerBusiness('Owner keeps this');
    const { data: mine } = await member.schema('crm').from('businesses').insert({ name: 'Mine', org_name: owner.orgName }).select('id').single();
    const myId = (mine as { id: string }).id;

    const editMine = await member.schema('crm').from('businesses').update({ dba_name: 'edited' }).eq('id', myId).select('dba_name');
    expect(editMine.data).toEqual([{ dba_name: 'edited' }]);
    const editTheirs = await member.schema('crm').from('businesses').update({ dba_name: 'edited' }).eq('id', ownersId).select('id');
    expect(editTheirs.data).toEqual([]);

    const deleteWithNone = await member.schema('crm').from('businesses').delete().eq('id', myId).select('id');
    expect(deleteWithNone.data).toEqual([]);

    await grant('crm', { view: 'Organization', create: 'allowed', edit: 'None', delete: 'Personal' });
    const editWithNone = await member.schema('crm').from('businesses').update({ dba_name: 'again' }).eq('id', myId).select('id');
    expect(editWithNone.data).toEqual([]);
    const deleteTheirs = await member.schema('crm').from('businesses').delete().eq('id', ownersId).select('id');
    expect(deleteTheirs.data).toEqual([]);
    const deleteMine = await member.schema('crm').from('businesses').delete().eq('id', myId).select('id');
    expect(deleteMine.data).toEqual([{ id: myId }]);
    expect(await memberBusinessIds()).toContain(ownersId);
  });

  it('Organization lets the member change any row of the organisation', async () => {
    await grant('crm', { view: 'Organization', create: 'not_allowed', edit: 'Organization', delete: 'None' });
    const ownersId = await ownerBusiness('Anyone may edit');
    const { data } = await member.schema('crm').from('businesses').update({ dba_name: 'team edit' }).eq('id', ownersId).select('dba_name');
    expect(data).toEqual([{ dba_name: 'team edit' }]);
  });
});

describe('component enablement', () => {
  it('a disabled component hides and locks its rows for every role, the owner included', async () => {
    const { data: room, error } = await owner.client
      .schema('catalog')
      .from('accommodations')
      .insert({ name: 'Disabled cabin', base_rate: 100, org_name: owner.orgName })
      .select('id')
      .single();
    expect(error).toBeNull();

    const disabled = await setEnabled('lodging', false);
    expect(disabled.data).toEqual([{ name: 'lodging', enabled: false }]);
    const hidden = await owner.client.schema('catalog').from('accommodations').select('id').eq('org_name', owner.orgName);
    expect(hidden.data).toEqual([]);
    const insert = await owner.client.schema('catalog').from('accommodations').insert({ name: 'Blocked', base_rate: 1, org_name: owner.orgName });
    expect(insert.error?.code).toBe('42501');
    const { data: permissions } = await owner.client.schema('settings').from('user_role_permissions_view').select('component_name, org_comp_enabled').eq('component_name', 'lodging');
    expect(permissions?.every((row: { org_comp_enabled: boolean }) => row.org_comp_enabled === false)).toBe(true);

    await setEnabled('lodging', true);
    const back = await owner.client.schema('catalog').from('accommodations').select('id').eq('id', (room as { id: string }).id);
    expect(back.data).toHaveLength(1);
  });

  it('the Settings component cannot be disabled', async () => {
    const { error } = await setEnabled('settings', false);
    expect(error?.message).toBe('The Settings component cannot be disabled');
  });
});

describe('settings rows', () => {
  it('integrations are readable only with settings edit rights, and their secrets never (write-only)', async () => {
    const { error } = await owner.client
      .schema('settings')
      .from('integrations')
      .insert({ name: 'Payments', type: 'stripe', api_key: 'pk-probe-1234', api_secret: 'secret-probe', org_name: owner.orgName });
    expect(error).toBeNull();
    await grant('settings', { ...NOTHING, view: 'Organization' });
    const hidden = await member.schema('settings').from('integrations').select('name');
    expect(hidden.data).toEqual([]);
    await grant('settings', { ...NOTHING, view: 'Organization', edit: 'Organization' });
    const shown = await member.schema('settings').from('integrations').select('name, api_key, api_secret, api_key_set, api_key_last4, api_secret_set');
    expect(shown.data).toEqual([{ name: 'Payments', api_key: null, api_secret: null, api_key_set: true, api_key_last4: '1234', api_secret_set: true }]);
  });

  it('a member reads their own role permissions even without settings rights', async () => {
    await grant('settings', NOTHING);
    const { data } = await member.schema('settings').from('user_role_permissions_view').select('component_name').eq('role_id', roleId);
    expect(data).toHaveLength(components.size);
    const { data: ownerRole } = await member.schema('settings').from('user_role_permissions').select('id').neq('role_id', roleId);
    expect(ownerRole).toEqual([]);
  });

  it('saved filters are private to the profile that saved them', async () => {
    const saved = await owner.client
      .schema('settings')
      .from('saved_filters')
      .insert({ org_name: owner.orgName, list_key: 'tasks_filters', name: 'Mine only', filter: { field: 'status' } })
      .select('profile_id')
      .single();
    expect(saved.data).toEqual({ profile_id: owner.profileId });
    const { data } = await member.schema('settings').from('saved_filters').select('id').eq('org_name', owner.orgName);
    expect(data).toEqual([]);
  });
});
