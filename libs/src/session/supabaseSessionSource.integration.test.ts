import { describe, expect, it } from 'vitest';
import { createTestClient, testStack } from '@steward/supabase/testing';
import { DEMO_ORG, serviceClient, signedInClient } from '../data/stackFixtures.testUtil';
import { loadSession, NO_ROLE_WARNING, type ActiveOrgStore } from './loadSession';
import { supabaseSessionSource } from './supabaseSessionSource';

// The seed's second organisation of the demo owner (supabase/seed.sql).
const SECOND_ORG = 'Lakeside Community Church';

function memoryStore(saved: string | null): ActiveOrgStore & { saved: string | null } {
  const store = {
    saved,
    read: () => store.saved,
    write: (org: string) => {
      store.saved = org;
    },
  };
  return store;
}

async function enabledComponentsOf(orgName: string): Promise<string[]> {
  const { data, error } = await serviceClient().schema('settings').from('org_components').select('name').eq('org_name', orgName).eq('enabled', true).eq('archive', false);
  if (error) throw new Error(error.message);
  return (data as { name: string }[]).map((row) => row.name).sort();
}

async function localeOf(orgName: string): Promise<{ language: string | null; currency: string }> {
  const { data, error } = await serviceClient().from('organizations').select('language, currency').eq('name', orgName).single();
  if (error) throw new Error(error.message);
  return data as { language: string | null; currency: string };
}

describe('the session load against the local stack', () => {
  it('loads the demo owner: profiles of both organisations, the primary one chosen and saved, its permissions and components', async () => {
    const client = await signedInClient();
    const store = memoryStore(null);
    const warnings: string[] = [];
    const outcome = await loadSession(supabaseSessionSource(client), store, (message) => void warnings.push(message));
    if (outcome.kind !== 'loaded') throw new Error(`expected a loaded session, got ${JSON.stringify(outcome)}`);
    const { snapshot } = outcome;

    expect(snapshot.user.email).toBe('demo@steward.dev');
    expect(snapshot.profiles.map((profile) => profile.org_name).sort()).toEqual([DEMO_ORG, SECOND_ORG].sort());
    expect(snapshot.orgName).toBe(DEMO_ORG);
    expect(store.saved).toBe(DEMO_ORG);
    expect(snapshot.permissions.length).toBeGreaterThan(0);
    const roleId = snapshot.profiles.find((profile) => profile.org_name === DEMO_ORG)?.role_id;
    // The role's own rows: the access flags and the organisation's enablement of each component.
    const { data: ofRole } = await client.schema('settings').from('user_role_permissions_view').select('component_name').eq('role_id', roleId ?? '');
    expect(snapshot.permissions.map((permission) => permission.component_name).sort()).toEqual((ofRole ?? []).map((row) => row.component_name).sort());
    expect(snapshot.permissions.every((permission) => Object.keys(permission).sort().join() === 'component_name,create_access,delete_access,edit_access,org_comp_enabled,org_enabled,view_access')).toBe(true);
    expect(snapshot.permissions.map((permission) => permission.component_name)).toContain('crm');
    expect([...snapshot.enabledComponents].sort()).toEqual(await enabledComponentsOf(DEMO_ORG));
    expect(snapshot.organization).toEqual(await localeOf(DEMO_ORG));
    expect(warnings).toEqual([]);
  });

  it('honours the organisation saved in the browser', async () => {
    const client = await signedInClient();
    const outcome = await loadSession(supabaseSessionSource(client), memoryStore(SECOND_ORG), () => undefined);
    expect(outcome).toMatchObject({ kind: 'loaded', snapshot: { orgName: SECOND_ORG, organization: await localeOf(SECOND_ORG) } });
  });

  it('is signed out for a client without a session, which is not an authentication error', async () => {
    const { apiUrl, anonKey } = testStack();
    const warnings: string[] = [];
    const outcome = await loadSession(supabaseSessionSource(createTestClient(apiUrl, anonKey)), memoryStore(null), (message) => void warnings.push(message));
    expect(outcome).toEqual({ kind: 'signedOut' });
    expect(warnings).toEqual([]);
  });

  it('skips permissions with the spec warning for a profile without a role', async () => {
    const client = await signedInClient();
    const source = supabaseSessionSource(client);
    const withoutRoles = { ...source, listProfiles: async (id: string) => {
      const result = await source.listProfiles(id);
      return result.error === null ? { data: result.data.map((profile) => ({ ...profile, role_id: null })), error: null } : result;
    } };
    const warnings: string[] = [];
    const outcome = await loadSession(withoutRoles, memoryStore(null), (message) => void warnings.push(message));
    expect(outcome).toMatchObject({ kind: 'loaded', snapshot: { permissions: [] } });
    expect(warnings).toContain(NO_ROLE_WARNING);
  });
});
