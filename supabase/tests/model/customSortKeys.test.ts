import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from '../stack/testStack';

// A custom field's sort keys (issue 48): app.custom_sort_keys holds one typed key per non-empty value
// of a sortable field, kept by the record tables' triggers and the field's definition trigger, so
// list_page sorts a million records by a field from a btree without an index per field. Every write
// path keeps the keys equal to what the values say.

const stack = testStack();
let db: pg.Client;
let org: SignedUpOrganization;
let other: SignedUpOrganization;
let waiver: string;
let deposit: string;
let note: string;

type Key = { record_id: string; num: string | null; txt: string | null };

async function field(owner: SignedUpOrganization, label: string, fieldType: string): Promise<string> {
  const { data, error } = await owner.client.schema('settings').from('custom_fields').insert({ org_name: owner.orgName, record_kind: 'contact', label, field_type: fieldType }).select('id').single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function contact(owner: SignedUpOrganization, name: string, custom: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await owner.client.schema('crm').from('contacts').insert({ org_name: owner.orgName, name, custom }).select('id').single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function keysOf(fieldId: string): Promise<Key[]> {
  const { rows } = await db.query<Key>('select record_id, num::text as num, txt from app.custom_sort_keys where field_id = $1 order by record_id', [fieldId]);
  return rows;
}

/** What the keys should be: recomputed from the stored values alone. */
async function expectedKeysOf(fieldId: string): Promise<Key[]> {
  const { rows } = await db.query<Key>(
    `select c.id as record_id, app.custom_sort_num(f.field_type, c.custom -> $1::text)::text as num, app.custom_sort_txt(f.field_type, c.custom -> $1::text) as txt
       from crm.contacts c join settings.custom_fields f on f.id = $1::uuid
      where c.org_name = f.org_name and c.custom ? $1::text and not f.sensitive
        and coalesce(app.custom_sort_num(f.field_type, c.custom -> $1::text)::text, app.custom_sort_txt(f.field_type, c.custom -> $1::text)) is not null
      order by c.id`,
    [fieldId],
  );
  return rows;
}

async function expectKeysRight(...fields: string[]) {
  for (const fieldId of fields) expect(await keysOf(fieldId)).toEqual(await expectedKeysOf(fieldId));
}

async function sortedNames(owner: SignedUpOrganization, fieldId: string, desc: boolean, offset = 0, limit = 200, filter: unknown = null): Promise<string[]> {
  const { data, error } = await owner.client.rpc('list_page', {
    p_relation: 'crm.contacts_view', p_org_names: [owner.orgName, '_system_default_'], p_exclude_archived: true, p_sort: [{ field: `custom.${fieldId}`, desc }], p_offset: offset, p_limit: limit, p_filter: filter,
  });
  if (error) throw new Error(error.message);
  const ids = (data as { ids: string[] }).ids;
  const { rows } = await db.query<{ id: string; name: string }>('select id, name from crm.contacts where id = any($1::uuid[])', [ids]);
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return ids.map((id) => names.get(id) ?? '?');
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  org = await signUpOrganization(stack, 'Sort keys');
  other = await signUpOrganization(stack, 'Sort keys elsewhere');
  waiver = await field(org, 'Waiver', 'date');
  deposit = await field(org, 'Deposit', 'number');
  note = await field(org, 'Note', 'short_text');
});

afterAll(async () => {
  await db.end();
});

describe('custom sort keys', () => {
  it('are written on insert, rewritten on update, removed when a value is cleared or the record deleted', async () => {
    const ann = await contact(org, 'Ann Key', { [waiver]: '2027-03-01', [deposit]: 12.5, [note]: 'Zebra' });
    await contact(org, 'Ben Key', { [waiver]: '2026-12-01', [note]: 'apple' });
    const cat = await contact(org, 'Cat Key');
    expect((await keysOf(waiver)).map((key) => key.txt).sort()).toEqual(['2026-12-01', '2027-03-01']);
    expect(await keysOf(deposit)).toEqual([{ record_id: ann, num: '12.5', txt: null }]);
    expect((await keysOf(note)).map((key) => key.txt).sort()).toEqual(['apple', 'zebra']);

    await org.client.schema('crm').from('contacts').update({ custom: { [deposit]: 40 } }).eq('id', cat);
    await org.client.schema('crm').from('contacts').update({ custom: { [waiver]: null, [deposit]: 3 } }).eq('id', ann);
    // A write of another column leaves the keys as they are.
    await org.client.schema('crm').from('contacts').update({ nickname: 'Annie' }).eq('id', ann);
    await expectKeysRight(waiver, deposit, note);
    expect((await keysOf(deposit)).map((key) => key.num).sort()).toEqual(['3', '40']);

    await org.client.schema('crm').from('contacts').delete().eq('id', cat);
    await expectKeysRight(waiver, deposit, note);
    expect((await keysOf(deposit)).map((key) => key.num)).toEqual(['3']);
  });

  it('sort a list by a field from its keys: values in order both ways, empty ones last, pages that cross into them', async () => {
    const owner = await signUpOrganization(stack, 'Sort pages');
    const when = await field(owner, 'When', 'date');
    const days = ['2026-05-01', '2026-01-15', null, '2027-07-07', '2026-01-15', null];
    for (const [i, day] of days.entries()) await contact(owner, `Row ${i}`, day ? { [when]: day } : {});
    const up = await sortedNames(owner, when, false);
    expect(up.slice(0, 4)).toEqual(expect.arrayContaining(['Row 1', 'Row 4']));
    expect(up.slice(2, 4)).toEqual(['Row 0', 'Row 3']);
    expect(up.slice(4).sort()).toEqual(['Row 2', 'Row 5']);
    const down = await sortedNames(owner, when, true);
    expect(down.slice(0, 2)).toEqual(['Row 3', 'Row 0']);
    expect(down.slice(4).sort()).toEqual(['Row 2', 'Row 5']);
    // Page by page, the same order as the whole list.
    const paged = [...(await sortedNames(owner, when, false, 0, 3)), ...(await sortedNames(owner, when, false, 3, 3))];
    expect(paged).toEqual(up);
    // With a filter that matches every row: the same order.
    const everyRow = { field: 'name', op: 'contains', value: 'Row' };
    expect(await sortedNames(owner, when, false, 0, 200, everyRow)).toEqual(up);
    expect(await sortedNames(owner, when, true, 0, 200, everyRow)).toEqual(down);
    // Another organisation's rows never come into the page.
    await contact(other, 'Elsewhere Row', {});
    expect(up).not.toContain('Elsewhere Row');
    expect(up).toHaveLength(6);
  });

  it('sort a link by the linked record\'s name, not its id: a renamed record moves at once, and a link keeps no key', async () => {
    const owner = await signUpOrganization(stack, 'Sort links');
    const { data, error } = await owner.client.schema('settings').from('custom_fields')
      .insert({ org_name: owner.orgName, record_kind: 'contact', label: 'Sponsor', field_type: 'link', link_kind: 'contact' }).select('id').single();
    if (error) throw new Error(error.message);
    const sponsor = (data as { id: string }).id;
    const zed = await contact(owner, 'Zed Sponsor');
    const amy = await contact(owner, 'Amy Sponsor');
    await contact(owner, 'Row A', { [sponsor]: zed });
    await contact(owner, 'Row B', { [sponsor]: amy });
    expect((await sortedNames(owner, sponsor, false)).slice(0, 2)).toEqual(['Row B', 'Row A']);
    expect((await sortedNames(owner, sponsor, true)).slice(0, 2)).toEqual(['Row A', 'Row B']);
    await owner.client.schema('crm').from('contacts').update({ name: 'Zoe Sponsor' }).eq('id', amy);
    expect((await sortedNames(owner, sponsor, false)).slice(0, 2)).toEqual(['Row A', 'Row B']);
    expect(await keysOf(sponsor)).toEqual([]);
  });

  it('sort a filtered list from its keys as well, and give the same page when the walk stops short of the matches', async () => {
    const owner = await signUpOrganization(stack, 'Sort filtered');
    const when = await field(owner, 'When', 'date');
    const rows: [string, string | null][] = [['Keep 0', '2026-05-01'], ['Drop 1', '2026-01-01'], ['Keep 2', null], ['Keep 3', '2026-01-15'], ['Drop 4', '2027-01-01'], ['Keep 5', '2027-07-07']];
    const ids = new Map<string, string>();
    for (const [name, day] of rows) ids.set(await contact(owner, name, day ? { [when]: day } : {}), name);
    const keep = { field: 'name', op: 'contains', value: 'Keep' };
    /** list_page as the owner straight in the database; how many times it read the sort keys. */
    const page = async (desc: boolean, offset: number, limit: number, settings: Record<string, string> = {}) => {
      await db.query('begin');
      try {
        await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: owner.userId, role: 'authenticated' })]);
        await db.query('set local role authenticated');
        for (const [name, value] of Object.entries(settings)) await db.query('select set_config($1, $2, true)', [name, value]);
        const { rows: [answer] } = await db.query(
          'select public.list_page($1, $2, null, true, $3, $4, $5, $6, null, null) as page, pg_stat_get_xact_numscans($7::regclass) as key_scans',
          ['crm.contacts_view', [owner.orgName, '_system_default_'], keep, JSON.stringify([{ field: `custom.${when}`, desc }]), offset, limit, 'app.custom_sort_keys'],
        );
        return { names: (answer.page as { ids: string[] }).ids.map((id) => ids.get(id) ?? '?'), keyScans: Number(answer.key_scans) };
      } finally {
        await db.query('rollback');
      }
    };
    const up = await page(false, 0, 50);
    expect(up.names).toEqual(['Keep 3', 'Keep 0', 'Keep 5', 'Keep 2']);
    expect(up.keyScans).toBeGreaterThan(0);
    expect((await page(true, 0, 50)).names).toEqual(['Keep 5', 'Keep 0', 'Keep 3', 'Keep 2']);
    // A page that crosses into the records without a value.
    expect((await page(false, 2, 2)).names).toEqual(['Keep 5', 'Keep 2']);
    // The walk stops after one key of the organisation: the page is found the other ways, the same.
    expect((await page(false, 0, 50, { 'steward.list_page_walk': '1' })).names).toEqual(up.names);
    expect((await page(true, 1, 2, { 'steward.list_page_walk': '1' })).names).toEqual(['Keep 0', 'Keep 3']);
  });

  it('follow a change of type, a field turned sensitive, an archived record or field, and a merge', async () => {
    const dee = await contact(org, 'Dee Key', { [deposit]: 7, [note]: 'Mango' });
    const eve = await contact(org, 'Eve Key', { [note]: '12' });
    await expectKeysRight(deposit, note);

    const { error: typeError } = await org.client.schema('settings').rpc('change_field_type', { p_field: note, p_new_type: 'number' });
    expect(typeError).toBeNull();
    await expectKeysRight(note);
    expect(await keysOf(note)).toContainEqual({ record_id: eve, num: '12', txt: null });

    // An archived record or field keeps its keys (the archived list still sorts by it).
    await org.client.schema('crm').from('contacts').update({ archive: true }).eq('id', dee);
    await org.client.schema('settings').from('custom_fields').update({ archive: true }).eq('id', deposit);
    await expectKeysRight(deposit);
    expect((await keysOf(deposit)).some((key) => key.record_id === dee)).toBe(true);
    await org.client.schema('settings').from('custom_fields').update({ archive: false }).eq('id', deposit);
    await org.client.schema('crm').from('contacts').update({ archive: false }).eq('id', dee);

    // Merged: the survivor's keys follow the values it takes; the merged record, archived, keeps its own.
    const keep = await contact(org, 'Fay Keep', {});
    const gone = await contact(org, 'Fay Gone', { [deposit]: 99, [waiver]: '2030-01-01' });
    const { error: mergeError } = await org.client.schema('crm').rpc('merge_records', { p_kind: 'contacts', p_survivor: keep, p_merged: gone });
    expect(mergeError).toBeNull();
    await expectKeysRight(deposit, waiver);
    expect(await keysOf(deposit)).toContainEqual({ record_id: keep, num: '99', txt: null });

    // A sensitive field's values leave the records, and so do their keys.
    const { error: sensitiveError } = await org.client.schema('settings').from('custom_fields').update({ sensitive: true }).eq('id', waiver);
    expect(sensitiveError).toBeNull();
    expect(await keysOf(waiver)).toEqual([]);
  });

  it('keep a field with values from deletion, go with the field once its values are cleared, and stay out of reach of the API', async () => {
    const spare = await field(org, 'Spare', 'short_text');
    const holder = await contact(org, 'Spare Holder', { [spare]: 'Kept' });
    expect(await keysOf(spare)).toEqual([{ record_id: holder, num: null, txt: 'kept' }]);
    const refused = await org.client.schema('settings').from('custom_fields').delete().eq('id', spare);
    expect(refused.error?.code).toBe('23514');
    expect(refused.error?.message).toBe('Spare has values: archive it instead of deleting it');
    expect(await keysOf(spare)).toEqual([{ record_id: holder, num: null, txt: 'kept' }]);

    const cleared = await org.client.schema('crm').from('contacts').update({ custom: {} }).eq('id', holder).select('id');
    expect(cleared.data).toEqual([{ id: holder }]);
    expect(await keysOf(spare)).toEqual([]);
    const deleted = await org.client.schema('settings').from('custom_fields').delete().eq('id', spare).select('id');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual([{ id: spare }]);
    expect(await keysOf(spare)).toEqual([]);

    // No API role holds any privilege on the table (and its schema is not served).
    const { rows: privileges } = await db.query<{ role: string; any: boolean }>(
      `select r as role, has_table_privilege(r, 'app.custom_sort_keys', 'select, insert, update, delete') as any from unnest(array['anon', 'authenticated']) r order by r`,
    );
    expect(privileges).toEqual([{ role: 'anon', any: false }, { role: 'authenticated', any: false }]);
    const { error: readError } = await org.client.schema('app').from('custom_sort_keys').select('*');
    expect(readError?.code).toBe('PGRST106');
  });
});
