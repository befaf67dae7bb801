import { formatDate, formatMoney } from '@steward/libs/i18n';
import { refusals } from '@steward/libs/messages';

/** Why a write was refused, so screens can offer the right way out (reload, re-login, fix input). */
export type DataAccessErrorKind = 'conflict' | 'not_found' | 'forbidden' | 'request';

/**
 * A refusal the database named (app.refuse): its message id (libs' refusals catalogue, `db.<id>`) and the values
 * of the message's {placeholders}, each a word or itself a named message (the part of a record that
 * failed, and why). PostgREST passes them as the error's hint (`steward:<id>`) and details (a JSON
 * object), whatever the SQLSTATE.
 */
export type Refusal = { readonly id: string; readonly values: Readonly<Record<string, RefusalValue>> };
/**
 * A value of a refusal's message: words as the database wrote them, a named message with its English,
 * a day or an amount of money (app.refusal writes them in English; the page in the reader's language).
 */
export type RefusalValue = string | (Refusal & { readonly message: string }) | RefusalDay | RefusalAmount;
/** A calendar day of a refusal ({"date": "2027-01-04"}): "January 4, 2027" (en), "4 de enero de 2027" (es). */
export type RefusalDay = { readonly date: string };
/** An amount of a refusal ({"amount": 12.5, "currency": "USD"}): "$12.50" (en), "12,50 US$" (es). */
export type RefusalAmount = { readonly amount: number; readonly currency: string };

export class DataAccessError extends Error {
  readonly kind: DataAccessErrorKind;
  /** PostgREST / Postgres error code when the server gave one (e.g. 23505, 42501, PGRST116). */
  readonly code: string | null;
  /** The refusal's message id and values when the database named them (read by databaseMessage). */
  readonly refusal: Refusal | null;

  constructor(kind: DataAccessErrorKind, message: string, code: string | null = null, refusal: Refusal | null = null) {
    super(message);
    this.name = 'DataAccessError';
    this.kind = kind;
    this.code = code;
    this.refusal = refusal;
  }
}

type ServerError = { message?: string; code?: string; details?: string | null; hint?: string | null };

/** Turns a supabase-js error into one with the server's own message (what the spec's alerts show). */
export function toDataAccessError(error: ServerError): DataAccessError {
  const code = error.code ?? null;
  const kind: DataAccessErrorKind = code === '42501' ? 'forbidden' : code === 'PGRST116' ? 'not_found' : 'request';
  // An empty message lets each caller fall back to the text the spec gives for that place.
  return new DataAccessError(kind, error.message ?? '', code, refusalOf(error));
}

const REFUSAL_HINT = 'steward:';

/**
 * The message id and values a database refusal carries (a DataAccessError, or a PostgREST error as
 * supabase-js gives it: hint `steward:<id>`, details the values as a JSON object); null for any other.
 */
export function refusalOf(error: unknown): Refusal | null {
  if (typeof error !== 'object' || error === null) return null;
  if (error instanceof DataAccessError) return error.refusal;
  const hint = 'hint' in error && typeof error.hint === 'string' ? error.hint : '';
  if (!hint.startsWith(REFUSAL_HINT) || hint.length === REFUSAL_HINT.length) return null;
  const details = 'details' in error && typeof error.details === 'string' ? error.details : '';
  let parsed: unknown = null;
  try {
    parsed = details ? JSON.parse(details) : null;
  } catch {
    parsed = null;
  }
  return { id: hint.slice(REFUSAL_HINT.length), values: valuesOf(parsed) };
}

/**
 * Values are words as the database wrote them into its English (numbers included), never reformatted;
 * only a day and an amount the database marked as such are written in the reader's language.
 */
function valuesOf(parsed: unknown): Record<string, RefusalValue> {
  const values: Record<string, RefusalValue> = {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return values;
  for (const [name, value] of Object.entries(parsed)) {
    values[name] =
      namedRefusal(value) ?? typedValue(value) ?? (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));
  }
  return values;
}

/** A day or an amount as app.refusal takes them, or null for anything else. */
function typedValue(value: unknown): RefusalDay | RefusalAmount | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { date, amount, currency } = value as { date?: unknown; amount?: unknown; currency?: unknown };
  if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)) return { date };
  const number = typeof amount === 'string' ? Number(amount) : amount;
  if (typeof number === 'number' && Number.isFinite(number) && typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)) return { amount: number, currency };
  return null;
}

const LONG_DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/** A value as the reader reads it: a day and an amount in their locale, a named message in their language. */
function shownValue(value: RefusalValue): string {
  if (typeof value === 'string') return value;
  if ('date' in value) return formatDate(value.date, LONG_DAY);
  if ('amount' in value) return formatMoney(value.amount, value.currency);
  return refusalMessage(value) ?? value.message;
}

/** A refusal as app.refusal makes it ({id, message, values}), or null for anything else. */
function namedRefusal(value: unknown): (Refusal & { readonly message: string }) | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { id, message, values } = value as { id?: unknown; message?: unknown; values?: unknown };
  return typeof id === 'string' && typeof message === 'string' ? { id, message, values: valuesOf(values) } : null;
}

/**
 * Why a public page's function said no without raising (app.refusal_answer: `{ ok: false, reason,
 * refusal }`): in the person's language when the refusal names its message, else the reason as sent.
 */
export function answerReason(answer: { readonly reason?: string | null; readonly refusal?: unknown } | null | undefined): string | null {
  if (!answer) return null;
  const refusal = namedRefusal(answer.refusal);
  return (refusal && refusalMessage(refusal)) || (answer.reason ?? null);
}

/** A named message in the page's language, its named values too; null when the catalogue lacks one. */
function refusalMessage(refusal: Refusal): string | null {
  const id = `db.${refusal.id}`;
  if (!refusals.has(id)) return null;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(refusal.values)) values[name] = shownValue(value);
  try {
    return refusals.t(id, values);
  } catch {
    // A value the message needs is missing (an older database): the text as sent.
    return null;
  }
}

/** Whether a value carries a database error code (a DataAccessError, or a PostgREST error as supabase-js gives it). */
function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

/**
 * A database refusal in the person's language, by its id or code, never by its text. A refusal under a
 * shared SQLSTATE (22023, 23514, 42501, P0002…) names its message (app.refuse: hint `steward:<id>`,
 * the values in details), which libs' refusals catalogue has as `db.<id>`; each of Steward's own codes (ST001…)
 * has its message as `db.<code>`. The English is word for word the database's own (a test holds them
 * together). Null for a refusal the catalogue does not name (one with neither): its text as sent.
 */
export function databaseMessage(error: unknown): string | null {
  const refusal = refusalOf(error);
  const named = refusal && refusalMessage(refusal);
  if (named) return named;
  const code = codeOf(error);
  if (!code) return null;
  const id = `db.${code}`;
  return refusals.has(id) ? refusals.t(id) : null;
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
