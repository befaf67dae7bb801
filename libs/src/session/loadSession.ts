import type { OrganizationLocale, Permission } from './SessionContext';
import type { SessionSnapshot } from './sessionReducer';
import type { OrganizationRow, SessionSource, SourceResult } from './SessionSource';
import { chooseActiveOrg } from './chooseActiveOrg';

export type SessionLoadOutcome =
  | { kind: 'signedOut' }
  | { kind: 'authFailed'; message: string }
  | { kind: 'loaded'; snapshot: SessionSnapshot }
  | { kind: 'failed'; message: string };

export type ActiveOrgStore = {
  read: () => string | null;
  /** The role last held in `orgName` on this browser, if it was saved with it. */
  readRole?: (orgName: string) => string | null;
  write: (orgName: string, roleId?: string | null) => void;
};

export type Warn = (message: string, detail?: unknown) => void;

export const NO_ROLE_WARNING = 'No role_id for selected org; skipping permissions query.';

/**
 * A role's permissions from the settings view, falling back to the public view when it fails or has no
 * rows; an error only when both fail. The session's first load and every later re-read go through here.
 */
export async function readPermissions(source: SessionSource, roleId: string, warn: Warn): Promise<SourceResult<readonly Permission[]>> {
  const fromSettings = await source.listPermissions('settings', roleId);
  if (fromSettings.error === null && fromSettings.data.length > 0) return fromSettings;
  if (fromSettings.error !== null) {
    warn('settings.user_role_permissions_view failed; falling back to public.user_role_permissions_view:', fromSettings.error);
  }
  return source.listPermissions('public', roleId);
}

async function loadPermissions(source: SessionSource, roleId: string | null, warn: Warn): Promise<readonly Permission[]> {
  if (!roleId) {
    warn(NO_ROLE_WARNING);
    return [];
  }
  const read = await readPermissions(source, roleId, warn);
  if (read.error !== null) {
    warn('public.user_role_permissions_view failed; continuing without permissions:', read.error);
    return [];
  }
  return read.data;
}

async function loadEnabledComponents(source: SessionSource, orgName: string | null, warn: Warn): Promise<readonly string[]> {
  if (!orgName) return [];
  const result = await source.listEnabledComponents(orgName);
  if (result.error !== null) {
    warn('settings.org_components failed; no component is enabled:', result.error);
    return [];
  }
  return result.data;
}

async function loadOrganizations(source: SessionSource, warn: Warn): Promise<readonly OrganizationRow[] | null> {
  if (!source.listOrganizations) return null;
  const result = await source.listOrganizations();
  if (result.error !== null) {
    warn('organizations failed; the organisation\'s language and currency are not known:', result.error);
    return null;
  }
  return result.data;
}

/** The chosen organisation's language and currency among the person's organisations (null when not read). */
function organizationOf(rows: readonly OrganizationRow[] | null, orgName: string | null): OrganizationLocale | null {
  const row = orgName ? rows?.find((candidate) => candidate.name === orgName) : undefined;
  return row ? { language: row.language, currency: row.currency } : null;
}

/**
 * A read started before it is known to be needed: its warnings are kept, and told by `take` (which gives
 * the result) only if it is used; one never taken fails silently.
 */
function deferred<T>(start: (warn: Warn) => Promise<T>) {
  const warnings: [string, unknown][] = [];
  const result = start((message, detail) => void warnings.push([message, detail]));
  result.catch(() => undefined);
  return {
    take: async (warn: Warn): Promise<T> => {
      const value = await result;
      for (const [message, detail] of warnings) warn(message, detail);
      return value;
    },
  };
}

/**
 * One pass of the session load: the user, their profiles, the active organisation (saved
 * back to the browser with the role held there, and announced to `onOrgChosen`), then that
 * organisation's permissions and enabled components; the language and currency of the person's
 * organisations are asked for with the profiles (they need no organisation chosen). With a stored
 * session, `onOrgChosen` first hears the organisation this browser last worked in, as the profiles are
 * asked for, and again only if the profiles choose another; that organisation's permissions (for the role last held there) and
 * components are asked for then too, and used if the profiles confirm both.
 * Profile and permission read errors are warnings; anything thrown is a failure carrying its message.
 */
export async function loadSession(
  source: SessionSource,
  activeOrg: ActiveOrgStore,
  warn: Warn = console.warn,
  onOrgChosen?: (orgName: string) => void,
): Promise<SessionLoadOutcome> {
  try {
    // The profiles of the stored session's user load while getUser confirms it with the server; they
    // are used only if the server confirms the same user (RLS guards the read either way).
    const storedId = (await source.storedUserId?.()) ?? null;
    const earlyProfiles = storedId ? source.listProfiles(storedId) : null;
    // The language and currency of the person's organisations (RLS reads theirs) need no organisation
    // chosen: they start with the profiles too, so the first view never waits on them after the profiles.
    const earlyOrganizations = storedId ? deferred((later) => loadOrganizations(source, later)) : null;
    // The organisation this browser last worked in is almost always the one the profiles will choose:
    // its first screen's reads start now, with the profiles. RLS answers them for the signed-in user
    // either way, and if the profiles choose another organisation these answers simply go unused.
    const remembered = storedId ? activeOrg.read() : null;
    if (remembered) onOrgChosen?.(remembered);
    // Its permissions (for the role last held there) and enabled components start with the profiles too,
    // instead of after them: used only if the profiles choose that organisation with that role, and their
    // warnings told only then.
    const rememberedRole = remembered ? (activeOrg.readRole?.(remembered) ?? null) : null;
    const early = {
      permissions: rememberedRole ? deferred((later) => loadPermissions(source, rememberedRole, later)) : null,
      components: remembered ? deferred((later) => loadEnabledComponents(source, remembered, later)) : null,
    };
    const userResult = await source.getUser();
    if (userResult.error !== null) {
      warn('Authentication error while loading the user:', userResult.error);
      return { kind: 'authFailed', message: userResult.error };
    }
    const user = userResult.data;
    if (!user) return { kind: 'signedOut' };
    const sameUser = storedId === user.id;
    const organizations = earlyOrganizations && sameUser ? earlyOrganizations : deferred((later) => loadOrganizations(source, later));

    const profilesResult = await (earlyProfiles && sameUser ? earlyProfiles : source.listProfiles(user.id));
    if (profilesResult.error !== null) warn('user_profiles failed to load; continuing without profiles:', profilesResult.error);
    const profiles = profilesResult.data ?? [];

    const orgName = chooseActiveOrg(profiles, activeOrg.read());
    const roleId = profiles.find((profile) => profile.org_name === orgName)?.role_id ?? null;
    if (orgName) {
      activeOrg.write(orgName, roleId);
      // The organisation's own reads (a first screen's figures) need nothing more: they start now,
      // alongside the permissions and components (unless they started with the profiles).
      if (orgName !== remembered) onOrgChosen?.(orgName);
    }

    const [permissions, enabledComponents, organizationRows] = await Promise.all([
      early.permissions && sameUser && roleId === rememberedRole ? early.permissions.take(warn) : loadPermissions(source, roleId, warn),
      early.components && sameUser && orgName === remembered ? early.components.take(warn) : loadEnabledComponents(source, orgName, warn),
      organizations.take(warn),
    ]);
    return { kind: 'loaded', snapshot: { user, profiles, orgName, permissions, enabledComponents, organization: organizationOf(organizationRows, orgName) } };
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : 'Unknown error';
    return { kind: 'failed', message };
  }
}
