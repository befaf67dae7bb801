import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from '@supabase/supabase-js';
import { getSupabase } from '@steward/libs/data-access';
import { SessionContext, type SessionApi } from './SessionContext';

/** Minimal provider: the user only. The full load sequence (profiles, organisation, permissions) replaces it. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const supabase = getSupabase();
    supabase.auth.getUser().then(({ data }) => {
      setUser(data.user);
      setLoading(false);
    });
    const { data } = supabase.auth.onAuthStateChange((_event, session) => setUser(session?.user ?? null));
    return () => data.subscription.unsubscribe();
  }, []);

  const value = useMemo<SessionApi>(
    () => ({
      user,
      userRow: null,
      orgName: null,
      orgScope: ['_system_default_'],
      roleId: null,
      permissions: [],
      orgList: [],
      enabledComponents: ['crm', 'catalog', 'lodging', 'team-portal', 'operations', 'settings'],
      loading,
      error: null,
      switchOrg: () => undefined,
      signOut: async () => {
        await getSupabase().auth.signOut();
      },
      reload: () => undefined,
    }),
    [user, loading],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
