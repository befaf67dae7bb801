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
  return data as { line: number; kind: string; message: string }[];
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
      { line: 2, kind: 'duplicate', message: `Same e-mail as ${tag} Existing` },
      { line: 5, kind: 'duplicate', message: 'Same e-mail as line 4' },
    ]);
    // Phone digits: "+1 207.555.0142" is not "(207) 555-0142" digit for digit; the same digits are.
    await stage(org, jobId, [{ line: 7, name: `${tag} Same digits`, phone: '207.555.0142' }]);
    expect((await problems(org, jobId)).filter((problem) => problem.line === 7)).toEqual([{ line: 7, kind: 'duplicate', message: `Same phone as ${tag} Existing` }]);
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
      { line: 4, kind: 'error', message: '"not-an-address" is not an e-mail address' },
      { line: 4, kind: 'error', message: 'Unknown type "Not A Type"' },
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
