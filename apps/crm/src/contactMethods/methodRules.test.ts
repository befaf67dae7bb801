import { describe, expect, it } from 'vitest';
import { addressFormSchema, issuesByField, methodFormSchema, valueProblem } from './methodRules';

// The messages as a person reads them in English (apps/crm/src/messages/en.json), written here.
const PHONE_MESSAGE = 'Enter a phone number of 4 to 15 digits (spaces and + ( ) - . / allowed), e.g. (207) 555-0112.';
const EMAIL_MESSAGE = 'Enter an e-mail address like name@example.com.';

describe('contact method rules (the same as app.contact_method_value_problem)', () => {
  it('accepts phone numbers as people write them and refuses words or too few digits', () => {
    for (const phone of ['(207) 555-0112', '+44 20 7946 0958', '555-0101', '207.555.0112 x12', '555-1234 ext. 9']) expect(valueProblem('phone', phone)).toBeNull();
    for (const phone of ['call me', '123', '555-0101!', '1234567890123456']) expect(valueProblem('phone', phone)).toBe(PHONE_MESSAGE);
  });

  it('accepts an e-mail address with a domain and refuses one without', () => {
    expect(valueProblem('email', 'ada@example.test')).toBeNull();
    for (const email of ['ada', 'ada@example', 'ada @example.test', '@example.test']) expect(valueProblem('email', email)).toBe(EMAIL_MESSAGE);
    expect(valueProblem('other', 'anything')).toBeNull();
    expect(valueProblem('email', '  ')).toBe('Value is required');
  });

  it('asks for a type and a valid value, and trims what it sends', () => {
    const failed = methodFormSchema('email').safeParse({ type_id: '', label: '', value: 'nope', is_primary: false });
    expect(failed.success).toBe(false);
    expect(issuesByField(failed.error?.issues ?? [])).toEqual({ type_id: 'Type is required', value: EMAIL_MESSAGE });
    expect(methodFormSchema('phone').parse({ type_id: 't', label: '', value: ' 555-0101 ', is_primary: true })).toEqual({ type_id: 't', label: null, value: '555-0101', is_primary: true });
  });

  it('needs at least one address line, and sends blanks as null', () => {
    const empty = { label: 'Home', is_primary: false, address_line_1: '', address_line_2: '', address_line_3: '', city: ' ', state: '', zip: '', country: '' };
    expect(issuesByField(addressFormSchema.safeParse(empty).error?.issues ?? [])).toEqual({ address_line_1: 'Fill in at least one line of the address.' });
    expect(addressFormSchema.parse({ ...empty, city: 'Boone' })).toMatchObject({ label: 'Home', city: 'Boone', address_line_1: null });
  });
});
