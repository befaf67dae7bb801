-- CSV import at scale: a file of 100,000 rows is uploaded in chunks into an import job's staging rows
-- (progress per chunk, cancel = delete the job), checked set-wise (row problems and likely duplicates,
-- shown before anything is imported), then moved into the organisation's records by ONE call
-- (crm.import_job): every staged row becomes a record or, when any row has a problem, none does.
--
-- A job belongs to the person who started it, in one organisation they are an Active member of: only
-- they see, fill, check, import or cancel it (row-level security). The final call runs as the caller
-- (security invoker), so the records' own row-level security and triggers apply, and history records
-- the rows as an import of one batch (undoable at once).

create table crm.import_jobs (
  id uuid primary key default gen_random_uuid(),
  org_name text not null references public.organizations (name) on delete cascade,
  kind text not null check (kind in ('business', 'contact')),
  auth_user_id uuid not null default auth.uid(),
  created_at timestamptz not null default now()
);
comment on table crm.import_jobs is 'a CSV import in progress: its staged rows wait in crm.import_rows until crm.import_job moves them, or the job is deleted (cancel)';
create index import_jobs_user on crm.import_jobs (auth_user_id, created_at);
create index import_jobs_org on crm.import_jobs (org_name);

-- One CSV line as mapped by the import screen. record_id is the id the record will get, so that its
-- phone, e-mail and address rows can name it in the same transaction without a lookup.
create table crm.import_rows (
  job_id uuid not null references crm.import_jobs (id) on delete cascade,
  line integer not null check (line > 0),
  record_id uuid not null default gen_random_uuid(),
  name text not null default '',
  dba_name text,
  first_name text,
  last_name text,
  type text,
  phone text,
  email text,
  address_line_1 text,
  city text,
  state text,
  zip text,
  primary_owner text,
  secondary_owner text,
  status text,
  description text,
  primary key (job_id, line)
);
comment on table crm.import_rows is 'the staged rows of an import job, one per CSV line';

-- The caller's jobs, once per statement (a chunk of 5,000 staged rows asks once, not per row).
create function crm.my_import_jobs() returns uuid[]
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(array_agg(j.id), '{}') from crm.import_jobs j
  where j.auth_user_id = auth.uid() and j.org_name = any (app.member_orgs())
$$;
revoke all on function crm.my_import_jobs() from public, anon;
grant execute on function crm.my_import_jobs() to authenticated, service_role;

alter table crm.import_jobs enable row level security;
alter table crm.import_rows enable row level security;
revoke all on crm.import_jobs, crm.import_rows from public, anon, authenticated;
grant select, insert, delete on crm.import_jobs to authenticated;
grant select, insert on crm.import_rows to authenticated;
grant all on crm.import_jobs, crm.import_rows to service_role;

create policy import_jobs_own on crm.import_jobs for all to authenticated
  using (auth_user_id = (select auth.uid()) and org_name = any ((select app.member_orgs())::text[]))
  with check (auth_user_id = (select auth.uid()) and org_name = any ((select app.member_orgs())::text[]));
create policy import_rows_own on crm.import_rows for all to authenticated
  using (job_id = any ((select crm.my_import_jobs())::uuid[]))
  with check (job_id = any ((select crm.my_import_jobs())::uuid[]));

-- A job left behind (the tab closed mid-upload) is removed when its owner starts another a day later.
create function crm.forget_old_import_jobs() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  delete from crm.import_jobs j where j.auth_user_id = new.auth_user_id and j.created_at < now() - interval '1 day';
  return new;
end;
$$;
revoke all on function crm.forget_old_import_jobs() from public, anon, authenticated;
create trigger import_jobs_forget_old before insert on crm.import_jobs
  for each row execute function crm.forget_old_import_jobs();

---------------------------------------------------------------------------------------------------
-- Checking the staged rows: problems (nothing can be imported while any is left) and likely duplicates
---------------------------------------------------------------------------------------------------

-- Every problem and likely duplicate of a job's staged rows, set-wise, in line order:
--   kind 'error'     — the row cannot be imported (no name, unknown type/owner/status, bad phone/e-mail);
--   kind 'duplicate' — the same e-mail (any case) or the same phone digits as an existing record of the
--                      organisation the caller can see, or as an earlier line of the same file.
-- The caller's row-level security decides which existing records are compared.
create function crm.import_problems(p_job uuid) returns table (line integer, kind text, message text)
  language sql stable
  security invoker
  set search_path = ''
as $$
  with job as (
    select j.id, j.org_name, j.kind from crm.import_jobs j where j.id = p_job
  ),
  staged as materialized (
    select r.*, job.org_name, job.kind as job_kind,
           nullif(btrim(r.type), '') as type_name,
           nullif(btrim(r.primary_owner), '') as owner1,
           nullif(btrim(r.secondary_owner), '') as owner2,
           nullif(btrim(r.status), '') as status_name,
           lower(nullif(btrim(r.email), '')) as email_key,
           nullif(app.search_digits(nullif(btrim(r.phone), '')), '') as phone_key
    from crm.import_rows r join job on job.id = r.job_id
  ),
  types as (
    select lower(t.name) as key from crm.contact_types t, job
     where job.kind = 'contact' and t.org_name in (job.org_name, '_system_default_') and not t.archive
    union
    select lower(t.name) from crm.business_types t, job
     where job.kind = 'business' and t.org_name in (job.org_name, '_system_default_') and not t.archive
  ),
  owners as (
    select distinct lower(p.name) as key from public.user_profiles p, job where p.org_name = job.org_name
  ),
  errors as (
    select s.line, 'Name is required' as message from staged s where btrim(s.name) = ''
    union all
    select s.line, format('Unknown type "%s"', s.type_name) from staged s
     where s.type_name is not null and lower(s.type_name) not in (select key from types)
    union all
    select s.line, format('Unknown owner "%s"', s.owner1) from staged s
     where s.owner1 is not null and lower(s.owner1) not in (select key from owners)
    union all
    select s.line, format('Unknown owner "%s"', s.owner2) from staged s
     where s.owner2 is not null and lower(s.owner2) not in (select key from owners)
    union all
    select s.line, format('Invalid status "%s"', s.status) from staged s
     where s.status_name is not null and not pg_catalog.pg_input_is_valid(s.status_name, 'app.record_status')
    union all
    select s.line, format('"%s" is not an e-mail address', btrim(s.email)) from staged s
     where s.email_key is not null and app.contact_method_value_problem('email', s.email) is not null
    union all
    select s.line, format('"%s" is not a phone number: %s', btrim(s.phone), app.contact_method_value_problem('phone', s.phone)) from staged s
     where nullif(btrim(s.phone), '') is not null and app.contact_method_value_problem('phone', s.phone) is not null
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
  select line, 'error', message from errors
  union all
  select line, 'duplicate', message from duplicates
  order by 1, 2 desc, 3
$$;
revoke all on function crm.import_problems(uuid) from public, anon;
grant execute on function crm.import_problems(uuid) to authenticated, service_role;

---------------------------------------------------------------------------------------------------
-- The final call: all staged rows become records in one transaction, or none do
---------------------------------------------------------------------------------------------------

create function crm.import_job(p_job uuid) returns integer
  language plpgsql
  security invoker
  set search_path = ''
as $$
declare
  v_job crm.import_jobs;
  v_errors jsonb;
  v_count integer;
  v_phone_type uuid;
  v_email_type uuid;
begin
  select * into v_job from crm.import_jobs j where j.id = p_job;
  if v_job.id is null then
    raise exception using errcode = 'P0002', message = 'This import was cancelled or has already finished';
  end if;
  if not exists (select 1 from crm.import_rows r where r.job_id = p_job) then
    raise exception using errcode = '22023', message = 'Nothing to import';
  end if;

  select jsonb_agg(jsonb_build_object('line', p.line, 'message', p.message) order by p.line)
    into v_errors
    from (select * from crm.import_problems(p_job) p where p.kind = 'error' order by p.line limit 200) p;
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

  if v_job.kind = 'contact' then
    insert into crm.contacts (id, org_name, name, first_name, last_name, type_id, status, description, primary_owner_id, secondary_owner_id)
    select r.record_id, v_job.org_name, btrim(r.name),
           -- Without mapped first and last names they come from the name: first word, the rest.
           coalesce(nullif(btrim(r.first_name), ''), split_part(btrim(r.name), ' ', 1)),
           coalesce(nullif(btrim(r.last_name), ''), nullif(btrim(substr(btrim(r.name), length(split_part(btrim(r.name), ' ', 1)) + 1)), '')),
           ty.id, coalesce(nullif(btrim(r.status), ''), 'Active')::app.record_status, nullif(btrim(r.description), ''), o1.id, o2.id
    from crm.import_rows r
    left join lateral (select t.id from crm.contact_types t
                        where t.org_name in (v_job.org_name, '_system_default_') and lower(t.name) = lower(btrim(r.type)) and not t.archive
                        order by (t.org_name = v_job.org_name) desc limit 1) ty on nullif(btrim(r.type), '') is not null
    left join lateral (select p.id from public.user_profiles p
                        where p.org_name = v_job.org_name and lower(p.name) = lower(btrim(r.primary_owner)) limit 1) o1 on nullif(btrim(r.primary_owner), '') is not null
    left join lateral (select p.id from public.user_profiles p
                        where p.org_name = v_job.org_name and lower(p.name) = lower(btrim(r.secondary_owner)) limit 1) o2 on nullif(btrim(r.secondary_owner), '') is not null
    where r.job_id = p_job
    order by r.line;
  else
    insert into crm.businesses (id, org_name, name, dba_name, type_id, status, description, primary_owner_id, secondary_owner_id)
    select r.record_id, v_job.org_name, btrim(r.name), nullif(btrim(r.dba_name), ''),
           ty.id, coalesce(nullif(btrim(r.status), ''), 'Active')::app.record_status, nullif(btrim(r.description), ''), o1.id, o2.id
    from crm.import_rows r
    left join lateral (select t.id from crm.business_types t
                        where t.org_name in (v_job.org_name, '_system_default_') and lower(t.name) = lower(btrim(r.type)) and not t.archive
                        order by (t.org_name = v_job.org_name) desc limit 1) ty on nullif(btrim(r.type), '') is not null
    left join lateral (select p.id from public.user_profiles p
                        where p.org_name = v_job.org_name and lower(p.name) = lower(btrim(r.primary_owner)) limit 1) o1 on nullif(btrim(r.primary_owner), '') is not null
    left join lateral (select p.id from public.user_profiles p
                        where p.org_name = v_job.org_name and lower(p.name) = lower(btrim(r.secondary_owner)) limit 1) o2 on nullif(btrim(r.secondary_owner), '') is not null
    where r.job_id = p_job
    order by r.line;
  end if;
  get diagnostics v_count = row_count;

  insert into crm.contact_methods (org_name, value, label, type_id, is_primary, business_id, contact_id)
  select v_job.org_name, m.value, '', m.type_id, true,
         case when v_job.kind = 'business' then m.record_id end, case when v_job.kind = 'contact' then m.record_id end
  from (select r.line, r.record_id, btrim(r.phone) as value, v_phone_type as type_id, 1 as part from crm.import_rows r
         where r.job_id = p_job and nullif(btrim(r.phone), '') is not null
        union all
        select r.line, r.record_id, btrim(r.email), v_email_type, 2 from crm.import_rows r
         where r.job_id = p_job and nullif(btrim(r.email), '') is not null) m
  order by m.line, m.part;

  insert into crm.addresses (org_name, is_primary, business_id, contact_id, address_line_1, city, state, zip)
  select v_job.org_name, true, case when v_job.kind = 'business' then r.record_id end, case when v_job.kind = 'contact' then r.record_id end,
         nullif(btrim(r.address_line_1), ''), nullif(btrim(r.city), ''), nullif(btrim(r.state), ''), nullif(btrim(r.zip), '')
  from crm.import_rows r
  where r.job_id = p_job and btrim(concat(r.address_line_1, r.city, r.state, r.zip)) <> ''
  order by r.line;

  perform app.end_batch();
  delete from crm.import_jobs j where j.id = p_job;
  return v_count;
end;
$$;
revoke all on function crm.import_job(uuid) from public, anon;
grant execute on function crm.import_job(uuid) to authenticated, service_role;

---------------------------------------------------------------------------------------------------
-- The shown phone, e-mail and address of many parents at once
---------------------------------------------------------------------------------------------------

-- One statement adding methods to 100,000 records used to take one advisory lock per record, more
-- than the server's lock table holds. Parents are now locked by bucket (one of 1,024, in bucket
-- order): two refreshes of the same parent still wait on each other, and a statement touching any
-- number of parents holds at most 1,024 locks.
create or replace function app.refresh_shown_contact_methods(p_parents uuid[]) returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_parents uuid[] := array(select distinct id from unnest(p_parents) as id where id is not null order by id);
  v_bucket integer;
begin
  for v_bucket in
    select distinct (hashtextextended(id::text, 0) & 1023)::integer as bucket from unnest(v_parents) as id order by bucket
  loop
    perform pg_advisory_xact_lock(hashtext('steward:shown-contact-methods'), v_bucket);
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
$$;

---------------------------------------------------------------------------------------------------
-- Per-row work a large insert no longer pays for
---------------------------------------------------------------------------------------------------

-- Making a method or address primary demotes the record's other primaries: the UPDATE only runs when
-- there is one to demote, so adding the first phone of a new record fires no update (and none of the
-- statement triggers an update brings: history, the shown methods).
create or replace function app.demote_other_primaries() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_column text;
  v_parent uuid := coalesce(new.contact_id, new.business_id, new.household_id, new.user_id);
  v_found boolean;
begin
  if new.is_primary and not new.archive and v_parent is not null then
    -- The parent's own column, so the test reads by its index.
    v_column := case when new.contact_id is not null then 'contact_id' when new.business_id is not null then 'business_id'
                     when new.household_id is not null then 'household_id' else 'user_id' end;
    if tg_table_name = 'contact_methods' then
      execute format('select exists (select 1 from crm.contact_methods x where x.%I = $1 and x.is_primary and not x.archive and x.id <> $2 and x.kind = $3)', v_column)
        into v_found using v_parent, new.id, new.kind;
      if v_found then
        update crm.contact_methods cm set is_primary = false
         where cm.is_primary and not cm.archive and cm.id <> new.id and cm.kind = new.kind
           and (cm.contact_id = new.contact_id or cm.business_id = new.business_id
                or cm.household_id = new.household_id or cm.user_id = new.user_id);
      end if;
    else
      execute format('select exists (select 1 from crm.addresses x where x.%I = $1 and x.is_primary and not x.archive and x.id <> $2)', v_column)
        into v_found using v_parent, new.id;
      if v_found then
        update crm.addresses a set is_primary = false
         where a.is_primary and not a.archive and a.id <> new.id
           and (a.contact_id = new.contact_id or a.business_id = new.business_id
                or a.household_id = new.household_id or a.user_id = new.user_id);
      end if;
    end if;
  end if;
  return new;
end;
$$;

-- A reference with a null column refers to nothing (MATCH SIMPLE), so its guard has nothing to check:
-- the guards are installed with a WHEN condition that skips the call for such rows (a new contact's
-- empty owner, spouse and household references cost nothing).
create or replace function app.install_org_reference_guards() returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  r record;
  v_installed integer := 0;
  v_columns text;
  v_present text;
begin
  for r in
    select o.*
      from app.org_references o
     where not exists (select 1 from pg_trigger t where t.tgrelid = o.table_name and t.tgname = o.trigger_name)
     order by o.table_name::text, o.constraint_name
  loop
    v_columns := (select string_agg(quote_ident(c), ', ') from unnest(string_to_array(r.columns, ',')) c);
    v_present := (select string_agg(format('new.%I is not null', c), ' and ') from unnest(string_to_array(r.columns, ',')) c);
    if r.deferrable then
      execute format(
        'create constraint trigger %I after insert or update of %s, org_name on %s deferrable initially deferred for each row '
        'when (%s) execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, v_columns, r.table_name, v_present, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    else
      execute format(
        'create trigger %I before insert or update of %s, org_name on %s for each row '
        'when (%s) execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, v_columns, r.table_name, v_present, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    end if;
    v_installed := v_installed + 1;
  end loop;
  return v_installed;
end;
$$;
revoke all on function app.install_org_reference_guards() from public;

do $$
declare
  r record;
begin
  for r in select o.trigger_name, o.table_name from app.org_references o
           join pg_trigger t on t.tgrelid = o.table_name and t.tgname = o.trigger_name
  loop
    execute format('drop trigger %I on %s', r.trigger_name, r.table_name);
  end loop;
end;
$$;
select app.install_org_reference_guards();

---------------------------------------------------------------------------------------------------
-- The import call's time limit
---------------------------------------------------------------------------------------------------

-- Signed-in requests stop after 8 s (the role's statement_timeout); the one call that imports a whole
-- file of up to 100,000 rows gets ten minutes. PostgREST runs this before each request's statement,
-- so the limit set here is the one that statement starts with.
create function request_check.before_request() returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform request_check.reject_removed_user();
  if current_setting('request.path', true) = '/rpc/import_job' then
    perform set_config('statement_timeout', '600s', true);
  end if;
end;
$$;
revoke all on function request_check.before_request() from public;
grant execute on function request_check.before_request() to anon, authenticated, service_role;

alter role authenticator set pgrst.db_pre_request to 'request_check.before_request';
notify pgrst, 'reload config';

-- A job holds at most 100,000 rows.
create function crm.import_rows_limit() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if (select count(*) from crm.import_rows r where r.job_id in (select distinct n.job_id from new_rows n)) > 100000 then
    raise exception using errcode = '22023', message = 'At most 100,000 rows can be imported at once';
  end if;
  return null;
end;
$$;
revoke all on function crm.import_rows_limit() from public, anon, authenticated;
create trigger import_rows_limit after insert on crm.import_rows referencing new table as new_rows
  for each statement execute function crm.import_rows_limit();
