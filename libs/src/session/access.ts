import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import type { RemoteName } from '@steward/libs/runtime-config';
import type { Permission, UserRow } from './SessionContext';
import { SessionContext } from './SessionContext';
import { PERSONAL_ROW_FIELDS } from './personalColumns';

/** How far a role reaches for viewing, editing or deleting: nothing, the person's own records, or all of the organisation's. */
export type AccessLevel = 'None' | 'Personal' | 'Organization';

/** The components a role is given levels on: one per area (areas.mjs). */
export type AccessComponent = RemoteName;

export { PERSONAL_ROW_FIELDS };

export type Access = {
  component: AccessComponent;
  view: AccessLevel;
  /** The role may add records. */
  create: boolean;
  edit: AccessLevel;
  delete: AccessLevel;
  /** The person may change this row: edit Organization, or Personal and the row is their own. */
  canEditRow: (row: unknown) => boolean;
  /** The person may archive, restore or delete this row, on the same terms. */
  canDeleteRow: (row: unknown) => boolean;
};

function levelOf(value: string | null | undefined): AccessLevel {
  return value === 'Organization' || value === 'Personal' ? value : 'None';
}

/**
 * The row is the person's own: one of PERSONAL_ROW_FIELDS holds one of their profile ids (a profile
 * belongs to one organisation, so a match is always their profile in the row's organisation).
 */
export function isOwnRow(row: unknown, profileIds: readonly string[]): boolean {
  if (!row || typeof row !== 'object' || profileIds.length === 0) return false;
  const record = row as Record<string, unknown>;
  return PERSONAL_ROW_FIELDS.some((field) => typeof record[field] === 'string' && profileIds.includes(record[field] as string));
}

function rowRule(level: AccessLevel, profileIds: readonly string[]): (row: unknown) => boolean {
  if (level === 'Organization') return () => true;
  if (level === 'Personal') return (row) => isOwnRow(row, profileIds);
  return () => false;
}

/**
 * A role's access to one component, from the session's permission rows (a component without a row is
 * None everywhere). The database enforces the same levels; screens only avoid offering what it refuses.
 */
export function accessOf(permissions: readonly Permission[], component: AccessComponent, profileIds: readonly string[]): Access {
  const permission = permissions.find((row) => row.component_name === component);
  const edit = levelOf(permission?.edit_access);
  const remove = levelOf(permission?.delete_access);
  return {
    component,
    view: levelOf(permission?.view_access),
    create: permission?.create_access === 'allowed',
    edit,
    delete: remove,
    canEditRow: rowRule(edit, profileIds),
    canDeleteRow: rowRule(remove, profileIds),
  };
}

/** The profile ids of the signed-in person (one per organisation). */
export function profileIdsOf(profiles: readonly UserRow[]): string[] {
  return profiles.flatMap((profile) => (profile.id ? [profile.id] : []));
}

const AccessComponentContext = createContext<AccessComponent | null>(null);

/** The component a subtree belongs to: each area's screens sit inside one, so they ask useAccess() without naming it. */
export function AccessComponentProvider({ component, children }: { component: AccessComponent; children: ReactNode }) {
  return createElement(AccessComponentContext.Provider, { value: component }, children);
}

/**
 * The signed-in person's access to `component` (default: the area the caller is rendered in). Outside
 * any area and without a component (or without a session), everything is allowed: shared parts then
 * behave as before.
 */
export function useAccess(component?: AccessComponent): Access {
  const areaComponent = useContext(AccessComponentContext);
  const session = useContext(SessionContext);
  const name = component ?? areaComponent;
  const permissions = session?.permissions;
  const profiles = session?.profiles;
  return useMemo(() => (name && permissions && profiles ? accessOf(permissions, name, profileIdsOf(profiles)) : FULL_ACCESS), [name, permissions, profiles]);
}

/** What shared parts assume when no area says otherwise (tests of a part alone, the shell). */
export const FULL_ACCESS: Access = {
  component: 'crm',
  view: 'Organization',
  create: true,
  edit: 'Organization',
  delete: 'Organization',
  canEditRow: () => true,
  canDeleteRow: () => true,
};
