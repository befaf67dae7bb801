export { SessionContext, useSession, type Permission, type SessionApi, type SessionState, type UserRow } from './SessionContext';
export { SessionProvider } from './SessionProvider';
