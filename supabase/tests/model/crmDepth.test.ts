import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from '../stack/testStack';

// Contact methods and addresses edited after creation: one primary of each kind per record (a new
// primary demotes the old one in the same statement, a second primary written around that is
// refused); phones and e-mails checked; spouses mirrored; relationships and transactions stay inside
// the organisation; a household's Financial tab reads its members' transactions.
const stack = testStack();
let org: SignedUpOrganization;
let other: SignedUpOrganization;
let db: pg.Client;
const PHONE_TYPE = '00000000-0000-4000-8012-000000000002';
const EMAIL_TYPE = '00000000-0000-4000-8012-000000000004';

async function insert(owner: SignedUpOrganization, schema: string, table: string, row: Record<string, unknown>) {
  const { data, error } = await owner.client.schema(schema).from(table).insert({ org_name: owner.orgName, ...row }).select('id').single();
  if (error || !data) throw new Error(`insert into ${table} failed: ${error?.message}`);
  return data.id as string;
}

const contact = (owner = org) => insert(owner, 'crm', 'contacts', { name: `Depth ${randomUUID().slice(0, 6)}` });

async function primaries(table: string, ownerId: string) {
  const { rows } = await db.query(`select value from crm.${table} where contact_id = $1 and is_primary and not archive order by value`, [ownerId]);
  return rows.map((row: { value: string }) => row.value);
}

beforeAll(async () => {
  [org, other] = await Promise.all([signUpOrganization(stack, 'CRM Depth'), signUpOrganization(stack, 'CRM Depth Other')]);
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
});

describe('one primary of each kind', () => {
  it('a new primary phone demotes the old one; the e-mail stays primary', async () => {
    const id = await contact();
    await insert(org, 'crm', 'contact_methods', { contact_id: id, type_id: PHONE_TYPE, value: '(207) 555-0101', is_primary: true });
    await insert(org, 'crm', 'contact_methods', { contact_id: id, type_id: EMAIL_TYPE, value: 'a@example.test', is_primary: true });
    const second = await insert(org, 'crm', 'contact_methods', { contact_id: id, type_id: PHONE_TYPE, value: '(207) 555-0102', is_primary: false });
    const { error } = await org.client.schema('crm').from('contact_methods').update({ is_primary: true }).eq('id', second);
    expect(error).toBeNull();
    expect(await primaries('contact_methods', id)).toEqual(['(207) 555-0102', 'a@example.test']);
    const { data } = await org.client.schema('crm').from('contacts_view').select('primary_phone').eq('id', id).single();
    expect(data?.primary_phone).toBe('(207) 555-0102');
  });

  it('two primaries are impossible even when the demotion is bypassed', async () => {
    const id = await contact();
    await insert(org, 'crm', 'contact_methods', { contact_id: id, type_id: PHONE_TYPE, value: '555-0201', is_primary: true });
    await insert(org, 'crm', 'addresses', { contact_id: id, city: 'Boone', is_primary: true });
    await db.query('begin');
    try {
      await db.query("set local session_replication_role = 'replica'"); // user triggers off: only the index is left
      await expect(
        db.query(`insert into crm.contact_methods (org_name, contact_id, type_id, kind, value, label, is_primary) values ($1, $2, $3, 'phone', '555-0202', 'x', true)`, [org.orgName, id, PHONE_TYPE]),
      ).rejects.toMatchObject({ code: '23505' });
    } finally {
      await db.query('rollback');
    }
    await db.query('begin');
    try {
      await db.query("set local session_replication_role = 'replica'");
      await expect(db.query(`insert into crm.addresses (org_name, contact_id, city, is_primary) values ($1, $2, 'Elsewhere', true)`, [org.orgName, id])).rejects.toMatchObject({ code: '23505' });
    } finally {
      await db.query('rollback');
    }
  });

  it('a new primary address demotes the old; archiving the primary shows the next; undo brings it back', async () => {
    const id = await contact();
    const first = await insert(org, 'crm', 'addresses', { contact_id: id, city: 'Boone', is_primary: true });
    const second = await insert(org, 'crm', 'addresses', { contact_id: id, city: 'Blowing Rock', is_primary: true });
    const { rows } = await db.query('select id, is_primary from crm.addresses where contact_id = $1 order by city', [id]);
    expect(rows).toEqual([
      { id: second, is_primary: true },
      { id: first, is_primary: false },
    ]);
    await org.client.schema('crm').from('addresses').update({ archive: true }).eq('id', second);
    expect((await org.client.schema('crm').from('contacts_view').select('city').eq('id', id).single()).data?.city).toBe('Boone');
    await org.client.schema('crm').from('addresses').update({ archive: false }).eq('id', second);
    expect((await org.client.schema('crm').from('contacts_view').select('city').eq('id', id).single()).data?.city).toBe('Blowing Rock');
  });

  it('refuses a phone without digits and an e-mail without @, with a message a person can act on', async () => {
    const id = await contact();
    const phone = await org.client.schema('crm').from('contact_methods').insert({ org_name: org.orgName, contact_id: id, type_id: PHONE_TYPE, value: 'call me' });
    expect(phone.error?.message).toBe('Enter a phone number of 4 to 15 digits (spaces and + ( ) - . / allowed), e.g. (207) 555-0112.');
    const email = await org.client.schema('crm').from('contact_methods').insert({ org_name: org.orgName, contact_id: id, type_id: EMAIL_TYPE, value: 'nobody.example.test' });
    expect(email.error?.message).toBe('Enter an e-mail address like name@example.com.');
  });
});

describe('relationships', () => {
  it('a spouse set on one side shows on both, and clearing it clears both', async () => {
    const [a, b] = await Promise.all([contact(), contact()]);
    await org.client.schema('crm').from('contacts').update({ spouse_id: b }).eq('id', a);
    const { data: fromB } = await org.client.schema('crm').rpc('record_relationships', { p_record: b });
    expect(fromB).toEqual([expect.objectContaining({ source: 'spouse', other_id: a, title: 'Spouse' })]);
    await org.client.schema('crm').from('contacts').update({ spouse_id: null }).eq('id', b);
    const { rows } = await db.query('select spouse_id from crm.contacts where id = any($1)', [[a, b]]);
    expect(rows).toEqual([{ spouse_id: null }, { spouse_id: null }]);
  });

  it('lists a relationship from both ends and a household primary contact on both pages', async () => {
    const person = await contact();
    const business = await insert(org, 'crm', 'businesses', { name: 'Depth Works' });
    const household = await insert(org, 'crm', 'households', { name: 'Depth Household', primary_contact_id: person });
    await insert(org, 'crm', 'relationships', { title: 'Works at', business_id1: business, contact_id1: person });
    const { data: mine } = await org.client.schema('crm').rpc('record_relationships', { p_record: person });
    expect((mine as { title: string; other_id: string }[]).map((row) => [row.title, row.other_id]).sort()).toEqual(
      [
        ['Household (primary contact)', household],
        ['Works at', business],
      ].sort(),
    );
    const { data: ofBusiness } = await org.client.schema('crm').rpc('record_relationships', { p_record: business });
    expect(ofBusiness).toEqual([expect.objectContaining({ title: 'Works at', other_id: person, other_kind: 'contact' })]);
    const { data: ofHousehold } = await org.client.schema('crm').rpc('record_relationships', { p_record: household });
    expect(ofHousehold).toEqual([expect.objectContaining({ title: 'Primary contact', other_id: person, source: 'household_primary' })]);
  });

  it('refuses a relationship, a spouse or a transaction pointing at another organisation’s record', async () => {
    const mine = await contact();
    const theirs = await contact(other);
    const relationship = await org.client.schema('crm').from('relationships').insert({ org_name: org.orgName, title: 'Friend', contact_id1: mine, contact_id2: theirs });
    expect(relationship.error?.code).toBe('23503');
    const spouse = await org.client.schema('crm').from('contacts').update({ spouse_id: theirs }).eq('id', mine);
    expect(spouse.error?.code).toBe('23503');
    const theirHousehold = await insert(other, 'crm', 'households', { name: 'Elsewhere' });
    const gift = await org.client.from('transactions').insert({ org_name: org.orgName, amount: 10, transaction_type: 'payment', household_id: theirHousehold });
    expect(gift.error?.code).toBe('23503');
    const byContact = await org.client.from('transactions').insert({ org_name: org.orgName, amount: 10, transaction_type: 'payment', contact_id: theirs });
    expect(byContact.error?.code).toBe('23503');
  });
});

describe('record transactions', () => {
  it('a household reads its own and its members’ transactions, newest first', async () => {
    const [primary, member, stranger] = await Promise.all([contact(), contact(), contact()]);
    const household = await insert(org, 'crm', 'households', { name: 'Giving Household', primary_contact_id: primary });
    await insert(org, 'crm', 'relationships', { title: 'Household member', household_id1: household, contact_id1: member });
    await insert(org, 'public', 'transactions', { amount: 25, transaction_type: 'payment', date: '2025-03-01', household_id: household });
    await insert(org, 'public', 'transactions', { amount: 50, transaction_type: 'payment', date: '2026-01-15', contact_id: primary });
    await insert(org, 'public', 'transactions', { amount: 75, transaction_type: 'payment', date: '2024-12-24', contact_id: member });
    await insert(org, 'public', 'transactions', { amount: 99, transaction_type: 'payment', date: '2026-02-01', contact_id: stranger });
    const { data, error } = await org.client.rpc('record_transactions', { p_record: household });
    expect(error).toBeNull();
    expect((data as { amount: number; date: string }[]).map((row) => [row.date, Number(row.amount)])).toEqual([
      ['2026-01-15', 50],
      ['2025-03-01', 25],
      ['2024-12-24', 75],
    ]);
  });
});
