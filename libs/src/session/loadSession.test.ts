import { describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import { loadSession, NO_ROLE_WARNING, type ActiveOrgStore } from './loadSession';
import type { PermissionSchema, SessionSource, SourceResult } from './SessionSource';
import type { Permission, UserRow } from './SessionContext';

const user = { id: 'u1', email: 'dana@example.test' } as User;
const profile = (org_name: string, role_id: string | null, is_primary = false): UserRow => ({
  auth_user_id: 'u1',
  org_name,
  role_id,
  name: 'Dana',
  email: 'dana@example.test',
  is_primary,
});
const permission = (component_name: string): Permission => ({
  component_name,
  create_access: 'allowed',
  view_access: 'Organization',
  edit_access: 'Organization',
  delete_access: 'None',
});
const ok = <T,>(data: T): SourceResult<T> => ({ data, error: null });
const fail = <T,>(error: string): SourceResult<T> => ({ data: null, error });

type Script = {
  user?: SourceResult<User | null>;
  profiles?: SourceResult<readonly UserRow[]>;
  permissions?: Partial<Record<PermissionSchema, SourceResult<readonly Permission[]>>>;
  components?: SourceResult<readonly string[]>;
};

/** An in-memory source that records which reads the loader made. */
function scriptedSource(script: Script) {
  const calls: string[] = [];
  const source: SessionSource = {
    getUser: async () => (calls.push('user'), script.user ?? ok(user)),
    listProfiles: async (id) => (calls.push(`profiles:${id}`), script.profiles ?? ok([])),
    listPermissions: async (schema, roleId) => (calls.push(`permissions:${schema}:${roleId}`), script.permissions?.[schema] ?? ok([])),
    listEnabledComponents: async (org) => (calls.push(`components:${org}`), script.components ?? ok([])),
  };
  return { source, calls };
}

function memoryStore(saved: string | null, savedRole: string | null = null) {
  const store = { saved, writes: [] as string[], roles: [] as (string | null | undefined)[] };
  const api: ActiveOrgStore = {
    read: () => store.saved,
    readRole: (org) => (org === store.saved ? savedRole : null),
    write: (org, role) => {
      store.writes.push(org);
      store.roles.push(role);
    },
  };
  return { store, api };
}

function collectWarnings() {
  const messages: string[] = [];
  return { messages, warn: (message: string) => void messages.push(message) };
}

describe('loadSession with the stored session known', () => {
  it("asks for the organisations' language and currency with the profiles, before the user is confirmed, once", async () => {
    const { source, calls } = scriptedSource({ profiles: ok([profile('Cedar', 'r-cedar', true)]) });
    source.listOrganizations = async () => (calls.push('organizations'), ok([{ name: 'Cedar', language: 'es', currency: 'EUR' }]));
    const confirmUser = source.getUser;
    source.getUser = async () => {
      expect(calls).toEqual([`profiles:${user.id}`, 'organizations']);
      return confirmUser();
    };
    source.storedUserId = async () => user.id;
    const outcome = await loadSession(source, memoryStore(null).api, collectWarnings().warn);
    expect(outcome).toMatchObject({ kind: 'loaded', snapshot: { orgName: 'Cedar', organization: { language: 'es', currency: 'EUR' } } });
    expect(calls.filter((call) => call === 'organizations')).toEqual(['organizations']);
  });

  it('loads the profiles while the server confirms the user, once', async () => {
    const { source, calls } = scriptedSource({ profiles: ok([profile('Cedar', 'r-cedar', true)]) });
    let userAsked = false;
    const confirmUser = source.getUser;
    source.getUser = async () => {
      userAsked = true;
      // The profiles were already asked for when the server is asked about the user.
      expect(calls).toContain(`profiles:${user.id}`);
      return confirmUser();
    };
    source.storedUserId = async () => user.id;
    const outcome = await loadSession(source, memoryStore(null).api, collectWarnings().warn);
    expect(userAsked).toBe(true);
    expect(outcome).toMatchObject({ kind: 'loaded', snapshot: { orgName: 'Cedar' } });
    expect(calls.filter((call) => call.startsWith('profiles:'))).toEqual([`profiles:${user.id}`]);
  });

  it('reads the profiles again for the confirmed user when the stored session was someone else', async () => {
    const { source, calls } = scriptedSource({ profiles: ok([profile('Cedar', 'r-cedar', true)]) });
    source.storedUserId = async () => 'someone-else';
    await loadSession(source, memoryStore(null).api, collectWarnings().warn);
    expect(calls.filter((call) => call.startsWith('profiles:'))).toEqual(['profiles:someone-else', `profiles:${user.id}`]);
  });

  it('announces the organisation this browser last worked in as the profiles are asked for, and not again when they choose it', async () => {
    const { source, calls } = scriptedSource({ profiles: ok([profile('Cedar', 'r-cedar', true), profile('Lakeside', 'r-lake')]) });
    source.storedUserId = async () => user.id;
    await loadSession(source, memoryStore('Lakeside').api, collectWarnings().warn, (org) => void calls.push(`chosen:${org}`));
    expect(calls.slice(0, 4)).toEqual([`profiles:${user.id}`, 'chosen:Lakeside', 'components:Lakeside', 'user']);
    expect(calls.filter((call) => call.startsWith('chosen:'))).toEqual(['chosen:Lakeside']);
  });

  it('asks for the remembered organisation’s permissions (the role last held there) and components with the profiles, and uses them once confirmed', async () => {
    const { source, calls } = scriptedSource({
      profiles: ok([profile('Cedar', 'r-cedar', true), profile('Lakeside', 'r-lake')]),
      permissions: { settings: ok([permission('crm')]) },
      components: ok(['crm']),
    });
    source.storedUserId = async () => user.id;
    const { store, api } = memoryStore('Lakeside', 'r-lake');
    const outcome = await loadSession(source, api, collectWarnings().warn);
    expect(calls).toEqual([`profiles:${user.id}`, 'permissions:settings:r-lake', 'components:Lakeside', 'user']);
    expect(outcome).toMatchObject({ kind: 'loaded', snapshot: { orgName: 'Lakeside', permissions: [permission('crm')], enabledComponents: ['crm'] } });
    expect(store.roles).toEqual(['r-lake']);
  });

  it('reads again, and tells none of the early reads’ warnings, when the role there has changed', async () => {
    const { source, calls } = scriptedSource({
      profiles: ok([profile('Lakeside', 'r-new', true)]),
      permissions: { settings: fail('stale role'), public: ok([]) },
    });
    source.storedUserId = async () => user.id;
    const { messages, warn } = collectWarnings();
    await loadSession(source, memoryStore('Lakeside', 'r-old').api, warn);
    expect(calls.filter((call) => call.startsWith('permissions:settings'))).toEqual(['permissions:settings:r-old', 'permissions:settings:r-new']);
    // Only the read that was used speaks: r-new's fallback warning, once.
    expect(messages).toEqual(['settings.user_role_permissions_view failed; falling back to public.user_role_permissions_view:']);
    expect(calls.filter((call) => call.startsWith('components:'))).toEqual(['components:Lakeside']);
  });

  it('tells an early read’s warning when it is the one used', async () => {
    const { source } = scriptedSource({ profiles: ok([profile('Lakeside', 'r-lake', true)]), components: fail('boom') });
    source.storedUserId = async () => user.id;
    const { messages, warn } = collectWarnings();
    const outcome = await loadSession(source, memoryStore('Lakeside', 'r-lake').api, warn);
    expect(outcome).toMatchObject({ kind: 'loaded', snapshot: { enabledComponents: [] } });
    expect(messages).toEqual(['settings.org_components failed; no component is enabled:']);
  });

  it('uses none of the early reads for another person than the stored session’s', async () => {
    const { source, calls } = scriptedSource({ profiles: ok([profile('Lakeside', 'r-lake', true)]) });
    source.storedUserId = async () => 'someone-else';
    await loadSession(source, memoryStore('Lakeside', 'r-lake').api, collectWarnings().warn);
    expect(calls.filter((call) => call.startsWith('permissions:settings'))).toEqual(['permissions:settings:r-lake', 'permissions:settings:r-lake']);
    expect(calls.filter((call) => call.startsWith('components:'))).toEqual(['components:Lakeside', 'components:Lakeside']);
  });

  it('announces the chosen organisation too when the profiles no longer include the remembered one', async () => {
    const { source, calls } = scriptedSource({ profiles: ok([profile('Cedar', 'r-cedar', true)]) });
    source.storedUserId = async () => user.id;
    await loadSession(source, memoryStore('Lakeside').api, collectWarnings().warn, (org) => void calls.push(`chosen:${org}`));
    expect(calls.filter((call) => call.startsWith('chosen:'))).toEqual(['chosen:Lakeside', 'chosen:Cedar']);
  });

  it('stops at signed-out even when profiles were started for a stored session', async () => {
    const { source } = scriptedSource({ user: ok(null) });
    source.storedUserId = async () => 'stale';
    expect(await loadSession(source, memoryStore(null).api, collectWarnings().warn)).toEqual({ kind: 'signedOut' });
  });
});

describe('loadSession', () => {
  it('loads profiles, chooses the saved organisation, saves it back and loads its permissions and components', async () => {
    const { source, calls } = scriptedSource({
      profiles: ok([profile('Cedar', 'r-cedar', true), profile('Lakeside', 'r-lake')]),
      permissions: { settings: ok([permission('crm')]) },
      components: ok(['crm', 'settings']),
    });
    const { store, api } = memoryStore('Lakeside');
    const outcome = await loadSession(source, api, collectWarnings().warn);
    expect(outcome).toEqual({
      kind: 'loaded',
      snapshot: {
        user,
        profiles: [profile('Cedar', 'r-cedar', true), profile('Lakeside', 'r-lake')],
        orgName: 'Lakeside',
        permissions: [permission('crm')],
        enabledComponents: ['crm', 'settings'],
        // A source that cannot read the organisation: English defaults and US dollars.
        organization: null,
      },
    });
    expect(store.writes).toEqual(['Lakeside']);
    expect(calls).toEqual(['user', 'profiles:u1', 'permissions:settings:r-lake', 'components:Lakeside']);
  });

  it("reads the chosen organisation's language and currency among the person's organisations; a failed read is a warning", async () => {
    const { source, calls } = scriptedSource({ profiles: ok([profile('Cedar', 'r-cedar', true)]) });
    source.listOrganizations = async () => (
      calls.push('organizations'),
      ok([
        { name: 'Lakeside', language: null, currency: 'USD' },
        { name: 'Cedar', language: 'es', currency: 'EUR' },
      ])
    );
    expect(await loadSession(source, memoryStore(null).api, collectWarnings().warn)).toMatchObject({ kind: 'loaded', snapshot: { organization: { language: 'es', currency: 'EUR' } } });
    expect(calls.filter((call) => call === 'organizations')).toEqual(['organizations']);
    source.listOrganizations = async () => fail('permission denied');
    const warnings = collectWarnings();
    expect(await loadSession(source, memoryStore(null).api, warnings.warn)).toMatchObject({ kind: 'loaded', snapshot: { orgName: 'Cedar', organization: null } });
    expect(warnings.messages).toContain("organizations failed; the organisation's language and currency are not known:");
  });

  it('announces the chosen organisation before its permissions and components are read', async () => {
    const { source, calls } = scriptedSource({ profiles: ok([profile('Cedar', 'r-cedar', true)]), permissions: { settings: ok([permission('crm')]) } });
    await loadSession(source, memoryStore(null).api, collectWarnings().warn, (org) => void calls.push(`chosen:${org}`));
    expect(calls).toEqual(['user', 'profiles:u1', 'chosen:Cedar', 'permissions:settings:r-cedar', 'components:Cedar']);
  });

  it('announces nothing when the user has no organisation', async () => {
    const chosen: string[] = [];
    await loadSession(scriptedSource({}).source, memoryStore(null).api, collectWarnings().warn, (org) => void chosen.push(org));
    expect(chosen).toEqual([]);
  });

  it('is signed out without a user and reads nothing else', async () => {
    const { source, calls } = scriptedSource({ user: ok(null) });
    expect(await loadSession(source, memoryStore(null).api)).toEqual({ kind: 'signedOut' });
    expect(calls).toEqual(['user']);
  });

  it('reports an authentication error with its message and a warning', async () => {
    const { source } = scriptedSource({ user: fail('invalid JWT') });
    const { messages, warn } = collectWarnings();
    expect(await loadSession(source, memoryStore(null).api, warn)).toEqual({ kind: 'authFailed', message: 'invalid JWT' });
    expect(messages).toHaveLength(1);
  });

  it('continues with no profiles when they fail to load', async () => {
    const { source } = scriptedSource({ profiles: fail('permission denied') });
    const { messages, warn } = collectWarnings();
    const outcome = await loadSession(source, memoryStore(null).api, warn);
    expect(outcome).toMatchObject({ kind: 'loaded', snapshot: { profiles: [], orgName: null, permissions: [] } });
    expect(messages[0]).toContain('user_profiles');
  });

  it('skips the permission query with the spec warning when the profile has no role', async () => {
    const { source, calls } = scriptedSource({ profiles: ok([profile('Cedar', null)]) });
    const { messages, warn } = collectWarnings();
    const outcome = await loadSession(source, memoryStore(null).api, warn);
    expect(outcome).toMatchObject({ kind: 'loaded', snapshot: { orgName: 'Cedar', permissions: [] } });
    expect(messages).toContain(NO_ROLE_WARNING);
    expect(NO_ROLE_WARNING).toBe('No role_id for selected org; skipping permissions query.');
    expect(calls.some((call) => call.startsWith('permissions'))).toBe(false);
  });

  it('falls back to the public view when the settings view fails', async () => {
    const { source, calls } = scriptedSource({
      profiles: ok([profile('Cedar', 'r1')]),
      permissions: { settings: fail('schema "settings" does not exist'), public: ok([permission('catalog')]) },
    });
    const { messages, warn } = collectWarnings();
    const outcome = await loadSession(source, memoryStore(null).api, warn);
    expect(outcome).toMatchObject({ kind: 'loaded', snapshot: { permissions: [permission('catalog')] } });
    expect(calls).toContain('permissions:public:r1');
    expect(messages).toHaveLength(1);
  });

  it('falls back to the public view when the settings view has no rows, without a warning', async () => {
    const { source, calls } = scriptedSource({
      profiles: ok([profile('Cedar', 'r1')]),
      permissions: { settings: ok([]), public: ok([permission('catalog')]) },
    });
    const { messages, warn } = collectWarnings();
    const outcome = await loadSession(source, memoryStore(null).api, warn);
    expect(outcome).toMatchObject({ kind: 'loaded', snapshot: { permissions: [permission('catalog')] } });
    expect(calls).toContain('permissions:public:r1');
    expect(messages).toEqual([]);
  });

  it('does not ask the public view when the settings view answers', async () => {
    const { source, calls } = scriptedSource({
      profiles: ok([profile('Cedar', 'r1')]),
      permissions: { settings: ok([permission('crm')]), public: ok([permission('catalog')]) },
    });
    await loadSession(source, memoryStore(null).api, collectWarnings().warn);
    expect(calls).not.toContain('permissions:public:r1');
  });

  it('enables no component when the component read fails, with a warning', async () => {
    const { source } = scriptedSource({ profiles: ok([profile('Cedar', 'r1')]), components: fail('boom') });
    const { messages, warn } = collectWarnings();
    const outcome = await loadSession(source, memoryStore(null).api, warn);
    expect(outcome).toMatchObject({ kind: 'loaded', snapshot: { enabledComponents: [] } });
    expect(messages).toHaveLength(1);
  });

  it('turns anything thrown into a failure carrying its message, or "Unknown error"', async () => {
    const throwing = (thrown: unknown): SessionSource => ({
      ...scriptedSource({}).source,
      listProfiles: async () => {
        throw thrown;
      },
    });
    expect(await loadSession(throwing(new Error('Failed to fetch')), memoryStore(null).api)).toEqual({ kind: 'failed', message: 'Failed to fetch' });
    expect(await loadSession(throwing('nope'), memoryStore(null).api)).toEqual({ kind: 'failed', message: 'Unknown error' });
  });
});
