import type { User } from '@supabase/supabase-js';
import type { OrganizationLocale, Permission, SessionState, UserRow } from './SessionContext';
import { orgNamesOf } from './orgNamesOf';
import { orgScopeFor } from '../org-scope/orgScope';

/** What one successful load found: the user, their profiles, the organisation chosen and its rights. */
export type SessionSnapshot = {
  user: User;
  profiles: readonly UserRow[];
  orgName: string | null;
  permissions: readonly Permission[];
  enabledComponents: readonly string[];
  /** The organisation's language and currency; absent when not read. */
  organization?: OrganizationLocale | null;
};

export type SessionAction =
  | { type: 'loadStarted' }
  | { type: 'signedOut' }
  | { type: 'authFailed'; message: string }
  | { type: 'loaded'; snapshot: SessionSnapshot }
  | { type: 'loadFailed'; message: string }
  | { type: 'orgSwitched'; orgName: string }
  | { type: 'permissionsRead'; roleId: string; permissions: readonly Permission[] };

export const EMPTY_SESSION: SessionState = {
  user: null,
  userRow: null,
  profiles: [],
  orgName: null,
  orgScope: orgScopeFor(null),
  roleId: null,
  permissions: [],
  orgList: [],
  enabledComponents: [],
  organization: null,
  loading: false,
  refreshing: false,
  error: null,
};

export const INITIAL_SESSION: SessionState = { ...EMPTY_SESSION, loading: true };

/** Everything that follows from the active organisation, so it can never disagree with it. */
function withActiveOrg(state: SessionState, orgName: string | null): SessionState {
  const userRow = state.profiles.find((profile) => profile.org_name === orgName) ?? null;
  return { ...state, orgName, orgScope: orgScopeFor(orgName), userRow, roleId: userRow?.role_id ?? null };
}

function accessKey(permissions: readonly Permission[]): string {
  return JSON.stringify(
    permissions
      .map((row) => [row.component_name, row.view_access, row.create_access, row.edit_access, row.delete_access])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );
}

function samePermissions(a: readonly Permission[], b: readonly Permission[]): boolean {
  return accessKey(a) === accessKey(b);
}

/**
 * The session's state machine: loading → signed out, auth failure (reset with the
 * message), loaded, or failed (permissions cleared, message kept). Reloading a known session is
 * `refreshing`, not `loading`: what is shown stays until the new data arrives, so a token refresh or
 * an organisation switch does not tear screens down.
 */
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'loadStarted':
      return state.user ? { ...state, refreshing: true } : { ...state, loading: true };
    case 'signedOut':
      return EMPTY_SESSION;
    case 'authFailed':
      return { ...EMPTY_SESSION, error: action.message };
    case 'loaded': {
      const { snapshot } = action;
      const next: SessionState = {
        ...state,
        user: snapshot.user,
        profiles: snapshot.profiles,
        orgList: orgNamesOf(snapshot.profiles),
        permissions: snapshot.permissions,
        enabledComponents: snapshot.enabledComponents,
        organization: snapshot.organization ?? null,
        loading: false,
        refreshing: false,
        error: null,
      };
      return withActiveOrg(next, snapshot.orgName);
    }
    case 'loadFailed':
      return { ...state, permissions: [], loading: false, refreshing: false, error: action.message };
    case 'permissionsRead':
      // A read for a role no longer active is stale; unchanged rights keep their identity, so nothing re-renders.
      if (action.roleId !== state.roleId || samePermissions(state.permissions, action.permissions)) return state;
      return { ...state, permissions: action.permissions };
    case 'orgSwitched':
      if (!state.profiles.some((profile) => profile.org_name === action.orgName)) return state;
      return { ...withActiveOrg(state, action.orgName), refreshing: true };
  }
}
