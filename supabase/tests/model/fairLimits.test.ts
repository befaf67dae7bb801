import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation } from '../rls/acceptInvitation';
import { signIn, signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, createTestClient, testStack } from '../stack/testStack';

// One organisation cannot slow the others or make the platform send unlimited mail: one running
// import per organisation, a cap on its open import jobs, the shown-contact-method locks per
// organisation, an outbound mail quota per organisation on every path that sends mail, and no line
// break in any mail header.
const stack = testStack();
let db: pg.Client;
let org: SignedUpOrganization;
let colleague: SignedUpOrganization;
let other: SignedUpOrganization;

/** A word of 12 random letters: names no other test's name shares a search word (or a variant) with. */
function word(): string {
  return Array.from(randomUUID().replace(/-/g, '').slice(0, 12), (digit) => String.fromCharCode(97 + (parseInt(digit, 16) % 26))).join('');
}

const IMPORT_RUNNING = 'Another import is running for this organization; try again when it has finished.';

async function startJob(member: SignedUpOrganization, orgName = member.orgName): Promise<string> {
  const { data, error } = await member.client.schema('crm').from('import_jobs').insert({ org_name: orgName, kind: 'contact' }).select('id').single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function stagedJob(member: SignedUpOrganization, names: string[]): Promise<string> {
  const jobId = await startJob(member);
  const { error } = await member.client
    .schema('crm')
    .from('import_rows')
    .insert(names.map((name, index) => ({ job_id: jobId, line: index + 2, name })));
  if (error) throw new Error(error.message);
  return jobId;
}

/** A second connection holding a transaction open as the signed-in person (rolled back by `end`). */
async function openTransactionAs(userId: string): Promise<{ client: pg.Client; end: () => Promise<void> }> {
  const client = await connectDb(stack.dbUrl);
  await client.query('begin');
  await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: userId, role: 'authenticated' })]);
  await client.query('set local role authenticated');
  // Never left waiting for long, whatever the test finds.
  await client.query(`set local statement_timeout = '20s'`);
  return {
    client,
    end: async () => {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    },
  };
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  [org, other] = await Promise.all([signUpOrganization(stack, 'Fair Importer'), signUpOrganization(stack, 'Fair Neighbour')]);
  const { data: owner } = await org.client.from('user_profiles').select('role_id').eq('id', org.profileId).single();
  const email = `fair-colleague-${randomUUID().slice(0, 8)}@example.com`;
  const { error } = await org.client.from('user_profiles').insert({ org_name: org.orgName, name: 'Fair Colleague', email, status: 'Pending', role_id: (owner as { role_id: string }).role_id });
  if (error) throw new Error(error.message);
  await acceptInvitation(stack, { email, orgName: org.orgName, password: 'colleague-password', fullName: 'Fair Colleague' });
  colleague = { ...org, client: await signIn(stack, email, 'colleague-password') };
});
afterAll(async () => {
  await db.end();
});

describe('imports', () => {
  it('run one at a time per organisation: a second member\'s import and check are refused with a clear message, another organisation imports meanwhile', async () => {
    // Names that share no search word, which two imports of one organisation would wait on.
    const running = await stagedJob(org, [`${word()} ${word()}`]);
    const waiting = await stagedJob(colleague, [`${word()} ${word()}`]);
    const holder = await openTransactionAs(org.userId);
    try {
      // The owner's import is running (its transaction is still open).
      await holder.client.query('select crm.import_job($1)', [running]);

      const second = await colleague.client.schema('crm').rpc('import_job', { p_job: waiting });
      expect(second.error?.message).toBe(IMPORT_RUNNING);
      expect(second.status).toBe(409);
      const check = await colleague.client.schema('crm').rpc('import_problems', { p_job: waiting });
      expect(check.error?.message).toBe(IMPORT_RUNNING);
      // The refused job is kept: the member tries again later.
      expect((await db.query('select 1 from crm.import_rows where job_id = $1', [waiting])).rowCount).toBe(1);

      // Another organisation is not held up.
      const elsewhere = await stagedJob(other, [`${word()} ${word()}`]);
      const started = Date.now();
      const { data, error } = await other.client.schema('crm').rpc('import_job', { p_job: elsewhere });
      expect(error).toBeNull();
      expect(data).toBe(1);
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await holder.end();
    }
    // Once the first has finished, the second goes through.
    const { data, error } = await colleague.client.schema('crm').rpc('import_job', { p_job: waiting });
    expect(error).toBeNull();
    expect(data).toBe(1);
  });

  it('keep at most 10 open jobs per organisation (configurable): the next is refused until one finishes, is cancelled or is a day old', async () => {
    const capped = await signUpOrganization(stack, 'Fair Capped');
    const jobs: string[] = [];
    for (let index = 0; index < 10; index += 1) jobs.push(await startJob(capped));
    const { error, status } = await capped.client.schema('crm').from('import_jobs').insert({ org_name: capped.orgName, kind: 'contact' });
    expect(status).toBe(429);
    expect(error?.message).toBe(
      'This organization already has 10 imports in progress, the most it may have; finish or cancel one first (an import left unfinished is removed after a day).',
    );
    expect((await db.query('select count(*)::int as n from crm.import_jobs where org_name = $1', [capped.orgName])).rows[0].n).toBe(10);
    // Another organisation still starts one.
    const elsewhere = await startJob(other);
    await other.client.schema('crm').from('import_jobs').delete().eq('id', elsewhere);

    // Cancelling one frees a place.
    await capped.client.schema('crm').from('import_jobs').delete().eq('id', jobs[0]!);
    jobs[0] = await startJob(capped);
    // A job left for more than a day no longer counts: it is removed when the next starts.
    await db.query(`update crm.import_jobs set created_at = now() - interval '25 hours' where id = $1`, [jobs[1]]);
    const next = await startJob(capped);
    expect((await db.query('select 1 from crm.import_jobs where id = $1', [jobs[1]])).rowCount).toBe(0);
    expect((await db.query('select 1 from crm.import_jobs where id = $1', [next])).rowCount).toBe(1);

    // The cap is a setting.
    await db.query(`update app.organization_limits set value = 11 where name = 'open_import_jobs'`);
    try {
      await startJob(capped);
      expect((await capped.client.schema('crm').from('import_jobs').insert({ org_name: capped.orgName, kind: 'contact' })).error?.message).toContain('already has 11 imports in progress');
    } finally {
      await db.query(`update app.organization_limits set value = 10 where name = 'open_import_jobs'`);
    }
  });
});

describe('the shown-contact-method locks', () => {
  it('are per organisation: an import holding every bucket of one organisation does not hold up another organisation\'s writes', async () => {
    const tag = `Buckets${Date.now()}`;
    const jobId = await startJob(org);
    // 1,024 records, one in each of the 1,024 buckets a record's id falls in.
    await db.query(
      `insert into crm.import_rows (job_id, line, record_id, name)
       select $1, 1 + row_number() over (order by b.bucket), b.id, $2 || ' ' || b.bucket
         from (select distinct on (hashtextextended(g.id::text, 0) & 1023) g.id, hashtextextended(g.id::text, 0) & 1023 as bucket
                 from (select gen_random_uuid() as id from generate_series(1, 30000)) g
                order by hashtextextended(g.id::text, 0) & 1023) b`,
      [jobId, tag],
    );
    expect((await db.query('select count(*)::int as n from crm.import_rows where job_id = $1', [jobId])).rows[0].n).toBe(1024);
    const { data: contact, error: contactError } = await other.client.schema('crm').from('contacts').insert({ org_name: other.orgName, name: `${tag} Neighbour` }).select('id').single();
    expect(contactError).toBeNull();
    const { data: phoneType } = await other.client.schema('crm').from('contact_method_types').select('id').eq('name', 'Phone').limit(1).single();

    const holder = await openTransactionAs(org.userId);
    try {
      await holder.client.query('select crm.import_job($1)', [jobId]);
      // The import's transaction is open, holding its locks; the neighbour adds a phone.
      const started = Date.now();
      const { error } = await other.client
        .schema('crm')
        .from('contact_methods')
        .insert({ org_name: other.orgName, contact_id: (contact as { id: string }).id, type_id: (phoneType as { id: string }).id, value: '207 555 0170', is_primary: true });
      expect(error).toBeNull();
      expect(Date.now() - started).toBeLessThan(4000);
      const { rows } = await db.query('select phone_id is not null as shown from app.shown_contact_methods where parent_id = $1', [(contact as { id: string }).id]);
      expect(rows).toEqual([{ shown: true }]);
    } finally {
      await holder.end();
    }
  });
});

describe('the outbound mail quota', () => {
  const QUOTA = 3;

  async function setQuota(value: number) {
    await db.query(`update app.organization_limits set value = $1 where name = 'mails_per_day'`, [value]);
  }

  /** `count` mails the organisation sent `ago` ago (straight into the outbox). */
  async function sent(orgName: string, count: number, ago = '1 minute') {
    await db.query(
      `insert into app.mail_outbox (org_name, kind, to_email, subject, body_text, created_at, sent_at)
       select $1, 'test_notice', 'earlier-' || g || '@example.com', 'Earlier', 'Earlier.', now() - $3::interval, now() - $3::interval from generate_series(1, $2) g`,
      [orgName, count, ago],
    );
  }

  async function stay(member: SignedUpOrganization): Promise<string> {
    const schema = (name: string) => member.client.schema(name);
    const { data: contact } = await schema('crm').from('contacts').insert({ org_name: member.orgName, name: 'Quota Guest' }).select('id').single();
    const contactId = (contact as { id: string }).id;
    const address = `guest-${randomUUID().slice(0, 6)}@guests.example.com`;
    const { error: methodError } = await schema('crm').from('contact_methods').insert({ org_name: member.orgName, contact_id: contactId, value: address, label: 'Email', is_primary: true });
    if (methodError) throw new Error(methodError.message);
    const { data: unit } = await schema('catalog').from('accommodations').insert({ org_name: member.orgName, name: `Quota ${randomUUID().slice(0, 6)}`, base_rate: 90 }).select('id').single();
    const checkIn = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const checkOut = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
    const { data: row, error } = await schema('catalog')
      .from('reservations')
      .insert({ org_name: member.orgName, name: 'Quota', accommodation_id: (unit as { id: string }).id, contact_id: contactId, status: 'Tentative', check_in: `${checkIn}T16:00:00Z`, check_out: `${checkOut}T11:00:00Z`, adults: 2 })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    return (row as { id: string }).id;
  }

  const confirm = (member: SignedUpOrganization, stayId: string) => member.client.schema('catalog').from('reservations').update({ status: 'Confirmed' }).eq('id', stayId).select('status').single();
  const mailsAbout = async (id: string) => (await db.query('select count(*)::int as n from app.mail_outbox where related_id = $1', [id])).rows[0].n as number;

  it('refuses a mail past the organisation\'s quota on every path, says so where someone is waiting, and holds up no other organisation', async () => {
    const mailer = await signUpOrganization(stack, 'Fair Mailer');
    const bystander = await signUpOrganization(stack, 'Fair Bystander');
    const mailerStay = await stay(mailer);
    const bystanderStay = await stay(bystander);
    for (const member of [mailer, bystander]) {
      await member.client.from('user_profiles').update({ task_digest: true }).eq('id', member.profileId);
      const { rows } = await db.query<{ today: string }>(`select app.org_today($1)::text as today`, [member.orgName]);
      const { error } = await member.client.schema('ops').from('tasks').insert({ org_name: member.orgName, status: 'To Do', title: 'Due today', due_date: rows[0]!.today, assignee_id: member.profileId });
      if (error) throw new Error(error.message);
    }
    const inviteeEmail = `quota-invitee-${randomUUID().slice(0, 8)}@example.com`;
    const { data: role } = await mailer.client.from('user_roles').select('id').eq('org_name', mailer.orgName).eq('role_name', 'owner').single();
    const { error: inviteError } = await mailer.client.from('user_profiles').insert({ org_name: mailer.orgName, name: 'Quota Invitee', email: inviteeEmail, status: 'Pending', source: 'invited', role_id: (role as { id: string }).id });
    expect(inviteError).toBeNull();

    await setQuota(QUOTA);
    try {
      await sent(mailer.orgName, QUOTA);

      // A stay confirmed at the desk: refused, with the reason; the stay is not confirmed.
      const refused = await confirm(mailer, mailerStay);
      expect(refused.error?.message).toBe(
        `${mailer.orgName} has reached its limit of ${QUOTA} e-mails in 24 hours; this change sends an e-mail, so it was not saved. Try again later.`,
      );
      expect(refused.error?.code).toBe('PT429');
      expect(refused.status).toBe(429);
      expect((await db.query('select status from catalog.reservations where id = $1', [mailerStay])).rows[0].status).toBe('Tentative');
      expect(await mailsAbout(mailerStay)).toBe(0);
      // Another organisation's confirmation goes.
      expect((await confirm(bystander, bystanderStay)).error).toBeNull();
      expect(await mailsAbout(bystanderStay)).toBe(1);

      // The daily digests: the organisation over its quota gets none (and is not marked done), the others theirs.
      const noon = `${(await db.query(`select app.org_today($1)::text as d`, [mailer.orgName])).rows[0].d}T12:00:00Z`;
      await db.query('select app.send_task_digests($1::timestamptz)', [noon]);
      const digests = async (member: SignedUpOrganization) =>
        (await db.query(`select count(*)::int as n from app.mail_outbox where kind = 'task_digest' and org_name = $1`, [member.orgName])).rows[0].n as number;
      expect(await digests(mailer)).toBe(0);
      expect(await digests(bystander)).toBe(1);
      expect((await db.query('select 1 from app.task_digests_sent where profile_id = $1', [mailer.profileId])).rowCount).toBe(0);

      // An invitation code: the same answer as ever (nothing tells an anonymous caller about the
      // invitation), and no mail.
      const anon = createTestClient(stack.apiUrl, stack.anonKey);
      const asked = await anon.rpc('request_invite_code', { p_email: inviteeEmail });
      expect({ status: asked.status, error: asked.error }).toEqual({ status: 204, error: null });
      expect((await db.query(`select 1 from app.mail_outbox where kind = 'invite_code' and to_email = $1`, [inviteeEmail])).rowCount).toBe(0);

      // Mails older than a day no longer count: the stay is confirmed and the digest goes.
      await db.query(`update app.mail_outbox set created_at = now() - interval '25 hours' where org_name = $1`, [mailer.orgName]);
      expect((await confirm(mailer, mailerStay)).error).toBeNull();
      expect(await mailsAbout(mailerStay)).toBe(1);
      await db.query('select app.send_task_digests($1::timestamptz)', [noon]);
      expect(await digests(mailer)).toBe(1);
    } finally {
      await setQuota(1000);
    }
  });

  it('counts only the organisation\'s own mails, and mails of no organisation (the platform\'s) against none', async () => {
    const quiet = await signUpOrganization(stack, 'Fair Quiet');
    await setQuota(QUOTA);
    try {
      await sent(other.orgName, QUOTA * 3);
      for (let index = 0; index < QUOTA * 2; index += 1) {
        await db.query(`select app.enqueue_mail($1, 'Platform notice', 'Hello.', null, 'test_notice')`, [`platform-${index}@example.com`]);
      }
      for (let index = 0; index < QUOTA; index += 1) {
        await db.query(`select app.enqueue_mail($1, 'Notice', 'Hello.', null, 'test_notice', $2)`, [`quiet-${index}@example.com`, quiet.orgName]);
      }
      await expect(db.query(`select app.enqueue_mail('one-more@example.com', 'Notice', 'Hello.', null, 'test_notice', $1)`, [quiet.orgName])).rejects.toThrow(
        `${quiet.orgName} has reached its limit of ${QUOTA} e-mails in 24 hours`,
      );
    } finally {
      await setQuota(1000);
    }
  });
});

describe('mail headers', () => {
  it('refuses a line break in the subject or the address of any mail, in the database and in the sender', async () => {
    const HEADER = 'An e-mail\'s subject and address cannot contain line breaks';
    for (const [to, subject] of [
      ['reader@example.com', 'Hello\r\nBcc: everyone@example.com'],
      ['reader@example.com', 'Hello\nthere'],
      ['reader@example.com', 'Hello\rthere'],
      ['reader@example.com\r\nBcc: everyone@example.com', 'Hello'],
    ]) {
      await expect(db.query(`select app.enqueue_mail($1, $2, 'Body.', null, 'test_notice')`, [to, subject])).rejects.toThrow(HEADER);
    }
    // Nothing writes one into the outbox by another way either.
    await expect(
      db.query(`insert into app.mail_outbox (kind, to_email, subject, body_text) values ('test_notice', 'reader@example.com', E'Hi\\r\\nBcc: x@example.com', 'Body.')`),
    ).rejects.toMatchObject({ code: '23514' });
    // A line break in the body is fine.
    await db.query(`select app.enqueue_mail('reader@example.com', 'Hello', E'Line one\\r\\nLine two', null, 'test_notice')`);

    // The sender checks every header it sets before it sends.
    const { mailHeaderProblem } = await import('../../local/mail/outboxSender.mjs');
    expect(mailHeaderProblem({ to: 'a@example.com', subject: 'Fine' })).toBeNull();
    expect(mailHeaderProblem({ to: 'a@example.com', subject: 'Bad\nBcc: b@example.com' })).toBe('line break in the subject header');
    expect(mailHeaderProblem({ to: 'a@example.com\r\n', subject: 'Fine' })).toBe('line break in the to header');
    expect(mailHeaderProblem({ to: 'a@example.com', subject: 'Fine', replyTo: 'x\r@example.com' })).toBe('line break in the replyTo header');
  });
});

describe('long requests', () => {
  it('give an import, its check and a mail to many two minutes or more; every other request keeps the limit it had', async () => {
    const timeoutFor = async (requestPath: string) => {
      const client = await connectDb(stack.dbUrl);
      try {
        await client.query('begin');
        await client.query(`select set_config('request.path', $1, true)`, [requestPath]);
        await client.query('set local role authenticated');
        await client.query('select request_check.before_request()');
        const { rows } = await client.query<{ statement_timeout: string }>('show statement_timeout');
        return rows[0]!.statement_timeout;
      } finally {
        await client.query('rollback').catch(() => undefined);
        await client.end();
      }
    };
    expect(await timeoutFor('/rpc/import_job')).toBe('10min');
    expect(await timeoutFor('/rpc/import_problems')).toBe('2min');
    expect(await timeoutFor('/rpc/send_to_many')).toBe('2min');
    // This connection's own limit (a login as authenticated has 8 s): untouched for other requests.
    const { rows } = await db.query<{ statement_timeout: string }>('show statement_timeout');
    expect(await timeoutFor('/rpc/send_message')).toBe(rows[0]!.statement_timeout);
  });
});
