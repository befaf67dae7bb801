export { SessionContext, useSession, type OrganizationLocale, type Permission, type SessionApi, type SessionState, type UserRow } from './SessionContext';
export { SessionProvider, type SessionProviderProps } from './SessionProvider';
export { ACTIVE_ORG_KEY } from './activeOrgStorage';
export { primeSession } from './primeSession';
export { signedInSession } from './signedInSession';
export {
  AccessComponentProvider,
  FULL_ACCESS,
  PERSONAL_ROW_FIELDS,
  accessOf,
  isOwnRow,
  profileIdsOf,
  useAccess,
  type Access,
  type AccessComponent,
  type AccessLevel,
} from './access';
