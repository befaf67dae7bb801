-- Two mechanisms every area uses, built once.
--
-- 1. The mail outbox. An e-mail the product sends (a daily digest, a guest's confirmation, the code
--    that proves an invited e-mail) is a row written here by the database, in the same transaction as
--    the change that calls for it: if the change rolls back, no mail goes. One sender outside the
--    database delivers unsent rows and marks them sent. Locally that sender is the stack's
--    (supabase/local/mail/outboxSender.mjs, into the MailDev outbox); a hosted deployment runs the
--    same loop as a worker or an Edge Function on a schedule. No API role can read or write the table:
--    only functions owned by the database owner (security definer) enqueue mail, so nobody can make the
--    product send an arbitrary e-mail.
--
-- 2. Scheduled work. Time-based events (a task due today, a stay arriving today, the daily digest)
--    are SQL functions registered in app.scheduled_jobs with how often they run. app.run_due_jobs()
--    runs each job whose time has come, each in its own subtransaction so one failing job never stops
--    the others. pg_cron calls it every minute where the database has pg_cron (hosted Supabase:
--    `select cron.schedule('steward-jobs', '* * * * *', 'select app.run_due_jobs()')`); the local
--    stack's supervisor calls it otherwise.

create table app.mail_outbox (
  id bigint generated always as identity primary key,
  org_name text,
  kind text not null check (kind ~ '^[a-z][a-z0-9_]*$'),
  to_email text not null check (to_email ~ '^[^@\s]+@[^@\s]+$'),
  subject text not null check (length(subject) between 1 and 300),
  body_text text not null,
  body_html text,
  -- The record the mail is about, so a screen can show "confirmation sent" on it.
  related_table text,
  related_id uuid,
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  attempts integer not null default 0,
  sent_at timestamptz,
  last_error text
);
revoke all on app.mail_outbox from anon, authenticated, public;
grant all on app.mail_outbox to service_role;
comment on table app.mail_outbox is 'e-mails the product sends; written by security definer functions, delivered by one sender (local stack or a hosted worker)';

-- The sender reads only what is waiting.
create index mail_outbox_waiting on app.mail_outbox (next_attempt_at) where sent_at is null;
create index mail_outbox_related on app.mail_outbox (related_table, related_id) where related_id is not null;

create function app.enqueue_mail(
  p_to text,
  p_subject text,
  p_body_text text,
  p_body_html text default null,
  p_kind text default 'notice',
  p_org_name text default null,
  p_related_table text default null,
  p_related_id uuid default null
) returns bigint
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into app.mail_outbox (org_name, kind, to_email, subject, body_text, body_html, related_table, related_id)
  values (p_org_name, p_kind, lower(btrim(p_to)), p_subject, p_body_text, p_body_html, p_related_table, p_related_id)
  returning id into v_id;
  -- Wakes a listening sender at commit; a sender that polls finds the row anyway.
  perform pg_notify('mail_outbox', v_id::text);
  return v_id;
end;
$$;
revoke all on function app.enqueue_mail(text, text, text, text, text, text, text, uuid) from public, anon, authenticated;
grant execute on function app.enqueue_mail(text, text, text, text, text, text, text, uuid) to service_role;

-- The sender's two calls (service_role only): claim a batch, then record each outcome. A claimed row
-- is not offered again for a minute (longer after each failure), so two senders never send one mail
-- twice at once, and a sender that dies mid-batch leaves its rows to be retried.
create function app.claim_outbox_mail(p_limit integer default 20)
returns setof app.mail_outbox
  language sql security definer
  set search_path = ''
as $$
  with next as (
    select id from app.mail_outbox
    where sent_at is null and next_attempt_at <= now() and attempts < 8
    order by next_attempt_at, id
    limit greatest(1, least(p_limit, 200))
    for update skip locked
  )
  update app.mail_outbox m
     set attempts = m.attempts + 1,
         next_attempt_at = now() + make_interval(mins => power(2, m.attempts)::int)
    from next
   where m.id = next.id
  returning m.*;
$$;

create function app.finish_outbox_mail(p_id bigint, p_error text default null) returns void
  language sql security definer
  set search_path = ''
as $$
  update app.mail_outbox
     set sent_at = case when p_error is null then now() end,
         last_error = p_error
   where id = p_id and sent_at is null;
$$;
revoke all on function app.claim_outbox_mail(integer) from public, anon, authenticated;
revoke all on function app.finish_outbox_mail(bigint, text) from public, anon, authenticated;
grant execute on function app.claim_outbox_mail(integer) to service_role;
grant execute on function app.finish_outbox_mail(bigint, text) to service_role;

create table app.scheduled_jobs (
  name text primary key check (name ~ '^[a-z][a-z0-9_]*$'),
  -- A function taking no arguments, run as the database owner.
  function_name regproc not null,
  every interval not null check (every >= interval '1 minute'),
  last_run_at timestamptz,
  last_error text
);
revoke all on app.scheduled_jobs from anon, authenticated, public;
grant all on app.scheduled_jobs to service_role;
comment on table app.scheduled_jobs is 'time-based work: app.run_due_jobs() runs each function when its interval has passed';

create function app.run_due_jobs(p_now timestamptz default now()) returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_job app.scheduled_jobs%rowtype;
  v_ran integer := 0;
begin
  for v_job in
    select * from app.scheduled_jobs
    where last_run_at is null or last_run_at + every <= p_now
    order by name
    for update skip locked
  loop
    begin
      execute format('select %s()', v_job.function_name);
      update app.scheduled_jobs set last_run_at = p_now, last_error = null where name = v_job.name;
      v_ran := v_ran + 1;
    exception when others then
      update app.scheduled_jobs set last_run_at = p_now, last_error = sqlerrm where name = v_job.name;
    end;
  end loop;
  return v_ran;
end;
$$;
revoke all on function app.run_due_jobs(timestamptz) from public, anon, authenticated;
grant execute on function app.run_due_jobs(timestamptz) to service_role;
