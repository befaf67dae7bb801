import { createContext, useContext } from 'react';
import type { User } from '@supabase/supabase-js';

export type UserRow = {
  /** The profile's id: what created_by and the owner and assignee columns hold. */
  id?: string;
  auth_user_id: string;
  org_name: string;
  role_id: string | null;
  name: string | null;
  email: string | null;
  is_primary?: boolean | null;
  /** The language the person chose (My profile); null: the organisation's, then the browser's. */
  language?: string | null;
};

/** What the active organisation says about how to write for it (Org Data). */
export type OrganizationLocale = { language: string | null; currency: string };

/** One row of user_role_permissions_view: a role's access to one component, and whether the organisation enables it. */
export type Permission = {
  component_name: string;
  create_access: string | null;
  view_access: string | null;
  edit_access: string | null;
  delete_access: string | null;
  org_enabled?: boolean | null;
  org_comp_enabled?: boolean | null;
};

export type SessionState = {
  user: User | null;
  /** The profile of the active organisation. */
  userRow: UserRow | null;
  /** One profile per organisation the user belongs to. */
  profiles: readonly UserRow[];
  orgName: string | null;
  orgScope: readonly string[];
  roleId: string | null;
  permissions: readonly Permission[];
  /** The user's organisation names, sorted alphabetically. */
  orgList: readonly string[];
  /** Components (one per remote, plus finer ones) enabled for the active organisation. */
  enabledComponents: readonly string[];
  /** The active organisation's language and currency, once read (null before, or when it cannot be read). */
  organization?: OrganizationLocale | null;
  /** True until the session is known (first load, or a sign-in being loaded). */
  loading: boolean;
  /**
   * True while a known session reloads in the background (auth event, organisation switch); what is
   * shown stays in place meanwhile, so screens are not torn down by a token refresh.
   */
  refreshing?: boolean;
  error: string | null;
};

export type SessionApi = SessionState & {
  /** Saves the choice, updates the scope at once and reloads; the current organisation is a no-op. */
  switchOrg: (orgName: string) => void;
  /** Ends the session, then runs onSignedOut (or goes to the site root); on failure goes to the root. */
  signOut: (onSignedOut?: () => void) => Promise<void>;
  reload: () => void;
  /**
   * Reads the role's permissions again (one small read) unless they were read less than `maxAgeMs`
   * ago: a role an owner changes takes effect without a reload.
   */
  refreshPermissions: (maxAgeMs?: number) => void;
};

export const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the shell\'s SessionProvider.');
  return session;
}
