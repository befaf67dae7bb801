import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation } from '../rls/acceptInvitation';
import { signIn, signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from '../stack/testStack';

// CSV import at scale: rows are staged in chunks under an import job that only its owner sees, checked
// set-wise (problems and likely duplicates by line), then imported by one call — all rows or none —
// and recorded in history as one import batch. Cancel deletes the job and its staged rows.
const stack = testStack();
let org: SignedUpOrganization;
let colleague: SignedUpOrganization;
let other: SignedUpOrganization;
let db: pg.Client;

type Staged = { line: number; name: string; phone?: string; email?: string; type?: string; status?: string; city?: string; primary_owner?: string };

async function startJob(member: SignedUpOrganization, orgName = member.orgName, kind = 'contact'): Promise<string> {
  const { data, error } = await member.client.schema('crm').from('import_jobs').insert({ org_name: orgName, kind }).select('id').single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function stage(member: SignedUpOrganization, jobId: string, rows: Staged[]) {
  return member.client.schema('crm').from('import_rows').insert(rows.map((row) => ({ job_id: jobId, ...row })));
}

async function problems(member: SignedUpOrganization, jobId: string) {
  const { data, error } = await member.client.schema('crm').rpc('import_problems', { p_job: jobId });
  if (error) throw new Error(error.message);
  // Each problem names its message (its refusal's id), for the importer's language.
  return (data as { line: number; kind: string; message: string; refusal: { id: string } | null }[]).map(({ refusal, ...problem }) => ({ ...problem, id: refusal?.id }));
}

async function contactsNamed(prefix: string, orgName = org.orgName): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('select name from crm.contacts where org_name = $1 and name like $2 order by name', [orgName, `${prefix}%`]);
  return rows.map((row) => row.name);
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  org = await signUpOrganization(stack, 'Importer');
  other = await signUpOrganization(stack, 'Elsewhere');
  const { data: owner } = await org.client.from('user_profiles').select('role_id').eq('id', org.profileId).single();
  const email = `colleague-${randomUUID().slice(0, 8)}@example.com`;
  const { error } = await org.client.from('user_profiles').insert({ org_name: org.orgName, name: 'Colleague', email, status: 'Pending', role_id: (owner as { role_id: string }).role_id });
  if (error) throw new Error(error.message);
  await acceptInvitation(stack, { email, orgName: org.orgName, password: 'colleague-password', fullName: 'Colleague' });
  colleague = { ...org, client: await signIn(stack, email, 'colleague-password') };
});
afterAll(async () => {
  await db.end();
});

describe('import jobs', () => {
  it('belong to their owner: a colleague in the same organisation and another organisation see, fill and import nothing of them', async () => {
    const jobId = await startJob(org);
    expect((await stage(org, jobId, [{ line: 2, name: 'Iso Owner' }])).error).toBeNull();

    for (const outsider of [colleague, other]) {
      const { data: jobs } = await outsider.client.schema('crm').from('import_jobs').select('id').eq('id', jobId);
      expect(jobs).toEqual([]);
      const { data: rows } = await outsider.client.schema('crm').from('import_rows').select('line').eq('job_id', jobId);
      expect(rows).toEqual([]);
      expect((await stage(outsider, jobId, [{ line: 3, name: 'Iso Intruder' }])).error?.code).toBe('42501');
      const { error } = await outsider.client.schema('crm').rpc('import_job', { p_job: jobId });
      expect(error?.message).toBe('This import was cancelled or has already finished');
      await outsider.client.schema('crm').from('import_jobs').delete().eq('id', jobId);
    }
    // Nobody starts a job in an organisation they are not a member of.
    const { error } = await other.client.schema('crm').from('import_jobs').insert({ org_name: org.orgName, kind: 'contact' });
    expect(error?.code).toBe('42501');

    const { data: still } = await org.client.schema('crm').from('import_rows').select('line, name').eq('job_id', jobId);
    expect(still).toEqual([{ line: 2, name: 'Iso Owner' }]);
  });

  it('flags likely duplicates: the same e-mail (any case) or phone digits as an existing record, or as an earlier line', async () => {
    const tag = `Dup${Date.now()}`;
    const seedJob = await startJob(org);
    await stage(org, seedJob, [{ line: 2, name: `${tag} Existing`, phone: '(207) 555-0142', email: 'Existing.Person@Example.test' }]);
    const { error: seeded } = await org.client.schema('crm').rpc('import_job', { p_job: seedJob });
    expect(seeded).toBeNull();
    // The same person in another organisation is nobody's duplicate here.
    const elsewhere = await startJob(other);
    await stage(other, elsewhere, [{ line: 2, name: 'Elsewhere Person', phone: '207 555 0199', email: 'elsewhere@example.test' }]);
    expect((await other.client.schema('crm').rpc('import_job', { p_job: elsewhere })).error).toBeNull();

    const jobId = await startJob(org);
    await stage(org, jobId, [
      { line: 2, name: `${tag} Mail`, email: 'existing.person@example.TEST' },
      { line: 3, name: `${tag} Phone`, phone: '+1 207.555.0142' },
      { line: 4, name: `${tag} Fresh`, phone: '207-555-0100', email: 'fresh@example.test' },
      { line: 5, name: `${tag} Again`, email: 'FRESH@example.test' },
      { line: 6, name: `${tag} Other org's`, phone: '(207) 555-0199', email: 'elsewhere@example.test' },
    ]);
    expect(await problems(org, jobId)).toEqual([
      { line: 2, kind: 'duplicate', message: `Same e-mail as ${tag} Existing`, id: 'import.sameEmailAs' },
      { line: 5, kind: 'duplicate', message: 'Same e-mail as line 4', id: 'import.sameEmailAsLine' },
    ]);
    // Phone digits: "+1 207.555.0142" is not "(207) 555-0142" digit for digit; the same digits are.
    await stage(org, jobId, [{ line: 7, name: `${tag} Same digits`, phone: '207.555.0142' }]);
    expect((await problems(org, jobId)).filter((problem) => problem.line === 7)).toEqual([{ line: 7, kind: 'duplicate', message: `Same phone as ${tag} Existing`, id: 'import.samePhoneAs' }]);
  });

  it('imports all rows or none: one bad line imports nothing and names the line; fixed, every row with its methods, as one import batch', async () => {
    const tag = `All${Date.now()}`;
    const jobId = await startJob(org);
    await stage(org, jobId, [
      { line: 2, name: `${tag} Ada`, phone: '555-0101', email: 'ada@example.test', type: 'Customer', city: 'Boone' },
      { line: 3, name: `${tag} Cy`, status: 'Active', primary_owner: 'Importer Owner' },
      { line: 4, name: `${tag} Di`, type: 'Not A Type', email: 'not-an-address' },
    ]);
    expect((await problems(org, jobId)).filter((problem) => problem.kind === 'error')).toEqual([
      { line: 4, kind: 'error', message: '"not-an-address" is not an e-mail address', id: 'import.notEmail' },
      { line: 4, kind: 'error', message: 'Unknown type "Not A Type"', id: 'import.unknownType' },
    ]);
    const failed = await org.client.schema('crm').rpc('import_job', { p_job: jobId });
    expect(failed.error?.message).toBe('Import failed: nothing was imported');
    expect(JSON.parse(failed.error?.details ?? '[]')).toHaveLength(2);
    expect(await contactsNamed(tag)).toEqual([]);

    // The job is still there: the fixed line replaces the bad one.
    await db.query('delete from crm.import_rows where job_id = $1 and line = 4', [jobId]);
    expect((await stage(org, jobId, [{ line: 4, name: `${tag} Di`, type: 'Volunteer' }])).error).toBeNull();
    const { data: count, error } = await org.client.schema('crm').rpc('import_job', { p_job: jobId });
    expect(error).toBeNull();
    expect(count).toBe(3);
    expect(await contactsNamed(tag)).toEqual([`${tag} Ada`, `${tag} Cy`, `${tag} Di`]);
    const { rows: ada } = await db.query(
      `select c.first_name, c.last_name, t.name as type, (select array_agg(cm.value order by cm.value) from crm.contact_methods cm where cm.contact_id = c.id and cm.is_primary) as methods,
              (select a.city from crm.addresses a where a.contact_id = c.id) as city, s.phone_id is not null and s.email_id is not null as shown
         from crm.contacts c left join crm.contact_types t on t.id = c.type_id left join app.shown_contact_methods s on s.parent_id = c.id where c.name = $1`,
      [`${tag} Ada`],
    );
    expect(ada).toEqual([{ first_name: tag, last_name: 'Ada', type: 'Customer', methods: ['555-0101', 'ada@example.test'], city: 'Boone', shown: true }]);
    const { rows: history } = await db.query<{ via: string; batches: number; rows: number }>(
      `select min(h.via) as via, count(distinct h.batch_id)::int as batches, count(*)::int as rows from public.record_history h
        join crm.contacts c on c.id = h.record_id where c.name like $1`,
      [`${tag}%`],
    );
    expect(history).toEqual([{ via: 'import', batches: 1, rows: 3 }]);
    // The job is gone with its staged rows.
    expect((await db.query('select 1 from crm.import_rows where job_id = $1', [jobId])).rowCount).toBe(0);
    expect((await org.client.schema('crm').rpc('import_job', { p_job: jobId })).error?.message).toBe('This import was cancelled or has already finished');
  });

  it('cancel: deleting the job removes its staged rows and imports nothing', async () => {
    const tag = `Cancel${Date.now()}`;
    const jobId = await startJob(org);
    await stage(org, jobId, Array.from({ length: 500 }, (_, index) => ({ line: index + 2, name: `${tag} ${index}` })));
    const { error } = await org.client.schema('crm').from('import_jobs').delete().eq('id', jobId);
    expect(error).toBeNull();
    expect((await db.query('select 1 from crm.import_rows where job_id = $1', [jobId])).rowCount).toBe(0);
    expect((await org.client.schema('crm').rpc('import_job', { p_job: jobId })).error?.message).toBe('This import was cancelled or has already finished');
    expect(await contactsNamed(tag)).toEqual([]);
  });
});

// The import writes its rows with the record rules applied once per statement (app.import_job_write,
// run as the role steward_import_writer, whose writes the per-row triggers skip). Every rule those
// triggers enforce holds for the imported rows; nobody else's write skips a rule.
describe('the import applies every record rule to the rows it writes', () => {
  const IMPORT_TABLES = ['crm.addresses', 'crm.businesses', 'crm.contact_methods', 'crm.contacts'];

  async function importTagged(tag: string, rows: Staged[], member = org) {
    const jobId = await startJob(member);
    expect((await stage(member, jobId, rows)).error).toBeNull();
    const { data, error } = await member.client.schema('crm').rpc('import_job', { p_job: jobId });
    expect(error).toBeNull();
    expect(data).toBe(rows.length);
    const { rows: ids } = await db.query<{ id: string }>('select id from crm.contacts where name like $1 order by name', [`${tag}%`]);
    return ids.map((row) => row.id);
  }

  /** Runs fn in a transaction on the test's connection as the signed-in person, rolled back. */
  async function asUser<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    await db.query('begin');
    try {
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: userId, role: 'authenticated' })]);
      await db.query('set local role authenticated');
      return await fn();
    } finally {
      await db.query('rollback');
    }
  }

  it('stamps every written row as the trigger would: the organisation, the caller as creator and last editor, the time, the short id', async () => {
    const tag = `Stamp${Date.now()}`;
    const {
      rows: [clock],
    } = await db.query<{ now: Date }>('select now()');
    if (!clock) throw new Error('no clock');
    const before = clock.now;
    const ids = await importTagged(tag, [
      { line: 2, name: `${tag} Ann`, phone: '207 555 0111', email: 'ann@example.test', city: 'Boone' },
      { line: 3, name: `${tag} Bo`, email: 'bo@example.test' },
    ]);
    expect(ids).toHaveLength(2);
    const { rows } = await db.query(
      `select 'contact' as kind, c.org_name, c.created_by, c.last_modified_by, c.created_at, c.last_modified_at, c.short_id = app.short_id_for(c.id) as short_id_ok
         from crm.contacts c where c.id = any($1)
       union all
       select 'method', m.org_name, m.created_by, m.last_modified_by, m.created_at, m.last_modified_at, true from crm.contact_methods m where m.contact_id = any($1)
       union all
       select 'address', a.org_name, a.created_by, a.last_modified_by, a.created_at, a.last_modified_at, true from crm.addresses a where a.contact_id = any($1)`,
      [ids],
    );
    expect(rows.map((row) => row.kind).sort()).toEqual(['address', 'contact', 'contact', 'method', 'method', 'method']);
    const created = rows[0].created_at as Date;
    for (const row of rows) {
      expect(row).toMatchObject({ org_name: org.orgName, created_by: org.profileId, last_modified_by: org.profileId, short_id_ok: true });
      // One transaction: one created_at for all, at or after the test's clock, never after the last change.
      expect(row.created_at).toEqual(created);
      expect(row.created_at.getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect(row.last_modified_at.getTime()).toBeGreaterThanOrEqual(row.created_at.getTime());
    }
  });

  it('gives each record exactly one primary phone, e-mail and address, with kind and label from the type, and shows them', async () => {
    const tag = `Primary${Date.now()}`;
    const ids = await importTagged(tag, [
      { line: 2, name: `${tag} Cal`, phone: '(207) 555-0122', email: 'cal@example.test', city: 'Boone' },
      { line: 3, name: `${tag} Dee`, phone: '207.555.0123' },
    ]);
    const { rows: methods } = await db.query(
      `select c.name, m.kind, m.label, t.kind as type_kind, t.name as type_name, m.value, m.is_primary
         from crm.contact_methods m join crm.contacts c on c.id = m.contact_id join crm.contact_method_types t on t.id = m.type_id
        where c.id = any($1) order by c.name, m.kind`,
      [ids],
    );
    expect(methods).toHaveLength(3);
    for (const method of methods) {
      expect(method.kind).toBe(method.type_kind);
      expect(method.label).toBe(method.type_name);
      expect(method.is_primary).toBe(true);
    }
    expect(methods.map((method) => [method.name, method.kind, method.value])).toEqual([
      [`${tag} Cal`, 'email', 'cal@example.test'],
      [`${tag} Cal`, 'phone', '(207) 555-0122'],
      [`${tag} Dee`, 'phone', '207.555.0123'],
    ]);
    // Exactly one primary per record and kind (the rule's own indexes hold it too).
    const { rows: primaries } = await db.query(
      `select count(*)::int as n from crm.contact_methods m where m.contact_id = any($1) and m.is_primary and not m.archive group by m.contact_id, m.kind having count(*) <> 1`,
      [ids],
    );
    expect(primaries).toEqual([]);
    // The shown phone, e-mail and address are the imported ones (as app.refresh_shown_contact_methods chooses).
    const { rows: shown } = await db.query(
      `select c.name, p.value as phone, e.value as email, a.city
         from crm.contacts c left join app.shown_contact_methods s on s.parent_id = c.id
         left join crm.contact_methods p on p.id = s.phone_id left join crm.contact_methods e on e.id = s.email_id left join crm.addresses a on a.id = s.address_id
        where c.id = any($1) order by c.name`,
      [ids],
    );
    expect(shown).toEqual([
      { name: `${tag} Cal`, phone: '(207) 555-0122', email: 'cal@example.test', city: 'Boone' },
      { name: `${tag} Dee`, phone: '207.555.0123', email: null, city: null },
    ]);
    // Adding another primary phone afterwards demotes the imported one, as for any record.
    const { rows: phoneType } = await db.query(`select type_id from crm.contact_methods where contact_id = $1 and kind = 'phone'`, [ids[0]]);
    const { error } = await org.client.schema('crm').from('contact_methods').insert({ org_name: org.orgName, contact_id: ids[0], type_id: phoneType[0].type_id, value: '207 555 0199', is_primary: true });
    expect(error).toBeNull();
    const { rows: afterAdd } = await db.query(`select value, is_primary from crm.contact_methods where contact_id = $1 and kind = 'phone' order by value`, [ids[0]]);
    expect(afterAdd).toEqual([
      { value: '(207) 555-0122', is_primary: false },
      { value: '207 555 0199', is_primary: true },
    ]);
  });

  it('records each written row in history as the per-row path would: same fields, label, person and owners, one import batch', async () => {
    const tag = `Hist${Date.now()}`;
    const ids = await importTagged(tag, [
      { line: 2, name: `${tag} Eve`, phone: '207 555 0131', email: 'eve@example.test', city: 'Boone', type: 'Customer', primary_owner: 'Importer Owner' },
    ]);
    const { rows } = await db.query(
      `select h.table_name, h.action, h.via, h.batch_id, h.actor_id, h.actor_name, h.record_label, h.owner_ids,
              h.changes = app.history_row(r.j) as same_fields, h.record_label = app.record_label(r.j) as same_label,
              h.owner_ids = app.record_owner_ids(r.j) as same_owners
         from public.record_history h
         join (select id, to_jsonb(c) as j from crm.contacts c where c.id = $1
               union all select id, to_jsonb(m) from crm.contact_methods m where m.contact_id = $1
               union all select id, to_jsonb(a) from crm.addresses a where a.contact_id = $1) r on r.id = h.record_id
        order by h.table_name`,
      [ids[0]],
    );
    expect(rows.map((row) => row.table_name)).toEqual(['crm.addresses', 'crm.contact_methods', 'crm.contact_methods', 'crm.contacts']);
    expect(new Set(rows.map((row) => row.batch_id)).size).toBe(1);
    for (const row of rows) {
      expect(row).toMatchObject({ action: 'insert', via: 'import', actor_id: org.profileId, same_fields: true, same_label: true, same_owners: true });
      expect(row.actor_name).toBeTruthy();
    }
    const contact = rows.find((row) => row.table_name === 'crm.contacts');
    expect(contact?.record_label).toBe(`${tag} Eve`);
    // Created by and owned by the caller (app.record_owner_ids lists both).
    expect(contact?.owner_ids).toEqual([org.profileId, org.profileId]);
    // The batch is undone at once, as any import batch.
    const { rows: batch } = await db.query<{ n: number }>('select count(*)::int as n from public.record_history where batch_id = $1', [rows[0].batch_id]);
    expect(batch[0]?.n).toBe(4);
  });

  it('is all or nothing when a write fails after the check: no record, method, address or history entry remains, the job stays', async () => {
    const tag = `Fail${Date.now()}`;
    const [existingId] = await importTagged(`${tag} A`, [{ line: 2, name: `${tag} A Existing` }]);
    const jobId = await startJob(org);
    // The third row names the id of a record that exists: the insert fails after two rows were written.
    await stage(org, jobId, [
      { line: 2, name: `${tag} B One`, phone: '207 555 0141', city: 'Boone' },
      { line: 3, name: `${tag} B Two`, email: 'two@example.test' },
    ]);
    await db.query('insert into crm.import_rows (job_id, line, record_id, name) values ($1, 4, $2, $3)', [jobId, existingId, `${tag} B Three`]);
    const { error } = await org.client.schema('crm').rpc('import_job', { p_job: jobId });
    expect(error?.code).toBe('23505');
    expect(await contactsNamed(`${tag} B`)).toEqual([]);
    const { rows: left } = await db.query(
      `select (select count(*) from crm.contact_methods where value in ('207 555 0141', 'two@example.test') and org_name = $1)::int as methods,
              (select count(*) from public.record_history where org_name = $1 and record_label like $2)::int as history`,
      [org.orgName, `${tag} B%`],
    );
    expect(left).toEqual([{ methods: 0, history: 0 }]);
    expect((await db.query('select 1 from crm.import_rows where job_id = $1', [jobId])).rowCount).toBe(3);
  });

  it('refuses, even when the writer is called directly: another person\'s job, a person no longer Active, a row with a problem', async () => {
    const tag = `Direct${Date.now()}`;
    const jobId = await startJob(org);
    await stage(org, jobId, [{ line: 2, name: `${tag} Gil` }]);
    // Someone else (another organisation's person, or anybody else signed in) calling the writer
    // itself finds no job of theirs.
    for (const outsider of [other.userId, randomUUID()]) {
      await expect(asUser(outsider, () => db.query('select app.import_job_write($1)', [jobId]))).rejects.toThrow('This import was cancelled or has already finished');
    }
    // The owner no longer Active in the organisation: refused.
    await db.query('begin');
    try {
      await db.query(`update public.user_profiles set status = 'Inactive' where id = $1`, [org.profileId]);
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: org.userId, role: 'authenticated' })]);
      await db.query('set local role authenticated');
      await expect(db.query('select app.import_job_write($1)', [jobId])).rejects.toThrow(`You may not add records to the organization ${org.orgName}`);
    } finally {
      await db.query('rollback');
    }
    // A row with a problem staged behind the preview's back is refused by the writer's own check.
    await db.query(`insert into crm.import_rows (job_id, line, name, email) values ($1, 3, $2, 'not-an-address')`, [jobId, `${tag} Bad`]);
    await expect(asUser(org.userId, () => db.query('select app.import_job_write($1)', [jobId]))).rejects.toThrow('Import failed: nothing was imported');
    expect(await contactsNamed(tag)).toEqual([]);
  });

  it('uses only the organisation\'s own types and people: the same names elsewhere are unknown', async () => {
    const tag = `Own${Date.now()}`;
    const { data: otherType, error: typeError } = await other.client.schema('crm').from('contact_types').insert({ org_name: other.orgName, name: `${tag} Elsewhere Type` }).select('id').single();
    expect(typeError).toBeNull();
    expect(otherType).toBeTruthy();
    const jobId = await startJob(org);
    await stage(org, jobId, [
      { line: 2, name: `${tag} Hal`, type: `${tag} Elsewhere Type` },
      { line: 3, name: `${tag} Ivy`, primary_owner: 'Elsewhere Owner' },
    ]);
    const failed = await org.client.schema('crm').rpc('import_job', { p_job: jobId });
    expect(failed.error?.message).toBe('Import failed: nothing was imported');
    expect(JSON.parse(failed.error?.details ?? '[]')).toEqual([
      {
        line: 2,
        message: `Unknown type "${tag} Elsewhere Type"`,
        refusal: { id: 'import.unknownType', message: `Unknown type "${tag} Elsewhere Type"`, values: { type: `${tag} Elsewhere Type` } },
      },
      { line: 3, message: 'Unknown owner "Elsewhere Owner"', refusal: { id: 'import.unknownOwner', message: 'Unknown owner "Elsewhere Owner"', values: { owner: 'Elsewhere Owner' } } },
    ]);
    // The organisation's own type of a default's name is chosen over the default.
    const { data: ownType, error: ownError } = await org.client.schema('crm').from('contact_types').insert({ org_name: org.orgName, name: 'Donor' }).select('id').single();
    expect(ownError).toBeNull();
    const ids = await importTagged(`${tag} J`, [{ line: 2, name: `${tag} J Jo`, type: 'donor', primary_owner: 'importer owner' }]);
    const { rows } = await db.query('select type_id, primary_owner_id, org_name from crm.contacts where id = $1', [ids[0]]);
    expect(rows).toEqual([{ type_id: (ownType as { id: string }).id, primary_owner_id: org.profileId, org_name: org.orgName }]);
  });

  it('imports businesses with the same rules: stamps, short id, the organisation\'s type, a primary phone shown, history', async () => {
    const tag = `Biz${Date.now()}`;
    const jobId = await startJob(org, org.orgName, 'business');
    expect((await stage(org, jobId, [{ line: 2, name: `${tag} Mill`, type: 'Non-Profit', phone: '207 555 0161', city: 'Boone' }])).error).toBeNull();
    const { data, error } = await org.client.schema('crm').rpc('import_job', { p_job: jobId });
    expect(error).toBeNull();
    expect(data).toBe(1);
    const { rows } = await db.query(
      `select b.org_name, b.created_by, b.last_modified_by, b.short_id = app.short_id_for(b.id) as short_id_ok, t.name as type, t.org_name in (b.org_name, '_system_default_') as type_ok,
              m.kind, m.label, m.is_primary, m.created_by as method_by, s.phone_id = m.id as shown, a.city,
              (select count(*)::int from public.record_history h where h.record_id in (b.id, m.id, a.id) and h.via = 'import') as history
         from crm.businesses b left join crm.business_types t on t.id = b.type_id
         join crm.contact_methods m on m.business_id = b.id join crm.addresses a on a.business_id = b.id
         left join app.shown_contact_methods s on s.parent_id = b.id
        where b.name = $1`,
      [`${tag} Mill`],
    );
    expect(rows).toEqual([
      {
        org_name: org.orgName,
        created_by: org.profileId,
        last_modified_by: org.profileId,
        short_id_ok: true,
        type: 'Non-Profit',
        type_ok: true,
        kind: 'phone',
        label: 'Phone',
        is_primary: true,
        method_by: org.profileId,
        shown: true,
        city: 'Boone',
        history: 3,
      },
    ]);
  });

  it('holds a cancel until the import is done; the cancel then finds nothing to cancel', async () => {
    const tag = `Wait${Date.now()}`;
    const jobId = await startJob(org);
    await stage(org, jobId, [{ line: 2, name: `${tag} Kim` }]);
    const importer = await connectDb(stack.dbUrl);
    try {
      await importer.query('begin');
      await importer.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: org.userId, role: 'authenticated' })]);
      await importer.query('set local role authenticated');
      await importer.query('select crm.import_job($1)', [jobId]);
      // The import is written, not committed: the cancel waits for it.
      let cancelled = false;
      const cancel = org.client.schema('crm').from('import_jobs').delete().eq('id', jobId).select('id').then((result) => {
        cancelled = true;
        return result;
      });
      // Until the cancel is seen waiting on the import's lock.
      await new Promise<void>((resolve) => {
        const poll = async () => {
          const { rows } = await db.query(`select count(*)::int as n from pg_catalog.pg_stat_activity a where a.wait_event_type = 'Lock' and a.query ilike '%import_jobs%'`);
          if (rows[0].n > 0) resolve();
          else setTimeout(poll, 20);
        };
        void poll();
      });
      expect(cancelled).toBe(false);
      await importer.query('commit');
      const { data, error } = await cancel;
      expect(error).toBeNull();
      expect(data).toEqual([]);
    } finally {
      await importer.end();
    }
    expect(await contactsNamed(tag)).toEqual([`${tag} Kim`]);
  });

  it('skips the per-row rules for the import writer only: every per-row trigger of the imported tables says so, and nobody can act as the writer', async () => {
    const { rows: triggers } = await db.query<{ table: string; name: string; skips: boolean }>(
      `select t.tgrelid::regclass::text as table, t.tgname as name,
              pg_catalog.pg_get_triggerdef(t.oid) ~ ' WHEN \\(+CURRENT_USER <> ''steward_import_writer''::name\\)( AND|\\) EXECUTE)' as skips
         from pg_catalog.pg_trigger t
        where t.tgrelid = any($1::regclass[]) and not t.tgisinternal and (t.tgtype & 1) = 1
        order by 1, 2`,
      [IMPORT_TABLES],
    );
    expect(triggers.filter((trigger) => !trigger.skips)).toEqual([]);
    // Each rule below is one app.import_job_write applies itself: a new per-row rule on these tables
    // must be applied there too before it joins this list.
    expect(triggers.map((trigger) => `${trigger.table} ${trigger.name}`)).toEqual([
      'crm.addresses org_ref_guard_addresses_created_by_fkey',
      'crm.addresses org_ref_guard_addresses_last_modified_by_fkey',
      'crm.addresses steward_07_one_primary',
      'crm.addresses steward_10_org_name',
      'crm.addresses steward_20_audit',
      'crm.addresses steward_30_ref_addresses_business_id_fkey',
      'crm.addresses steward_30_ref_addresses_contact_id_fkey',
      'crm.addresses steward_30_ref_addresses_household_id_fkey',
      'crm.addresses steward_30_ref_addresses_user_id_fkey',
      'crm.businesses org_ref_guard_businesses_created_by_fkey',
      'crm.businesses org_ref_guard_businesses_last_modified_by_fkey',
      'crm.businesses steward_10_org_name',
      'crm.businesses steward_15_custom_insert',
      'crm.businesses steward_15_custom_update',
      'crm.businesses steward_20_audit',
      'crm.businesses steward_30_ref_businesses_primary_owner_id_fkey',
      'crm.businesses steward_30_ref_businesses_secondary_owner_id_fkey',
      'crm.businesses steward_30_ref_businesses_type_id_fkey',
      'crm.businesses steward_30_short_id',
      'crm.contact_methods org_ref_guard_contact_methods_created_by_fkey',
      'crm.contact_methods org_ref_guard_contact_methods_last_modified_by_fkey',
      'crm.contact_methods steward_05_label',
      'crm.contact_methods steward_06_kind',
      'crm.contact_methods steward_07_one_primary',
      'crm.contact_methods steward_10_org_name',
      'crm.contact_methods steward_20_audit',
      'crm.contact_methods steward_30_ref_contact_methods_business_id_fkey',
      'crm.contact_methods steward_30_ref_contact_methods_contact_id_fkey',
      'crm.contact_methods steward_30_ref_contact_methods_household_id_fkey',
      'crm.contact_methods steward_30_ref_contact_methods_type_id_fkey',
      'crm.contact_methods steward_30_ref_contact_methods_user_id_fkey',
      'crm.contacts org_ref_guard_contacts_created_by_fkey',
      'crm.contacts org_ref_guard_contacts_last_modified_by_fkey',
      'crm.contacts steward_10_org_name',
      'crm.contacts steward_15_custom_insert',
      'crm.contacts steward_15_custom_update',
      'crm.contacts steward_20_audit',
      'crm.contacts steward_30_ref_contacts_primary_owner_id_fkey',
      'crm.contacts steward_30_ref_contacts_secondary_owner_id_fkey',
      'crm.contacts steward_30_ref_contacts_spouse_id_fkey',
      'crm.contacts steward_30_ref_contacts_type_id_fkey',
      'crm.contacts steward_30_short_id',
      'crm.contacts steward_85_mirror_spouse',
    ]);
    // No API role is, or can become, the writer; it cannot log in; it owns the writer function only.
    const { rows: roles } = await db.query(
      `select r.rolname, pg_catalog.pg_has_role(r.oid, 'steward_import_writer', 'usage') as uses, pg_catalog.pg_has_role(r.oid, 'steward_import_writer', 'set') as sets
         from pg_catalog.pg_roles r where r.rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by 1`,
    );
    expect(roles.filter((role) => role.uses || role.sets)).toEqual([]);
    const { rows: writer } = await db.query(
      `select r.rolcanlogin, array(select p.oid::regprocedure::text from pg_catalog.pg_proc p where p.proowner = r.oid) as owns
         from pg_catalog.pg_roles r where r.rolname = 'steward_import_writer'`,
    );
    expect(writer).toEqual([{ rolcanlogin: false, owns: ['app.import_job_write(uuid)'] }]);
    // An ordinary signed-in write still gets every rule: another organisation, forged stamps, a wrong kind.
    const { error: crossOrg } = await org.client.schema('crm').from('contacts').insert({ org_name: other.orgName, name: 'Not mine' });
    expect(crossOrg?.code).toBe('42501');
    const { data: own, error: ownError } = await org.client
      .schema('crm')
      .from('contacts')
      .insert({ org_name: org.orgName, name: 'Stamped Anyway', created_by: colleague.profileId, created_at: '2000-01-01T00:00:00Z', short_id: 'forged' })
      .select('id, created_by, created_at, short_id')
      .single();
    expect(ownError).toBeNull();
    const stamped = own as { id: string; created_by: string; created_at: string; short_id: string };
    expect(stamped.created_by).toBe(org.profileId);
    expect(new Date(stamped.created_at).getFullYear()).toBeGreaterThan(2000);
    const { rows: shortId } = await db.query('select app.short_id_for($1) as s', [stamped.id]);
    expect(stamped.short_id).toBe(shortId[0].s);
  });
});
