import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutboxUrl, waitForMail } from './mailOutbox';
import { connectDb, createTestClient, testStack, uniqueEmail } from './testStack';

// The product's own e-mails go through app.mail_outbox: written by the database, delivered by the
// stack's sender into the mail outbox, marked sent. Time-based work runs from app.scheduled_jobs.
const stack = testStack();
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
});
afterAll(async () => {
  await db.end();
});

describe('mail outbox', () => {
  it('delivers a mail the database enqueued and records it as sent', async () => {
    const to = uniqueEmail('outbox');
    const { rows } = await db.query<{ id: string }>(`select app.enqueue_mail($1, 'Your stay is confirmed', 'See you on Friday.', null, 'test_notice') as id`, [to]);
    const mail = await waitForMail(mailOutboxUrl(stack.portBase), to, 'Your stay is confirmed');
    expect(mail.text).toContain('See you on Friday.');
    await expect.poll(async () => (await db.query('select sent_at from app.mail_outbox where id = $1', [rows[0]!.id])).rows[0]?.sent_at).not.toBeNull();
  });

  it('a mail enqueued in a transaction that rolls back is never sent', async () => {
    const to = uniqueEmail('rolled-back');
    await db.query('begin');
    await db.query(`select app.enqueue_mail($1, 'Never', 'Never sent.', null, 'test_notice')`, [to]);
    await db.query('rollback');
    const { rows } = await db.query('select count(*)::int as n from app.mail_outbox where to_email = $1', [to]);
    expect(rows[0].n).toBe(0);
  });

  it('no API role can read the outbox or make the product send a mail', async () => {
    const anon = createTestClient(stack.apiUrl, stack.anonKey);
    const { error: rpcError } = await anon.schema('public').rpc('enqueue_mail' as never, { p_to: 'x@example.com' } as never);
    expect(rpcError).not.toBeNull();
    for (const role of ['anon', 'authenticated']) {
      const { rows } = await db.query(
        `select has_table_privilege($1, 'app.mail_outbox', 'select') as read,
                has_table_privilege($1, 'app.mail_outbox', 'insert') as write,
                has_function_privilege($1, 'app.enqueue_mail(text, text, text, text, text, text, text, uuid)', 'execute') as send`,
        [role],
      );
      expect(rows[0]).toEqual({ read: false, write: false, send: false });
    }
  });
});

describe('scheduled jobs', () => {
  it('runs a job when its interval has passed, and a failing job neither stops the others nor is lost', async () => {
    await db.query(`create table if not exists app.scheduler_probe (ran_at timestamptz not null default now())`);
    await db.query(`create or replace function app.scheduler_probe_job() returns void language sql as $$ insert into app.scheduler_probe default values $$`);
    await db.query(`create or replace function app.scheduler_failing_job() returns void language plpgsql as $$ begin raise exception 'broken job'; end $$`);
    await db.query(`delete from app.scheduled_jobs where name in ('probe_job', 'failing_job')`);
    await db.query(`insert into app.scheduled_jobs (name, function_name, every) values ('probe_job', 'app.scheduler_probe_job', '1 hour'), ('failing_job', 'app.scheduler_failing_job', '1 hour')`);
    try {
      const before = (await db.query('select count(*)::int as n from app.scheduler_probe')).rows[0].n as number;
      await db.query('select app.run_due_jobs()');
      // Not due again within the hour.
      await db.query('select app.run_due_jobs()');
      const after = (await db.query('select count(*)::int as n from app.scheduler_probe')).rows[0].n as number;
      expect(after - before).toBe(1);
      const { rows } = await db.query(`select name, last_error from app.scheduled_jobs where name in ('probe_job', 'failing_job') order by name`);
      expect(rows).toEqual([
        { name: 'failing_job', last_error: 'broken job' },
        { name: 'probe_job', last_error: null },
      ]);
      // An hour later it runs again.
      await db.query(`select app.run_due_jobs(now() + interval '61 minutes')`);
      expect((await db.query('select count(*)::int as n from app.scheduler_probe')).rows[0].n - before).toBe(2);
    } finally {
      await db.query(`delete from app.scheduled_jobs where name in ('probe_job', 'failing_job')`);
      await db.query('drop table app.scheduler_probe');
      await db.query('drop function app.scheduler_probe_job(); drop function app.scheduler_failing_job()');
    }
  });
});
