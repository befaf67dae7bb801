// Database refusals reach the person in their language by id or code (errorMessage → databaseMessage),
// never by their text. Each refusal a person can meet names its message: app.refuse(code, id, English,
// values) raises it with hint `steward:<id>` and the values as details, and libs' refusals catalogue
// (libs/src/messages/refusals) has it as `db.<id>`, the English word for word the database's (with the
// values in its {placeholders}), so English reads exactly as before. Steward's own codes (ST001…) have theirs as `db.<code>`.
// The rules: docs/architecture.md ("Database refusals").
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLocale } from '@steward/libs/i18n';
import { refusals } from '@steward/libs/messages';
import english from '../messages/refusals/en.json';
import spanish from '../messages/refusals/es.json';
import { DataAccessError, answerReason, databaseMessage, errorMessage, refusalOf, toDataAccessError } from './DataAccessError';

const schemas = path.resolve(import.meta.dirname, '../../../supabase/schemas');
const sql = readdirSync(schemas, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.sql'))
  .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
  .join('\n');

const unquote = (text: string) => text.replace(/''/g, "'");

/** Each own code with the message(s) the database gives it. */
function ownCodes(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (code: string, message: string) => found.set(code, (found.get(code) ?? new Set()).add(unquote(message)));
  for (const match of sql.matchAll(/errcode\s*=\s*'(ST\d+)'\s*,\s*message\s*=\s*'((?:[^']|'')*)'/g)) add(match[1]!, match[2]!);
  for (const match of sql.matchAll(/'code',\s*'(ST\d+)',\s*'message',\s*'((?:[^']|'')*)'/g)) add(match[1]!, match[2]!);
  return found;
}

/** Each refusal id with the English template(s) the database raises it with. */
function refusalIds(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (id: string, message: string) => found.set(id, (found.get(id) ?? new Set()).add(unquote(message)));
  for (const match of sql.matchAll(/app\.refuse\(\s*'[0-9A-Z]{5}'\s*,\s*'([\w.]+)'\s*,\s*'((?:[^']|'')*)'/g)) add(match[1]!, match[2]!);
  // A message made where the problem is found (app.custom_value_refusal…) and raised by app.refuse(code, refusal).
  for (const match of sql.matchAll(/app\.refusal\(\s*'([\w.]+)'\s*,\s*'((?:[^']|'')*)'/g)) add(match[1]!, match[2]!);
  // A raise that keeps a detail of its own (the import's line errors) names its message in the hint.
  for (const match of sql.matchAll(/message\s*=\s*'((?:[^']|'')*)'[^;]*?hint\s*=\s*'steward:([\w.]+)'/g)) add(match[2]!, match[1]!);
  return found;
}

/** Every raise statement of the schemas, whitespace collapsed (to its semicolon, quotes respected). */
function raiseStatements(): string[] {
  const statements: string[] = [];
  for (const match of sql.matchAll(/raise\s+exception\b/gi)) {
    let end = match.index;
    for (let quoted = false; end < sql.length; end++) {
      if (sql[end] === "'") quoted = !quoted;
      else if (sql[end] === ';' && !quoted) break;
    }
    statements.push(sql.slice(match.index, end).replace(/\s+/g, ' '));
  }
  return statements;
}

/** The SQLSTATEs many refusals share, so a person's message cannot be told by the code alone. */
const SHARED_CODES = ['22023', '23514', '42501', 'P0002'];

/**
 * The raises under a shared code that carry no message id, each on purpose (the start of its message).
 * Internal: a programming error no screen can cause (a kind of record, a JSON shape, a column name the
 * code chose), met only by a developer. Passed on: the re-raise of crm.add_record keeps the refusal's
 * own hint and details (named, it is raised again naming the part).
 */
const WITHOUT_ID = {
  internal: [
    "format('Unknown record kind %s'",
    "'The record must be a JSON object'",
    "format('Unknown or read-only fields: %s'",
    "format('Unknown import kind %s'",
    "'Only contacts, businesses and households can be merged'",
    "format('%s cannot be chosen in a merge'",
    "'The message must be an object'",
    "format('%s is not a kind of record a message can be on'",
    "format('%s cannot be changed in bulk here'",
    "'At most 1000 records at a time'",
    "format('No such kind of record: %s'",
    "'custom_values: at most 1000 records at a time'",
    "'list_page: at most 20 organisations at a time (% named)'",
    "'list_page: at most 10 sort keys (% given)'",
    "'org_name cannot be changed'",
    "'auth_user_id cannot be changed'",
    "format('%s is not a list that takes bulk changes'",
    "'A merge entry is written only by a merge'",
    "'Record history cannot be changed'",
    "'A field''s kind of record cannot be changed'",
    "'A field''s type is changed with settings.change_field_type, which converts its values'",
    "'Choices must be a list'",
    "format('A choice id of %s is not a UUID'",
    "format('A choice''s archived flag of %s must be true or false'",
    "format('%s has two choices with the same id'",
    "'Custom field values must be a JSON object keyed by field id'",
    "format('Unknown field type: %s'",
    "'Custom columns must be an object of label and text'",
  ],
  passedOn: ['case when v_part is null then v_message'],
};

// The refusals' catalogue, English included, is fetched (once a page's first view is shown): in here, at
// once. Only it: other test files of this run register catalogues of their own, some on purpose unloadable.
beforeAll(async () => {
  await setLocale('en');
  await refusals.preload();
});

describe('database messages by code', () => {
  const codes = ownCodes();
  const catalogue = english as Record<string, string>;

  it('finds the codes the database raises', () => {
    expect(codes.size).toBeGreaterThanOrEqual(13);
  });

  it('name every own code once, with the database’s English exactly', () => {
    const wrong = [...codes].filter(([code, messages]) => messages.size !== 1 || catalogue[`db.${code}`] !== [...messages][0]);
    expect(wrong).toEqual([]);
  });

  it('are what errorMessage says for an error with that code, whatever its text', () => {
    expect(errorMessage(new DataAccessError('request', 'anything', 'ST005'), 'Save failed')).toBe('An organization with this name already exists');
    expect(errorMessage({ code: 'ST011', message: '' }, 'Save failed')).toBe('The code is not valid or has expired');
    // A generic code with no message id reads as the database sent it.
    expect(errorMessage(new DataAccessError('request', 'Title is required', '23514'), 'Save failed')).toBe('Title is required');
  });
});

describe('database refusals by message id', () => {
  const ids = refusalIds();
  const catalogue = english as Record<string, string>;

  it('finds the refusals the database names', () => {
    expect(ids.size).toBeGreaterThanOrEqual(100);
  });

  it('have a catalogue entry each, one English per id', () => {
    expect([...ids].filter(([, messages]) => messages.size !== 1).map(([id]) => id)).toEqual([]);
    expect([...ids.keys()].filter((id) => !(`db.${id}` in catalogue))).toEqual([]);
  });

  it('read in English word for word as the database raises them, values in place', () => {
    const wrong = [...ids].flatMap(([id, messages]) => {
      const template = [...messages][0]!;
      // Each {name} of the SQL's English gets a sample value, as app.refuse fills it.
      const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const values = Object.fromEntries(names.map((name) => [name, `«${name}»`]));
      const database = template.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
      const shown = refusals.t(`db.${id}` as Parameters<typeof refusals.t>[0], values);
      return shown === database ? [] : [{ id, database, shown }];
    });
    expect(wrong).toEqual([]);
  });

  it('say what the rule they name says: a contact method’s problem in the words of app.contact_method_value_problem', () => {
    const rule = /FUNCTION app\.contact_method_value_problem\([\s\S]*?\nEND;/.exec(sql)?.[0] ?? '';
    expect(rule).not.toBe('');
    for (const id of ['contactMethod.notEmail', 'contactMethod.notPhone']) expect(rule).toContain(`THEN '${catalogue[`db.${id}`]}'::text`);
  });

  it('leave no db.<id> in the catalogue that the database does not raise', () => {
    const codes = ownCodes();
    const unknown = Object.keys(catalogue).filter((id) => id.startsWith('db.') && !codes.has(id.slice(3)) && !ids.has(id.slice(3)));
    expect(unknown).toEqual([]);
  });

  it('cover every raise under a shared code a person can meet (the others are listed, each on purpose)', () => {
    const listed = [...WITHOUT_ID.internal, ...WITHOUT_ID.passedOn];
    // The message: `message = …`, or the format string of `raise exception '…', args using errcode = …`.
    const messageOf = (statement: string) => /message\s*=\s*(.*)$/.exec(statement)?.[1] ?? statement.replace(/^raise exception\s*/i, '');
    const unnamed = raiseStatements().filter((statement) => {
      if (/hint\s*=\s*'steward:/.test(statement)) return false;
      const code = /errcode\s*=\s*'([0-9A-Z]{5})'/.exec(statement)?.[1];
      // A raise with no code (P0001) or with Steward's own code (ST…) is not a shared one.
      if (code ? !SHARED_CODES.includes(code) : !/errcode\s*=\s*v_state/.test(statement)) return false;
      return !listed.some((start) => messageOf(statement).startsWith(start));
    });
    expect(unnamed).toEqual([]);
    // The list names raises that exist: one that was converted or removed leaves it.
    const stale = listed.filter((start) => !raiseStatements().some((statement) => messageOf(statement).startsWith(start)));
    expect(stale).toEqual([]);
  });

  it('read the id and values a PostgREST error carries, and ignore a hint of any other kind', () => {
    const error = { code: '23514', message: 'Phone is required', hint: 'steward:custom.required', details: '{"label": "Phone"}' };
    expect(refusalOf(error)).toEqual({ id: 'custom.required', values: { label: 'Phone' } });
    expect(refusalOf(toDataAccessError(error))).toEqual({ id: 'custom.required', values: { label: 'Phone' } });
    expect(refusalOf({ code: '23503', message: 'x', hint: 'Choose a record of the same organization', details: '' })).toBeNull();
    // Values given as numbers read as the database wrote them.
    expect(refusalOf({ code: '42501', message: '', hint: 'steward:bulk.changeForbidden', details: '{"count": 1000}' })?.values).toEqual({ count: '1000' });
    // Details that are not an object of values (the import's list of line errors): no values.
    expect(refusalOf({ code: '23514', message: '', hint: 'steward:import.failed', details: '[{"line": 2}]' })?.values).toEqual({});
  });

  it('are what errorMessage says, in the person’s language, whatever the text', async () => {
    const error = toDataAccessError({ code: '42501', message: 'You cannot see that record', hint: 'steward:record.notVisible', details: '{}' });
    const withValues = { code: '23514', message: 'Phone is required', hint: 'steward:custom.required', details: '{"label":"Phone"}' };
    expect(errorMessage(error, 'Save failed')).toBe('You cannot see that record');
    expect(errorMessage(withValues, 'Save failed')).toBe('Phone is required');
    await setLocale('es');
    // The refusals follow the switch rather than hold it up (they are no screen's words until one
    // happens): English until they are in.
    await refusals.preload();
    expect(errorMessage(error, 'Save failed')).toBe('No puedes ver ese registro');
    expect(errorMessage(withValues, 'Save failed')).toBe('Phone es obligatorio');
    expect(databaseMessage({ code: 'P0002', message: 'Stay not found.', hint: 'steward:stay.notFound', details: '{}' })).toBe((spanish as Record<string, string>)['db.stay.notFound']);
    // A named part of a record with its named problem: each in Spanish.
    const part = {
      code: '23514',
      message: 'primary phone: Enter a phone number of 4 to 15 digits (spaces and + ( ) - . / allowed), e.g. (207) 555-0112.',
      hint: 'steward:record.partRefused',
      details: JSON.stringify({
        part: { id: 'record.partPhone', message: 'primary phone', values: {} },
        problem: { id: 'contactMethod.notPhone', message: 'Enter a phone number…', values: {} },
      }),
    };
    expect(errorMessage(part, 'Save failed')).toBe(`teléfono principal: ${(spanish as Record<string, string>)['db.contactMethod.notPhone']}`);
    // A select over a value the database gives in English (a kind of record).
    expect(errorMessage({ code: '23514', message: '', hint: 'steward:custom.notLink', details: '{"label":"Mentor","kind":"contact"}' }, 'x')).toBe(
      'Mentor debe vincularse a un contacto de esta organización',
    );
    // A public page's answer that says no without raising (app.refusal_answer): its refusal in Spanish.
    const full = { ok: false, reason: 'Suite sleeps at most 2 guests.', refusal: { id: 'booking.overCapacity', message: 'Suite sleeps at most 2 guests.', values: { unit: 'Suite', capacity: 2 } } };
    expect(answerReason(full)).toBe('Suite admite como máximo 2 huéspedes.');
    expect(answerReason({ reason: 'Something new' })).toBe('Something new');
    expect(answerReason({ reason: 'Something new', refusal: { id: 'brand.new', message: 'Something new', values: {} } })).toBe('Something new');
    // An id the catalogue lacks (a newer database): the text as sent.
    expect(errorMessage({ code: '23514', message: 'Something new', hint: 'steward:brand.new', details: '{}' }, 'Save failed')).toBe('Something new');
    // A value its message needs is missing (an older database): the text as sent, never a half-filled message.
    expect(errorMessage({ code: '23514', message: 'Phone is required', hint: 'steward:custom.required', details: '{}' }, 'Save failed')).toBe('Phone is required');
    expect(answerReason({ reason: 'Suite sleeps at most 2 guests.', refusal: { id: 'booking.overCapacity', message: 'Suite sleeps at most 2 guests.', values: { unit: 'Suite' } } })).toBe('Suite sleeps at most 2 guests.');
  });

  it('write a day and an amount the database marks as such in the reader’s locale, and each of several reasons in their language', async () => {
    // As booking_cancel answers: the day as app.refusal writes it in English, the same day in Spanish.
    const late = {
      ok: false,
      reason: 'This booking can be cancelled online only until December 4, 2026. Please contact Lodge.',
      refusal: {
        id: 'booking.cancelTooLate',
        message: 'This booking can be cancelled online only until December 4, 2026. Please contact Lodge.',
        values: { until: { date: '2026-12-04' }, org: 'Lodge' },
      },
    };
    const changed = {
      ok: false,
      reason: 'The price for these dates is 1234.50 USD; check it and confirm again.',
      refusal: { id: 'booking.priceChanged', message: 'The price for these dates is 1234.50 USD; check it and confirm again.', values: { total: { amount: 1234.5, currency: 'USD' } } },
    };
    // As catalog.quote_stay answers two stopped rates: one refusal of them (app.refusal_list), highest priority first.
    const minStay = { id: 'rate.minStay', message: 'Minimum stay is 2 nights for Weekend', values: { nights: 2, rate: 'Weekend' } };
    const advance = { id: 'rate.minAdvance', message: 'Members must be booked at least 400 days ahead', values: { rate: 'Members', days: 400 } };
    const both = `${minStay.message}; ${advance.message}`;
    const quote = { ok: false, reason: both, refusal: { id: 'reasons.more', message: both, values: { reason: minStay, more: advance } }, reasons: [minStay, advance] };
    const closed = { ok: false, reason: 'This booking is checked out.', refusal: { id: 'booking.closed', message: 'This booking is checked out.', values: { status: { id: 'booking.status.checkedOut', message: 'checked out', values: {} } } } };

    await setLocale('en');
    expect(answerReason(late)).toBe(late.reason);
    expect(answerReason(changed)).toBe('The price for these dates is $1,234.50; check it and confirm again.');
    expect(answerReason(quote)).toBe(both);
    expect(answerReason(closed)).toBe(closed.reason);
    await setLocale('es');
    await refusals.preload();
    expect(answerReason(late)).toBe('Esta reserva solo se puede cancelar en línea hasta el 4 de diciembre de 2026. Ponte en contacto con Lodge.');
    expect(answerReason(changed)).toBe('El precio para estas fechas es 1234,50\u00a0US$; revísalo y vuelve a confirmar.');
    expect(answerReason(quote)).toBe('La estancia mínima es de 2 noches para Weekend; Members debe reservarse con al menos 400 días de antelación');
    expect(answerReason(closed)).toBe('Esta reserva está finalizada.');
    // A raised refusal carries them the same way (hint and details): the quote that stops a desk's booking.
    expect(errorMessage({ code: '23514', message: both, hint: 'steward:reasons.more', details: JSON.stringify(quote.refusal.values) }, 'Save failed')).toBe(
      'La estancia mínima es de 2 noches para Weekend; Members debe reservarse con al menos 400 días de antelación',
    );
    // Anything else in an object is not a day or an amount: the English as sent.
    expect(answerReason({ reason: 'Until someday.', refusal: { id: 'booking.cancelTooLate', message: 'Until someday.', values: { until: { date: 'someday' }, org: 'Lodge' } } })).toContain('{"date":"someday"}');
    await setLocale('en');
  });

  afterAll(async () => {
    await setLocale('en');
  });
});
