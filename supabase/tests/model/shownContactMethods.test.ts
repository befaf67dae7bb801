import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from '../stack/testStack';

// The phone, e-mail and address a list row shows (the primary one, else the newest; archived ones
// never) are chosen by triggers into app.shown_contact_methods; these checks read them through
// the views the lists use, as a member.
const stack = testStack();
let org: SignedUpOrganization;
let db: pg.Client;
const PHONE_TYPE = '00000000-0000-4000-8012-000000000002';
const EMAIL_TYPE = '00000000-0000-4000-8012-000000000004';

async function addContact() {
  const { data, error } = await org.client.schema('crm').from('contacts').insert({ org_name: org.orgName, name: `Shown ${randomUUID().slice(0, 6)}` }).select('id').single();
  if (error || !data) throw new Error(`insert failed: ${error?.message}`);
  return data.id as string;
}

async function addMethod(fields: Record<string, unknown>) {
  const { data, error } = await org.client.schema('crm').from('contact_methods').insert({ org_name: org.orgName, ...fields }).select('id').single();
  if (error || !data) throw new Error(`insert failed: ${error?.message}`);
  return data.id as string;
}

async function shown(id: string, view = 'contacts_view') {
  const { data, error } = await org.client.schema('crm').from(view).select('primary_phone, primary_email, city').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  org = await signUpOrganization(stack, 'Shown Methods');
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
});

describe('shown contact methods', () => {
  it('shows the primary phone over a newer one, and the newest when none is primary', async () => {
    const contact = await addContact();
    expect(await shown(contact)).toEqual({ primary_phone: null, primary_email: null, city: null });
    await addMethod({ contact_id: contact, type_id: PHONE_TYPE, value: '555-0001', is_primary: false });
    expect((await shown(contact)).primary_phone).toBe('555-0001');
    const primary = await addMethod({ contact_id: contact, type_id: PHONE_TYPE, value: '555-0002', is_primary: true });
    await addMethod({ contact_id: contact, type_id: PHONE_TYPE, value: '555-0003', is_primary: false });
    expect((await shown(contact)).primary_phone).toBe('555-0002');

    await org.client.schema('crm').from('contact_methods').update({ archive: true }).eq('id', primary);
    expect((await shown(contact)).primary_phone).toBe('555-0003');
  });

  it('follows deletes, e-mails and addresses, and one import statement of many rows', async () => {
    const contact = await addContact();
    const email = await addMethod({ contact_id: contact, type_id: EMAIL_TYPE, value: 'a@example.test', is_primary: true });
    const { error } = await org.client.schema('crm').from('addresses').insert({ org_name: org.orgName, contact_id: contact, address_line_1: '1 Main St', city: 'Springfield', is_primary: true });
    expect(error).toBeNull();
    expect(await shown(contact)).toEqual({ primary_phone: null, primary_email: 'a@example.test', city: 'Springfield' });

    await org.client.schema('crm').from('contact_methods').delete().eq('id', email);
    expect((await shown(contact)).primary_email).toBeNull();

    const contacts = await Promise.all([addContact(), addContact(), addContact()]);
    const { error: bulk } = await org.client
      .schema('crm')
      .from('contact_methods')
      .insert(contacts.map((id, index) => ({ org_name: org.orgName, contact_id: id, type_id: PHONE_TYPE, value: `555-10${index}`, is_primary: true })));
    expect(bulk).toBeNull();
    expect(await Promise.all(contacts.map(async (id) => (await shown(id)).primary_phone))).toEqual(['555-100', '555-101', '555-102']);
  });

  it('shows a business’s method through businesses_view, and moves a method that changes owner', async () => {
    const { data: business } = await org.client.schema('crm').from('businesses').insert({ org_name: org.orgName, name: 'Shown Business' }).select('id').single();
    const contact = await addContact();
    const method = await addMethod({ business_id: business!.id, type_id: PHONE_TYPE, value: '555-2000', is_primary: true });
    expect((await shown(business!.id as string, 'businesses_view')).primary_phone).toBe('555-2000');

    await org.client.schema('crm').from('contact_methods').update({ business_id: null, contact_id: contact }).eq('id', method);
    expect((await shown(business!.id as string, 'businesses_view')).primary_phone).toBeNull();
    expect((await shown(contact)).primary_phone).toBe('555-2000');
  });

  it('keeps both when two transactions add a phone and an e-mail to one contact at the same time', async () => {
    const contact = await addContact();
    const [first, second] = await Promise.all([connectDb(stack.dbUrl), connectDb(stack.dbUrl)]);
    const insert = `insert into crm.contact_methods (org_name, contact_id, type_id, value, is_primary) values ($1, $2, $3, $4, true)`;
    try {
      await first.query('begin');
      await first.query(insert, [org.orgName, contact, PHONE_TYPE, '555-4000']);
      // Committed on its own while the first transaction is still open: it must wait for it, then see it.
      const meanwhile = second.query(insert, [org.orgName, contact, EMAIL_TYPE, 'both@example.test']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await first.query('commit');
      await meanwhile;
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    expect(await shown(contact)).toMatchObject({ primary_phone: '555-4000', primary_email: 'both@example.test' });
  });

  it('is written by the triggers only: members cannot reach the cache or its refresh', async () => {
    const { rows } = await db.query(
      `select has_table_privilege('authenticated', 'app.shown_contact_methods', 'insert') as can_insert,
              has_function_privilege('authenticated', 'app.refresh_shown_contact_methods(text, uuid[])', 'execute') as can_refresh`,
    );
    expect(rows[0]).toEqual({ can_insert: false, can_refresh: false });
  });

  it('lets the exact count of a list skip the joins it does not need', async () => {
    const { rows } = await db.query(`explain (format json) select count(*) from crm.contacts_view where org_name = $1`, [org.orgName]);
    const plan = JSON.stringify(rows[0]['QUERY PLAN']);
    expect(plan).not.toContain('contact_methods');
    expect(plan).not.toContain('shown_contact_methods');
  });
});

describe('list planning', () => {
  it('plans members’ queries in the written join order (PostgREST applies the role setting per request)', async () => {
    const { rows } = await db.query(`select setconfig from pg_db_role_setting where setrole = 'authenticated'::regrole`);
    expect(rows.flatMap((row) => row.setconfig)).toContain('join_collapse_limit=1');
  });
});

describe('contact method type kind', () => {
  it('is said by the database from category, else name, and follows a rename', async () => {
    const rows = [
      { name: 'Cell', category: null },
      { name: 'Work E-mail', category: null },
      { name: 'Phone line for e-mails', category: 'email' },
      { name: 'Fax', category: null },
    ].map((type) => ({ ...type, name: `${type.name} ${randomUUID().slice(0, 4)}`, org_name: org.orgName }));
    const { data, error } = await org.client.schema('crm').from('contact_method_types').insert(rows).select('id, kind');
    expect(error).toBeNull();
    expect(data!.map((row) => row.kind)).toEqual(['phone', 'email', 'email', 'other']);

    const fax = data?.[3]?.id as string;
    const contact = await addContact();
    await addMethod({ contact_id: contact, type_id: fax, value: '555-3000', is_primary: true });
    expect((await shown(contact)).primary_phone).toBeNull();
    const { data: renamed } = await org.client.schema('crm').from('contact_method_types').update({ name: 'Fax phone' }).eq('id', fax).select('kind').single();
    expect(renamed).toEqual({ kind: 'phone' });
    expect((await shown(contact)).primary_phone).toBe('555-3000');
  });
});
