import type { User } from '@supabase/supabase-js';
import { orgScopeFor } from '../org-scope/orgScope';
import type { SessionApi } from './SessionContext';

/**
 * A settled signed-in session for one organisation, with no-op actions: what tests, benchmarks and
 * tools put in SessionContext when no shell is around to load the real one.
 */
export function signedInSession(user: Pick<User, 'id' | 'email'>, orgName: string, overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    user: user as User,
    userRow: { auth_user_id: user.id, org_name: orgName, role_id: null, name: 'Demo', email: user.email ?? null },
    profiles: [],
    orgName,
    orgScope: orgScopeFor(orgName),
    roleId: null,
    permissions: [],
    orgList: [orgName],
    enabledComponents: [],
    loading: false,
    error: null,
    switchOrg: () => undefined,
    signOut: async () => undefined,
    reload: () => undefined,
    refreshPermissions: () => undefined,
    ...overrides,
  };
}
