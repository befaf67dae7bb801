import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, createTestClient, testStack } from '../stack/testStack';

/**
 * Organisation names are unique as a person reads them (Unicode NFKC, white space of any kind
 * collapsed, invisible characters dropped, case ignored), the reserved `_system_default_` included,
 * and no two organisations share a storage folder.
 */
const stack = testStack();
let db: pg.Client;
let anon: SupabaseClient;
let existing: SignedUpOrganization;

async function organizationCount(): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.organizations');
  return rows[0]?.n ?? 0;
}

function apply(businessName: string) {
  const suffix = randomUUID().slice(0, 8);
  return anon.rpc('apply_for_access', {
    p_email: `names-${suffix}@example.com`,
    p_password: 'long-enough-password',
    p_full_name: 'Casey Names',
    p_business_name: businessName,
  });
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  anon = createTestClient(stack.apiUrl, stack.anonKey);
  // Two words, so inner white space can be varied.
  existing = await signUpOrganization(stack, 'Look Alike', `Look Alike ${randomUUID().slice(0, 8)}`);
});

afterAll(async () => {
  await db?.end();
});

describe('a look-alike of an existing name is the same name', () => {
  const variants: [string, (name: string) => string][] = [
    ['a trailing tab', (name) => `${name}\t`],
    ['a trailing newline', (name) => `${name}\n`],
    ['a doubled inner space', (name) => name.replace(' ', '  ')],
    ['a tab for the inner space', (name) => name.replace(' ', '\t')],
    ['a no-break space', (name) => name.replace(' ', '\u00a0')],
    ['an ideographic space and another case', (name) => name.toUpperCase().replace(' ', '\u3000')],
    ['full-width letters', (name) => name.replace('Look', '\uff2c\uff4f\uff4f\uff4b')],
    ['a zero-width space inside a word', (name) => name.replace('Look', 'Lo\u200bok')],
  ];

  it.each(variants)('%s: refused with ST005, nothing created', async (_variant, change) => {
    const before = await organizationCount();
    const { data, error } = await apply(change(existing.orgName));
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: 'ST005', message: 'An organization with this name already exists' });
    expect(await organizationCount()).toBe(before);
  });

  it.each([['_system_default_\t'], ['\u00a0_SYSTEM_DEFAULT_'], ['_system_default_\n']])('the reserved name as %j is refused', async (name) => {
    const { error } = await apply(name);
    expect(error).toMatchObject({ code: 'ST005', message: 'An organization with this name already exists' });
  });

  it('is refused by the database itself, not only by Apply for Access', async () => {
    await expect(db.query('insert into public.organizations (name) values ($1)', [existing.orgName.replace(' ', '\u00a0')])).rejects.toThrow(
      /organizations_name_tidy|organizations_name_normalized_key/,
    );
    await expect(db.query('insert into public.organizations (name) values ($1)', [existing.orgName.toUpperCase().replace('LOOK', '\uff2c\uff2f\uff2f\uff2b')])).rejects.toThrow(
      /organizations_name_tidy|organizations_name_normalized_key/,
    );
    await expect(db.query(`insert into public.organizations (name) values ('\uff3fsystem_default_')`)).rejects.toThrow(
      /organizations_name_tidy|organizations_name_normalized_key/,
    );
  });
});

describe('a new name', () => {
  it('is stored tidied: one space between words, no surrounding white space', async () => {
    const suffix = randomUUID().slice(0, 8);
    const { data, error } = await apply(`\u00a0Tidy\t\tWorks  ${suffix}\n`);
    expect(error).toBeNull();
    expect((data as { org_name: string }).org_name).toBe(`Tidy Works ${suffix}`);
  });

  it('that would share the storage folder of another organisation is refused with ST010', async () => {
    const suffix = randomUUID().slice(0, 8);
    const first = await apply(`Cedar Folder ${suffix}`);
    expect(first.error).toBeNull();
    const before = await organizationCount();
    for (const name of [`CedarFolder ${suffix}`, `cedar-folder${suffix}`.replace('-', ''), `Cedar Folder${suffix}`]) {
      const { error } = await apply(name);
      expect(error, name).toMatchObject({ code: 'ST010', message: 'An organization with a very similar name already exists' });
    }
    expect(await organizationCount()).toBe(before);
  });

  it('keeps every organisation in a storage folder of its own', async () => {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from (select 1 from public.organizations group by lower(app.org_slug(name)) having count(*) > 1) clashes',
    );
    expect(rows[0]?.n).toBe(0);
  });
});
