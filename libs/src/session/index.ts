export { SessionContext, useSession, type Permission, type SessionApi, type SessionState, type UserRow } from './SessionContext';
export { SessionProvider, type SessionProviderProps } from './SessionProvider';
export { ACTIVE_ORG_KEY } from './activeOrgStorage';
export { primeSession } from './primeSession';
export { signedInSession } from './signedInSession';
