import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, createTestClient, testStack } from '../stack/testStack';

// Who changed what, trash and restore, bulk changes and merging — all in the database: history is
// written by triggers (so a raw API write is recorded too), readable by the organisation only,
// writable by nobody; bulk and merge are one call, all rows or none, undoable.
const stack = testStack();
let org: SignedUpOrganization;
let other: SignedUpOrganization;
let db: pg.Client;

type HistoryEntry = {
  id: number;
  action: string;
  via: string;
  batch_id: string | null;
  actor_name: string | null;
  changes: Record<string, unknown>;
  labels: Record<string, [string | null, string | null]> | null;
};

async function history(member: SignedUpOrganization, recordId: string): Promise<HistoryEntry[]> {
  const { data, error } = await member.client.rpc('record_history_page', { p_record_id: recordId });
  if (error) throw new Error(error.message);
  return data as HistoryEntry[];
}

async function newContact(member: SignedUpOrganization, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await member.client.schema('crm').from('contacts').insert({ name, ...extra }).select('id').single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function phoneType(member: SignedUpOrganization): Promise<string> {
  const { data, error } = await member.client.schema('crm').from('contact_method_types').select('id, kind').eq('kind', 'phone').limit(1).single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  org = await signUpOrganization(stack, 'History');
  other = await signUpOrganization(stack, 'Elsewhere');
});
afterAll(async () => {
  await db.end();
});

describe('record history', () => {
  it('records an insert, each changed field old → new with who and how, archive and restore', async () => {
    const id = await newContact(org, 'Maya Chen');
    const { error } = await org.client.schema('crm').from('contacts').update({ status: 'Inactive - Former', nickname: 'May' }).eq('id', id);
    expect(error).toBeNull();
    await org.client.schema('crm').from('contacts').update({ archive: true }).eq('id', id);
    await org.client.schema('crm').from('contacts').update({ archive: false }).eq('id', id);

    const entries = await history(org, id);
    expect(entries.map((entry) => entry.action)).toEqual(['restore', 'archive', 'update', 'insert']);
    const update = entries[2]!;
    expect(update.changes).toEqual({ status: ['Active', 'Inactive - Former'], nickname: [null, 'May'] });
    expect(update.via).toBe('screen');
    expect(update.actor_name).toBe('History Owner');
    // Audit stamps are never shown as changes.
    expect(Object.keys(entries[1]!.changes)).toEqual(['archive']);
  });

  it('records rows written by the CSV import as imported', async () => {
    const name = `Imported ${Date.now()}`;
    const { error } = await org.client.schema('crm').rpc('import_records', { p_org_name: org.orgName, p_kind: 'business', p_rows: [{ line: 2, name }] });
    expect(error).toBeNull();
    const { data } = await org.client.schema('crm').from('businesses').select('id').eq('name', name).single();
    const [entry] = await history(org, (data as { id: string }).id);
    expect(entry).toMatchObject({ action: 'insert', via: 'import', actor_name: 'History Owner' });
  });

  it('names references instead of showing their ids', async () => {
    const owner = org.profileId;
    const id = await newContact(org, 'Referenced');
    await org.client.schema('crm').from('contacts').update({ primary_owner_id: owner }).eq('id', id);
    const [latest] = await history(org, id);
    expect(latest!.changes).toEqual({ primary_owner_id: [null, owner] });
    expect(latest!.labels).toEqual({ primary_owner_id: [null, 'History Owner'] });
  });

  it('an update that changes nothing a person would see writes no entry', async () => {
    const id = await newContact(org, 'Unchanged');
    await org.client.schema('crm').from('contacts').update({ name: 'Unchanged' }).eq('id', id);
    expect((await history(org, id)).map((entry) => entry.action)).toEqual(['insert']);
  });

  it("a record's history includes its phone, address and note changes, newest first; no other record's", async () => {
    const id = await newContact(org, 'Attached');
    const elsewhere = await newContact(org, 'Not Attached');
    const type = await phoneType(org);
    const phone = await org.client.schema('crm').from('contact_methods').insert({ contact_id: id, type_id: type, value: '555-0101' }).select('id').single();
    expect(phone.error).toBeNull();
    const phoneId = (phone.data as { id: string }).id;
    await org.client.schema('crm').from('contacts').update({ status: 'Inactive - Former' }).eq('id', id);
    expect((await org.client.schema('crm').from('contact_methods').update({ value: '555-0202' }).eq('id', phoneId)).error).toBeNull();
    const address = await org.client.schema('crm').from('addresses').insert({ contact_id: id, city: 'Springfield' }).select('id').single();
    expect(address.error).toBeNull();
    expect((await org.client.schema('crm').from('addresses').update({ archive: true }).eq('id', (address.data as { id: string }).id)).error).toBeNull();
    expect((await org.client.schema('crm').from('notes').insert({ contact_id: id, name: 'Visit', description: 'Came by on Sunday' })).error).toBeNull();
    expect((await org.client.schema('crm').from('notes').insert({ contact_id: elsewhere, name: 'Call', description: 'Called twice' })).error).toBeNull();

    const entries = await history(org, id);
    const read = entries.map((entry) => [entry.action, (entry as unknown as { table_name: string }).table_name]);
    expect(read).toEqual([
      ['insert', 'crm.notes'],
      ['archive', 'crm.addresses'],
      ['insert', 'crm.addresses'],
      ['update', 'crm.contact_methods'],
      ['update', 'crm.contacts'],
      ['insert', 'crm.contact_methods'],
      ['insert', 'crm.contacts'],
    ]);
    expect(entries[3]!.changes).toEqual({ value: ['555-0101', '555-0202'] });
    expect(entries[3]!.actor_name).toBe('History Owner');
    // Another organisation reads none of it, attached rows included.
    expect(await history(other, id)).toEqual([]);
  });

  it('no API role can write, change or delete history; another organisation sees none of it', async () => {
    const id = await newContact(org, 'Private');
    const [entry] = await history(org, id);

    // The other organisation: nothing, through the table or the function.
    expect(await history(other, id)).toEqual([]);
    const { data: rows } = await other.client.from('record_history').select('id').eq('record_id', id);
    expect(rows).toEqual([]);

    const forged = { org_name: org.orgName, component: 'crm', table_name: 'crm.contacts', record_id: id, action: 'delete', via: 'screen' };
    const service = createTestClient(stack.apiUrl, stack.serviceRoleKey);
    for (const client of [org.client, service]) {
      const insert = await client.from('record_history').insert(forged);
      expect(insert.error?.code).toBe('42501');
      const update = await client.from('record_history').update({ actor_name: 'Someone else' }).eq('id', entry!.id);
      expect(update.error?.code).toBe('42501');
      const remove = await client.from('record_history').delete().eq('id', entry!.id);
      expect(remove.error?.code).toBe('42501');
    }
    // Not even the database owner edits it.
    await expect(db.query('update public.record_history set actor_name = $1 where id = $2', ['x', entry!.id])).rejects.toThrow('Record history cannot be changed');
    expect((await history(org, id))[0]!.actor_name).toBe('History Owner');
  });
});

describe('bulk changes', () => {
  it('sets the status of every selected row in one call, and one undo puts them all back', async () => {
    const ids = await Promise.all(['Bulk A', 'Bulk B', 'Bulk C'].map((name) => newContact(org, name)));
    const { data, error } = await org.client.rpc('bulk_update', { p_table: 'crm.contacts', p_ids: ids, p_changes: { status: 'Inactive - Former' } });
    expect(error).toBeNull();
    const result = data as { changed: number; skipped: number; batch_id: string };
    expect(result).toMatchObject({ changed: 3, skipped: 0 });
    const { data: after } = await org.client.schema('crm').from('contacts').select('status').in('id', ids);
    expect(after!.map((row) => row.status)).toEqual(['Inactive - Former', 'Inactive - Former', 'Inactive - Former']);
    const [entry] = await history(org, ids[0]!);
    expect(entry).toMatchObject({ action: 'update', via: 'bulk', batch_id: result.batch_id });

    const undo = await org.client.rpc('undo_batch', { p_batch_id: result.batch_id });
    expect(undo.error).toBeNull();
    expect(undo.data).toMatchObject({ restored: 3, kept: 0 });
    const { data: undone } = await org.client.schema('crm').from('contacts').select('status').in('id', ids);
    expect(undone!.map((row) => row.status)).toEqual(['Active', 'Active', 'Active']);
    const again = await org.client.rpc('undo_batch', { p_batch_id: result.batch_id });
    expect(again.error?.message).toBe('This change was already undone');
  });

  it("skips and counts _system_default_ rows, and a row of another organisation fails the whole call", async () => {
    const ids = await Promise.all(['Skip A', 'Skip B'].map((name) => newContact(org, name)));
    const { rows: defaults } = await db.query<{ id: string }>(`select id from crm.contact_types where org_name = '_system_default_' limit 1`);
    // contact types keep history too; a system default among them is skipped.
    const ownType = await org.client.schema('crm').from('contact_types').insert({ name: 'Bulk type' }).select('id').single();
    const skipped = await org.client.rpc('bulk_update', { p_table: 'crm.contact_types', p_ids: [ownType.data!.id, defaults[0]!.id], p_changes: { archive: true } });
    expect(skipped.error).toBeNull();
    expect(skipped.data).toMatchObject({ changed: 1, skipped: 1 });

    const foreign = await newContact(other, 'Not yours');
    const refused = await org.client.rpc('bulk_update', { p_table: 'crm.contacts', p_ids: [...ids, foreign], p_changes: { status: 'Inactive - Former' } });
    expect(refused.error?.message).toBe('1 of the selected records cannot be changed by you; nothing was changed');
    const { data: mine } = await org.client.schema('crm').from('contacts').select('status').in('id', ids);
    expect(mine!.map((row) => row.status)).toEqual(['Active', 'Active']);
    const { rows } = await db.query('select status from crm.contacts where id = $1', [foreign]);
    expect(rows[0].status).toBe('Active');
  });

  it('refuses a field that is not a bulk field, a table that keeps no history, and deletes only archived rows', async () => {
    const id = await newContact(org, 'Guarded');
    const field = await org.client.rpc('bulk_update', { p_table: 'crm.contacts', p_ids: [id], p_changes: { name: 'x' } });
    expect(field.error?.message).toBe('name cannot be changed in bulk here');
    const table = await org.client.rpc('bulk_update', { p_table: 'auth.users', p_ids: [id], p_changes: { status: 'x' } });
    expect(table.error?.message).toBe('auth.users is not a list that takes bulk changes');
    const live = await org.client.rpc('bulk_delete', { p_table: 'crm.contacts', p_ids: [id] });
    expect(live.error?.message).toBe('1 of the selected records are not archived: archive them before deleting for good');
    await org.client.rpc('bulk_update', { p_table: 'crm.contacts', p_ids: [id], p_changes: { archive: true } });
    const gone = await org.client.rpc('bulk_delete', { p_table: 'crm.contacts', p_ids: [id] });
    expect(gone.data).toMatchObject({ deleted: 1, skipped: 0 });
    expect((await history(org, id))[0]).toMatchObject({ action: 'delete', via: 'bulk' });
  });
});

describe('merging duplicates', () => {
  it('keeps one record with both phones and both notes, archives the other, records it in both histories, and undoes', async () => {
    const phone = await phoneType(org);
    const keep = await newContact(org, 'Abigail Foster');
    const drop = await newContact(org, 'Abigail Forster', { nickname: 'Abby' });
    const methods = await org.client.schema('crm').from('contact_methods').insert([
      { contact_id: keep, type_id: phone, value: '555-0100', label: 'Home', is_primary: true },
      { contact_id: drop, type_id: phone, value: '555-0199', label: 'Mobile', is_primary: true },
    ]);
    expect(methods.error).toBeNull();
    const notes = await org.client.schema('crm').from('notes').insert([
      { contact_id: keep, name: 'First note', description: 'kept' },
      { contact_id: drop, name: 'Second note', description: 'moved' },
    ]);
    expect(notes.error).toBeNull();

    const duplicates = await org.client.schema('crm').rpc('possible_duplicates', { p_kind: 'contacts' });
    expect(duplicates.error).toBeNull();
    expect((duplicates.data as { a_id: string; b_id: string }[]).some((pair) => [pair.a_id, pair.b_id].sort().join() === [keep, drop].sort().join())).toBe(true);

    const merged = await org.client.schema('crm').rpc('merge_records', { p_kind: 'contacts', p_survivor: keep, p_merged: drop, p_values: { nickname: 'Abby' } });
    expect(merged.error).toBeNull();
    const { batch_id: batch } = merged.data as { batch_id: string; moved: number };

    const { data: phones } = await org.client.schema('crm').from('contact_methods').select('value, is_primary').eq('contact_id', keep).order('value');
    expect(phones).toEqual([{ value: '555-0100', is_primary: true }, { value: '555-0199', is_primary: false }]);
    const { data: keptNotes } = await org.client.schema('crm').from('notes').select('name').eq('contact_id', keep).order('name');
    expect(keptNotes!.map((note) => note.name)).toEqual(['First note', 'Second note']);
    const { data: survivor } = await org.client.schema('crm').from('contacts').select('nickname').eq('id', keep).single();
    expect(survivor!.nickname).toBe('Abby');
    const { data: loser } = await org.client.schema('crm').from('contacts').select('archive').eq('id', drop).single();
    expect(loser!.archive).toBe(true);
    expect((await history(org, keep))[0]).toMatchObject({ action: 'merge', via: 'merge', batch_id: batch });
    expect((await history(org, drop))[0]).toMatchObject({ action: 'merge', via: 'merge', batch_id: batch });

    const undo = await org.client.rpc('undo_batch', { p_batch_id: batch });
    expect(undo.error).toBeNull();
    const { data: back } = await org.client.schema('crm').from('contact_methods').select('value').eq('contact_id', drop);
    expect(back!.map((row) => row.value)).toEqual(['555-0199']);
    const { data: restored } = await org.client.schema('crm').from('contacts').select('archive').eq('id', drop).single();
    expect(restored!.archive).toBe(false);
  });

  it('a merge is undone for 24 hours only', async () => {
    const keep = await newContact(org, 'Daniel Okafor');
    const drop = await newContact(org, 'Daniel Okafor');
    const merged = await org.client.schema('crm').rpc('merge_records', { p_kind: 'contacts', p_survivor: keep, p_merged: drop, p_values: {} });
    expect(merged.error).toBeNull();
    const { batch_id: batch } = merged.data as { batch_id: string };
    // A day and an hour later (history refuses every change, so its guard is set aside for this session only).
    await db.query("set session_replication_role = 'replica'");
    try {
      await db.query("update public.record_history set created_at = created_at - interval '25 hours' where batch_id = $1", [batch]);
    } finally {
      await db.query("set session_replication_role = 'origin'");
    }
    const undo = await org.client.rpc('undo_batch', { p_batch_id: batch });
    expect(undo.error?.message).toBe('A merge can be undone for 24 hours only');
    const { data: still } = await org.client.schema('crm').from('contacts').select('archive').eq('id', drop).single();
    expect(still!.archive).toBe(true);
  });

  it("refuses to merge another organisation's record", async () => {
    const mine = await newContact(org, 'Mine');
    const theirs = await newContact(other, 'Theirs');
    const refused = await org.client.schema('crm').rpc('merge_records', { p_kind: 'contacts', p_survivor: mine, p_merged: theirs });
    expect(refused.error?.message).toBe('One of the records to merge no longer exists');
    const { rows } = await db.query('select archive from crm.contacts where id = $1', [theirs]);
    expect(rows[0].archive).toBe(false);
  });
});

describe('history of inserted and deleted rows, written set-wise', () => {
  it('holds every shown, non-empty field of each row: one statement in two organisations, and a table with a jsonb field keeps its nested empty values', async () => {
    const tag = `SetWise${Date.now()}`;
    await db.query('begin');
    try {
      // One statement writing in two organisations (as the platform itself may), then deleting them.
      const { rows: inserted } = await db.query<{ id: string }>(
        `insert into crm.contacts (org_name, name, first_name, nickname) values ($1, $3, 'One', null), ($2, $4, 'Two', 'Tee') returning id`,
        [org.orgName, other.orgName, `${tag} One`, `${tag} Two`],
      );
      const { rows: entries } = await db.query(
        `select h.org_name, h.action, h.changes = app.history_row(to_jsonb(c)) as same, h.changes ? 'nickname' as has_nickname, h.changes ? 'short_id' as has_short_id
           from public.record_history h join crm.contacts c on c.id = h.record_id where h.record_id = any($1) order by c.name`,
        [inserted.map((row) => row.id)],
      );
      expect(entries).toEqual([
        { org_name: org.orgName, action: 'insert', same: true, has_nickname: false, has_short_id: false },
        { org_name: other.orgName, action: 'insert', same: true, has_nickname: true, has_short_id: false },
      ]);
      const { rows: before } = await db.query(`select id, to_jsonb(c) as j from crm.contacts c where c.id = any($1)`, [inserted.map((row) => row.id)]);
      await db.query('delete from crm.contacts where id = any($1)', [inserted.map((row) => row.id)]);
      const { rows: deleted } = await db.query(
        `select h.org_name, h.changes = app.history_row(b.j) as same from public.record_history h join jsonb_to_recordset($2::jsonb) as b(id uuid, j jsonb) on b.id = h.record_id
          where h.record_id = any($1) and h.action = 'delete' order by h.org_name = $3 desc`,
        [inserted.map((row) => row.id), JSON.stringify(before), org.orgName],
      );
      expect(deleted).toEqual([
        { org_name: org.orgName, same: true },
        { org_name: other.orgName, same: true },
      ]);

      // A jsonb field's own empty values stay in the entry; the row's empty fields and secrets do not.
      const { rows: integration } = await db.query<{ id: string }>(
        `insert into settings.integrations (org_name, name, type, settings, api_key) values ($1, $2, 'webhook', '{"retry": null, "nested": {"a": null}}', 'secret-key') returning id`,
        [org.orgName, `${tag} Hook`],
      );
      const { rows: integrationEntry } = await db.query(
        `select h.changes from public.record_history h where h.record_id = $1 and h.action = 'insert'`,
        [integration[0]?.id],
      );
      expect(integrationEntry[0].changes.settings).toEqual({ retry: null, nested: { a: null } });
      expect(integrationEntry[0].changes).not.toHaveProperty('api_key');
      expect(integrationEntry[0].changes).not.toHaveProperty('base_url');
    } finally {
      await db.query('rollback');
    }
  });
});

describe('a record\'s label in history', () => {
  it('is its name, title, first and last name, label, guest, value, confirmation or short id — the first that is not empty', async () => {
    const cases: [Record<string, string | null>, string | null][] = [
      [{ name: 'Mill & Co', first_name: 'Ada', last_name: 'Byron' }, 'Mill & Co'],
      [{ name: '', title: 'Roof repair' }, 'Roof repair'],
      [{ first_name: 'Ada', last_name: 'Byron', label: 'Home' }, 'Ada Byron'],
      [{ first_name: 'Ada', last_name: '' }, 'Ada'],
      [{ first_name: null, last_name: 'Byron' }, 'Byron'],
      [{ first_name: '', last_name: '', label: 'Home' }, 'Home'],
      [{ guest_name: 'Cy Young', value: '555-0101' }, 'Cy Young'],
      [{ value: 'ada@example.test', short_id: 'abc' }, 'ada@example.test'],
      [{ confirmation_code: 'R-1001', short_id: 'abc' }, 'R-1001'],
      [{ name: '', short_id: 'abc' }, 'abc'],
      [{ name: '' }, null],
    ];
    const { rows } = await db.query<{ label: string | null }>('select app.record_label(r) as label from jsonb_array_elements($1::jsonb) with ordinality as t(r, n) order by n', [
      JSON.stringify(cases.map(([row]) => row)),
    ]);
    expect(rows.map((row) => row.label)).toEqual(cases.map(([, label]) => label));
  });
});
