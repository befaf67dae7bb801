import { createContext, useContext } from 'react';
import type { User } from '@supabase/supabase-js';

export type UserRow = {
  auth_user_id: string;
  org_name: string;
  role_id: string | null;
  name: string | null;
  email: string | null;
  is_primary?: boolean | null;
};

export type Permission = {
  component_name: string;
  create_access: string | null;
  view_access: string | null;
  edit_access: string | null;
  delete_access: string | null;
};

export type SessionState = {
  user: User | null;
  userRow: UserRow | null;
  orgName: string | null;
  orgScope: readonly string[];
  roleId: string | null;
  permissions: readonly Permission[];
  orgList: readonly string[];
  /** Components (one per remote, plus finer ones) enabled for the active organisation. */
  enabledComponents: readonly string[];
  loading: boolean;
  error: string | null;
};

export type SessionApi = SessionState & {
  switchOrg: (orgName: string) => void;
  signOut: () => Promise<void>;
  reload: () => void;
};

export const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the shell\'s SessionProvider.');
  return session;
}
