import type { ActiveOrgStore } from './loadSession';

export const ACTIVE_ORG_KEY = 'active_org_name';
/** The role the person held in that organisation when this browser last loaded it: `{ org, role }`. */
export const ACTIVE_ROLE_KEY = 'active_org_role';

/**
 * The active organisation kept in localStorage, with the role last held there (so the next start can ask
 * for that role's permissions alongside the profiles); storage being unavailable (privacy modes) is not
 * an error.
 */
export const activeOrgStorage: ActiveOrgStore = {
  read: () => {
    try {
      return window.localStorage.getItem(ACTIVE_ORG_KEY);
    } catch {
      return null;
    }
  },
  readRole: (orgName) => {
    try {
      const saved = JSON.parse(window.localStorage.getItem(ACTIVE_ROLE_KEY) ?? 'null') as { org?: unknown; role?: unknown } | null;
      return saved && saved.org === orgName && typeof saved.role === 'string' ? saved.role : null;
    } catch {
      return null;
    }
  },
  write: (orgName, roleId) => {
    try {
      window.localStorage.setItem(ACTIVE_ORG_KEY, orgName);
      if (roleId) window.localStorage.setItem(ACTIVE_ROLE_KEY, JSON.stringify({ org: orgName, role: roleId }));
      else window.localStorage.removeItem(ACTIVE_ROLE_KEY);
    } catch {
      // The choice then lasts for this page only, which is the best storage allows.
    }
  },
};
