/** Why a write was refused, so screens can offer the right way out (reload, re-login, fix input). */
export type DataAccessErrorKind = 'conflict' | 'not_found' | 'forbidden' | 'request';

export const CONFLICT_MESSAGE =
  'Someone else changed this record after you opened it, so your changes were not saved. Reload it to see the latest version, then make your changes again.';
export const NOT_FOUND_MESSAGE = 'This record no longer exists.';
export const FORBIDDEN_MESSAGE = 'You do not have permission to change this record.';

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

/** The message of anything thrown, or the fallback the spec names for that place ("Save failed"…). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return fallback;
}
