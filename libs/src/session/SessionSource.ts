import type { User } from '@supabase/supabase-js';
import type { OrganizationLocale, Permission, UserRow } from './SessionContext';

/** An organisation's language and currency, with its name. */
export type OrganizationRow = OrganizationLocale & { name: string };

/** A read either gives rows or an error message; the loader decides what an error means. */
export type SourceResult<T> = { data: T; error: null } | { data: null; error: string };

export type PermissionSchema = 'settings' | 'public';

/**
 * The reads the session load is made of. The provider uses the Supabase implementation;
 * keeping the loader behind this seam lets its decision logic be tested on its own.
 */
export type SessionSource = {
  /** The signed-in user, null when there is no session (not an error). */
  getUser: () => Promise<SourceResult<User | null>>;
  /**
   * The user id of the session stored in this browser, read without a network call, so profiles can
   * load while getUser confirms the session with the server. Optional: without it they load after.
   */
  storedUserId?: () => Promise<string | null>;
  listProfiles: (authUserId: string) => Promise<SourceResult<readonly UserRow[]>>;
  listPermissions: (schema: PermissionSchema, roleId: string) => Promise<SourceResult<readonly Permission[]>>;
  listEnabledComponents: (orgName: string) => Promise<SourceResult<readonly string[]>>;
  /**
   * The language and currency of every organisation the person may read (RLS: theirs), so the read needs
   * no organisation chosen and starts with the profiles (optional: without it, English defaults and US dollars).
   */
  listOrganizations?: () => Promise<SourceResult<readonly OrganizationRow[]>>;
};
