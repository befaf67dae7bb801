-- per organisation limits: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop function app.refresh_shown_contact_methods(p_parents uuid[]);

create table app.organization_limits (
  name text not null,
  value integer not null
);
comment on table app.organization_limits is 'what each organisation may do on its own, the same for all: mails_per_day, e-mails the product sends for it in any 24 hours (stay confirmations, task digests, invitation codes); open_import_jobs, CSV imports started and not yet finished or cancelled';
revoke all on table app.organization_limits from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.organization_limits to service_role;

alter table app.mail_outbox add constraint mail_outbox_subject_one_line CHECK (subject !~ '[\r\n]'::text) NOT VALID;

alter table app.organization_limits add constraint organization_limits_name_check CHECK (name = ANY (ARRAY['mails_per_day'::text, 'open_import_jobs'::text]));

alter table app.organization_limits add constraint organization_limits_pkey PRIMARY KEY (name);

alter table app.organization_limits add constraint organization_limits_value_check CHECK (value > 0);

CREATE INDEX mail_outbox_org_recent ON app.mail_outbox USING btree (org_name, created_at) WHERE (org_name IS NOT NULL);

CREATE OR REPLACE FUNCTION app.claim_import_turn(p_org_name text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  -- One long import call per organisation at a time (the check of the staged rows, up to 120 s, or
  -- the import itself, up to 600 s), until its transaction ends: a second is refused at once rather
  -- than holding another of the database's connections.
  if not pg_try_advisory_xact_lock(hashtextextended('steward:import:' || p_org_name, 0)) then
    raise exception using errcode = 'PT409', message = 'Another import is running for this organization; try again when it has finished.';
  end if;
end;
$function$;
revoke all on function app.claim_import_turn(p_org_name text) from public, anon, authenticated, service_role;
grant execute on function app.claim_import_turn(p_org_name text) to authenticated;
grant execute on function app.claim_import_turn(p_org_name text) to service_role;
grant execute on function app.claim_import_turn(p_org_name text) to steward_import_writer;
comment on function app.claim_import_turn(p_org_name text) is 'the organisation''s one running import (crm.import_problems, app.import_job_write) until the transaction ends; refuses a second at once';

CREATE OR REPLACE FUNCTION app.mail_quota_reached(p_org_name text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- The organisation's mails of the last 24 hours (any path, sent or not), counted up to its quota.
  select p_org_name is not null and coalesce((
    select (select count(*) from (select 1 from app.mail_outbox m
                                   where m.org_name = p_org_name and m.created_at > now() - interval '24 hours'
                                   limit l.value) recent) >= l.value
      from app.organization_limits l
     where l.name = 'mails_per_day'), false)
$function$;
revoke all on function app.mail_quota_reached(p_org_name text) from public, anon, authenticated, service_role;
grant execute on function app.mail_quota_reached(p_org_name text) to service_role;
comment on function app.mail_quota_reached(p_org_name text) is 'whether the organisation has sent its quota of mails (app.organization_limits mails_per_day) in the last 24 hours; a mail of no organisation (the platform''s) counts against none';

CREATE OR REPLACE FUNCTION app.refresh_shown_contact_methods(p_org_name text, p_parents uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_parents uuid[] := array(select distinct id from unnest(p_parents) as id where id is not null order by id);
  v_bucket integer;
begin
  -- A parent's refreshes wait for each other until commit: 1,024 buckets of parents per
  -- organisation (a parent's organisation never changes), so one organisation's import, holding
  -- every bucket of its own until it commits, never holds up another organisation's writes.
  for v_bucket in
    select distinct (hashtextextended(id::text, 0) & 1023)::integer as bucket from unnest(v_parents) as id order by bucket
  loop
    perform pg_advisory_xact_lock(hashtext('steward:shown-contact-methods:' || p_org_name), v_bucket);
  end loop;

  -- Set-wise, one join per parent column (each by its index): a refresh of 100,000 new records is
  -- a few joins, not 300,000 lookups. Same choice: not archived, the primary first, then the newest.
  with parents as (select unnest(v_parents) as id),
  methods as (
    select p.id as parent_id, cm.id, cm.type_id, cm.is_primary, cm.created_at from parents p join crm.contact_methods cm on cm.contact_id = p.id where not cm.archive
    union all select p.id, cm.id, cm.type_id, cm.is_primary, cm.created_at from parents p join crm.contact_methods cm on cm.business_id = p.id where not cm.archive
    union all select p.id, cm.id, cm.type_id, cm.is_primary, cm.created_at from parents p join crm.contact_methods cm on cm.household_id = p.id where not cm.archive
    union all select p.id, cm.id, cm.type_id, cm.is_primary, cm.created_at from parents p join crm.contact_methods cm on cm.user_id = p.id where not cm.archive
  ),
  typed as (
    select m.parent_id, m.id, t.kind, m.is_primary, m.created_at from methods m join crm.contact_method_types t on t.id = m.type_id
  ),
  shown_method as (
    select distinct on (m.parent_id, m.kind) m.parent_id, m.kind, m.id from typed m
    where m.kind in ('phone', 'email')
    order by m.parent_id, m.kind, m.is_primary desc, m.created_at desc, m.id desc
  ),
  addresses as (
    select p.id as parent_id, a.id, a.is_primary, a.created_at from parents p join crm.addresses a on a.contact_id = p.id where not a.archive
    union all select p.id, a.id, a.is_primary, a.created_at from parents p join crm.addresses a on a.business_id = p.id where not a.archive
    union all select p.id, a.id, a.is_primary, a.created_at from parents p join crm.addresses a on a.household_id = p.id where not a.archive
    union all select p.id, a.id, a.is_primary, a.created_at from parents p join crm.addresses a on a.user_id = p.id where not a.archive
  ),
  shown_address as (
    select distinct on (a.parent_id) a.parent_id, a.id from addresses a
    order by a.parent_id, a.is_primary desc, a.created_at desc, a.id desc
  )
  insert into app.shown_contact_methods (parent_id, phone_id, email_id, address_id)
  select p.id, ph.id, em.id, ad.id
  from parents p
  left join shown_method ph on ph.parent_id = p.id and ph.kind = 'phone'
  left join shown_method em on em.parent_id = p.id and em.kind = 'email'
  left join shown_address ad on ad.parent_id = p.id
  on conflict (parent_id) do update
    set phone_id = excluded.phone_id, email_id = excluded.email_id, address_id = excluded.address_id;
end;
$function$;
revoke all on function app.refresh_shown_contact_methods(p_org_name text, p_parents uuid[]) from public, anon, authenticated, service_role;
grant execute on function app.refresh_shown_contact_methods(p_org_name text, p_parents uuid[]) to service_role;
grant execute on function app.refresh_shown_contact_methods(p_org_name text, p_parents uuid[]) to steward_import_writer;

CREATE OR REPLACE FUNCTION crm.limit_open_import_jobs()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_limit integer := (select l.value from app.organization_limits l where l.name = 'open_import_jobs');
begin
  -- Counted with the organisation's other jobs being started at the same moment.
  perform pg_advisory_xact_lock(hashtextextended('steward:import-jobs:' || new.org_name, 0));
  if v_limit is not null and (select count(*) from crm.import_jobs j where j.org_name = new.org_name) >= v_limit then
    raise exception using errcode = 'PT429',
      message = format('This organization already has %s imports in progress, the most it may have; finish or cancel one first (an import left unfinished is removed after a day).', v_limit);
  end if;
  return new;
end;
$function$;
revoke all on function crm.limit_open_import_jobs() from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION app.enqueue_mail(p_to text, p_subject text, p_body_text text, p_body_html text DEFAULT NULL::text, p_kind text DEFAULT 'notice'::text, p_org_name text DEFAULT NULL::text, p_related_table text DEFAULT NULL::text, p_related_id uuid DEFAULT NULL::uuid)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id bigint;
begin
  -- A line break in a header would start another header (Bcc: …) or the body.
  if p_subject ~ '[\r\n]' or p_to ~ '[\r\n]' then
    raise exception using errcode = '22023', message = 'An e-mail''s subject and address cannot contain line breaks';
  end if;
  -- Each organisation's mail counts against its own quota (app.organization_limits mails_per_day);
  -- a person waiting on the change that sends it is told, and nothing of the change is kept.
  if app.mail_quota_reached(p_org_name) then
    raise exception using errcode = 'PT429',
      message = format('%s has reached its limit of %s e-mails in 24 hours; this change sends an e-mail, so it was not saved. Try again later.',
                       p_org_name, (select l.value from app.organization_limits l where l.name = 'mails_per_day'));
  end if;
  insert into app.mail_outbox (org_name, kind, to_email, subject, body_text, body_html, related_table, related_id)
  values (p_org_name, p_kind, lower(btrim(p_to)), p_subject, p_body_text, p_body_html, p_related_table, p_related_id)
  returning id into v_id;
  -- Wakes a listening sender at commit; a sender that polls finds the row anyway.
  perform pg_notify('mail_outbox', v_id::text);
  return v_id;
end;
$function$;
revoke all on function app.enqueue_mail(p_to text, p_subject text, p_body_text text, p_body_html text, p_kind text, p_org_name text, p_related_table text, p_related_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.enqueue_mail(p_to text, p_subject text, p_body_text text, p_body_html text, p_kind text, p_org_name text, p_related_table text, p_related_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.import_job_write(p_job uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_job crm.import_jobs;
  v_profile uuid;
  v_errors jsonb;
  v_count integer;
  v_phone_type uuid;
  v_email_type uuid;
begin
  -- The caller's own job, locked: staging more rows or cancelling waits until the import is done.
  -- The organisation's turn first, so that a second call (of this job or another) is refused at once.
  select * into v_job from crm.import_jobs j where j.id = p_job and j.auth_user_id = auth.uid();
  if v_job.id is not null then
    perform app.claim_import_turn(v_job.org_name);
    select * into v_job from crm.import_jobs j where j.id = p_job and j.auth_user_id = auth.uid() for update;
  end if;
  if v_job.id is null then
    raise exception using errcode = 'P0002', message = 'This import was cancelled or has already finished';
  end if;
  -- The organisation check (app.enforce_org_name) and the insert policy of the CRM's records, once.
  if v_job.org_name = '_system_default_' or not app.is_active_member(v_job.org_name)
     or not v_job.org_name = any (app.orgs_with_access('crm', 'create', 'allowed')) then
    raise exception using errcode = '42501', message = format('You may not add records to the organization %s', v_job.org_name);
  end if;
  -- The audit stamps' person (app.stamp_audit): the caller's Active profile in the organisation.
  v_profile := app.profile_id_in(v_job.org_name);
  if not exists (select 1 from crm.import_rows r where r.job_id = p_job) then
    raise exception using errcode = '22023', message = 'Nothing to import';
  end if;

  select jsonb_agg(jsonb_build_object('line', e.line, 'message', e.message) order by e.line)
    into v_errors
    from (select * from crm.import_errors(p_job) e order by e.line limit 200) e;
  if v_errors is not null then
    raise exception using errcode = '23514', message = 'Import failed: nothing was imported', detail = v_errors::text;
  end if;

  -- History tags every row this call writes as one import batch.
  perform app.begin_batch('import');

  select t.id into v_phone_type from crm.contact_method_types t
   where t.org_name in (v_job.org_name, '_system_default_') and not t.archive and t.kind = 'phone'
   order by (t.org_name = v_job.org_name) desc, (lower(t.name) = 'phone') desc, t.name limit 1;
  select t.id into v_email_type from crm.contact_method_types t
   where t.org_name in (v_job.org_name, '_system_default_') and not t.archive and t.kind = 'email'
   order by (t.org_name = v_job.org_name) desc, (lower(t.name) = 'email') desc, t.name limit 1;

  -- Types and owners are looked up by name among the organisation's own (types: or the platform
  -- defaults, the organisation's first), once per distinct name rather than once per row.
  if v_job.kind = 'contact' then
    insert into crm.contacts (id, short_id, org_name, name, first_name, last_name, type_id, status, description, primary_owner_id, secondary_owner_id,
                              created_at, created_by, last_modified_at, last_modified_by)
    select r.record_id, app.short_id_for(r.record_id), v_job.org_name, btrim(r.name),
           -- Without mapped first and last names they come from the name: first word, the rest.
           coalesce(nullif(btrim(r.first_name), ''), split_part(btrim(r.name), ' ', 1)),
           coalesce(nullif(btrim(r.last_name), ''), nullif(btrim(substr(btrim(r.name), length(split_part(btrim(r.name), ' ', 1)) + 1)), '')),
           ty.id, coalesce(nullif(btrim(r.status), ''), 'Active')::app.record_status, nullif(btrim(r.description), ''), o1.id, o2.id,
           now(), v_profile, clock_timestamp(), v_profile
    from crm.import_rows r
    left join (select distinct on (lower(t.name)) lower(t.name) as key, t.id from crm.contact_types t
                where t.org_name in (v_job.org_name, '_system_default_') and not t.archive
                order by lower(t.name), (t.org_name = v_job.org_name) desc, t.id) ty on ty.key = lower(nullif(btrim(r.type), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o1 on o1.key = lower(nullif(btrim(r.primary_owner), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o2 on o2.key = lower(nullif(btrim(r.secondary_owner), ''))
    where r.job_id = p_job
    order by r.line;
  else
    insert into crm.businesses (id, short_id, org_name, name, dba_name, type_id, status, description, primary_owner_id, secondary_owner_id,
                                created_at, created_by, last_modified_at, last_modified_by)
    select r.record_id, app.short_id_for(r.record_id), v_job.org_name, btrim(r.name), nullif(btrim(r.dba_name), ''),
           ty.id, coalesce(nullif(btrim(r.status), ''), 'Active')::app.record_status, nullif(btrim(r.description), ''), o1.id, o2.id,
           now(), v_profile, clock_timestamp(), v_profile
    from crm.import_rows r
    left join (select distinct on (lower(t.name)) lower(t.name) as key, t.id from crm.business_types t
                where t.org_name in (v_job.org_name, '_system_default_') and not t.archive
                order by lower(t.name), (t.org_name = v_job.org_name) desc, t.id) ty on ty.key = lower(nullif(btrim(r.type), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o1 on o1.key = lower(nullif(btrim(r.primary_owner), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o2 on o2.key = lower(nullif(btrim(r.secondary_owner), ''))
    where r.job_id = p_job
    order by r.line;
  end if;
  get diagnostics v_count = row_count;

  -- One phone and one e-mail per new record, each its primary; kind and label from the type
  -- (app.contact_method_prepare, app.contact_method_label). The values passed crm.import_errors'
  -- check, the one app.contact_method_prepare asks.
  insert into crm.contact_methods (org_name, value, label, type_id, kind, is_primary, business_id, contact_id,
                                   created_at, created_by, last_modified_at, last_modified_by)
  select v_job.org_name, m.value, coalesce(t.name, 'Other'), m.type_id, coalesce(t.kind, 'other'), true,
         case when v_job.kind = 'business' then m.record_id end, case when v_job.kind = 'contact' then m.record_id end,
         now(), v_profile, clock_timestamp(), v_profile
  from (select r.line, r.record_id, btrim(r.phone) as value, v_phone_type as type_id, 1 as part from crm.import_rows r
         where r.job_id = p_job and nullif(btrim(r.phone), '') is not null
        union all
        select r.line, r.record_id, btrim(r.email), v_email_type, 2 from crm.import_rows r
         where r.job_id = p_job and nullif(btrim(r.email), '') is not null) m
  left join crm.contact_method_types t on t.id = m.type_id
  order by m.line, m.part;

  insert into crm.addresses (org_name, is_primary, business_id, contact_id, address_line_1, city, state, zip,
                             created_at, created_by, last_modified_at, last_modified_by)
  select v_job.org_name, true, case when v_job.kind = 'business' then r.record_id end, case when v_job.kind = 'contact' then r.record_id end,
         nullif(btrim(r.address_line_1), ''), nullif(btrim(r.city), ''), nullif(btrim(r.state), ''), nullif(btrim(r.zip), ''),
         now(), v_profile, clock_timestamp(), v_profile
  from crm.import_rows r
  where r.job_id = p_job and btrim(concat(r.address_line_1, r.city, r.state, r.zip)) <> ''
  order by r.line;

  -- The shown phone, e-mail and address of every new record (the statement triggers skip this writer).
  perform app.refresh_shown_contact_methods(v_job.org_name, array(select r.record_id from crm.import_rows r where r.job_id = p_job));

  perform app.end_batch();
  return v_count;
end;
$function$;
alter function app.import_job_write(p_job uuid) owner to steward_import_writer;
revoke all on function app.import_job_write(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function app.import_job_write(p_job uuid) to authenticated;
grant execute on function app.import_job_write(p_job uuid) to service_role;
comment on function app.import_job_write(p_job uuid) is 'writes an import job''s staged rows as records with the record rules applied once per statement (the per-row triggers skip its role); checks the caller, the job and its rows first';

CREATE OR REPLACE FUNCTION app.request_invite_code_uncounted(p_email text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_invite record;
  v_code text;
  v_org text;
begin
  if v_email = '' then
    raise exception using errcode = 'ST001', message = 'Please fill in all required fields';
  end if;
  if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception using errcode = 'ST002', message = 'Please enter a valid email address';
  end if;
  -- Every request writes, invited or not: a transaction that writes waits for its commit to reach
  -- the disk, one that only reads does not, and that difference alone told invited addresses apart.
  insert into app.invite_code_requests as r (email) values (v_email)
  on conflict (email) do update
    set window_started_at = case when r.window_started_at > now() - interval '1 hour' then r.window_started_at else now() end,
        requests = case when r.window_started_at > now() - interval '1 hour' then r.requests + 1 else 1 end;
  for v_invite in
    select p.id, p.org_name, r.role_name, c.window_started_at, c.sends_in_window
      from public.user_profiles p
      left join public.user_roles r on r.id = p.role_id
      left join app.invite_codes c on c.profile_id = p.id
     where lower(p.email) = v_email and p.status = 'Pending' and p.auth_user_id is null
     order by p.created_at, p.id
  loop
    -- At most 5 codes per invitation per hour; beyond that the answer is the same and no mail goes.
    if v_invite.window_started_at is not null and v_invite.window_started_at > now() - interval '1 hour'
       and v_invite.sends_in_window >= 5 then
      continue;
    end if;
    -- Nor past the organisation's mail quota: the answer stays the same, so it tells nobody of the invitation.
    if app.mail_quota_reached(v_invite.org_name) then
      continue;
    end if;
    v_code := lpad(((('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint) % 1000000)::text, 6, '0');
    insert into app.invite_codes as c (profile_id, email, code_hash, expires_at, failed_attempts, window_started_at, sends_in_window)
    values (v_invite.id, v_email, app.invite_code_hash(v_invite.id, v_code), now() + interval '1 hour', 0, now(), 1)
    on conflict (profile_id) do update
      set email = excluded.email,
          code_hash = excluded.code_hash,
          expires_at = excluded.expires_at,
          failed_attempts = 0,
          window_started_at = case when c.window_started_at > now() - interval '1 hour' then c.window_started_at else now() end,
          sends_in_window = case when c.window_started_at > now() - interval '1 hour' then c.sends_in_window + 1 else 1 end;
    v_org := v_invite.org_name;
    perform app.enqueue_mail(
      v_email,
      format('Your code to join %s', v_org),
      format(E'%s has invited you to join it on Steward as %s.\n\n'
             'Your code: %s\n\n'
             'To accept, open Steward, choose Get Started, enter this e-mail address, then this code. '
             'The code works for one hour.\n\n'
             'If you did not expect this invitation, you can ignore this e-mail: nothing happens without the code.',
             v_org, coalesce(nullif(v_invite.role_name, ''), 'team member'), v_code),
      null,
      'invite_code',
      v_invite.org_name,
      'public.user_profiles',
      v_invite.id);
  end loop;
end;
$function$;
revoke all on function app.request_invite_code_uncounted(p_email text) from public, anon, authenticated, service_role;
grant execute on function app.request_invite_code_uncounted(p_email text) to service_role;

CREATE OR REPLACE FUNCTION app.send_task_digests(p_now timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_person record;
  v_lines text;
  v_mail bigint;
  v_sent integer := 0;
begin
  for v_person in
    select p.id, p.org_name, p.email::text as email, p.name, app.org_today(p.org_name, p_now) as today
      from public.user_profiles p
     where p.task_digest and p.status = 'Active' and p.email is not null and p.org_name <> '_system_default_'
       and (p_now at time zone app.org_timezone(p.org_name))::time >= time '07:00'
       and not exists (select 1 from app.task_digests_sent s
                        where s.profile_id = p.id and s.sent_on = app.org_today(p.org_name, p_now))
  loop
    -- An organisation that has sent its quota of mails gets its digests on a later run (not marked
    -- sent), and holds up no other organisation's.
    if app.mail_quota_reached(v_person.org_name) then
      continue;
    end if;
    select string_agg(format('- %s%s (due %s)', case when i.overdue then 'OVERDUE: ' else '' end, i.title,
                             to_char(i.due_date, 'FMMonth FMDD')), E'\n' order by i.due_date, i.title)
      into v_lines
      from app.task_digest_items(v_person.id, v_person.today) i;
    if v_lines is not null then
      v_mail := app.enqueue_mail(v_person.email,
        format('Your tasks for %s — %s', to_char(v_person.today, 'FMMonth FMDD'), v_person.org_name),
        format(E'Hello %s,\n\nThese tasks are due today or overdue:\n\n%s\n\nOpen My work: /tasks?view=mine\n', v_person.name, v_lines),
        null, 'task_digest', v_person.org_name, 'public.user_profiles', v_person.id);
      v_sent := v_sent + 1;
    end if;
    insert into app.task_digests_sent (profile_id, sent_on, mail_id) values (v_person.id, v_person.today, v_mail);
    v_mail := null;
  end loop;
  return v_sent;
end;
$function$;
revoke all on function app.send_task_digests(p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.send_task_digests(p_now timestamp with time zone) to service_role;

CREATE OR REPLACE FUNCTION app.shown_contact_method_types_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
  v_parents uuid[];
begin
  -- Organisation by organisation (the locks are per organisation), in name order.
  for v_org, v_parents in
    select cm.org_name, array_agg(x)
      from crm.contact_methods cm, unnest(array[cm.contact_id, cm.business_id, cm.household_id, cm.user_id]) x
     where x is not null
       and cm.type_id in (select n.id from new_rows n join old_rows o on o.id = n.id where n.kind is distinct from o.kind)
     group by cm.org_name
     order by cm.org_name
  loop
    perform app.refresh_shown_contact_methods(v_org, v_parents);
  end loop;
  return null;
end;
$function$;
revoke all on function app.shown_contact_method_types_changed() from public, anon, authenticated, service_role;
grant execute on function app.shown_contact_method_types_changed() to service_role;

CREATE OR REPLACE FUNCTION app.shown_contact_methods_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_orgs text[] := '{}';
  v_parents uuid[] := '{}';
  v_org text;
begin
  -- Each row's parents with the row's organisation (theirs: the reference guards hold it).
  if tg_op in ('INSERT', 'UPDATE') then
    select v_orgs || coalesce(array_agg(r.org_name), '{}'), v_parents || coalesce(array_agg(x), '{}') into v_orgs, v_parents
      from new_rows r, unnest(array[r.contact_id, r.business_id, r.household_id, r.user_id]) x where x is not null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select v_orgs || coalesce(array_agg(r.org_name), '{}'), v_parents || coalesce(array_agg(x), '{}') into v_orgs, v_parents
      from old_rows r, unnest(array[r.contact_id, r.business_id, r.household_id, r.user_id]) x where x is not null;
  end if;
  -- Organisation by organisation (the locks are per organisation), in name order.
  for v_org in select distinct o from unnest(v_orgs) o order by 1 loop
    perform app.refresh_shown_contact_methods(v_org, array(select u.parent from unnest(v_orgs, v_parents) u(org_name, parent) where u.org_name = v_org));
  end loop;
  return null;
end;
$function$;
revoke all on function app.shown_contact_methods_changed() from public, anon, authenticated, service_role;
grant execute on function app.shown_contact_methods_changed() to service_role;

CREATE OR REPLACE FUNCTION crm.forget_old_import_jobs()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- The caller's jobs and their organisation's left unfinished for a day (a closed browser leaves one).
  delete from crm.import_jobs j
   where (j.auth_user_id = new.auth_user_id or j.org_name = new.org_name) and j.created_at < now() - interval '1 day';
  return new;
end;
$function$;
revoke all on function crm.forget_old_import_jobs() from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION crm.import_problems(p_job uuid)
 RETURNS TABLE(line integer, kind text, message text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- The organisation's one running import: a check of up to 120 s is one.
  select app.claim_import_turn(j.org_name) from crm.import_jobs j where j.id = p_job;
  with job as (
    select j.id, j.org_name, j.kind from crm.import_jobs j where j.id = p_job
  ),
  staged as materialized (
    select r.line,
           lower(nullif(btrim(r.email), '')) as email_key,
           nullif(app.search_digits(nullif(btrim(r.phone), '')), '') as phone_key
    from crm.import_rows r join job on job.id = r.job_id
  ),
  existing as materialized (
    -- The organisation's phones and e-mails of records of the imported kind, keyed as the file's are.
    select case when cm.kind = 'email' then lower(btrim(cm.value)) else app.search_digits(cm.value) end as key,
           cm.kind, coalesce(c.name, b.name) as record_name
    from job
    join crm.contact_methods cm on cm.org_name = job.org_name and not cm.archive and cm.kind in ('phone', 'email')
    left join crm.contacts c on job.kind = 'contact' and c.id = cm.contact_id
    left join crm.businesses b on job.kind = 'business' and b.id = cm.business_id
    where coalesce(c.name, b.name) is not null
      and (cm.kind = 'email' and lower(btrim(cm.value)) in (select email_key from staged)
           or cm.kind = 'phone' and app.search_digits(cm.value) in (select phone_key from staged))
  ),
  duplicates as (
    select s.line, format('Same e-mail as %s', min(e.record_name)) as message
      from staged s join existing e on e.kind = 'email' and e.key = s.email_key group by s.line
    union all
    select s.line, format('Same phone as %s', min(e.record_name))
      from staged s join existing e on e.kind = 'phone' and e.key = s.phone_key group by s.line
    union all
    select s.line, format('Same e-mail as line %s', s.first_line)
      from (select st.line, min(st.line) over (partition by st.email_key) as first_line from staged st where st.email_key is not null) s
     where s.line <> s.first_line
    union all
    select s.line, format('Same phone as line %s', s.first_line)
      from (select st.line, min(st.line) over (partition by st.phone_key) as first_line from staged st where st.phone_key is not null) s
     where s.line <> s.first_line
  )
  select e.line, 'error', e.message from crm.import_errors(p_job) e
  union all
  select line, 'duplicate', message from duplicates
  order by 1, 2 desc, 3
$function$;
revoke all on function crm.import_problems(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function crm.import_problems(p_job uuid) to authenticated;
grant execute on function crm.import_problems(p_job uuid) to service_role;

CREATE TRIGGER import_jobs_limit BEFORE INSERT ON crm.import_jobs FOR EACH ROW EXECUTE FUNCTION crm.limit_open_import_jobs();

-- The limits' values, the same on a hosted project and the local stack (docs/security.md: change one
-- with `update app.organization_limits set value = … where name = …`).
insert into app.organization_limits (name, value) values ('mails_per_day', 1000), ('open_import_jobs', 10);
