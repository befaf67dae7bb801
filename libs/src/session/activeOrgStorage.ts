import type { ActiveOrgStore } from './loadSession';

export const ACTIVE_ORG_KEY = 'active_org_name';

/** The active organisation kept in localStorage; storage being unavailable (privacy modes) is not an error. */
export const activeOrgStorage: ActiveOrgStore = {
  read: () => {
    try {
      return window.localStorage.getItem(ACTIVE_ORG_KEY);
    } catch {
      return null;
    }
  },
  write: (orgName) => {
    try {
      window.localStorage.setItem(ACTIVE_ORG_KEY, orgName);
    } catch {
      // The choice then lasts for this page only, which is the best storage allows.
    }
  },
};
