-- A CSV import applies the record rules once per statement, not once per row.
--
-- Importing 100,000 contacts writes 400,000 rows (the contacts, their phones, e-mails and addresses),
-- and every row paid for every per-row rule: the organisation check, the audit stamps, the short id,
-- the kind and label of a phone or e-mail, the one-primary rule, the same-organisation reference
-- guards. For an import each of them has the same answer for every row, or an answer the import can
-- compute for all rows in one join. The import now writes rows that already carry those answers, and
-- the per-row triggers are skipped for exactly those statements:
--
-- * The import's writes run in app.import_job_write, a security definer function owned by a role of
--   its own, steward_import_writer (no login, no member but the owner of migrations). Every per-row
--   trigger on the four tables the import writes (contacts, businesses, their contact methods and
--   addresses) has the WHEN condition `current_user <> 'steward_import_writer'`: one comparison per
--   row, and true for every other writer. Nobody can become that role: not a signed-in person, not
--   the API's roles, not another function (a security definer function runs as its own owner). No
--   setting a caller could change is consulted.
-- * The writer checks each rule once for the statement, for all rows: the caller owns the job, is an
--   Active member of its organisation and may create CRM records there (the insert policy); no staged
--   row has a problem (crm.import_errors, the same checks the preview shows); the stamps are the
--   caller's profile and the time (created_at now(), last_modified_at the clock per row, as
--   app.stamp_audit sets them); the short id is app.short_id_for(id); a phone's or e-mail's kind and
--   label come from its type; the types are the organisation's own or the platform defaults, the
--   owners the organisation's people (so the reference guards have nothing to refuse); a new record
--   has one phone, one e-mail and one address, each its primary (the one-primary indexes still hold
--   them to that).
-- * Everything else is untouched and runs as for any write: foreign keys, the unique indexes, and the
--   statement-level triggers of history (each row an entry of the one import batch) and the search
--   words. The shown phone, e-mail and address (app.refresh_shown_contact_methods) are worked out by
--   the writer once for all new records, after it has written both methods and addresses (the two
--   statement triggers that would each do it skip the writer).
-- * The job is locked for the import (FOR UPDATE): a chunk still being staged, or a cancel, waits until
--   the import has finished, so the rows checked are the rows written.
-- * The check the import runs before writing is the error check only (crm.import_errors). The likely
--   duplicates are the preview's information, not a reason to refuse: the preview alone computes them.

---------------------------------------------------------------------------------------------------
-- The import writer's role
---------------------------------------------------------------------------------------------------

do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'steward_import_writer') then
    -- Reads past row-level security like the other security definer functions (their owner does);
    -- what the caller may do is checked by the function itself, once.
    create role steward_import_writer nologin bypassrls;
  end if;
end;
$$;
comment on role steward_import_writer is 'runs app.import_job_write only: the per-row record rules skip its writes, which carry the rules'' answers computed once per statement';
-- The owner of the migrations hands the writer function to the role, so it must be able to act as it.
grant steward_import_writer to current_user;

grant usage on schema crm, app, auth, extensions to steward_import_writer;
-- A role owning a function needs the right to create in its schema (nothing else runs as this role).
grant create on schema app to steward_import_writer;
grant select on crm.import_jobs, crm.import_rows, crm.contact_types, crm.business_types, crm.contact_method_types, public.user_profiles to steward_import_writer;
-- The job is locked for the import (FOR UPDATE asks for the right to update).
grant update (created_at) on crm.import_jobs to steward_import_writer;
grant insert on crm.contacts, crm.businesses, crm.contact_methods, crm.addresses to steward_import_writer;
grant execute on function auth.uid(), app.short_id_for(uuid), app.orgs_with_access(text, text, text), app.is_active_member(text),
  app.profile_id_in(text), app.begin_batch(text, uuid), app.end_batch(), app.search_digits(text), app.contact_method_value_problem(text, text)
  to steward_import_writer;

---------------------------------------------------------------------------------------------------
-- Every per-row trigger of the imported tables skips the writer's statements
---------------------------------------------------------------------------------------------------

-- The condition a per-row trigger of an imported table adds to its WHEN.
create function app.import_writer_skip(p_table regclass) returns text
  language sql
  stable
  set search_path = ''
as $$
  select case when p_table in ('crm.contacts'::regclass, 'crm.businesses'::regclass, 'crm.contact_methods'::regclass, 'crm.addresses'::regclass)
              then '(CURRENT_USER <> ''steward_import_writer''::name)' end
$$;
revoke all on function app.import_writer_skip(regclass) from public;
comment on function app.import_writer_skip(regclass) is 'the WHEN condition every per-row trigger of a table the CSV import writes carries: the import writer''s rows already carry the rules'' answers';

do $$
declare
  r record;
  v_skip text;
  v_def text;
begin
  for r in
    select t.oid, t.tgname, t.tgrelid::regclass as tbl, pg_catalog.pg_get_triggerdef(t.oid) as def
      from pg_catalog.pg_trigger t
     where t.tgrelid in ('crm.contacts'::regclass, 'crm.businesses'::regclass, 'crm.contact_methods'::regclass, 'crm.addresses'::regclass)
       and not t.tgisinternal
       and (t.tgtype & 1) = 1 -- for each row
  loop
    v_skip := app.import_writer_skip(r.tbl);
    if r.def ~ ' WHEN \(' then
      v_def := regexp_replace(r.def, ' WHEN \((.*)\) EXECUTE FUNCTION ', format(' WHEN (%s AND (\1)) EXECUTE FUNCTION ', v_skip));
    else
      v_def := regexp_replace(r.def, ' EXECUTE FUNCTION ', format(' WHEN %s EXECUTE FUNCTION ', v_skip));
    end if;
    if v_def = r.def then
      raise exception 'could not add the import writer''s condition to trigger % on %', r.tgname, r.tbl;
    end if;
    execute format('drop trigger %I on %s', r.tgname, r.tbl);
    execute v_def;
  end loop;
end;
$$;

-- The shown phone, e-mail and address of the new records are worked out once, after the import has
-- written both the methods and the addresses, not once after each of the two statements.
drop trigger steward_90_shown_insert on crm.contact_methods;
create trigger steward_90_shown_insert after insert on crm.contact_methods referencing new table as new_rows
  for each statement when (current_user <> 'steward_import_writer'::name) execute function app.shown_contact_methods_changed();
drop trigger steward_90_shown_insert on crm.addresses;
create trigger steward_90_shown_insert after insert on crm.addresses referencing new table as new_rows
  for each statement when (current_user <> 'steward_import_writer'::name) execute function app.shown_contact_methods_changed();
grant execute on function app.refresh_shown_contact_methods(uuid[]) to steward_import_writer;

-- Reference guards installed later on these tables carry the same condition.
create or replace function app.install_org_reference_guards() returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  r record;
  v_installed integer := 0;
  v_columns text;
  v_present text;
  v_lookup text;
  v_when text;
begin
  -- One look-up per referenced table (every guarded reference is a single uuid column naming id).
  -- It reads past row-level security (security definer): the caller may not see the other record.
  for r in
    select distinct o.ref_table, app.org_ref_lookup_name(o.ref_table) as lookup
      from app.org_references o
     where o.ref_columns = 'id' and o.ref_types = 'uuid'
  loop
    execute format(
      'create or replace function app.%I(p_id uuid, p_org text) returns boolean '
      'language sql stable security definer set search_path = '''' set enable_seqscan = off as '
      '$body$ select r.org_name::text is distinct from p_org and r.org_name::text <> ''_system_default_'' '
      'from %s r where r.id = p_id $body$',
      r.lookup, r.ref_table);
    execute format('comment on function app.%I(uuid, text) is %L', r.lookup,
      format('whether the %s record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist', r.ref_table));
    -- The guards' WHEN conditions run as the writing role.
    execute format('revoke all on function app.%I(uuid, text) from public, anon', r.lookup);
    execute format('grant execute on function app.%I(uuid, text) to authenticated, service_role, steward_import_writer', r.lookup);
  end loop;

  for r in
    select o.*
      from app.org_references o
     where not exists (select 1 from pg_trigger t where t.tgrelid = o.table_name and t.tgname = o.trigger_name)
     order by o.table_name::text, o.constraint_name
  loop
    v_columns := (select string_agg(quote_ident(c), ', ') from unnest(string_to_array(r.columns, ',')) c);
    -- A reference with a null column refers to nothing (MATCH SIMPLE): nothing to check.
    v_present := (select string_agg(format('new.%I is not null', c), ' and ') from unnest(string_to_array(r.columns, ',')) c);
    v_when := v_present;
    if r.ref_columns = 'id' and r.ref_types = 'uuid' then
      v_lookup := app.org_ref_lookup_name(r.ref_table);
      if r.deferrable then
        -- The audit columns: a signed-in person's write carries the server's stamp; other writers'
        -- values are checked at commit unless the record already exists in the row's organisation.
        v_when := format('%s and not app.is_app_user() and app.%I(new.%I, new.org_name::text) is not false', v_present, v_lookup, r.columns);
      else
        -- Checked now: only a record of another organisation has anything to refuse.
        v_when := format('%s and app.%I(new.%I, new.org_name::text)', v_present, v_lookup, r.columns);
      end if;
    end if;
    -- The CSV import's writer chooses references of the row's organisation itself.
    if app.import_writer_skip(r.table_name) is not null then
      v_when := format('%s and %s', app.import_writer_skip(r.table_name), v_when);
    end if;
    if r.deferrable then
      execute format(
        'create constraint trigger %I after insert or update of %s, org_name on %s deferrable initially deferred for each row '
        'when (%s) execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, v_columns, r.table_name, v_when, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    else
      execute format(
        'create trigger %I before insert or update of %s, org_name on %s for each row '
        'when (%s) execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, v_columns, r.table_name, v_when, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    end if;
    v_installed := v_installed + 1;
  end loop;
  return v_installed;
end;
$$;
revoke all on function app.install_org_reference_guards() from public;

-- A WHEN condition is prepared whole before it runs: the writer may call every function the
-- conditions name, even those its own condition (the first) keeps from running.
do $$
declare
  r record;
begin
  for r in
    select distinct p.oid::regprocedure as fn
      from pg_catalog.pg_trigger t
      join pg_catalog.pg_depend d on d.classid = 'pg_trigger'::regclass and d.objid = t.oid and d.refclassid = 'pg_proc'::regclass
      join pg_catalog.pg_proc p on p.oid = d.refobjid
     where t.tgrelid in ('crm.contacts'::regclass, 'crm.businesses'::regclass, 'crm.contact_methods'::regclass, 'crm.addresses'::regclass)
       and not t.tgisinternal and t.tgqual is not null and p.oid <> t.tgfoid
  loop
    execute format('grant execute on function %s to steward_import_writer', r.fn);
  end loop;
end;
$$;

---------------------------------------------------------------------------------------------------
-- The problems that refuse an import, on their own
---------------------------------------------------------------------------------------------------

-- The staged rows that cannot be imported (no name, unknown type/owner/status, bad phone/e-mail), in
-- line order. crm.import_problems shows them with the likely duplicates; the import refuses on them.
create function crm.import_errors(p_job uuid) returns table (line integer, message text)
  language sql stable
  security invoker
  set search_path = ''
as $$
  with job as (
    select j.id, j.org_name, j.kind from crm.import_jobs j where j.id = p_job
  ),
  staged as materialized (
    select r.line, r.name, r.type, r.status, r.email, r.phone,
           nullif(btrim(r.type), '') as type_name,
           nullif(btrim(r.primary_owner), '') as owner1,
           nullif(btrim(r.secondary_owner), '') as owner2,
           nullif(btrim(r.status), '') as status_name,
           lower(nullif(btrim(r.email), '')) as email_key
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
  )
  select e.line, e.message from (
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
  ) e
  order by 1, 2
$$;
revoke all on function crm.import_errors(uuid) from public, anon;
grant execute on function crm.import_errors(uuid) to authenticated, service_role, steward_import_writer;

-- Same result as before: the errors above and the likely duplicates.
create or replace function crm.import_problems(p_job uuid) returns table (line integer, kind text, message text)
  language sql stable
  security invoker
  set search_path = ''
as $$
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
$$;

---------------------------------------------------------------------------------------------------
-- The writer: every staged row becomes a record with its methods, the rules applied set-wise
---------------------------------------------------------------------------------------------------

create function app.import_job_write(p_job uuid) returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_job crm.import_jobs;
  v_profile uuid;
  v_errors jsonb;
  v_count integer;
  v_phone_type uuid;
  v_email_type uuid;
begin
  -- The caller's own job, locked: staging more rows or cancelling waits until the import is done.
  select * into v_job from crm.import_jobs j where j.id = p_job and j.auth_user_id = auth.uid() for update;
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
  perform app.refresh_shown_contact_methods(array(select r.record_id from crm.import_rows r where r.job_id = p_job));

  perform app.end_batch();
  return v_count;
end;
$$;
alter function app.import_job_write(uuid) owner to steward_import_writer;
revoke all on function app.import_job_write(uuid) from public, anon;
grant execute on function app.import_job_write(uuid) to authenticated, service_role;
comment on function app.import_job_write(uuid) is 'writes an import job''s staged rows as records with the record rules applied once per statement (the per-row triggers skip its role); checks the caller, the job and its rows first';

-- The API's call: the caller's job (row-level security), written, then removed with its staged rows.
create or replace function crm.import_job(p_job uuid) returns integer
  language plpgsql
  security invoker
  set search_path = ''
as $$
declare
  v_count integer;
begin
  if not exists (select 1 from crm.import_jobs j where j.id = p_job) then
    raise exception using errcode = 'P0002', message = 'This import was cancelled or has already finished';
  end if;
  v_count := app.import_job_write(p_job);
  delete from crm.import_jobs j where j.id = p_job;
  return v_count;
end;
$$;
