/**
 * The reserved organisation of shared default rows. Same value as data-access's SYSTEM_DEFAULT_ORG;
 * repeated here because ui must not import data-access.
 */
export const SYSTEM_DEFAULT_ORG_NAME = '_system_default_';

export function isSystemDefault(orgName: unknown): boolean {
  return orgName === SYSTEM_DEFAULT_ORG_NAME;
}
