import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { testStack } from '../stack/testStack';
import { memberWithOwnRole } from './roleMember';
import { signUpOrganization, type SignedUpOrganization } from './signUpOrganization';

// Saved views (issue 48): a list's filter, sort and columns under a name in settings.saved_filters,
// private to the person who saved it or shared with their organisation; a shared one is changed by its
// owner or by Settings edit (Organization), never seen outside the organisation.

const stack = testStack();
let org: SignedUpOrganization; // the owner: Settings edit
let other: SignedUpOrganization;
let alice: SupabaseClient; // members without Settings edit
let bob: SupabaseClient;

const views = (client: SupabaseClient) => client.schema('settings').from('saved_filters');

async function save(client: SupabaseClient, orgName: string, name: string, extra: Record<string, unknown> = {}) {
  const { data, error } = await views(client)
    .insert({ org_name: orgName, list_key: 'contacts_filters', name, sort: [{ field: 'name', order: 'asc' }], columns: ['name', 'email'], ...extra })
    .select('id, profile_id, shared, columns')
    .single();
  expect(error).toBeNull();
  return data as { id: string; profile_id: string; shared: boolean; columns: string[] };
}

async function namesSeen(client: SupabaseClient, orgName: string) {
  const { data, error } = await views(client).select('name').eq('org_name', orgName).order('name');
  expect(error).toBeNull();
  return (data ?? []).map((row: { name: string }) => row.name);
}

beforeAll(async () => {
  org = await signUpOrganization(stack, 'Views');
  other = await signUpOrganization(stack, 'Views Elsewhere');
  alice = (await memberWithOwnRole(stack, org, 'Alice')).member.client;
  bob = (await memberWithOwnRole(stack, org, 'Bob')).member.client;
});

describe('saved views', () => {
  it('keep a personal view to its owner and show a shared one to the organisation only', async () => {
    const mine = await save(alice, org.orgName, 'Alice alone');
    expect(mine).toMatchObject({ shared: false, columns: ['name', 'email'] });
    await save(alice, org.orgName, 'Alice for all', { shared: true });
    expect(await namesSeen(alice, org.orgName)).toEqual(['Alice alone', 'Alice for all']);
    expect(await namesSeen(bob, org.orgName)).toEqual(['Alice for all']);
    expect(await namesSeen(org.client, org.orgName)).toEqual(['Alice for all']);
    expect(await namesSeen(other.client, org.orgName)).toEqual([]);
  });

  it('are saved for the caller\'s own profile in an organisation they belong to', async () => {
    const forged = await save(alice, org.orgName, 'Forged owner', { profile_id: org.profileId });
    expect(forged.profile_id).not.toBe(org.profileId);
    const { error } = await views(other.client).insert({ org_name: org.orgName, list_key: 'contacts_filters', name: 'Intruder', shared: true });
    expect(error?.code).toBe('42501');
    const bad = await views(alice).insert({ org_name: org.orgName, list_key: 'contacts_filters', name: 'Odd columns', columns: { name: true } });
    expect(bad.error?.code).toBe('23514');
  });

  it('let the owner rename and delete their view, a colleague without Settings edit neither', async () => {
    const shared = await save(alice, org.orgName, 'Shared by Alice', { shared: true });
    const renamedByBob = await views(bob).update({ name: 'Bob was here' }).eq('id', shared.id).select('id');
    expect(renamedByBob.data).toEqual([]);
    const deletedByBob = await views(bob).delete().eq('id', shared.id).select('id');
    expect(deletedByBob.data).toEqual([]);
    const renamed = await views(alice).update({ name: 'Shared by Alice, renamed' }).eq('id', shared.id).select('name');
    expect(renamed.data).toEqual([{ name: 'Shared by Alice, renamed' }]);
    const deleted = await views(alice).delete().eq('id', shared.id).select('id');
    expect(deleted.data).toEqual([{ id: shared.id }]);
  });

  it('let Settings edit change a shared view, but neither read nor change a personal one nor take a shared one private', async () => {
    const personal = await save(alice, org.orgName, 'Private to Alice');
    const shared = await save(alice, org.orgName, 'For the team', { shared: true });
    const personalByOwner = await views(org.client).update({ name: 'Seen?' }).eq('id', personal.id).select('id');
    expect(personalByOwner.data).toEqual([]);
    const renamed = await views(org.client).update({ name: 'For the whole team' }).eq('id', shared.id).select('name, profile_id');
    expect(renamed.error).toBeNull();
    expect(renamed.data).toEqual([{ name: 'For the whole team', profile_id: shared.profile_id }]);
    const unshared = await views(org.client).update({ shared: false }).eq('id', shared.id).select('id');
    expect(unshared.error?.code).toBe('42501');
    const deleted = await views(org.client).delete().eq('id', shared.id).select('id');
    expect(deleted.data).toEqual([{ id: shared.id }]);
    // Another organisation's Settings edit reaches none of it.
    const shared2 = await save(alice, org.orgName, 'Still ours', { shared: true });
    const foreign = await views(other.client).update({ name: 'Taken' }).eq('id', shared2.id).select('id');
    expect(foreign.data).toEqual([]);
  });
});
