import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from '../stack/testStack';

// Add New writes a record with its primary address, phone and e-mail in one call
// (crm.add_record): all of it or none of it, and a refusal names the part that failed.
const stack = testStack();
let org: SignedUpOrganization;
let other: SignedUpOrganization;
let db: pg.Client;
const PHONE_TYPE = '00000000-0000-4000-8012-000000000002';
const EMAIL_TYPE = '00000000-0000-4000-8012-000000000004';

type AddArgs = { p_kind: string; p_record: Record<string, unknown>; p_address?: unknown; p_phone?: unknown; p_email?: unknown; p_org_name?: string };

function addRecord(who: SignedUpOrganization, args: AddArgs) {
  return who.client.schema('crm').rpc('add_record', { p_org_name: who.orgName, ...args });
}

async function countRows(table: string, where: string, value: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`select count(*) as n from ${table} where ${where} = $1`, [value]);
  return Number(rows[0]?.n ?? 0);
}

const uniqueName = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  org = await signUpOrganization(stack, 'Add Record');
  other = await signUpOrganization(stack, 'Add Record Other');
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
});

describe('crm.add_record', () => {
  it('adds a business with its address, primary phone and e-mail in one call', async () => {
    const name = uniqueName('Blue Ridge Supply');
    const { data, error } = await addRecord(org, {
      p_kind: 'business',
      p_record: { name },
      p_address: { city: 'Asheville', zip: ' 28801 ' },
      p_phone: { value: '828-555-0100', type_id: PHONE_TYPE },
      p_email: { value: 'hello@blueridge.test', type_id: EMAIL_TYPE },
    });
    expect(error).toBeNull();
    const row = data as { id: string; name: string; org_name: string };
    expect(row).toMatchObject({ name, org_name: org.orgName });
    const methods = await db.query('select value, type_id, is_primary, label from crm.contact_methods where business_id = $1 order by value', [row.id]);
    expect(methods.rows).toEqual([
      { value: '828-555-0100', type_id: PHONE_TYPE, is_primary: true, label: expect.any(String) },
      { value: 'hello@blueridge.test', type_id: EMAIL_TYPE, is_primary: true, label: expect.any(String) },
    ]);
    const addresses = await db.query('select city, zip, is_primary, org_name from crm.addresses where business_id = $1', [row.id]);
    expect(addresses.rows).toEqual([{ city: 'Asheville', zip: '28801', is_primary: true, org_name: org.orgName }]);
  });

  it('adds a phone or e-mail only when both a value and a type are given, and an address only when a line is filled', async () => {
    const { data, error } = await addRecord(org, {
      p_kind: 'contact',
      p_record: { name: uniqueName('Ann Lee'), first_name: 'Ann', last_name: 'Lee' },
      p_address: { city: '  ', zip: '' },
      p_phone: { value: '555-0101', type_id: '' },
      p_email: { value: '', type_id: EMAIL_TYPE },
    });
    expect(error).toBeNull();
    const id = (data as { id: string }).id;
    expect(await countRows('crm.contact_methods', 'contact_id', id)).toBe(0);
    expect(await countRows('crm.addresses', 'contact_id', id)).toBe(0);
  });

  it('writes nothing when a later part fails, and names that part', async () => {
    const name = uniqueName('Half Business');
    const { data, error } = await addRecord(org, {
      p_kind: 'business',
      p_record: { name },
      p_address: { address_line_1: `1 Main St, ${name}` },
      p_phone: { value: '555-0102', type_id: EMAIL_TYPE },
    });
    expect(data).toBeNull();
    expect(error?.message).toBe('primary phone: the type is not a phone type');
    expect(await countRows('crm.businesses', 'name', name)).toBe(0);
    expect(await countRows('crm.addresses', 'address_line_1', `1 Main St, ${name}`)).toBe(0);
  });

  it('names the address and the primary e-mail when they are refused', async () => {
    // No rule of the shipped schema refuses an address a member may write, so this check adds one
    // for its own duration.
    await db.query("alter table crm.addresses add constraint add_record_test_zip check (zip ~ '^[0-9]{5}$') not valid");
    try {
      const name = uniqueName('Bad Zip');
      const address = await addRecord(org, { p_kind: 'household', p_record: { name }, p_address: { address_line_1: '1 Main St', zip: '1' } });
      expect(address.error?.message).toBe('address: new row for relation "addresses" violates check constraint "add_record_test_zip"');
      expect(await countRows('crm.households', 'name', name)).toBe(0);
    } finally {
      await db.query('alter table crm.addresses drop constraint add_record_test_zip');
    }
    const bad = await addRecord(org, { p_kind: 'contact', p_record: { name: uniqueName('C'), first_name: 'C', last_name: 'D' }, p_email: { value: 'a@b.co', type_id: PHONE_TYPE } });
    expect(bad.error?.message).toBe('primary email: the type is not an e-mail type');
  });

  it('keeps the record’s own message when the record itself is refused, and writes nothing', async () => {
    const { error } = await addRecord(org, { p_kind: 'business', p_record: { name: '   ' }, p_phone: { value: '555-0103', type_id: PHONE_TYPE } });
    expect(error?.message).toMatch(/^new row for relation "businesses" violates check constraint/);
    expect(await countRows('crm.contact_methods', 'value', '555-0103')).toBe(0);
  });

  it('refuses references to another organisation’s rows, naming the part', async () => {
    const { data: foreignType, error: typeError } = await other.client
      .schema('crm')
      .from('contact_method_types')
      .insert({ org_name: other.orgName, name: 'Their Phone', category: 'phone' })
      .select('id')
      .single();
    expect(typeError).toBeNull();
    const name = uniqueName('Borrowed Type');
    const { error } = await addRecord(org, { p_kind: 'business', p_record: { name }, p_phone: { value: '555-0104', type_id: foreignType?.id } });
    // Another organisation's row is answered exactly like a missing one (the reference guards).
    expect(error?.message).toBe('primary phone: insert or update on table "contact_methods" violates foreign key constraint "contact_methods_type_id_fkey"');
    expect(await countRows('crm.businesses', 'name', name)).toBe(0);

    const { data: foreignBusinessType } = await other.client.schema('crm').from('business_types').insert({ org_name: other.orgName, name: uniqueName('Theirs') }).select('id').single();
    const refused = await addRecord(org, { p_kind: 'business', p_record: { name, type_id: foreignBusinessType?.id } });
    expect(refused.error?.message).toBe('insert or update on table "businesses" violates foreign key constraint "businesses_type_id_fkey"');
  });

  it('refuses a record for an organisation the caller does not belong to', async () => {
    const name = uniqueName('Not Mine');
    const { error } = await addRecord(org, { p_org_name: other.orgName, p_kind: 'business', p_record: { name } });
    expect(error?.code).toBe('42501');
    expect(await countRows('crm.businesses', 'name', name)).toBe(0);
  });

  it('refuses fields the database owns and fields the table does not have', async () => {
    const owned = await addRecord(org, { p_kind: 'business', p_record: { name: uniqueName('Forged'), created_by: org.profileId } });
    expect(owned.error?.message).toBe('Unknown or read-only fields: created_by');
    const unknown = await addRecord(org, { p_kind: 'contact', p_record: { name: 'x', shoe_size: 9 } });
    expect(unknown.error?.message).toBe('Unknown or read-only fields: shoe_size');
    const kind = await addRecord(org, { p_kind: 'invoice', p_record: { name: 'x' } });
    expect(kind.error?.message).toBe('Unknown record kind invoice');
  });

  it('adds an invited user profile with its primary phone', async () => {
    const name = uniqueName('Invitee');
    const { data, error } = await addRecord(org, {
      p_kind: 'user',
      p_record: { name, email: `${randomUUID().slice(0, 8)}@invite.example.com`, status: 'Pending' },
      p_phone: { value: '555-0105', type_id: PHONE_TYPE },
    });
    expect(error).toBeNull();
    expect(await countRows('crm.contact_methods', 'user_id', (data as { id: string }).id)).toBe(1);
  });

  it('cannot be called without signing in', async () => {
    const { createTestClient } = await import('../stack/testStack');
    const anon = createTestClient(stack.apiUrl, stack.anonKey);
    const { error } = await anon.schema('crm').rpc('add_record', { p_org_name: org.orgName, p_kind: 'business', p_record: { name: 'Anon' } });
    expect(error).not.toBeNull();
    expect(await countRows('crm.businesses', 'name', 'Anon')).toBe(0);
  });
});
