import { has, t } from '@steward/libs/messages';

/** Why a write was refused, so screens can offer the right way out (reload, re-login, fix input). */
export type DataAccessErrorKind = 'conflict' | 'not_found' | 'forbidden' | 'request';

export class DataAccessError extends Error {
  readonly kind: DataAccessErrorKind;
  /** PostgREST / Postgres error code when the server gave one (e.g. 23505, 42501, PGRST116). */
  readonly code: string | null;

  constructor(kind: DataAccessErrorKind, message: string, code: string | null = null) {
    super(message);
    this.name = 'DataAccessError';
    this.kind = kind;
    this.code = code;
  }
}

type ServerError = { message?: string; code?: string; details?: string | null; hint?: string | null };

/** Turns a supabase-js error into one with the server's own message (what the spec's alerts show). */
export function toDataAccessError(error: ServerError): DataAccessError {
  const code = error.code ?? null;
  const kind: DataAccessErrorKind = code === '42501' ? 'forbidden' : code === 'PGRST116' ? 'not_found' : 'request';
  // An empty message lets each caller fall back to the text the spec gives for that place.
  return new DataAccessError(kind, error.message ?? '', code);
}

/** Whether a value carries a database error code (a DataAccessError, or a PostgREST error as supabase-js gives it). */
function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

/**
 * A database refusal in the person's language, by its code, never by its text: each of Steward's own
 * codes (ST001…, raised by the database functions) has its message in libs' catalogue as `db.<code>`,
 * the English word for word the database's own (a test holds them together). Null for a code the
 * catalogue does not name (a generic one, 22023 or 23514, raised with many messages): its text as sent.
 */
export function databaseMessage(error: unknown): string | null {
  const code = codeOf(error);
  if (!code) return null;
  const id = `db.${code}`;
  return has(id) ? t(id) : null;
}

/** The message of anything thrown (a known database code in the person's language), or the fallback the spec names for that place ("Save failed"…). */
export function errorMessage(error: unknown, fallback: string): string {
  const known = databaseMessage(error);
  if (known) return known;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return fallback;
}
