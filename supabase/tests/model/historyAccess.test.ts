import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithOwnRole } from '../rls/roleMember';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from '../stack/testStack';

// History is read under each table's own read rule (the same check as the rows), and a contact's
// erasure (GDPR Art. 17) removes their history, search words and files in one call, recorded as an
// erasure, for whoever may delete the contact.
const stack = testStack();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
let org: SignedUpOrganization;
let other: SignedUpOrganization;
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  org = await signUpOrganization(stack, 'History Rules');
  other = await signUpOrganization(stack, 'History Outsider');
});
afterAll(async () => {
  await db.end();
});

async function historyOf(member: SignedUpOrganization, recordId: string) {
  const { data, error } = await member.client.rpc('record_history_page', { p_record_id: recordId });
  if (error) throw new Error(error.message);
  return data as { action: string; changes: Record<string, unknown> }[];
}

async function historyRows(member: SignedUpOrganization, recordId: string) {
  const { data, error } = await member.client.from('record_history').select('id, action').eq('record_id', recordId);
  if (error) throw new Error(error.message);
  return data as { id: number; action: string }[];
}

describe('history is read as the rows are', () => {
  it("a member whose role views Settings but cannot read integrations reads none of the integrations' history", async () => {
    const { data, error } = await org.client
      .schema('settings')
      .from('integrations')
      .insert({ name: 'Payments', type: 'stripe', org_name: org.orgName, base_url: 'https://pay.example.com/hook' })
      .select('id')
      .single();
    expect(error).toBeNull();
    const integrationId = (data as { id: string }).id;
    await org.client.schema('settings').from('integrations').update({ base_url: 'https://pay.example.com/other' }).eq('id', integrationId);
    expect((await historyOf(org, integrationId)).map((entry) => entry.action)).toEqual(['update', 'insert']);

    const { member, grant } = await memberWithOwnRole(stack, org, 'Viewer');
    await grant('settings', 'Organization');
    // The rows: integrations need Settings edit.
    const rows = await member.client.schema('settings').from('integrations').select('id').eq('id', integrationId);
    expect(rows.data ?? []).toEqual([]);
    // Their history: the same.
    expect(await historyOf(member, integrationId)).toEqual([]);
    expect(await historyRows(member, integrationId)).toEqual([]);
    const { data: anyIntegrationHistory } = await member.client.from('record_history').select('id').eq('table_name', 'settings.integrations');
    expect(anyIntegrationHistory ?? []).toEqual([]);
    // What the role does read keeps its history: the branding the member may view.
    const { data: readable } = await member.client.from('record_history').select('table_name').eq('org_name', org.orgName).neq('table_name', 'settings.integrations');
    expect((readable ?? []).length).toBeGreaterThan(0);
  });

  it('app.history_read_grants() is written from the read rules the tables have now', async () => {
    const { rows } = await db.query<{ same: boolean }>(
      `select p.prosrc = app.history_read_grants_sql() as same from pg_proc p where p.oid = 'app.history_read_grants()'::regprocedure`,
    );
    expect(rows[0]?.same, 'a history table or its read rule changed: put select app.history_read_grants_sql() in supabase/schemas/app/functions.sql as the body of app.history_read_grants()').toBe(true);
  });
});

describe("a contact's erasure", () => {
  async function contactWithEverything(owner: SignedUpOrganization, name: string) {
    const { data, error } = await owner.client.schema('crm').from('contacts').insert({ name, org_name: owner.orgName }).select('id').single();
    if (error) throw new Error(error.message);
    const id = (data as { id: string }).id;
    await owner.client.schema('crm').from('contacts').update({ nickname: 'Zeb' }).eq('id', id);
    const note = await owner.client.schema('crm').from('notes').insert({ org_name: owner.orgName, contact_id: id, name: `About ${name}`, description: 'Passport seen' }).select('id').single();
    expect(note.error).toBeNull();
    // Their waiver, uploaded and recorded as the Files tab does.
    const fileId = randomUUID();
    const orgId = (await db.query<{ id: string }>('select id from public.organizations where name = $1', [owner.orgName])).rows[0]!.id;
    const path = `${orgId}/${fileId}`;
    const upload = await owner.client.storage.from('record-files').upload(path, PDF, { contentType: 'application/pdf' });
    expect(upload.error).toBeNull();
    const file = await owner.client.schema('crm').from('crm_files').insert({ id: fileId, org_name: owner.orgName, contact_id: id, name: 'waiver.pdf', storage_path: path, content_type: 'application/pdf', size_bytes: PDF.length }).select('id').single();
    expect(file.error).toBeNull();
    // Where the storage service keeps its bytes (hosted: the S3 object).
    const { rows } = await db.query<{ version: string }>(`select version from storage.objects where bucket_id = 'record-files' and name = $1`, [path]);
    const body = join(stack.dataDir, 'storage', 'objects', rows[0]!.version);
    expect(existsSync(body)).toBe(true);
    return { id, noteId: (note.data as { id: string }).id, fileId: (file.data as { id: string }).id, path, body };
  }

  it('removes their history, search words and files in one call, and records the erasure naming no one', async () => {
    const keeper = await org.client.schema('crm').from('contacts').insert({ name: 'Quillon Keeper', org_name: org.orgName }).select('id').single();
    expect(keeper.error).toBeNull();
    const person = await contactWithEverything(org, 'Zebulon Quillon');
    expect((await historyOf(org, person.id)).length).toBeGreaterThanOrEqual(3);
    const words = async () => (await db.query<{ word: string }>(`select distinct word from app.search_words where org_name = $1 and word in ('zebulon', 'quillon') order by 1`, [org.orgName])).rows.map((row) => row.word);
    expect(await words()).toEqual(['quillon', 'zebulon']);

    const { data, error } = await org.client.schema('crm').rpc('erase_contact', { p_contact_id: person.id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ erased: person.id, files: 1, stored_files: 1 });

    const left = await db.query(`select action, changes::text, record_label from public.record_history where record_id = any ($1)`, [[person.id, person.noteId, person.fileId]]);
    expect(left.rows).toHaveLength(1);
    expect(left.rows[0].action).toBe('erase');
    expect(`${left.rows[0].changes} ${left.rows[0].record_label}`).not.toMatch(/zebulon|quillon|passport|waiver/i);
    expect((await db.query('select 1 from crm.contacts where id = $1', [person.id])).rows).toEqual([]);
    expect((await db.query('select 1 from crm.crm_files where id = $1', [person.fileId])).rows).toEqual([]);
    // No one opens the file any more, its uploader included, while its removal waits.
    expect((await org.client.storage.from('record-files').download(person.path)).error).not.toBeNull();
    // Its bytes leave the storage backend: removed through the Storage API by the storage-removal worker,
    // which records the removal once the Storage API has answered (so the record comes last).
    const removal = async () => (await db.query(`select reason, removed_at is not null as removed, last_error from app.storage_removals where name = $1`, [person.path])).rows;
    await expect.poll(removal, { timeout: 15_000, interval: 100 }).toEqual([{ reason: 'erasure', removed: true, last_error: null }]);
    expect(existsSync(person.body)).toBe(false);
    expect((await db.query('select 1 from storage.objects where name = $1', [person.path])).rows).toEqual([]);
    // 'quillon' is still someone else's name; 'zebulon' was only theirs.
    expect(await words()).toEqual(['quillon']);
    // The organisation sees that an erasure happened.
    expect((await historyOf(org, person.id)).map((entry) => entry.action)).toEqual(['erase']);
  });

  it('erases a contact already deleted, from what its deletion recorded', async () => {
    const person = await contactWithEverything(org, 'Xanthippe Deleted');
    expect((await org.client.schema('crm').from('contacts').delete().eq('id', person.id)).error).toBeNull();
    const { error } = await org.client.schema('crm').rpc('erase_contact', { p_contact_id: person.id });
    expect(error).toBeNull();
    const left = await db.query(`select action from public.record_history where record_id = any ($1)`, [[person.id, person.noteId, person.fileId]]);
    expect(left.rows.map((row) => row.action)).toEqual(['erase']);
    await expect.poll(() => existsSync(person.body), { timeout: 15_000, interval: 100 }).toBe(false);
  });

  it('is for whoever may delete the contact: not a member who only views the CRM, not another organisation', async () => {
    const person = await contactWithEverything(org, 'Ottoline Kept');
    const before = (await db.query('select count(*)::int as n from public.record_history where record_id = $1', [person.id])).rows[0].n;
    const { member, grant } = await memberWithOwnRole(stack, org, 'Looker');
    await grant('crm', 'Organization');
    const refused = await member.client.schema('crm').rpc('erase_contact', { p_contact_id: person.id });
    expect(refused.error?.code).toBe('42501');
    const outsider = await other.client.schema('crm').rpc('erase_contact', { p_contact_id: person.id });
    expect(outsider.error?.code).toBe('42501');
    expect((await db.query('select count(*)::int as n from public.record_history where record_id = $1', [person.id])).rows[0].n).toBe(before);
    expect((await db.query('select 1 from crm.contacts where id = $1', [person.id])).rows).toHaveLength(1);
    expect(existsSync(person.body)).toBe(true);
  });
});
