import type { UserRow } from './SessionContext';

/** The organisations a user belongs to, each once, sorted alphabetically (the header's switcher order). */
export function orgNamesOf(profiles: readonly UserRow[]): readonly string[] {
  return [...new Set(profiles.map((profile) => profile.org_name))].sort((a, b) =>
    a.localeCompare(b, undefined, { sensitivity: 'base' }),
  );
}
