import type { SupabaseClient } from '@supabase/supabase-js';
import { isAuthSessionMissing } from '@steward/libs/supabase';
import type { Permission, UserRow } from './SessionContext';
import type { SessionSource } from './SessionSource';

const PROFILE_COLUMNS = 'id, auth_user_id, org_name, role_id, name, email, is_primary';

/** The session's reads as plain supabase-js calls. */
export function supabaseSessionSource(supabase: SupabaseClient): SessionSource {
  return {
    getUser: async () => {
      const { data, error } = await supabase.auth.getUser();
      // Having no session is the signed-out state, not an authentication error.
      if (error && !(await isAuthSessionMissing(error))) return { data: null, error: error.message };
      return { data: data.user ?? null, error: null };
    },
    storedUserId: async () => (await supabase.auth.getSession()).data.session?.user.id ?? null,
    listProfiles: async (authUserId) => {
      const { data, error } = await supabase.from('user_profiles').select(PROFILE_COLUMNS).eq('auth_user_id', authUserId);
      if (error) return { data: null, error: error.message };
      return { data: (data ?? []) as UserRow[], error: null };
    },
    listPermissions: async (schema, roleId) => {
      const { data, error } = await supabase.schema(schema).from('user_role_permissions_view').select('*').eq('role_id', roleId);
      if (error) return { data: null, error: error.message };
      return { data: (data ?? []) as Permission[], error: null };
    },
    listEnabledComponents: async (orgName) => {
      const { data, error } = await supabase
        .schema('settings')
        .from('org_components')
        .select('name')
        .eq('org_name', orgName)
        .eq('enabled', true)
        .eq('archive', false);
      if (error) return { data: null, error: error.message };
      return { data: [...new Set((data ?? []).map((row: { name: string }) => row.name))], error: null };
    },
  };
}
