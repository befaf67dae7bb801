// A database refusal reaches the person in their language (issue 51), through the real stack: the
// refusal names its message (app.refuse: hint steward:<id>, the values as details), PostgREST passes
// both on with the SQLSTATE and status it always had, and databaseMessage reads the catalogue's words.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { allCatalogsLoaded, setLocale } from '@steward/libs/i18n';
import { databaseMessage, errorMessage, refusalOf, toDataAccessError } from './DataAccessError';
import { DEMO_ORG, signedInClient } from './stackFixtures.testUtil';

let demo: SupabaseClient;
let fieldId: string | null = null;
const label = `Boats owned ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  demo = await signedInClient();
  const { data, error } = await demo
    .schema('settings')
    .from('custom_fields')
    .insert({ org_name: DEMO_ORG, record_kind: 'contact', label, field_type: 'number' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  fieldId = (data as { id: string }).id;
});

// Each test reads in English first unless it says otherwise; one that fails in Spanish leaves none behind.
afterEach(async () => {
  await setLocale('en');
});

afterAll(async () => {
  if (fieldId) await demo.schema('settings').from('custom_fields').delete().eq('id', fieldId);
});

describe('a refusal under a shared code', () => {
  it('42501 (403): arrives with its id and values, and reads in Spanish', async () => {
    const elsewhere = `Nowhere ${randomUUID().slice(0, 8)}`;
    const { error, status } = await demo.schema('crm').from('contacts').insert({ org_name: elsewhere, name: 'Stray' });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    // The English as it always was, word for word.
    expect(error?.message).toBe(`You are not a member of the organization ${elsewhere}`);
    expect(error?.hint).toBe('steward:org.notMember');
    expect(JSON.parse(error?.details ?? 'null')).toEqual({ org: elsewhere });
    const refused = toDataAccessError(error!);
    expect(refused.kind).toBe('forbidden');
    expect(refusalOf(refused)).toEqual({ id: 'org.notMember', values: { org: elsewhere } });

    await setLocale('en');
    await allCatalogsLoaded();
    expect(databaseMessage(refused)).toBe(error?.message);
    await setLocale('es');
    await allCatalogsLoaded();
    expect(errorMessage(refused, 'Save failed')).toBe(`No eres miembro de la organización ${elsewhere}`);
  });

  it('23514 (400): a custom field value, with the field named, reads in Spanish', async () => {
    const { error, status } = await demo
      .schema('crm')
      .from('contacts')
      .insert({ org_name: DEMO_ORG, name: 'Counting boats', custom: { [fieldId!]: 'three' } });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe(`${label} must be a number`);
    expect(error?.hint).toBe('steward:custom.notNumber');
    expect(JSON.parse(error?.details ?? 'null')).toEqual({ label });

    await setLocale('en');
    expect(databaseMessage(error)).toBe(error?.message);
    await setLocale('es');
    await allCatalogsLoaded();
    expect(databaseMessage(error)).toBe(`${label} debe ser un número`);
  });

  it('a refusal inside a part of a record names the part, both read in Spanish', async () => {
    const name = `Wrong number ${randomUUID().slice(0, 8)}`;
    // The shared "Phone" type (supabase/seed.sql); the value is no phone number.
    const { error, status } = await demo.schema('crm').rpc('add_record', {
      p_org_name: DEMO_ORG,
      p_kind: 'contact',
      p_record: { name, first_name: 'Wrong', last_name: 'Number' },
      p_phone: { value: 'call me', type_id: '00000000-0000-4000-8012-000000000002' },
    });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe('primary phone: Enter a phone number of 4 to 15 digits (spaces and + ( ) - . / allowed), e.g. (207) 555-0112.');
    expect(error?.hint).toBe('steward:record.partRefused');
    await setLocale('es');
    await allCatalogsLoaded();
    expect(databaseMessage(error)).toBe('teléfono principal: Escribe un número de teléfono de 4 a 15 dígitos (se admiten espacios y + ( ) - . /), p. ej. (207) 555-0112.');
  });

  it('P0002: a function’s refusal, its id with no values', async () => {
    const { error, status } = await demo.rpc('undo_batch', { p_batch_id: randomUUID() });
    // PostgREST answers P0002 (as any P0* but P0001) with 500, as it always did: clients go by the code.
    expect(status).toBe(500);
    expect(error?.code).toBe('P0002');
    expect(error?.message).toBe('There is nothing to undo');
    expect(error?.hint).toBe('steward:undo.nothing');
    expect(error?.details).toBe('{}');
    expect(refusalOf(error)).toEqual({ id: 'undo.nothing', values: {} });
    await setLocale('es');
    await allCatalogsLoaded();
    expect(databaseMessage(error)).toBe('No hay nada que deshacer');
  });
});
