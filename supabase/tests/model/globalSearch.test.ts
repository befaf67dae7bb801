import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithOwnRole } from '../rls/roleMember';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, createTestClient, testStack } from '../stack/testStack';
import { expectIndexesServe } from './indexPlans';

// Global search (public.global_search): case, accents and typos ignored, phones by their digits,
// e-mails by any part, ranked; every kind of the enabled areas; one organisation's rows only, as the
// caller's read policies allow.
const stack = testStack();
let org: SignedUpOrganization;
let other: SignedUpOrganization;
let db: pg.Client;

type Hit = { kind: string; area: string; id: string; short_id: string | null; title: string; detail: string | null; rank: number };

async function search(query: string, member: SignedUpOrganization = org, orgName = member.orgName): Promise<Hit[]> {
  const { data, error } = await member.client.rpc('global_search', { p_query: query, p_org_name: orgName });
  if (error) throw new Error(error.message);
  return data as Hit[];
}

const titles = (hits: Hit[], kind: string) => hits.filter((hit) => hit.kind === kind).map((hit) => hit.title);

async function insert(client: SupabaseClient, orgName: string, schema: string, table: string, row: Record<string, unknown>): Promise<string> {
  const { data, error } = await client.schema(schema).from(table).insert({ org_name: orgName, ...row }).select('id').single();
  if (error || !data) throw new Error(`${table}: ${error?.message}`);
  return (data as { id: string }).id;
}

async function typeId(name: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`select id from crm.contact_method_types where org_name = '_system_default_' and name = $1`, [name]);
  return rows[0]!.id;
}

async function setEnabled(component: string, enabled: boolean) {
  const { data, error } = await org.client
    .schema('settings')
    .from('org_components')
    .update({ enabled })
    .eq('org_name', org.orgName)
    .eq('component_id', (await db.query<{ id: string }>('select id from settings.components where name = $1', [component])).rows[0]!.id)
    .select('id');
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
}

beforeAll(async () => {
  org = await signUpOrganization(stack, 'Search Finds');
  other = await signUpOrganization(stack, 'Search Outsider');
  db = await connectDb(stack.dbUrl);
  const add = (schema: string, table: string, row: Record<string, unknown>) => insert(org.client, org.orgName, schema, table, row);

  const john = await add('crm', 'contacts', { name: 'John Smith' });
  await add('crm', 'contacts', { name: 'Johnny Smithers' });
  await add('crm', 'contacts', { name: 'Zoë Brontë' });
  await add('crm', 'contacts', { name: 'Maria Diaz' });
  const ada = await add('crm', 'contacts', { name: 'Ada Lovelace' });
  await add('crm', 'contacts', { name: 'Archived Smith', archive: true });
  await add('crm', 'contact_methods', { contact_id: john, value: '+1 (555) 014-2233', type_id: await typeId('Mobile') });
  await add('crm', 'contact_methods', { contact_id: ada, value: 'ada.lovelace@analytical.example', type_id: await typeId('Email') });
  await add('crm', 'businesses', { name: 'Smithworks Forge', dba_name: 'Anvil & Co' });
  await add('crm', 'households', { name: 'The Smith Family' });
  await add('hr', 'staff_profiles', { preferred_name: 'Marguerite Duval', phone: '555-777-1234' });
  const cabin = await add('catalog', 'accommodations', { name: 'Hemlock Cabin', base_rate: 100 });
  await add('catalog', 'reservations', {
    name: 'Anniversary weekend',
    confirmation: 'ZX-4821',
    accommodation_id: cabin,
    contact_id: ada,
    check_in: '2030-05-01T16:00:00Z',
    check_out: '2030-05-03T11:00:00Z',
  });
  await add('catalog', 'products', { name: 'Trail Map Bundle' });
  await add('catalog', 'supplies', { name: 'Birch Firewood', vendor: 'Northwoods Fuel' });
  await add('ops', 'projects', { name: 'Dock Renovation' });
  await add('ops', 'tasks', { title: 'Paint the dock railings' });

  // The outsider holds look-alikes of everything searched for above.
  const outsider = (schema: string, table: string, row: Record<string, unknown>) => insert(other.client, other.orgName, schema, table, row);
  await outsider('crm', 'contacts', { name: 'John Smith' });
  await outsider('crm', 'contacts', { name: 'Zoe Bronte' });
  await outsider('ops', 'projects', { name: 'Dock Renovation' });
});

afterAll(async () => {
  await db?.end();
});

describe('global search matching', () => {
  it('tolerates a typo in each word and ranks the exact name first', async () => {
    expect(titles(await search('Jonh Smiht'), 'contact')).toContain('John Smith');
    const hits = titles(await search('john smith'), 'contact');
    expect(hits[0]).toBe('John Smith');
    expect(hits).toContain('Johnny Smithers');
    expect(hits).not.toContain('Archived Smith');
  });

  it('corrects a slip in a short word that shares almost no trigram with it: a letter swapped, left out, added or changed', async () => {
    for (const query of ['daiz', 'maria daiz', 'maria diz', 'maria diazz', 'maria dias', 'mraia diaz']) {
      expect(titles(await search(query), 'contact'), query).toContain('Maria Diaz');
    }
    // Two slips in one short word are not one.
    expect(titles(await search('dzai'), 'contact')).not.toContain('Maria Diaz');
  });

  it('compares whole texts only when a word of the query is not a word of the organisation nor one slip from one', async () => {
    // Two words the organisation knows that no one name holds: no fuzzy look-alike of the whole text.
    expect(titles(await search('zoe lovelace'), 'contact')).toEqual([]);
    // Words run together are no word of the organisation: the whole text is compared.
    expect(titles(await search('adalovelace'), 'contact')).toContain('Ada Lovelace');
  });

  it('learns the words of names as they are written and changed', async () => {
    const household = await insert(org.client, org.orgName, 'crm', 'households', { name: 'The Okafor Family' });
    expect(titles(await search('ltuz'), 'household')).toEqual([]);
    const { error } = await org.client.schema('crm').from('households').update({ name: 'The Lutz Family' }).eq('id', household);
    expect(error).toBeNull();
    expect(titles(await search('ltuz'), 'household')).toEqual(['The Lutz Family']);
    expect(titles(await search('okafro'), 'household')).toEqual([]);
    const { rows } = await db.query<{ org_name: string }>(`select distinct org_name from app.search_words where word = 'lutz'`);
    expect(rows.map((row) => row.org_name)).toEqual([org.orgName]);
  });

  it('ignores case and accents, both ways', async () => {
    expect(titles(await search('zoe bronte'), 'contact')).toEqual(['Zoë Brontë']);
    expect(titles(await search('ZOË'), 'contact')).toEqual(['Zoë Brontë']);
  });

  it('matches a word start from 2 characters and a fragment anywhere from 3', async () => {
    expect(titles(await search('lo'), 'contact')).toContain('Ada Lovelace');
    expect(titles(await search('ovela'), 'contact')).toContain('Ada Lovelace');
  });

  it('finds a phone number whatever its punctuation', async () => {
    for (const query of ['5550142233', '555.014.2233', '(555) 014 2233', '014-22']) {
      const hits = await search(query);
      expect(titles(hits, 'contact'), query).toEqual(['John Smith']);
      expect(hits.find((hit) => hit.kind === 'contact')?.detail).toBe('+1 (555) 014-2233');
    }
    expect(titles(await search('777 1234'), 'staff')).toEqual(['Marguerite Duval']);
  });

  it('finds an e-mail by any part of it', async () => {
    for (const query of ['lovelace', 'analytical.example', 'ada.love', '@analytical']) {
      expect(titles(await search(query), 'contact'), query).toContain('Ada Lovelace');
    }
  });

  it('covers every kind of every area, each with its area', async () => {
    const expectations: [string, string, string, string][] = [
      ['smithworks', 'business', 'crm', 'Smithworks Forge'],
      ['anvil', 'business', 'crm', 'Smithworks Forge'],
      ['smith family', 'household', 'crm', 'The Smith Family'],
      ['search finds owner', 'user', 'crm', 'Search Finds Owner'],
      ['marguerite', 'staff', 'team-portal', 'Marguerite Duval'],
      ['hemlock', 'accommodation', 'lodging', 'Hemlock Cabin'],
      ['anniversary', 'reservation', 'lodging', 'Anniversary weekend'],
      ['ZX-4821', 'reservation', 'lodging', 'Anniversary weekend'],
      ['ada lovelace', 'reservation', 'lodging', 'Anniversary weekend'],
      ['trail map', 'product', 'catalog', 'Trail Map Bundle'],
      ['firewood', 'supply', 'catalog', 'Birch Firewood'],
      ['northwoods', 'supply', 'catalog', 'Birch Firewood'],
      ['renovation', 'project', 'operations', 'Dock Renovation'],
      ['railings', 'task', 'operations', 'Paint the dock railings'],
    ];
    for (const [query, kind, area, title] of expectations) {
      const hit = (await search(query)).find((row) => row.kind === kind && row.title === title);
      expect(hit, `${query} → ${kind} ${title}`).toBeDefined();
      expect(hit!.area).toBe(area);
    }
  });

  it('returns nothing for a query under 2 characters', async () => {
    expect(await search('j')).toEqual([]);
    expect(await search('  ')).toEqual([]);
  });
});

describe('global search isolation', () => {
  it("never returns another organisation's rows", async () => {
    const mine = await search('john smith');
    const { rows } = await db.query<{ id: string }>(`select id from crm.contacts where org_name = $1`, [other.orgName]);
    const theirs = new Set(rows.map((row) => row.id));
    expect(mine.filter((hit) => theirs.has(hit.id))).toEqual([]);
    expect(titles(await search('dock renovation'), 'project')).toEqual(['Dock Renovation']);
  });

  it("gives nothing when a member searches an organisation they do not belong to", async () => {
    expect(await search('john smith', other, org.orgName)).toEqual([]);
    expect(await search('dock', other, org.orgName)).toEqual([]);
  });

  it("never returns a disabled area's kinds", async () => {
    await setEnabled('operations', false);
    await setEnabled('lodging', false);
    try {
      const hits = [...(await search('dock')), ...(await search('anniversary')), ...(await search('hemlock'))];
      expect(hits.filter((hit) => ['project', 'task', 'reservation', 'accommodation'].includes(hit.kind))).toEqual([]);
    } finally {
      await setEnabled('operations', true);
      await setEnabled('lodging', true);
    }
    expect(titles(await search('dock'), 'project')).toEqual(['Dock Renovation']);
  });

  it("shows a member only the rows their role may read: none, their own (Personal), or all", async () => {
    const { member, grant: grantArea } = await memberWithOwnRole(stack, org, 'Searcher');
    const grant = (view: string, create?: string) => grantArea('crm', view, create);

    await grant('None');
    expect(titles(await search('smith', member), 'contact')).toEqual([]);
    await grant('Personal', 'allowed');
    await insert(member.client, org.orgName, 'crm', 'contacts', { name: 'Smith Of My Own' });
    expect(titles(await search('smith', member), 'contact')).toEqual(['Smith Of My Own']);
    await grant('Organization');
    expect(titles(await search('smith', member), 'contact')).toEqual(expect.arrayContaining(['John Smith', 'Smith Of My Own']));
  });

  it('is not for someone signed out', async () => {
    const { error } = await createTestClient(stack.apiUrl, stack.anonKey).rpc('global_search', { p_query: 'john', p_org_name: org.orgName });
    expect(error).not.toBeNull();
  });
});

describe('global search indexes', () => {
  it('can answer each searched text from a trigram index', async () => {
    const cases: [string, string][] = [
      [`select 1 from crm.contacts c where app.search_norm(c.name) operator(extensions.%) 'jonh smiht'`, 'contacts_search_idx'],
      [`select 1 from crm.contacts c where app.search_norm(c.name) like '%mit%'`, 'contacts_search_idx'],
      [`select 1 from crm.contact_methods m where app.search_digits(m.value) like '%0142%'`, 'contact_methods_digits_idx'],
      [`select 1 from crm.contact_methods m where app.search_norm(m.value) like '%lovelace%'`, 'contact_methods_search_idx'],
      [`select 1 from catalog.reservations r where app.search_norm(r.name || ' ' || r.confirmation) like '%zx-48%'`, 'reservations_search_idx'],
    ];
    await expectIndexesServe(db, cases);
  });
});
