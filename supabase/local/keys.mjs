// @ts-check
// Fixed development keys for the local stack, published on purpose like Supabase's local keys so that
// every checkout, test run and `npm start` agrees on them. They only open a stack bound to 127.0.0.1.
// Production keys come from the hosted project's settings and never live in this repository.

/** HS256 secret shared by PostgREST, auth and storage (PostgREST requires at least 32 characters). */
export const JWT_SECRET = 'steward-local-development-jwt-secret-not-for-production';

/** `{ iss: 'steward-local', role: 'anon', iat: 1735689600, exp: 4102444800 }` signed with JWT_SECRET. */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdGV3YXJkLWxvY2FsIiwicm9sZSI6ImFub24iLCJpYXQiOjE3MzU2ODk2MDAsImV4cCI6NDEwMjQ0NDgwMH0.-E0FYV7YX3RXFuc599bj99pYILF10h-YyeA6RJpmumY';

/** `{ iss: 'steward-local', role: 'service_role', iat: 1735689600, exp: 4102444800 }` signed with JWT_SECRET. */
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdGV3YXJkLWxvY2FsIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImlhdCI6MTczNTY4OTYwMCwiZXhwIjo0MTAyNDQ0ODAwfQ.J7mlvfEp7ymXFdtvkNNaqyv8ptMOBDtJ5h-pY0oh2P8';

/** Gateway port; Postgres, PostgREST and PostgREST's admin server take the next three. */
export const DEFAULT_PORT_BASE = 54321;

/** Password of the local `postgres` superuser and of PostgREST's `authenticator` login. */
export const DB_PASSWORD = 'postgres';
