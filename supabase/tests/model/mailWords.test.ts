import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from '../stack/testStack';

// The words, days and amounts of the mails the database writes (app.mail_words, app.mail_date,
// app.mail_money) and who reads them in which language (app.mail_locale). Spanish days and amounts are
// checked against what Intl writes for es, as the app's screens show them (libs/src/i18n/format.ts).
const stack = testStack();
let db: pg.Client;
let org: SignedUpOrganization;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  org = await signUpOrganization(stack, 'Mail Words');
});

afterAll(async () => {
  await db?.end();
});

const placeholders = (text: string) => (text.match(/%s/g) ?? []).length;

describe('the phrases', () => {
  it('has every phrase in English and Spanish, each filling the same places', async () => {
    const phrases = (await db.query<{ phrases: Record<string, Record<string, string>> }>('select app.mail_phrases() as phrases')).rows[0]?.phrases ?? {};
    const keys = Object.keys(phrases);
    expect(keys.length).toBeGreaterThan(30);
    for (const key of keys) {
      const phrase = phrases[key]!;
      expect(Object.keys(phrase).sort(), key).toEqual(['en', 'es']);
      expect(phrase.en!.trim(), key).not.toBe('');
      expect(phrase.es!.trim(), key).not.toBe('');
      expect(placeholders(phrase.es!), key).toBe(placeholders(phrase.en!));
      // No other format() directive: a %I or %L would quote what it fills.
      expect(phrase.en!.replace(/%s/g, ''), key).not.toMatch(/%/);
      expect(phrase.es!.replace(/%s/g, ''), key).not.toMatch(/%/);
    }
  });

  it('says a phrase in the locale, in English for a language it lacks, and refuses an unknown phrase', async () => {
    const words = async (locale: string | null, key: string) =>
      (await db.query<{ text: string }>('select app.mail_words($1, $2) as text', [locale, key])).rows[0]?.text;
    expect(await words('es', 'stay.check_in')).toBe('Llegada: %s');
    expect(await words('en', 'stay.check_in')).toBe('Check-in: %s');
    expect(await words('fr', 'stay.check_in')).toBe('Check-in: %s');
    expect(await words(null, 'stay.check_in')).toBe('Check-in: %s');
    await expect(words('es', 'no.such.phrase')).rejects.toThrow('No mail phrase no.such.phrase');
    const counted = await db.query<{ en1: string; en2: string; es1: string; es3: string }>(
      `select app.mail_count('en', 'adult', 1) as en1, app.mail_count('en', 'child', 2) as en2, app.mail_count('es', 'child', 1) as es1, app.mail_count('es', 'pet', 3) as es3`);
    expect(counted.rows[0]).toEqual({ en1: '1 adult', en2: '2 children', es1: '1 niño', es3: '3 mascotas' });
  });
});

describe('days and amounts', () => {
  it('writes every day of a year as Intl writes it for es, and as the mails always did in English', async () => {
    const { rows } = await db.query<{ day: string; es_weekday: string; es_long: string; es_day: string; en_weekday: string; en_long: string; en_day: string }>(
      `select d::date::text as day,
              app.mail_date('es', d::date, 'weekday') as es_weekday, app.mail_date('es', d::date, 'long') as es_long, app.mail_date('es', d::date, 'day') as es_day,
              app.mail_date('en', d::date, 'weekday') as en_weekday, app.mail_date('en', d::date, 'long') as en_long, app.mail_date('en', d::date, 'day') as en_day
         from generate_series('2027-01-01'::date, '2027-12-31'::date, interval '1 day') d`);
    expect(rows).toHaveLength(365);
    const intl = (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    const esWeekday = intl('es', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    const esLong = intl('es', { day: 'numeric', month: 'long', year: 'numeric' });
    const esDay = intl('es', { day: 'numeric', month: 'long' });
    const enWeekday = intl('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    const enLong = intl('en-US', { day: 'numeric', month: 'long', year: 'numeric' });
    const enDay = intl('en-US', { day: 'numeric', month: 'long' });
    for (const row of rows) {
      const date = new Date(`${row.day}T00:00:00Z`);
      expect(row, row.day).toEqual({
        day: row.day,
        es_weekday: esWeekday.format(date), es_long: esLong.format(date), es_day: esDay.format(date),
        en_weekday: enWeekday.format(date), en_long: enLong.format(date), en_day: enDay.format(date),
      });
    }
    expect(rows.find((row) => row.day === '2027-02-01')?.es_weekday).toBe('lunes, 1 de febrero de 2027');
  });

  it('writes an amount as Intl writes it for es in each currency, and as the mails always did in English', async () => {
    const amounts = ['0', '1', '0.5', '1234.5', '9999.99', '10000', '12345.678', '1234567.89', '-12.5', '-10000.25', '0.005'];
    const currencies = ['EUR', 'USD', 'GBP', 'MXN', 'JPY', 'CLP', 'KWD', 'THB', 'VND'];
    const { rows } = await db.query<{ amount: string; currency: string; es: string; en: string }>(
      `select a as amount, c as currency, app.mail_money('es', a::numeric, c) as es, app.mail_money('en', a::numeric, c) as en
         from unnest($1::text[]) a cross join unnest($2::text[]) c`, [amounts, currencies]);
    expect(rows).toHaveLength(amounts.length * currencies.length);
    for (const row of rows) {
      const es = new Intl.NumberFormat('es', { style: 'currency', currency: row.currency }).format(Number(row.amount));
      expect(row.es, `${row.amount} ${row.currency}`).toBe(es);
      const plain = (Math.round(Number(row.amount) * 100) / 100).toFixed(2);
      expect(row.en, `${row.amount} ${row.currency}`).toBe(`${plain === '-0.00' ? '0.00' : plain} ${row.currency}`);
    }
    const named = await db.query<{ euros: string; dollars: string; grouped: string }>(
      `select app.mail_money('es', 1234.5, 'EUR') as euros, app.mail_money('es', 360, 'USD') as dollars, app.mail_money('es', 12345.5, 'EUR') as grouped`);
    // Intl puts a no-break space between the amount and its symbol.
    expect(named.rows[0]).toEqual({ euros: '1234,50\u00a0€', dollars: '360,00\u00a0US$', grouped: '12.345,50\u00a0€' });
  });
});

describe('the reader\'s language', () => {
  it('is the reader\'s when Steward speaks it, else the organisation\'s, else English', async () => {
    const locale = async (language: string | null) =>
      (await db.query<{ locale: string }>('select app.mail_locale($1, $2) as locale', [org.orgName, language])).rows[0]?.locale;
    const setOrg = (language: string | null) => db.query('update public.organizations set language = $2 where org_name = $1', [org.orgName, language]);
    await setOrg(null);
    expect(await locale('es')).toBe('es');
    expect(await locale('es-MX')).toBe('es');
    expect(await locale('EN_gb')).toBe('en');
    expect(await locale('fr')).toBe('en');
    expect(await locale(null)).toBe('en');
    await setOrg('es');
    expect(await locale('fr')).toBe('es');
    expect(await locale('')).toBe('es');
    expect(await locale(null)).toBe('es');
    expect(await locale('en')).toBe('en');
    // An organisation's language Steward does not speak: English.
    await setOrg('de');
    expect(await locale('xx')).toBe('en');
    await setOrg(null);
    // None of the helpers is any API role's to call.
    const { rows } = await db.query<{ fn: string; roles: string[] }>(
      `select p.oid::regprocedure::text as fn,
              array(select r from unnest(array['anon', 'authenticated', 'service_role']) r where has_function_privilege(r, p.oid, 'execute')) as roles
         from pg_proc p where p.pronamespace = 'app'::regnamespace and p.proname in ('mail_phrases', 'mail_words', 'mail_count', 'mail_locale', 'mail_date', 'mail_money')
        order by 1`);
    expect(rows.map((row) => row.fn)).toHaveLength(6);
    for (const row of rows) expect(row.roles, row.fn).toEqual([]);
  });
});
