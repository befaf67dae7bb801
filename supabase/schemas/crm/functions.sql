-- crm: functions.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb DEFAULT NULL::jsonb, p_phone jsonb DEFAULT NULL::jsonb, p_email jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_table regclass;
  v_owner text;
  v_unknown text;
  v_columns text;
  v_row jsonb;
  v_id uuid;
  v_part text;
  v_method jsonb;
  v_value text;
  v_type_id uuid;
  v_kind text;
  v_state text;
  v_message text;
  v_detail text;
  v_hint text;
  v_refusal jsonb;
begin
  case p_kind
    when 'business' then v_table := 'crm.businesses'; v_owner := 'business_id';
    when 'contact' then v_table := 'crm.contacts'; v_owner := 'contact_id';
    when 'household' then v_table := 'crm.households'; v_owner := 'household_id';
    when 'user' then v_table := 'public.user_profiles'; v_owner := 'user_id';
    else raise exception using errcode = '22023', message = format('Unknown record kind %s', coalesce(p_kind, 'null'));
  end case;
  if jsonb_typeof(p_record) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'The record must be a JSON object';
  end if;

  -- The record's own columns only; those the database owns (id, audit, organisation) are never taken
  -- from the caller.
  select string_agg(k, ', ' order by k) into v_unknown
    from jsonb_object_keys(p_record) k
   where k in ('id', 'created_at', 'created_by', 'last_modified_at', 'last_modified_by', 'org_name', 'short_id')
      or not exists (select 1 from pg_attribute a
                      where a.attrelid = v_table and a.attname = k and a.attnum > 0 and not a.attisdropped and a.attgenerated = '');
  if v_unknown is not null then
    raise exception using errcode = '22023', message = format('Unknown or read-only fields: %s', v_unknown);
  end if;
  select string_agg(format('%I', k), ', ' order by k) into v_columns from jsonb_object_keys(p_record) k;

  begin
    execute format(
      'insert into %s as t (org_name%s) select $1%s from jsonb_populate_record(null::%s, $2) r returning to_jsonb(t)',
      v_table,
      coalesce(', ' || v_columns, ''),
      coalesce(', ' || (select string_agg(format('r.%I', k), ', ' order by k) from jsonb_object_keys(p_record) k), ''),
      v_table)
      into v_row using p_org_name, p_record;
    v_id := (v_row ->> 'id')::uuid;

    -- The primary address, when any of its lines is filled.
    v_part := 'address';
    if jsonb_typeof(p_address) = 'object'
       and btrim(concat(p_address ->> 'address_line_1', p_address ->> 'address_line_2', p_address ->> 'city',
                        p_address ->> 'state', p_address ->> 'zip', p_address ->> 'country')) <> '' then
      insert into crm.addresses (org_name, is_primary, business_id, contact_id, household_id, user_id,
                                 address_line_1, address_line_2, city, state, zip, country)
      values (p_org_name, true,
              case when v_owner = 'business_id' then v_id end, case when v_owner = 'contact_id' then v_id end,
              case when v_owner = 'household_id' then v_id end, case when v_owner = 'user_id' then v_id end,
              nullif(btrim(p_address ->> 'address_line_1'), ''), nullif(btrim(p_address ->> 'address_line_2'), ''),
              nullif(btrim(p_address ->> 'city'), ''), nullif(btrim(p_address ->> 'state'), ''),
              nullif(btrim(p_address ->> 'zip'), ''), nullif(btrim(p_address ->> 'country'), ''));
    end if;

    -- The primary phone and e-mail, each only when both a value and a type are given; the type must
    -- be of that kind. Their label is the type's name (the contact_methods label trigger).
    foreach v_part in array array['primary phone', 'primary email'] loop
      v_method := case v_part when 'primary phone' then p_phone else p_email end;
      v_kind := case v_part when 'primary phone' then 'phone' else 'email' end;
      v_value := nullif(btrim(coalesce(v_method ->> 'value', '')), '');
      v_type_id := nullif(btrim(coalesce(v_method ->> 'type_id', '')), '')::uuid;
      continue when jsonb_typeof(v_method) is distinct from 'object' or v_value is null or v_type_id is null;
      if exists (select 1 from crm.contact_method_types t
                  where t.id = v_type_id and app.contact_method_kind(t.category, t.name) <> v_kind) then
        if v_kind = 'email' then
          perform app.refuse('23514', 'record.typeNotEmail', 'the type is not an e-mail type');
        else
          perform app.refuse('23514', 'record.typeNotPhone', 'the type is not a phone type');
        end if;
      end if;
      insert into crm.contact_methods (org_name, value, type_id, is_primary, archive, business_id, contact_id, household_id, user_id)
      values (p_org_name, v_value, v_type_id, true, false,
              case when v_owner = 'business_id' then v_id end, case when v_owner = 'contact_id' then v_id end,
              case when v_owner = 'household_id' then v_id end, case when v_owner = 'user_id' then v_id end);
    end loop;
  exception
    when others then
      get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
      -- A refusal that names its message (app.refuse) stays named, with the part that failed named too.
      v_refusal := app.caught_refusal(v_message, v_detail, v_hint);
      if v_part is not null and v_refusal is not null then
        perform app.refuse(v_state, app.refusal('record.partRefused', '{part}: {problem}', jsonb_build_object(
          'part', case v_part when 'address' then app.refusal('record.partAddress', 'address')
                              when 'primary phone' then app.refusal('record.partPhone', 'primary phone')
                              else app.refusal('record.partEmail', 'primary email') end,
          'problem', v_refusal)));
      end if;
      raise exception using
        errcode = v_state,
        message = case when v_part is null then v_message else v_part || ': ' || v_message end,
        detail = coalesce(v_detail, ''),
        hint = coalesce(v_hint, '');
  end;
  return v_row;
end;
$function$;
revoke all on function crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb, p_phone jsonb, p_email jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb, p_phone jsonb, p_email jsonb) to authenticated;
grant execute on function crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb, p_phone jsonb, p_email jsonb) to service_role;
comment on function crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb, p_phone jsonb, p_email jsonb) is 'Add New: one CRM record with its primary address, phone and e-mail, all or nothing; an error names the part that failed.';

CREATE OR REPLACE FUNCTION crm.erase_contact(p_contact_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row jsonb;
  v_org text;
  v_allowed boolean;
  v_ids uuid[];
  v_names text[];
  v_paths text[];
  v_words text[];
  v_history bigint;
  v_search_words bigint;
  v_files bigint;
  v_objects bigint;
  v_notifications bigint;
  v_actor record;
begin
  if auth.uid() is null then
    perform app.refuse('42501', 'erase.signIn', 'Sign in to erase a contact');
  end if;
  -- The contact as it is, or, once deleted, as its deletion was recorded.
  select to_jsonb(c) into v_row from crm.contacts c where c.id = p_contact_id;
  if v_row is null then
    select h.changes || jsonb_build_object('id', h.record_id, 'org_name', h.org_name, 'created_by', h.owner_ids[1]) into v_row
      from public.record_history h
     where h.record_id = p_contact_id and h.table_name = 'crm.contacts' and h.action = 'delete'
     order by h.id desc limit 1;
  end if;
  if v_row is null then
    perform app.refuse('P0002', 'erase.notFound', 'There is no such contact to erase');
  end if;
  -- Whoever may delete the contact may erase it: the table's own delete rule, as the caller.
  execute format('select exists (select 1 from jsonb_populate_record(null::crm.contacts, $1) t where %s)', app.delete_rule_sql('crm.contacts'))
    into v_allowed using v_row;
  if not v_allowed then
    perform app.refuse('42501', 'erase.forbidden', 'You may not delete this contact, so you may not erase it');
  end if;
  v_org := v_row ->> 'org_name';

  -- What is theirs: the contact, its phones, addresses, notes, files and relationships, those still
  -- there and those whose history names the contact.
  v_ids := p_contact_id || app.attached_record_ids(p_contact_id) || array(
    select distinct h.record_id from public.record_history h
     where h.org_name = v_org and h.action in ('insert', 'delete')
       and p_contact_id::text in (h.changes ->> 'contact_id', h.changes ->> 'contact_id1', h.changes ->> 'contact_id2'));
  v_names := array(select distinct n from (
    select v_row ->> 'name' as n
    union all
    select h.changes -> 'name' ->> 1 from public.record_history h where h.record_id = p_contact_id and h.action in ('update', 'merge')
    union all
    select h.changes -> 'name' ->> 0 from public.record_history h where h.record_id = p_contact_id and h.action in ('update', 'merge')) x
    where n is not null);
  v_paths := array(select f.storage_path from crm.crm_files f where f.id = any (v_ids) and f.storage_path is not null
                   union
                   select h.changes ->> 'storage_path' from public.record_history h where h.record_id = any (v_ids) and h.changes ->> 'storage_path' is not null);
  v_files := (select count(*) from crm.crm_files f where f.id = any (v_ids));

  -- Their online bookings keep the stay's accepted quote but lose the guest's address, and the guest's
  -- link stops opening (no token hashes to this value).
  update app.online_bookings b set guest_email = '', token_hash = 'erased:' || b.reservation_id::text
   where b.reservation_id in (select r.id from catalog.reservations r where r.contact_id = p_contact_id);

  delete from crm.contacts c where c.id = p_contact_id;

  -- Their files' stored copies: queued for the storage-removal worker, which removes each through the
  -- Storage API (a SQL delete of storage.objects leaves the bytes in the store, and hosted Storage
  -- refuses it). From now on no one reads them: app.record_file_claimed counts the queued removal.
  with queued as (
    insert into app.storage_removals (bucket_id, name, org_name, reason)
    select o.bucket_id, o.name, v_org, 'erasure' from storage.objects o
     where o.bucket_id = 'record-files' and o.name = any (v_paths)
       and not exists (select 1 from app.storage_removals r where r.bucket_id = o.bucket_id and r.name = o.name and r.removed_at is null)
    returning 1)
  select count(*) into v_objects from queued;

  -- Every history entry of theirs (written before, and by the deletion just now).
  perform set_config('steward.erasing', 'on', true);
  with gone as (delete from public.record_history h where h.record_id = any (v_ids) returning 1)
  select count(*) into v_history from gone;
  perform set_config('steward.erasing', 'off', true);

  with gone as (delete from public.notifications n where n.record_id = any (v_ids) returning 1)
  select count(*) into v_notifications from gone;

  -- The words of their names that no other contact, business or household of the organisation uses.
  v_words := array(select distinct w from unnest(v_names) n cross join lateral app.search_text_words(n) w);
  v_search_words := app.forget_search_words(v_org, v_words);

  -- The erasure itself is recorded, without anything that names the person.
  select a.actor_id, a.actor_name into v_actor from app.history_actor(v_org) a;
  insert into public.record_history (org_name, component, table_name, record_id, action, via, changes, record_label, actor_id, actor_name)
  values (v_org, 'crm', 'crm.contacts', p_contact_id, 'erase', 'screen',
          jsonb_build_object('history_entries', v_history, 'search_words', v_search_words, 'files', v_files, 'stored_files', v_objects, 'notifications', v_notifications),
          'Erased contact', v_actor.actor_id, v_actor.actor_name);
  return jsonb_build_object('erased', p_contact_id, 'history_entries', v_history, 'search_words', v_search_words, 'files', v_files,
                            'stored_files', v_objects, 'notifications', v_notifications);
end;
$function$;
revoke all on function crm.erase_contact(p_contact_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.erase_contact(p_contact_id uuid) to authenticated;
grant execute on function crm.erase_contact(p_contact_id uuid) to service_role;
comment on function crm.erase_contact(p_contact_id uuid) is 'GDPR Art. 17: deletes a contact with its phones, addresses, notes, files and relationships, their history entries, stored files, notifications and search words no one else uses, and records one erase entry naming no one; the stored files'' bytes are removed through the Storage API by the storage-removal worker (app.storage_removals); for whoever may delete the contact';

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

CREATE OR REPLACE FUNCTION crm.import_errors(p_job uuid, p_custom boolean DEFAULT true)
 RETURNS TABLE(line integer, message text, refusal jsonb)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with job as (
    select j.id, j.org_name, j.kind from crm.import_jobs j where j.id = p_job
  ),
  staged as materialized (
    select r.line, r.name, r.type, r.status, r.email, r.phone,
           nullif(btrim(r.type), '') as type_name,
           nullif(btrim(r.primary_owner), '') as owner1,
           nullif(btrim(r.secondary_owner), '') as owner2,
           nullif(btrim(r.status), '') as status_name,
           lower(nullif(btrim(r.email), '')) as email_key,
           r.custom
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
  -- Each problem names its message (app.refusal), made only for the lines that have it.
  select e.line, e.refusal ->> 'message', e.refusal from (
    select s.line, app.refusal('import.nameRequired', 'Name is required') as refusal from staged s where btrim(s.name) = ''
    union all
    select s.line, app.refusal('import.unknownType', 'Unknown type "{type}"', jsonb_build_object('type', s.type_name)) from staged s
     where s.type_name is not null and lower(s.type_name) not in (select key from types)
    union all
    select s.line, app.refusal('import.unknownOwner', 'Unknown owner "{owner}"', jsonb_build_object('owner', s.owner1)) from staged s
     where s.owner1 is not null and lower(s.owner1) not in (select key from owners)
    union all
    select s.line, app.refusal('import.unknownOwner', 'Unknown owner "{owner}"', jsonb_build_object('owner', s.owner2)) from staged s
     where s.owner2 is not null and lower(s.owner2) not in (select key from owners)
    union all
    select s.line, app.refusal('import.invalidStatus', 'Invalid status "{status}"', jsonb_build_object('status', s.status)) from staged s
     where s.status_name is not null and not pg_catalog.pg_input_is_valid(s.status_name, 'app.record_status')
    union all
    select s.line, app.refusal('import.notEmail', '"{email}" is not an e-mail address', jsonb_build_object('email', btrim(s.email))) from staged s
     where s.email_key is not null and app.contact_method_value_problem('email', s.email) is not null
    union all
    select s.line, app.refusal('import.notPhone', '"{phone}" is not a phone number: {problem}',
                               jsonb_build_object('phone', btrim(s.phone), 'problem', app.contact_method_value_refusal('phone', s.phone))) from staged s
     where nullif(btrim(s.phone), '') is not null and app.contact_method_value_problem('phone', s.phone) is not null
    union all
    -- Custom fields: columns named by their labels, choices by label; required ones filled. All
    -- lines in one call (p_custom false: the caller checks them as it reads their values).
    select c.line, x.refusal
      from job
     cross join lateral (select array_agg(s.line) as lines, array_agg(s.custom) as cells from staged s) a
     cross join lateral app.custom_import_lines(job.org_name, job.kind, a.lines, a.cells) c
     cross join lateral jsonb_array_elements(coalesce(c.cell_refusals, '[]') || coalesce(c.required_refusals, '[]')) x(refusal)
     where p_custom
  ) e
  order by 1, 2
$function$;
revoke all on function crm.import_errors(p_job uuid, p_custom boolean) from public, anon, authenticated, service_role;
grant execute on function crm.import_errors(p_job uuid, p_custom boolean) to authenticated;
grant execute on function crm.import_errors(p_job uuid, p_custom boolean) to service_role;
grant execute on function crm.import_errors(p_job uuid, p_custom boolean) to steward_import_writer;

CREATE OR REPLACE FUNCTION crm.import_job(p_job uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_count integer;
begin
  if not exists (select 1 from crm.import_jobs j where j.id = p_job) then
    perform app.refuse('P0002', 'import.gone', 'This import was cancelled or has already finished');
  end if;
  v_count := app.import_job_write(p_job);
  delete from crm.import_jobs j where j.id = p_job;
  return v_count;
end;
$function$;
revoke all on function crm.import_job(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function crm.import_job(p_job uuid) to authenticated;
grant execute on function crm.import_job(p_job uuid) to service_role;

CREATE OR REPLACE FUNCTION crm.import_problems(p_job uuid)
 RETURNS TABLE(line integer, kind text, message text, refusal jsonb)
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
    select s.line, app.refusal('import.sameEmailAs', 'Same e-mail as {record}', jsonb_build_object('record', min(e.record_name))) as refusal
      from staged s join existing e on e.kind = 'email' and e.key = s.email_key group by s.line
    union all
    select s.line, app.refusal('import.samePhoneAs', 'Same phone as {record}', jsonb_build_object('record', min(e.record_name)))
      from staged s join existing e on e.kind = 'phone' and e.key = s.phone_key group by s.line
    union all
    select s.line, app.refusal('import.sameEmailAsLine', 'Same e-mail as line {line}', jsonb_build_object('line', s.first_line))
      from (select st.line, min(st.line) over (partition by st.email_key) as first_line from staged st where st.email_key is not null) s
     where s.line <> s.first_line
    union all
    select s.line, app.refusal('import.samePhoneAsLine', 'Same phone as line {line}', jsonb_build_object('line', s.first_line))
      from (select st.line, min(st.line) over (partition by st.phone_key) as first_line from staged st where st.phone_key is not null) s
     where s.line <> s.first_line
  )
  select e.line, 'error', e.message, e.refusal from crm.import_errors(p_job) e
  union all
  select line, 'duplicate', refusal ->> 'message', refusal from duplicates
  order by 1, 2 desc, 3
$function$;
revoke all on function crm.import_problems(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function crm.import_problems(p_job uuid) to authenticated;
grant execute on function crm.import_problems(p_job uuid) to service_role;

CREATE OR REPLACE FUNCTION crm.import_records(p_org_name text, p_kind text, p_rows jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_row jsonb;
  v_line integer;
  v_errors jsonb := '[]'::jsonb;
  v_detail text;
  v_hint text;
  v_refusal jsonb;
  v_count integer := 0;
  v_id uuid;
  v_type_id uuid;
  v_type text;
  v_owner1 uuid;
  v_owner2 uuid;
  v_name text;
  v_first text;
  v_last text;
  v_phone_type uuid;
  v_email_type uuid;
  v_message text;
  v_index bigint;
  v_custom jsonb;
  v_cells jsonb;
begin
  if p_kind not in ('business', 'contact') then
    raise exception using errcode = '22023', message = format('Unknown import kind %s', p_kind);
  end if;
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) = 0 then
    perform app.refuse('22023', 'import.nothing', 'Nothing to import');
  end if;
  if jsonb_array_length(p_rows) > 5000 then
    perform app.refuse('22023', 'import.tooManyRows', 'At most 5000 rows can be imported at once');
  end if;

  -- The phone and e-mail types new methods get: the organisation's own first, else the shared default.
  select t.id into v_phone_type from crm.contact_method_types t
   where t.org_name in (p_org_name, '_system_default_') and not t.archive and app.contact_method_kind(t.category, t.name) = 'phone'
   order by (t.org_name = p_org_name) desc, (lower(t.name) = 'phone') desc, t.name limit 1;
  select t.id into v_email_type from crm.contact_method_types t
   where t.org_name in (p_org_name, '_system_default_') and not t.archive and app.contact_method_kind(t.category, t.name) = 'email'
   order by (t.org_name = p_org_name) desc, (lower(t.name) = 'email') desc, t.name limit 1;

  -- The rows' custom cells, made and checked for all rows at once (app.custom_import_lines), by
  -- their place in p_rows: the values, or the first cell that does not fit.
  select coalesce(jsonb_object_agg(c.line::text, jsonb_build_object('custom', c.custom, 'refusal', c.cell_refusals -> 0)), '{}')
    into v_custom
    from (select array_agg(r.n::integer order by r.n) as lines, array_agg(r.value -> 'custom' order by r.n) as cells
            from jsonb_array_elements(p_rows) with ordinality r(value, n)) a
   cross join lateral app.custom_import_lines(p_org_name, p_kind, a.lines, a.cells) c;

  for v_row, v_index in select r.value, r.n from jsonb_array_elements(p_rows) with ordinality r(value, n)
  loop
    v_line := coalesce((v_row ->> 'line')::integer, v_count + 2);
    v_name := nullif(btrim(coalesce(v_row ->> 'name', '')), '');
    v_type := nullif(btrim(coalesce(v_row ->> 'type', '')), '');
    v_type_id := null;
    v_owner1 := null;
    v_owner2 := null;
    begin
      if v_name is null then
        perform app.refuse('23514', 'import.nameRequired', 'Name is required');
      end if;
      if v_type is not null then
        if p_kind = 'business' then
          select t.id into v_type_id from crm.business_types t
           where t.org_name in (p_org_name, '_system_default_') and lower(t.name) = lower(v_type) and not t.archive
           order by (t.org_name = p_org_name) desc limit 1;
        else
          select t.id into v_type_id from crm.contact_types t
           where t.org_name in (p_org_name, '_system_default_') and lower(t.name) = lower(v_type) and not t.archive
           order by (t.org_name = p_org_name) desc limit 1;
        end if;
        if v_type_id is null then
          perform app.refuse('23514', 'import.unknownType', 'Unknown type "{type}"', jsonb_build_object('type', v_type));
        end if;
      end if;
      if nullif(btrim(coalesce(v_row ->> 'primary_owner', '')), '') is not null then
        select p.id into v_owner1 from public.user_profiles p
         where p.org_name = p_org_name and lower(p.name) = lower(btrim(v_row ->> 'primary_owner')) limit 1;
        if v_owner1 is null then
          perform app.refuse('23514', 'import.unknownOwner', 'Unknown owner "{owner}"', jsonb_build_object('owner', btrim(v_row ->> 'primary_owner')));
        end if;
      end if;
      if nullif(btrim(coalesce(v_row ->> 'secondary_owner', '')), '') is not null then
        select p.id into v_owner2 from public.user_profiles p
         where p.org_name = p_org_name and lower(p.name) = lower(btrim(v_row ->> 'secondary_owner')) limit 1;
        if v_owner2 is null then
          perform app.refuse('23514', 'import.unknownOwner', 'Unknown owner "{owner}"', jsonb_build_object('owner', btrim(v_row ->> 'secondary_owner')));
        end if;
      end if;

      -- Custom cells: columns named by field labels, choices by label.
      if jsonb_typeof(v_row -> 'custom') not in ('object', 'null') then
        raise exception using errcode = '23514', message = 'Custom columns must be an object of label and text';
      end if;
      v_cells := v_custom -> v_index::text;
      if jsonb_typeof(v_cells -> 'refusal') = 'object' then
        perform app.refuse('23514', v_cells -> 'refusal');
      end if;

      if p_kind = 'business' then
        insert into crm.businesses (org_name, name, dba_name, type_id, status, description, primary_owner_id, secondary_owner_id, custom)
        values (p_org_name, v_name, nullif(btrim(coalesce(v_row ->> 'dba_name', '')), ''), v_type_id,
                coalesce(nullif(btrim(coalesce(v_row ->> 'status', '')), ''), 'Active')::app.record_status,
                nullif(btrim(coalesce(v_row ->> 'description', '')), ''), v_owner1, v_owner2,
                v_cells -> 'custom')
        returning id into v_id;
      else
        -- Without mapped first and last names they come from the name: first word, the rest.
        v_first := coalesce(nullif(btrim(coalesce(v_row ->> 'first_name', '')), ''), split_part(v_name, ' ', 1));
        v_last := coalesce(nullif(btrim(coalesce(v_row ->> 'last_name', '')), ''),
                           nullif(btrim(substr(v_name, length(split_part(v_name, ' ', 1)) + 1)), ''));
        insert into crm.contacts (org_name, name, first_name, last_name, type_id, status, description, primary_owner_id, secondary_owner_id, custom)
        values (p_org_name, v_name, v_first, v_last, v_type_id,
                coalesce(nullif(btrim(coalesce(v_row ->> 'status', '')), ''), 'Active')::app.record_status,
                nullif(btrim(coalesce(v_row ->> 'description', '')), ''), v_owner1, v_owner2,
                v_cells -> 'custom')
        returning id into v_id;
      end if;

      if nullif(btrim(coalesce(v_row ->> 'phone', '')), '') is not null then
        insert into crm.contact_methods (org_name, value, label, type_id, is_primary, business_id, contact_id)
        values (p_org_name, btrim(v_row ->> 'phone'), '', v_phone_type, true,
                case when p_kind = 'business' then v_id end, case when p_kind = 'contact' then v_id end);
      end if;
      if nullif(btrim(coalesce(v_row ->> 'email', '')), '') is not null then
        if btrim(v_row ->> 'email') !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
          perform app.refuse('23514', 'import.notEmail', '"{email}" is not an e-mail address', jsonb_build_object('email', btrim(v_row ->> 'email')));
        end if;
        insert into crm.contact_methods (org_name, value, label, type_id, is_primary, business_id, contact_id)
        values (p_org_name, btrim(v_row ->> 'email'), '', v_email_type, true,
                case when p_kind = 'business' then v_id end, case when p_kind = 'contact' then v_id end);
      end if;
      if coalesce(v_row ->> 'address_line_1', v_row ->> 'address_line_2', v_row ->> 'city', v_row ->> 'state', v_row ->> 'zip', v_row ->> 'country') is not null
         and btrim(concat(v_row ->> 'address_line_1', v_row ->> 'address_line_2', v_row ->> 'city', v_row ->> 'state', v_row ->> 'zip', v_row ->> 'country')) <> '' then
        insert into crm.addresses (org_name, is_primary, business_id, contact_id, address_line_1, address_line_2, city, state, zip, country)
        values (p_org_name, true, case when p_kind = 'business' then v_id end, case when p_kind = 'contact' then v_id end,
                nullif(btrim(coalesce(v_row ->> 'address_line_1', '')), ''), nullif(btrim(coalesce(v_row ->> 'address_line_2', '')), ''),
                nullif(btrim(coalesce(v_row ->> 'city', '')), ''), nullif(btrim(coalesce(v_row ->> 'state', '')), ''),
                nullif(btrim(coalesce(v_row ->> 'zip', '')), ''), nullif(btrim(coalesce(v_row ->> 'country', '')), ''));
      end if;
      v_count := v_count + 1;
    exception
      when others then
        get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
        -- The line's refusal as it was raised (app.refuse: its id and values), for the importer's language.
        v_refusal := app.caught_refusal(v_message, v_detail, v_hint);
        if v_message like '%app.record_status%' then
          v_refusal := app.refusal('import.invalidStatus', 'Invalid status "{status}"', jsonb_build_object('status', v_row ->> 'status'));
          v_message := v_refusal ->> 'message';
        end if;
        v_errors := v_errors || jsonb_build_object('line', v_line, 'message', v_message, 'refusal', v_refusal);
    end;
  end loop;

  if jsonb_array_length(v_errors) > 0 then
    raise exception using errcode = '23514', message = 'Import failed: nothing was imported', detail = v_errors::text, hint = 'steward:import.failed';
  end if;
  return v_count;
end;
$function$;
revoke all on function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) to authenticated;
grant execute on function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) to service_role;

CREATE OR REPLACE FUNCTION crm.import_rows_limit()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if (select count(*) from crm.import_rows r where r.job_id in (select distinct n.job_id from new_rows n)) > 100000 then
    perform app.refuse('22023', 'import.tooManyStaged', 'At most 100,000 rows can be imported at once');
  end if;
  return null;
end;
$function$;
revoke all on function crm.import_rows_limit() from public, anon, authenticated, service_role;

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
    perform app.refuse('PT429', 'import.tooManyRunning', 'This organization already has {limit} imports in progress, the most it may have; finish or cancel one first (an import left unfinished is removed after a day).', jsonb_build_object('limit', v_limit));
  end if;
  return new;
end;
$function$;
revoke all on function crm.limit_open_import_jobs() from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION crm.merge_records(p_kind text, p_survivor uuid, p_merged uuid, p_values jsonb DEFAULT '{}'::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_rel regclass := app.merge_kind(p_kind);
  v_batch uuid := gen_random_uuid();
  v_survivor jsonb;
  v_merged jsonb;
  v_field text;
  v_sets text := '';
  v_fk record;
  v_count integer;
  v_moved integer := 0;
  v_fields jsonb := '{}';
  v_custom jsonb;
  v_link record;
  v_kind text := case p_kind when 'contacts' then 'contact' when 'businesses' then 'business' when 'households' then 'household' end;
begin
  if v_rel is null then
    raise exception using errcode = '22023', message = 'Only contacts, businesses and households can be merged';
  end if;
  if p_survivor is null or p_merged is null or p_survivor = p_merged then
    perform app.refuse('22023', 'merge.twoRecords', 'Choose two different records to merge');
  end if;
  execute format('select to_jsonb(t) from %s t where id = $1', v_rel) into v_survivor using p_survivor;
  execute format('select to_jsonb(t) from %s t where id = $1', v_rel) into v_merged using p_merged;
  if v_survivor is null or v_merged is null then
    perform app.refuse('P0002', 'merge.gone', 'One of the records to merge no longer exists');
  end if;
  if v_survivor ->> 'org_name' = '_system_default_' or v_merged ->> 'org_name' = '_system_default_' then
    perform app.refuse('42501', 'record.systemDefault', 'System default records cannot be changed');
  end if;
  if v_survivor ->> 'org_name' <> v_merged ->> 'org_name' then
    perform app.refuse('42501', 'merge.sameOrg', 'Only records of the same organization can be merged');
  end if;
  if (v_merged ->> 'archive')::boolean then
    perform app.refuse('22023', 'merge.archived', 'The record to merge is archived; restore it first');
  end if;

  perform app.begin_batch('merge', v_batch);

  -- Custom fields: the survivor keeps its values and takes the merged record's where it has none
  -- (sensitive ones too, where the caller may see them: app.custom_sensitive's policy); values chosen
  -- in p_values.custom (by field id) win.
  select coalesce(v_merged -> 'custom', '{}') || coalesce((select s.custom from app.custom_sensitive s where s.record_kind = v_kind and s.record_id = p_merged), '{}')
         || coalesce(v_survivor -> 'custom', '{}') || coalesce((select s.custom from app.custom_sensitive s where s.record_kind = v_kind and s.record_id = p_survivor), '{}')
         || case when jsonb_typeof(p_values -> 'custom') = 'object' then p_values -> 'custom' else '{}' end
    into v_custom;
  if v_custom is distinct from coalesce(v_survivor -> 'custom', '{}') then
    execute format('with changed as (update %s t set custom = $2 where t.id = $1 returning 1) select count(*) from changed', v_rel)
      into v_count using p_survivor, v_custom;
    if v_count <> 1 then
      perform app.refuse('42501', 'record.changeForbidden', 'You do not have permission to change this record.');
    end if;
    v_fields := v_fields || jsonb_build_object('custom', jsonb_build_array(v_survivor -> 'custom', v_custom));
  end if;
  p_values := coalesce(p_values, '{}') - 'custom';
  -- Link fields that named the merged record name the survivor.
  for v_link in select f.id, f.record_kind from settings.custom_fields f
                 where f.org_name = v_survivor ->> 'org_name' and f.field_type = 'link' and f.link_kind = v_kind and not f.sensitive loop
    execute format('with moved as (update %s t set custom = t.custom || jsonb_build_object(%L, $1::text) where t.org_name = $3 and t.custom @> jsonb_build_object(%L, $2::text) returning 1) '
                   'select count(*) from moved', app.custom_record_table(v_link.record_kind), v_link.id::text, v_link.id::text)
      into v_count using p_survivor, p_merged, v_survivor ->> 'org_name';
    v_moved := v_moved + v_count;
  end loop;

  -- The survivor takes the chosen values.
  for v_field in select jsonb_object_keys(coalesce(p_values, '{}')) loop
    if app.history_ignored(v_field) or v_field in ('archive') or not exists (
      select 1 from pg_catalog.pg_attribute where attrelid = v_rel and attname = v_field and not attisdropped and attnum > 0 and attgenerated = '') then
      raise exception using errcode = '22023', message = format('%s cannot be chosen in a merge', v_field);
    end if;
    v_sets := v_sets || format('%s%I = r.%I', case when v_sets = '' then '' else ', ' end, v_field, v_field);
    v_fields := v_fields || jsonb_build_object(v_field, jsonb_build_array(v_survivor -> v_field, p_values -> v_field));
  end loop;
  if v_sets <> '' then
    execute format('with changed as (update %1$s t set %2$s from jsonb_populate_record(null::%1$s, $2) r where t.id = $1 returning 1) '
                   'select count(*) from changed', v_rel, v_sets)
      into v_count using p_survivor, p_values;
    if v_count <> 1 then
      perform app.refuse('42501', 'record.changeForbidden', 'You do not have permission to change this record.');
    end if;
  end if;

  -- A primary contact method or address of the merged record stays primary only where the survivor
  -- has none of that kind.
  update crm.contact_methods m set is_primary = false
  from crm.contact_method_types t
  where t.id = m.type_id and m.is_primary and not m.archive
    and p_merged in (m.contact_id, m.business_id, m.household_id)
    and exists (select 1 from crm.contact_methods s join crm.contact_method_types st on st.id = s.type_id
                where p_survivor in (s.contact_id, s.business_id, s.household_id) and s.is_primary and not s.archive and st.kind = t.kind);
  if exists (select 1 from pg_catalog.pg_attribute where attrelid = 'crm.addresses'::regclass and attname = 'is_primary' and not attisdropped) then
    execute 'update crm.addresses a set is_primary = false
             where a.is_primary and not a.archive and $2 in (a.contact_id, a.business_id, a.household_id)
               and exists (select 1 from crm.addresses s where $1 in (s.contact_id, s.business_id, s.household_id) and s.is_primary and not s.archive)'
      using p_survivor, p_merged;
  end if;

  -- Everything that points at the merged record now points at the survivor.
  for v_fk in
    select con.conrelid::regclass as rel, a.attname as col
    from pg_catalog.pg_constraint con
    join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
    where con.contype = 'f' and con.confrelid = v_rel and array_length(con.conkey, 1) = 1
      and exists (select 1 from app.history_tables h where h.table_name = con.conrelid)
    order by 1, 2
  loop
    execute format('with moved as (update %s set %I = $1 where %I = $2 and id <> $1 returning 1) select count(*) from moved',
                   v_fk.rel, v_fk.col, v_fk.col)
      into v_count using p_survivor, p_merged;
    v_moved := v_moved + v_count;
  end loop;

  -- A relationship between the two records would now relate the survivor to itself: archive it.
  update crm.relationships r set archive = true
  where not r.archive
    and ((r.contact_id1 = p_survivor and r.contact_id2 = p_survivor)
      or (r.business_id1 = p_survivor and r.business_id2 = p_survivor)
      or (r.household_id1 = p_survivor and r.household_id2 = p_survivor));
  if v_rel = 'crm.contacts'::regclass then
    update crm.contacts set spouse_id = null where id = p_survivor and spouse_id = p_survivor;
  end if;

  execute format('with archived as (update %s set archive = true where id = $1 returning 1) select count(*) from archived', v_rel)
    into v_count using p_merged;
  if v_count <> 1 then
    perform app.refuse('42501', 'record.changeForbidden', 'You do not have permission to change this record.');
  end if;

  perform app.record_merge(v_rel, p_survivor, p_merged, v_batch, v_fields);
  perform app.end_batch();
  return jsonb_build_object('batch_id', v_batch, 'moved', v_moved);
end;
$function$;
revoke all on function crm.merge_records(p_kind text, p_survivor uuid, p_merged uuid, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.merge_records(p_kind text, p_survivor uuid, p_merged uuid, p_values jsonb) to authenticated;

CREATE OR REPLACE FUNCTION crm.my_import_jobs()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(j.id), '{}') from crm.import_jobs j
  where j.auth_user_id = auth.uid() and j.org_name = any (app.member_orgs())
$function$;
revoke all on function crm.my_import_jobs() from public, anon, authenticated, service_role;
grant execute on function crm.my_import_jobs() to authenticated;
grant execute on function crm.my_import_jobs() to service_role;

CREATE OR REPLACE FUNCTION crm.possible_duplicates(p_kind text, p_limit integer DEFAULT 100)
 RETURNS TABLE(a_id uuid, a_label text, b_id uuid, b_label text, reason text)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_rel regclass := app.merge_kind(p_kind);
  v_owner text := case p_kind when 'contacts' then 'contact_id' when 'businesses' then 'business_id' else 'household_id' end;
begin
  if v_rel is null then
    raise exception using errcode = '22023', message = 'Only contacts, businesses and households can be merged';
  end if;
  perform set_config('pg_trgm.similarity_threshold', '0.6', true);
  return query execute format($q$
    with methods as (
      select m.%2$I as owner, t.kind,
             case when t.kind = 'phone' then right(regexp_replace(m.value, '\D', '', 'g'), 10) else lower(btrim(m.value)) end as norm
      from crm.contact_methods m join crm.contact_method_types t on t.id = m.type_id
      where m.%2$I is not null and not m.archive and t.kind in ('email', 'phone')
    ),
    same_method as (
      select distinct on (least(a.owner, b.owner), greatest(a.owner, b.owner))
             least(a.owner, b.owner) as x, greatest(a.owner, b.owner) as y,
             case a.kind when 'email' then 'Same e-mail' else 'Same phone number' end as reason
      from methods a join methods b on a.kind = b.kind and a.norm = b.norm and a.owner < b.owner
      where length(a.norm) >= 5
    ),
    similar_name as (
      select a.id as x, b.id as y, 'Similar names' as reason
      from %1$s a join %1$s b on lower(a.name) operator(extensions.%%) lower(b.name) and a.id < b.id and a.org_name = b.org_name
      where not a.archive and not b.archive and a.org_name <> '_system_default_'
    ),
    pairs as (
      select distinct on (x, y) x, y, reason from (select * from same_method union all select * from similar_name) p
      order by x, y, reason desc
    )
    select p.x, app.record_label(to_jsonb(a)), p.y, app.record_label(to_jsonb(b)), p.reason
    from pairs p join %1$s a on a.id = p.x join %1$s b on b.id = p.y
    where not a.archive and not b.archive and a.org_name = b.org_name and a.org_name <> '_system_default_'
    order by p.reason, app.record_label(to_jsonb(a))
    limit %3$s
  $q$, v_rel, v_owner, least(greatest(coalesce(p_limit, 100), 1), 500));
end;
$function$;
revoke all on function crm.possible_duplicates(p_kind text, p_limit integer) from public, anon, authenticated, service_role;
grant execute on function crm.possible_duplicates(p_kind text, p_limit integer) to authenticated;

CREATE OR REPLACE FUNCTION crm.record_relationships(p_record uuid)
 RETURNS TABLE(source text, source_id uuid, title text, notes text, other_kind text, other_id uuid, other_name text, other_short_id text, created_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with mine as (
    select r.* from crm.relationships r
     where not r.archive
       and p_record in (r.business_id1, r.business_id2, r.contact_id1, r.contact_id2, r.household_id1, r.household_id2)
  ), ends as (
    select m.id, m.title, m.notes, m.created_at, e.kind, e.ref
      from mine m
     cross join lateral (values ('business', m.business_id1), ('business', m.business_id2),
                                ('contact', m.contact_id1), ('contact', m.contact_id2),
                                ('household', m.household_id1), ('household', m.household_id2)) e(kind, ref)
     where e.ref is not null and e.ref <> p_record
  )
  select 'relationship', e.id, e.title, e.notes, e.kind, e.ref,
         coalesce(b.name, c.name, h.name), coalesce(b.short_id, c.short_id, h.short_id), e.created_at
    from ends e
    left join crm.businesses b on e.kind = 'business' and b.id = e.ref
    left join crm.contacts c on e.kind = 'contact' and c.id = e.ref
    left join crm.households h on e.kind = 'household' and h.id = e.ref
  union all
  select 'spouse', me.id, 'Spouse', null, 'contact', sp.id, sp.name, sp.short_id, me.last_modified_at
    from crm.contacts me join crm.contacts sp on sp.id = me.spouse_id
   where me.id = p_record
  union all
  select 'household_' || m.role, h.id, case m.role when 'primary' then 'Primary contact' else 'Secondary contact' end, null,
         'contact', c.id, c.name, c.short_id, h.last_modified_at
    from crm.households h
   cross join lateral (values ('primary', h.primary_contact_id), ('secondary', h.secondary_contact_id)) m(role, contact_id)
    join crm.contacts c on c.id = m.contact_id
   where h.id = p_record
  union all
  select 'household_' || m.role, h.id, case m.role when 'primary' then 'Household (primary contact)' else 'Household (secondary contact)' end, null,
         'household', h.id, h.name, h.short_id, h.last_modified_at
    from crm.households h
   cross join lateral (values ('primary', h.primary_contact_id), ('secondary', h.secondary_contact_id)) m(role, contact_id)
   where m.contact_id = p_record and not h.archive
$function$;
revoke all on function crm.record_relationships(p_record uuid) from public, anon, authenticated, service_role;
grant execute on function crm.record_relationships(p_record uuid) to authenticated;
grant execute on function crm.record_relationships(p_record uuid) to service_role;

create or replace function crm.merge_fields(p_kind text)
 returns jsonb
 language sql
 stable
 set search_path to ''
as $function$
  select jsonb_agg(jsonb_build_object('name', f.name, 'label', f.label) order by f.place)
  from (values
    (1, 'first_name', 'First name'), (2, 'last_name', 'Last name'), (3, 'full_name', 'Full name'), (4, 'email', 'E-mail'),
    (5, 'organization.name', 'Organisation name'),
    (6, 'stay.check_in', 'Check-in'), (7, 'stay.check_out', 'Check-out'), (8, 'stay.total', 'Stay total'), (9, 'stay.unit', 'Accommodation'),
    (10, 'unsubscribe_url', 'Unsubscribe link')) as f(place, name, label)
  where p_kind = 'reservation' or f.name not like 'stay.%'
$function$;
revoke all on function crm.merge_fields(p_kind text) from public, anon, authenticated, service_role;
grant execute on function crm.merge_fields(p_kind text) to authenticated;
grant execute on function crm.merge_fields(p_kind text) to service_role;

create or replace function crm.render_message(p_subject text, p_body text, p_kind text, p_id uuid)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_org text := app.message_record_org(p_kind, p_id);
  v_values jsonb;
  v_body text;
  v_signature text;
begin
  if v_org is null then
    perform app.refuse('42501', 'record.notVisible', 'You cannot see that record');
  end if;
  select m.merge || jsonb_build_object('unsubscribe_url', app.mail_unsubscribe_link('preview')) into v_values
    from app.message_merge_values(p_kind, array[p_id], v_org) m;
  v_body := app.message_fill(p_body, v_values);
  v_signature := app.message_signature(v_org);
  return jsonb_build_object(
    'subject', app.message_fill(p_subject, v_values, true),
    'body', v_body,
    'signature', v_signature,
    'html', app.message_html(v_body || coalesce(E'\n\n-- \n' || v_signature, '')),
    'to', v_values ->> 'email');
end;
$function$;
revoke all on function crm.render_message(p_subject text, p_body text, p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.render_message(p_subject text, p_body text, p_kind text, p_id uuid) to authenticated;
grant execute on function crm.render_message(p_subject text, p_body text, p_kind text, p_id uuid) to service_role;

create or replace function crm.send_message(p_message jsonb)
 returns uuid
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_id uuid := gen_random_uuid();
  v_links jsonb := '[]';
  v_link jsonb;
  v_org text;
  v_link_org text;
  v_first_kind text;
  v_first_id uuid;
  v_to text[];
  v_cc text[];
  v_address text;
  v_subject text;
  v_body text;
  v_reply crm.messages;
  v_values jsonb;
  v_attachments jsonb := '[]';
  v_item jsonb;
  v_file record;
  v_total bigint := 0;
  v_refusal jsonb;
begin
  if auth.uid() is null then
    perform app.refuse('42501', 'message.signIn', 'Sign in to send a message');
  end if;
  if jsonb_typeof(p_message) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'The message must be an object';
  end if;
  -- The thread it answers, and the records of that thread by default.
  if nullif(p_message ->> 'reply_to', '') is not null then
    select * into v_reply from crm.messages m where m.id = (p_message ->> 'reply_to')::uuid;
    if v_reply.id is null then
      perform app.refuse('22023', 'message.replyGone', 'The message it answers does not exist');
    end if;
  end if;
  for v_link in select * from jsonb_array_elements(case when jsonb_typeof(p_message -> 'links') = 'array' then p_message -> 'links' else '[]' end) loop
    v_link_org := app.message_record_org(v_link ->> 'kind', nullif(v_link ->> 'id', '')::uuid);
    if v_link_org is null then
      perform app.refuse('42501', 'record.notVisible', 'You cannot see that record');
    end if;
    if v_org is not null and v_org <> v_link_org then
      perform app.refuse('22023', 'message.oneOrg', 'A message is on records of one organisation');
    end if;
    v_org := v_link_org;
    v_links := v_links || jsonb_build_array(jsonb_build_object('kind', v_link ->> 'kind', 'id', v_link ->> 'id'));
    if v_first_kind is null then
      v_first_kind := v_link ->> 'kind';
      v_first_id := (v_link ->> 'id')::uuid;
    end if;
  end loop;
  if v_reply.id is not null then
    if v_org is null then
      -- Answering from the thread: the caller must see the message it answers.
      if not exists (select 1 from crm.messages m where m.id = v_reply.id and m.org_name = any (app.member_orgs())
                       and (m.inbox and (m.org_name = any (app.orgs_with_access('crm', 'edit', 'Organization')) or m.org_name = any (app.orgs_with_access('crm', 'edit', 'Personal')))
                            or exists (select 1 from crm.message_links l where l.message_id = m.id and app.message_record_org(l.record_kind, l.record_id) is not null))) then
        perform app.refuse('42501', 'record.notVisible', 'You cannot see that record');
      end if;
      v_org := v_reply.org_name;
      v_links := coalesce((select jsonb_agg(jsonb_build_object('kind', l.record_kind, 'id', l.record_id)) from crm.message_links l where l.message_id = v_reply.id), '[]');
      select l.record_kind, l.record_id into v_first_kind, v_first_id from crm.message_links l where l.message_id = v_reply.id order by l.record_kind = 'reservation' desc limit 1;
    elsif v_reply.org_name <> v_org then
      perform app.refuse('22023', 'message.replyGone', 'The message it answers does not exist');
    end if;
  end if;
  if v_org is null then
    perform app.refuse('22023', 'message.fromRecord', 'Send the message from a record');
  end if;
  select t.subject, t.body into v_subject, v_body
    from app.message_text(v_org, p_message ->> 'subject', p_message ->> 'body', nullif(p_message ->> 'template_id', '')::uuid) t;
  -- Merge fields, for the first record (the reservation when there is one).
  if v_first_kind is not null then
    select m.merge into v_values from app.message_merge_values(v_first_kind, array[v_first_id], v_org) m;
  end if;
  -- Addresses.
  v_to := array(select lower(btrim(e)) from jsonb_array_elements_text(case when jsonb_typeof(p_message -> 'to') = 'array' then p_message -> 'to' else '[]' end) e where btrim(e) <> '');
  v_cc := array(select lower(btrim(e)) from jsonb_array_elements_text(case when jsonb_typeof(p_message -> 'cc') = 'array' then p_message -> 'cc' else '[]' end) e where btrim(e) <> '');
  if cardinality(v_to) = 0 then
    v_to := array_remove(array[nullif(v_values ->> 'email', '')], null);
  end if;
  if cardinality(v_to) = 0 and v_reply.id is not null then
    v_to := array[lower(v_reply.from_email)];
  end if;
  if cardinality(v_to) = 0 then
    perform app.refuse('22023', 'message.addressRequired', 'Add an address to send it to');
  end if;
  if cardinality(v_to) + cardinality(v_cc) > 50 then
    perform app.refuse('22023', 'message.tooManyAddresses', 'A message goes to at most 50 addresses');
  end if;
  foreach v_address in array v_to || v_cc loop
    if not app.is_email_address(v_address) then
      perform app.refuse('22023', 'mail.notAddress', '{address} is not an e-mail address', jsonb_build_object('address', v_address));
    end if;
    v_refusal := app.mail_suppression_refusal(v_org, v_address);
    if v_refusal is not null then
      perform app.refuse('22023', v_refusal);
    end if;
  end loop;
  v_values := coalesce(v_values, jsonb_build_object('first_name', '', 'last_name', '', 'full_name', coalesce(v_reply.from_name, ''), 'email', v_to[1],
                                                    'organization.name', (select coalesce(nullif(o.display_name, ''), o.name) from public.organizations o where o.name = v_org),
                                                    'unsubscribe_url', ''));
  -- Every field must exist before anything is written (app.write_out_messages fills them).
  perform app.message_fill(v_subject || ' ' || v_body, v_values);
  -- Attachments: a record file the caller may see, or a file they uploaded into message-files.
  for v_item in select * from jsonb_array_elements(case when jsonb_typeof(p_message -> 'attachments') = 'array' then p_message -> 'attachments' else '[]' end) loop
    if nullif(v_item ->> 'file_id', '') is not null then
      execute format('select f.name, f.content_type, f.size_bytes, f.storage_path from crm.crm_files f where f.id = $1 and f.org_name = $2 and not f.archive and f.storage_path is not null and (%s)',
                     app.read_rule_sql('crm.crm_files'))
        into v_file using (v_item ->> 'file_id')::uuid, v_org;
      if v_file.storage_path is null then
        perform app.refuse('22023', 'message.fileGone', 'That file does not exist');
      end if;
      v_item := jsonb_build_object('file_name', v_file.name, 'content_type', coalesce(v_file.content_type, 'application/octet-stream'),
                                   'size_bytes', coalesce(v_file.size_bytes, 0), 'storage_path', v_file.storage_path, 'bucket_id', 'record-files');
    else
      select o.name, coalesce((o.metadata ->> 'size')::bigint, 0) as size, o.metadata ->> 'mimetype' as mimetype into v_file
        from storage.objects o
       where o.bucket_id = 'message-files' and o.name = v_item ->> 'storage_path'
         and lower(split_part(o.name, '/', 1)) = lower(app.org_slug(v_org))  -- the composer names the folder as app.org_slug spells it, inbound mail in lower case
         and o.owner_id = auth.uid()::text and not app.message_file_claimed(o.name);
      if v_file.name is null then
        perform app.refuse('22023', 'message.fileNotUploaded', '{file} was not uploaded', jsonb_build_object('file', coalesce(nullif(v_item ->> 'file_name', ''), 'The file')));
      end if;
      if btrim(coalesce(v_item ->> 'file_name', '')) = '' or v_item ->> 'file_name' ~ '[\r\n]' then
        perform app.refuse('22023', 'message.fileName', 'Give the file a name');
      end if;
      v_item := jsonb_build_object('file_name', v_item ->> 'file_name', 'content_type', coalesce(v_file.mimetype, v_item ->> 'content_type', 'application/octet-stream'),
                                   'size_bytes', greatest(v_file.size, coalesce((v_item ->> 'size_bytes')::bigint, 0)), 'storage_path', v_file.name, 'bucket_id', 'message-files');
    end if;
    if (v_item ->> 'size_bytes')::bigint > 10485760 then
      perform app.refuse('22023', 'message.fileTooLarge', '{file} is larger than 10 MB', jsonb_build_object('file', v_item ->> 'file_name'));
    end if;
    v_total := v_total + (v_item ->> 'size_bytes')::bigint;
    v_attachments := v_attachments || jsonb_build_array(v_item);
  end loop;
  if v_total > 20971520 then
    perform app.refuse('22023', 'message.attachmentsTooLarge', 'The attachments are larger than 20 MB together');
  end if;
  perform app.require_mail_quota(v_org, 1);
  perform app.write_out_messages(v_org, v_subject, v_body,
    jsonb_build_array(jsonb_build_object('id', v_id, 'to_emails', to_jsonb(v_to), 'merge', v_values, 'links', v_links,
                                         'unsubscribe', strpos(v_body, 'unsubscribe_url') > 0)),
    v_cc, v_attachments, v_reply.id, null);
  return v_id;
end;
$function$;
revoke all on function crm.send_message(p_message jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.send_message(p_message jsonb) to authenticated;
grant execute on function crm.send_message(p_message jsonb) to service_role;
comment on function crm.send_message(p_message jsonb) is 'sends one e-mail from records (CONVERSATIONS-CONTRACT): fills merge fields, adds the signature, renders the HTML, queues it in the outbox; any refusal writes nothing';

create or replace function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid DEFAULT NULL::uuid)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_ids uuid[] := coalesce(p_ids, '{}');
  v_page jsonb;
  v_offset integer := 0;
  v_seen integer;
  v_orgs text[];
  v_org text;
  v_subject text;
  v_body text;
  v_campaign uuid := gen_random_uuid();
  v_rate integer := coalesce((select l.value from app.organization_limits l where l.name = 'bulk_mails_per_minute'), 60);
  v_mails jsonb;
begin
  if auth.uid() is null then
    perform app.refuse('42501', 'message.signIn', 'Sign in to send a message');
  end if;
  if app.message_record_table(p_kind) is null then
    raise exception using errcode = '22023', message = format('%s is not a kind of record a message can be on', coalesce(p_kind, 'null'));
  end if;
  if p_filter is not null and cardinality(v_ids) = 0 then
    if p_kind not in ('contact', 'business', 'household') then
      perform app.refuse('22023', 'message.recordsRequired', 'Choose the records to send to');
    end if;
    -- "All matching": the list's own filter, read page by page as the list reads it (the caller's rule).
    loop
      v_page := public.list_page(coalesce(p_filter ->> 'relation', 'crm.' || case p_kind when 'contact' then 'contacts' when 'business' then 'businesses' else 'households' end || '_view'),
                                 array(select jsonb_array_elements_text(coalesce(p_filter -> 'org_names', 'null'::jsonb))) ,
                                 coalesce(p_filter -> 'eq', '{}'), coalesce((p_filter ->> 'exclude_archived')::boolean, false),
                                 p_filter -> 'filter', '[]', v_offset, 1000, null, null);
      exit when v_page is null or jsonb_array_length(v_page -> 'ids') = 0;
      v_ids := v_ids || array(select e::uuid from jsonb_array_elements_text(v_page -> 'ids') e);
      exit when jsonb_array_length(v_page -> 'ids') < 1000;
      v_offset := v_offset + 1000;
    end loop;
  end if;
  -- Each record once, in the order given.
  v_ids := array(select u.id from unnest(v_ids) with ordinality u(id, n) where u.id is not null group by u.id order by min(u.n));
  if cardinality(v_ids) = 0 then
    perform app.refuse('22023', 'message.recordsRequired', 'Choose the records to send to');
  end if;
  if cardinality(v_ids) > 50000 then
    perform app.refuse('22023', 'message.tooManyRecords', 'A mail to many goes to at most 50,000 records');
  end if;
  -- One organisation, every record visible to the caller.
  select count(*)::integer, array_agg(distinct r.org_name) into v_seen, v_orgs from app.message_records_orgs(p_kind, v_ids) r;
  if v_seen < cardinality(v_ids) then
    perform app.refuse('42501', 'record.notVisible', 'You cannot see that record');
  end if;
  if cardinality(v_orgs) > 1 then
    perform app.refuse('22023', 'message.oneOrg', 'A message is on records of one organisation');
  end if;
  v_org := v_orgs[1];
  select t.subject, t.body into v_subject, v_body from app.message_text(v_org, p_subject, p_body, p_template_id) t;
  if v_body !~ '\{\{\s*unsubscribe_url\s*\}\}' then
    v_body := v_body || E'\n\nUnsubscribe: {{unsubscribe_url}}';
  end if;
  -- Every field must exist before anything is written.
  perform app.message_fill(v_subject || ' ' || v_body, (select m.merge from app.message_merge_values(p_kind, v_ids[1:1], v_org) m));
  -- Who gets one (an address, not suppressed), each a minute's share of the rate after the one before.
  select coalesce(jsonb_agg(jsonb_build_object('id', gen_random_uuid(), 'to_emails', jsonb_build_array(q.email), 'merge', q.merge,
                                               'links', jsonb_build_array(jsonb_build_object('kind', p_kind, 'id', q.id)),
                                               'send_at', now() + make_interval(secs => ((q.n - 1) * 60.0) / greatest(v_rate, 1)),
                                               'unsubscribe', true) order by q.n), '[]')
    into v_mails
    from (select m.id, m.email, m.merge, row_number() over (order by u.n) as n
            from unnest(v_ids) with ordinality u(id, n)
            join app.message_merge_values(p_kind, v_ids, v_org) m on m.id = u.id
           where app.is_email_address(m.email)
             and not exists (select 1 from crm.mail_suppressions s where s.org_name = v_org and s.email = m.email)) q;
  perform app.require_mail_quota(v_org, jsonb_array_length(v_mails));
  insert into crm.mail_campaigns (id, org_name, subject, body, record_kind, total, queued, skipped, created_by)
  values (v_campaign, v_org, v_subject, v_body, p_kind, cardinality(v_ids), jsonb_array_length(v_mails), cardinality(v_ids) - jsonb_array_length(v_mails), app.profile_id_in(v_org));
  perform app.write_out_messages(v_org, v_subject, v_body, v_mails, '{}', '[]', null, v_campaign);
  return jsonb_build_object('campaign_id', v_campaign, 'total', cardinality(v_ids), 'queued', jsonb_array_length(v_mails), 'skipped', cardinality(v_ids) - jsonb_array_length(v_mails));
end;
$function$;
revoke all on function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid) to authenticated;
grant execute on function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid) to service_role;
comment on function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid) is 'mail to many (CONVERSATIONS-CONTRACT): one personalised message per record with an unsubscribe link, spaced by bulk_mails_per_minute; suppressed and address-less records skipped and counted';

create or replace function crm.record_messages(p_kind text, p_id uuid, p_limit integer DEFAULT 50, p_before timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 returns jsonb
 language sql
 stable
 set search_path to ''
as $function$
  -- The record as the caller may see it (its table's own policies, Personal included), then its page.
  select case when case p_kind
      when 'contact' then exists (select 1 from crm.contacts r where r.id = p_id)
      when 'business' then exists (select 1 from crm.businesses r where r.id = p_id)
      when 'household' then exists (select 1 from crm.households r where r.id = p_id)
      when 'user' then exists (select 1 from public.user_profiles r where r.id = p_id)
      when 'staff' then exists (select 1 from hr.staff_profiles r where r.id = p_id)
      when 'reservation' then exists (select 1 from catalog.reservations r where r.id = p_id)
      else false end
    then app.record_messages_page(p_kind, p_id, p_limit, p_before, p_before_id)
    else '[]'::jsonb end
$function$;
revoke all on function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) to authenticated;
grant execute on function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) to service_role;
comment on function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) is 'a record''s conversation, newest first, p_limit (≤ 200) at a time; the next page starts after the last one read (p_before its created_at, p_before_id its id); empty when the caller may not see the record';

create or replace function crm.attach_message(p_message uuid, p_kind text, p_id uuid)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v crm.messages := app.inbox_message_for_edit(p_message);
begin
  if app.message_record_org(p_kind, p_id) is distinct from v.org_name then
    perform app.refuse('42501', 'record.notVisible', 'You cannot see that record');
  end if;
  perform app.link_thread(v, p_kind, p_id);
end;
$function$;
revoke all on function crm.attach_message(p_message uuid, p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.attach_message(p_message uuid, p_kind text, p_id uuid) to authenticated;
grant execute on function crm.attach_message(p_message uuid, p_kind text, p_id uuid) to service_role;

create or replace function crm.create_contact_from_message(p_message uuid)
 returns uuid
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v crm.messages := app.inbox_message_for_edit(p_message);
  v_name text;
  v_contact uuid := gen_random_uuid();
  v_profile uuid;
begin
  if not (v.org_name = any (app.orgs_with_access('crm', 'create', 'allowed'))) then
    perform app.refuse('42501', 'record.addContactsForbidden', 'You cannot add contacts');
  end if;
  v_profile := app.profile_id_in(v.org_name);
  v_name := coalesce(nullif(btrim(v.from_name), ''), split_part(v.from_email, '@', 1));
  insert into crm.contacts (id, org_name, name, first_name, last_name, created_by, last_modified_by, primary_owner_id)
  values (v_contact, v.org_name, v_name,
          case when v_name ~ '\s' then regexp_replace(v_name, '\s+\S+$', '') else v_name end,
          case when v_name ~ '\s' then substring(v_name from '\S+$') end,
          v_profile, v_profile, v_profile);
  insert into crm.contact_methods (org_name, contact_id, value, label, type_id, is_primary, created_by, last_modified_by)
  values (v.org_name, v_contact, lower(v.from_email), 'E-mail',
          (select t.id from crm.contact_method_types t where t.kind = 'email' and t.org_name in (v.org_name, '_system_default_')
            order by t.org_name = v.org_name desc, t.created_at limit 1),
          true, v_profile, v_profile);
  perform app.link_thread(v, 'contact', v_contact);
  return v_contact;
end;
$function$;
revoke all on function crm.create_contact_from_message(p_message uuid) from public, anon, authenticated, service_role;
grant execute on function crm.create_contact_from_message(p_message uuid) to authenticated;
grant execute on function crm.create_contact_from_message(p_message uuid) to service_role;
