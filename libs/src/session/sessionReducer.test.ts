import { describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import { EMPTY_SESSION, INITIAL_SESSION, sessionReducer, type SessionSnapshot } from './sessionReducer';
import type { UserRow } from './SessionContext';

const user = { id: 'u1', email: 'dana@example.test' } as User;
const rows: UserRow[] = [
  { auth_user_id: 'u1', org_name: 'Lakeside', role_id: 'r-lake', name: 'Dana', email: 'dana@example.test' },
  { auth_user_id: 'u1', org_name: 'Cedar', role_id: 'r-cedar', name: 'Dana', email: 'dana@example.test', is_primary: true },
];
const snapshot: SessionSnapshot = {
  user,
  profiles: rows,
  orgName: 'Cedar',
  permissions: [{ component_name: 'crm', create_access: 'allowed', view_access: 'Organization', edit_access: 'Organization', delete_access: 'None' }],
  enabledComponents: ['crm'],
};
const loaded = sessionReducer(INITIAL_SESSION, { type: 'loaded', snapshot });

describe('sessionReducer', () => {
  it('starts in loading', () => {
    expect(INITIAL_SESSION.loading).toBe(true);
    expect(INITIAL_SESSION.user).toBeNull();
  });

  it('derives the active profile, role, scope and sorted organisation list from a load', () => {
    expect(loaded).toMatchObject({
      user,
      orgName: 'Cedar',
      orgScope: ['Cedar', '_system_default_'],
      roleId: 'r-cedar',
      userRow: rows[1],
      orgList: ['Cedar', 'Lakeside'],
      enabledComponents: ['crm'],
      loading: false,
      error: null,
    });
  });

  it('keeps what is shown while a known session reloads, as refreshing rather than loading', () => {
    const reloading = sessionReducer(loaded, { type: 'loadStarted' });
    expect(reloading).toMatchObject({ loading: false, refreshing: true, orgName: 'Cedar' });
    expect(reloading.permissions).toHaveLength(1);
    expect(sessionReducer(reloading, { type: 'loaded', snapshot }).refreshing).toBe(false);
  });

  it('is loading while no session is known yet (a sign-in being loaded)', () => {
    expect(sessionReducer(EMPTY_SESSION, { type: 'loadStarted' })).toMatchObject({ loading: true, refreshing: false });
  });

  it('resets to empty with the message on an authentication error', () => {
    expect(sessionReducer(loaded, { type: 'authFailed', message: 'JWT expired' })).toEqual({ ...EMPTY_SESSION, error: 'JWT expired' });
  });

  it('resets to empty without a user', () => {
    expect(sessionReducer(loaded, { type: 'signedOut' })).toEqual(EMPTY_SESSION);
  });

  it('clears permissions and records the message when a load fails', () => {
    const failed = sessionReducer(loaded, { type: 'loadFailed', message: 'Unknown error' });
    expect(failed.permissions).toEqual([]);
    expect(failed.error).toBe('Unknown error');
    expect(failed.loading).toBe(false);
  });

  it('moves organisation, role and scope together on a switch and reloads', () => {
    const switched = sessionReducer(loaded, { type: 'orgSwitched', orgName: 'Lakeside' });
    expect(switched).toMatchObject({
      orgName: 'Lakeside',
      orgScope: ['Lakeside', '_system_default_'],
      roleId: 'r-lake',
      userRow: rows[0],
      loading: false,
      refreshing: true,
    });
  });

  it('refuses to switch to an organisation the user does not belong to', () => {
    expect(sessionReducer(loaded, { type: 'orgSwitched', orgName: 'Elsewhere' })).toBe(loaded);
  });

  it('takes permissions read again for the active role, keeping the state when nothing changed', () => {
    const same = [{ ...snapshot.permissions[0]! }];
    expect(sessionReducer(loaded, { type: 'permissionsRead', roleId: 'r-cedar', permissions: same })).toBe(loaded);
    const narrowed = [{ ...snapshot.permissions[0]!, create_access: 'not_allowed' }];
    const next = sessionReducer(loaded, { type: 'permissionsRead', roleId: 'r-cedar', permissions: narrowed });
    expect(next.permissions).toEqual(narrowed);
    expect(next.orgName).toBe('Cedar');
  });

  it('ignores permissions read for a role that is no longer the active one', () => {
    expect(sessionReducer(loaded, { type: 'permissionsRead', roleId: 'r-lake', permissions: [] })).toBe(loaded);
  });
});
