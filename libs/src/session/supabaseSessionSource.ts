import type { SupabaseClient, User } from '@supabase/supabase-js';
import { fetchSessionUser, getDatabase, isAuthSessionMissing, type Database, type StoredSession } from '@steward/libs/boot';
import type { Permission, UserRow } from './SessionContext';
import type { OrganizationRow, SessionSource } from './SessionSource';

const PROFILE_COLUMNS = 'id, auth_user_id, org_name, role_id, name, email, is_primary, language';
/** A role's rows as the session keeps them: each component's access flags and its organisation-level enablement; descriptions and ids stay in the database. */
const PERMISSION_COLUMNS = 'component_name, create_access, view_access, edit_access, delete_access, org_enabled, org_comp_enabled';

/** Who the session's person is: the session's two auth reads. */
export type SessionAuth = Pick<SessionSource, 'getUser' | 'storedUserId'>;

/** The session's reads: the person from `auth`, their profiles, permissions and components from the database. */
export function sessionSource(auth: SessionAuth, database: () => Database = getDatabase): SessionSource {
  return {
    ...auth,
    listProfiles: async (authUserId) => {
      const { data, error } = await database().from('user_profiles').select(PROFILE_COLUMNS).eq('auth_user_id', authUserId);
      if (error) return { data: null, error: error.message };
      return { data: (data ?? []) as UserRow[], error: null };
    },
    listPermissions: async (schema, roleId) => {
      const { data, error } = await database().schema(schema).from('user_role_permissions_view').select(PERMISSION_COLUMNS).eq('role_id', roleId);
      if (error) return { data: null, error: error.message };
      return { data: (data ?? []) as Permission[], error: null };
    },
    listEnabledComponents: async (orgName) => {
      const { data, error } = await database()
        .schema('settings')
        .from('org_components')
        .select('name')
        .eq('org_name', orgName)
        .eq('enabled', true)
        .eq('archive', false);
      if (error) return { data: null, error: error.message };
      return { data: [...new Set((data ?? []).map((row: { name: string }) => row.name))], error: null };
    },
    listOrganizations: async () => {
      const { data, error } = await database().from('organizations').select('name, language, currency');
      if (error) return { data: null, error: error.message };
      return { data: (data ?? []) as OrganizationRow[], error: null };
    },
  };
}

/** The person as supabase-js's auth knows them (it refreshes an expiring session first); the client is loaded when asked. */
export function supabaseAuth(client: () => Promise<SupabaseClient>): SessionAuth {
  return {
    getUser: async () => {
      const { data, error } = await (await client()).auth.getUser();
      // Having no session is the signed-out state, not an authentication error.
      if (error && !(await isAuthSessionMissing(error))) return { data: null, error: error.message };
      return { data: data.user ?? null, error: null };
    },
    storedUserId: async () => (await (await client()).auth.getSession()).data.session?.user.id ?? null,
  };
}

/**
 * The person of a fresh stored session, as GoTrue confirms them with its token, without supabase-js.
 * Whatever GoTrue does not confirm (a session ended elsewhere, no answer) is asked of `otherwise`
 * (supabase-js's auth), which tells a signed-out person from a failure as it always has.
 */
export function storedSessionAuth(session: StoredSession, otherwise: SessionAuth): SessionAuth {
  return {
    storedUserId: async () => session.userId,
    getUser: async () => {
      const confirmed = await fetchSessionUser(session);
      if (confirmed) return { data: confirmed as unknown as User, error: null };
      return otherwise.getUser();
    },
  };
}

/** The session's reads as plain supabase-js calls. */
export function supabaseSessionSource(supabase: SupabaseClient): SessionSource {
  return sessionSource(supabaseAuth(async () => supabase), () => supabase);
}
