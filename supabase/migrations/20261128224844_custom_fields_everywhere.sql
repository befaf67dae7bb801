-- custom fields everywhere: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop trigger search_words_inserted on crm.businesses;

drop trigger search_words_updated on crm.businesses;

drop trigger steward_15_custom_insert on crm.businesses;

drop trigger steward_15_custom_update on crm.businesses;

drop trigger search_words_inserted on crm.contacts;

drop trigger search_words_updated on crm.contacts;

drop trigger steward_15_custom_insert on crm.contacts;

drop trigger steward_15_custom_update on crm.contacts;

drop trigger search_words_inserted on crm.households;

drop trigger search_words_updated on crm.households;

alter table app.custom_sensitive enable row level security;
comment on table app.custom_sensitive is 'values of sensitive custom fields (settings.custom_fields.sensitive), kept apart from the records'' own custom column: read (through the list views and public.custom_values) only by people whose role edits the record''s area; written only by the records'' custom trigger';
revoke all on table app.custom_sensitive from public, anon, authenticated, service_role;
grant select on table app.custom_sensitive to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.custom_sensitive to service_role;
grant insert on table app.custom_sensitive to steward_import_writer;

alter table crm.import_rows add column custom jsonb;
alter table crm.import_rows enable row level security;
comment on table crm.import_rows is 'the staged rows of an import job, one per CSV line';
revoke all on table crm.import_rows from public, anon, authenticated, service_role;
grant insert, select on table crm.import_rows to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.import_rows to service_role;
grant select on table crm.import_rows to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_from_labels(p_org text, p_kind text, p_values jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_entry record;
  v_field settings.custom_fields;
  v_text settings.custom_fields;
  v_value jsonb;
  v_custom jsonb := '{}';
  v_cell text;
begin
  -- A CSV line's custom cells, keyed by column header = field label (any case), as the record's
  -- custom object: choices by label, yes/no, numbers and dates from their text. A cell that does
  -- not fit raises 23514 naming the field (the import reports it with its line).
  if p_values is null or jsonb_typeof(p_values) = 'null' then
    p_values := '{}';
  end if;
  if jsonb_typeof(p_values) <> 'object' then
    raise exception using errcode = '23514', message = 'Custom columns must be an object of label and text';
  end if;
  for v_entry in select e.key, e.value from jsonb_each(p_values) e loop
    select * into v_field from settings.custom_fields f
     where f.org_name = p_org and f.record_kind = p_kind and not f.archive and lower(f.label) = lower(btrim(v_entry.key));
    if v_field.id is null then
      raise exception using errcode = '23514', message = format('Unknown field "%s"', left(v_entry.key, 80));
    end if;
    v_cell := btrim(coalesce(v_entry.value #>> '{}', ''));
    continue when v_cell = '';
    v_text := v_field;
    v_text.field_type := 'long_text';
    v_text.choices := '[]';
    if v_field.field_type = 'link' then
      v_value := to_jsonb(v_cell);
    else
      v_value := app.custom_convert(to_jsonb(v_cell), v_text, v_field);
    end if;
    if v_value is null then
      raise exception using errcode = '23514', message = case
        when v_field.field_type in ('single_choice', 'multiple_choice') then format('%s has no choice "%s"', v_field.label, left(v_cell, 80))
        when v_field.field_type in ('number', 'currency') then format('%s must be a number', v_field.label)
        when v_field.field_type = 'date' then format('%s must be a date (YYYY-MM-DD)', v_field.label)
        when v_field.field_type = 'boolean' then format('%s must be yes or no', v_field.label)
        else coalesce(app.custom_value_problem(v_field, to_jsonb(v_cell), p_org), format('%s: "%s" does not fit', v_field.label, left(v_cell, 80))) end;
    end if;
    if v_field.field_type = 'link' and app.custom_value_problem(v_field, v_value, p_org) is not null then
      raise exception using errcode = '23514', message = app.custom_value_problem(v_field, v_value, p_org);
    end if;
    v_custom := v_custom || jsonb_build_object(v_field.id::text, v_value);
  end loop;
  -- Defaults fill the empty cells, as on any new record.
  select v_custom || coalesce(jsonb_object_agg(f.id::text, f.default_value), '{}') into v_custom
    from settings.custom_fields f
   where f.org_name = p_org and f.record_kind = p_kind and not f.archive and f.default_value is not null and not v_custom ? f.id::text;
  return v_custom;
end;
$function$;
revoke all on function app.custom_from_labels(p_org text, p_kind text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_from_labels(p_org text, p_kind text, p_values jsonb) to authenticated;
grant execute on function app.custom_from_labels(p_org text, p_kind text, p_values jsonb) to service_role;
grant execute on function app.custom_from_labels(p_org text, p_kind text, p_values jsonb) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_import_problem(p_org text, p_kind text, p_values jsonb)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_custom jsonb;
  v_message text;
  v_field settings.custom_fields;
begin
  -- What is wrong with a CSV line's custom cells, or null: a cell that does not fit, or a required
  -- field left empty (its default aside).
  begin
    v_custom := app.custom_from_labels(p_org, p_kind, p_values);
  exception when sqlstate '23514' then
    get stacked diagnostics v_message = message_text;
    return v_message;
  end;
  select * into v_field from settings.custom_fields f
   where f.org_name = p_org and f.record_kind = p_kind and not f.archive and f.required
     and not v_custom ? f.id::text
   order by f.position, f.id limit 1;
  if v_field.id is not null then
    return format('%s is required', v_field.label);
  end if;
  return null;
end;
$function$;
revoke all on function app.custom_import_problem(p_org text, p_kind text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_import_problem(p_org text, p_kind text, p_values jsonb) to authenticated;
grant execute on function app.custom_import_problem(p_org text, p_kind text, p_values jsonb) to service_role;
grant execute on function app.custom_import_problem(p_org text, p_kind text, p_values jsonb) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_search_text(p_custom jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  -- The words a record's custom values add to the organisation's search words: its texts (not ids
  -- of choices or links, not dates or numbers). Sensitive values are never in a record's custom.
  select coalesce(string_agg(e.value #>> '{}', ' '), '')
  from jsonb_each(coalesce(p_custom, '{}')) e
  where jsonb_typeof(e.value) = 'string'
    and e.value #>> '{}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    and e.value #>> '{}' !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
$function$;
revoke all on function app.custom_search_text(p_custom jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_search_text(p_custom jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.custom_sensitive_ids(p_org text, p_kind text)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(f.id::text), '{}') from settings.custom_fields f
   where f.org_name = p_org and f.record_kind = p_kind and f.sensitive
$function$;
revoke all on function app.custom_sensitive_ids(p_org text, p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.custom_sensitive_ids(p_org text, p_kind text) to service_role;
grant execute on function app.custom_sensitive_ids(p_org text, p_kind text) to steward_import_writer;

revoke all on function app.custom_sensitive_readable() from public, anon, authenticated, service_role;
grant execute on function app.custom_sensitive_readable() to authenticated;
grant execute on function app.custom_sensitive_readable() to service_role;
grant execute on function app.custom_sensitive_readable() to steward_import_writer;

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
  v_sensitive text[];
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

  -- Custom fields (app.custom_values_check, which skips this writer): cells were checked by
  -- crm.import_errors; sensitive values are kept apart, and written only by people who edit the area.
  v_sensitive := app.custom_sensitive_ids(v_job.org_name, v_job.kind);
  if cardinality(v_sensitive) > 0 then
    insert into app.custom_sensitive (record_kind, record_id, org_name, custom)
    select v_job.kind, r.record_id, v_job.org_name, c.custom
      from crm.import_rows r
      cross join lateral (select jsonb_object_agg(e.key, e.value) as custom
                            from jsonb_each(app.custom_from_labels(v_job.org_name, v_job.kind, r.custom)) e where e.key = any (v_sensitive)) c
     where r.job_id = p_job and c.custom is not null;
    if found and not (v_job.kind || ':' || v_job.org_name) = any (app.custom_sensitive_readable()) then
      raise exception using errcode = '42501', message = 'This import fills sensitive fields: only people who may edit these records can';
    end if;
  end if;

  -- Types and owners are looked up by name among the organisation's own (types: or the platform
  -- defaults, the organisation's first), once per distinct name rather than once per row.
  if v_job.kind = 'contact' then
    insert into crm.contacts (id, short_id, org_name, name, first_name, last_name, type_id, status, description, primary_owner_id, secondary_owner_id,
                              created_at, created_by, last_modified_at, last_modified_by, custom)
    select r.record_id, app.short_id_for(r.record_id), v_job.org_name, btrim(r.name),
           -- Without mapped first and last names they come from the name: first word, the rest.
           coalesce(nullif(btrim(r.first_name), ''), split_part(btrim(r.name), ' ', 1)),
           coalesce(nullif(btrim(r.last_name), ''), nullif(btrim(substr(btrim(r.name), length(split_part(btrim(r.name), ' ', 1)) + 1)), '')),
           ty.id, coalesce(nullif(btrim(r.status), ''), 'Active')::app.record_status, nullif(btrim(r.description), ''), o1.id, o2.id,
           now(), v_profile, clock_timestamp(), v_profile, app.custom_from_labels(v_job.org_name, 'contact', r.custom) - v_sensitive
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
                                created_at, created_by, last_modified_at, last_modified_by, custom)
    select r.record_id, app.short_id_for(r.record_id), v_job.org_name, btrim(r.name), nullif(btrim(r.dba_name), ''),
           ty.id, coalesce(nullif(btrim(r.status), ''), 'Active')::app.record_status, nullif(btrim(r.description), ''), o1.id, o2.id,
           now(), v_profile, clock_timestamp(), v_profile, app.custom_from_labels(v_job.org_name, 'business', r.custom) - v_sensitive
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

CREATE OR REPLACE FUNCTION crm.import_errors(p_job uuid)
 RETURNS TABLE(line integer, message text)
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
    union all
    -- Custom fields: columns named by their labels, choices by label; required ones filled.
    select c.line, c.problem from (select s.line, app.custom_import_problem(job.org_name, job.kind, s.custom) as problem from staged s, job) c
     where c.problem is not null
  ) e
  order by 1, 2
$function$;
revoke all on function crm.import_errors(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function crm.import_errors(p_job uuid) to authenticated;
grant execute on function crm.import_errors(p_job uuid) to service_role;
grant execute on function crm.import_errors(p_job uuid) to steward_import_writer;

CREATE OR REPLACE FUNCTION crm.import_records(p_org_name text, p_kind text, p_rows jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_row jsonb;
  v_line integer;
  v_errors jsonb := '[]'::jsonb;
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
begin
  if p_kind not in ('business', 'contact') then
    raise exception using errcode = '22023', message = format('Unknown import kind %s', p_kind);
  end if;
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) = 0 then
    raise exception using errcode = '22023', message = 'Nothing to import';
  end if;
  if jsonb_array_length(p_rows) > 5000 then
    raise exception using errcode = '22023', message = 'At most 5000 rows can be imported at once';
  end if;

  -- The phone and e-mail types new methods get: the organisation's own first, else the shared default.
  select t.id into v_phone_type from crm.contact_method_types t
   where t.org_name in (p_org_name, '_system_default_') and not t.archive and app.contact_method_kind(t.category, t.name) = 'phone'
   order by (t.org_name = p_org_name) desc, (lower(t.name) = 'phone') desc, t.name limit 1;
  select t.id into v_email_type from crm.contact_method_types t
   where t.org_name in (p_org_name, '_system_default_') and not t.archive and app.contact_method_kind(t.category, t.name) = 'email'
   order by (t.org_name = p_org_name) desc, (lower(t.name) = 'email') desc, t.name limit 1;

  for v_row in select value from jsonb_array_elements(p_rows)
  loop
    v_line := coalesce((v_row ->> 'line')::integer, v_count + 2);
    v_name := nullif(btrim(coalesce(v_row ->> 'name', '')), '');
    v_type := nullif(btrim(coalesce(v_row ->> 'type', '')), '');
    v_type_id := null;
    v_owner1 := null;
    v_owner2 := null;
    begin
      if v_name is null then
        raise exception using errcode = '23514', message = 'Name is required';
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
          raise exception using errcode = '23514', message = format('Unknown type "%s"', v_type);
        end if;
      end if;
      if nullif(btrim(coalesce(v_row ->> 'primary_owner', '')), '') is not null then
        select p.id into v_owner1 from public.user_profiles p
         where p.org_name = p_org_name and lower(p.name) = lower(btrim(v_row ->> 'primary_owner')) limit 1;
        if v_owner1 is null then
          raise exception using errcode = '23514', message = format('Unknown owner "%s"', btrim(v_row ->> 'primary_owner'));
        end if;
      end if;
      if nullif(btrim(coalesce(v_row ->> 'secondary_owner', '')), '') is not null then
        select p.id into v_owner2 from public.user_profiles p
         where p.org_name = p_org_name and lower(p.name) = lower(btrim(v_row ->> 'secondary_owner')) limit 1;
        if v_owner2 is null then
          raise exception using errcode = '23514', message = format('Unknown owner "%s"', btrim(v_row ->> 'secondary_owner'));
        end if;
      end if;

      if p_kind = 'business' then
        insert into crm.businesses (org_name, name, dba_name, type_id, status, description, primary_owner_id, secondary_owner_id, custom)
        values (p_org_name, v_name, nullif(btrim(coalesce(v_row ->> 'dba_name', '')), ''), v_type_id,
                coalesce(nullif(btrim(coalesce(v_row ->> 'status', '')), ''), 'Active')::app.record_status,
                nullif(btrim(coalesce(v_row ->> 'description', '')), ''), v_owner1, v_owner2,
                app.custom_from_labels(p_org_name, p_kind, v_row -> 'custom'))
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
                app.custom_from_labels(p_org_name, p_kind, v_row -> 'custom'))
        returning id into v_id;
      end if;

      if nullif(btrim(coalesce(v_row ->> 'phone', '')), '') is not null then
        insert into crm.contact_methods (org_name, value, label, type_id, is_primary, business_id, contact_id)
        values (p_org_name, btrim(v_row ->> 'phone'), '', v_phone_type, true,
                case when p_kind = 'business' then v_id end, case when p_kind = 'contact' then v_id end);
      end if;
      if nullif(btrim(coalesce(v_row ->> 'email', '')), '') is not null then
        if btrim(v_row ->> 'email') !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
          raise exception using errcode = '23514', message = format('"%s" is not an e-mail address', btrim(v_row ->> 'email'));
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
        get stacked diagnostics v_message = message_text;
        if v_message like '%app.record_status%' then
          v_message := format('Invalid status "%s"', v_row ->> 'status');
        end if;
        v_errors := v_errors || jsonb_build_object('line', v_line, 'message', v_message);
    end;
  end loop;

  if jsonb_array_length(v_errors) > 0 then
    raise exception using errcode = '23514', message = 'Import failed: nothing was imported', detail = v_errors::text;
  end if;
  return v_count;
end;
$function$;
revoke all on function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) to authenticated;
grant execute on function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) to service_role;

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
    raise exception using errcode = '22023', message = 'Choose two different records to merge';
  end if;
  execute format('select to_jsonb(t) from %s t where id = $1', v_rel) into v_survivor using p_survivor;
  execute format('select to_jsonb(t) from %s t where id = $1', v_rel) into v_merged using p_merged;
  if v_survivor is null or v_merged is null then
    raise exception using errcode = 'P0002', message = 'One of the records to merge no longer exists';
  end if;
  if v_survivor ->> 'org_name' = '_system_default_' or v_merged ->> 'org_name' = '_system_default_' then
    raise exception using errcode = '42501', message = 'System default records cannot be changed';
  end if;
  if v_survivor ->> 'org_name' <> v_merged ->> 'org_name' then
    raise exception using errcode = '42501', message = 'Only records of the same organization can be merged';
  end if;
  if (v_merged ->> 'archive')::boolean then
    raise exception using errcode = '22023', message = 'The record to merge is archived; restore it first';
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
      raise exception using errcode = '42501', message = 'You do not have permission to change this record.';
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
      raise exception using errcode = '42501', message = 'You do not have permission to change this record.';
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
    raise exception using errcode = '42501', message = 'You do not have permission to change this record.';
  end if;

  perform app.record_merge(v_rel, p_survivor, p_merged, v_batch, v_fields);
  perform app.end_batch();
  return jsonb_build_object('batch_id', v_batch, 'moved', v_moved);
end;
$function$;
revoke all on function crm.merge_records(p_kind text, p_survivor uuid, p_merged uuid, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.merge_records(p_kind text, p_survivor uuid, p_merged uuid, p_values jsonb) to authenticated;

CREATE OR REPLACE FUNCTION public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_rel regclass := app.history_table(p_table);
  v_ids uuid[] := array(select distinct unnest(p_ids));
  v_batch uuid := gen_random_uuid();
  v_field text;
  v_sets text := '';
  v_system integer;
  v_changed integer;
begin
  if p_changes is null or jsonb_typeof(p_changes) <> 'object' or p_changes = '{}'::jsonb then
    raise exception using errcode = '22023', message = 'Choose what to change';
  end if;
  for v_field in select jsonb_object_keys(p_changes) loop
    -- Custom fields: {"custom": {"<field id>": value, ...}} sets those keys (null empties one) and
    -- leaves the others; the records' custom trigger checks each value as any write.
    if v_field = 'custom' and exists (select 1 from pg_catalog.pg_attribute where attrelid = v_rel and attname = 'custom' and not attisdropped) then
      if jsonb_typeof(p_changes -> 'custom') is distinct from 'object' or p_changes -> 'custom' = '{}'::jsonb then
        raise exception using errcode = '22023', message = 'Choose the fields to set';
      end if;
      v_sets := v_sets || format('%scustom = t.custom || $3', case when v_sets = '' then '' else ', ' end);
      continue;
    end if;
    if not app.bulk_field_allowed(v_field) or not exists (
      select 1 from pg_catalog.pg_attribute where attrelid = v_rel and attname = v_field and not attisdropped) then
      raise exception using errcode = '22023', message = format('%s cannot be changed in bulk here', v_field);
    end if;
    v_sets := v_sets || format('%s%I = r.%I', case when v_sets = '' then '' else ', ' end, v_field, v_field);
  end loop;
  execute format('select count(*) from %s where id = any($1) and org_name = ''_system_default_''', v_rel)
    into v_system using v_ids;
  perform app.begin_batch('bulk', v_batch);
  execute format('with changed as (update %1$s t set %2$s from jsonb_populate_record(null::%1$s, $2) r '
                 'where t.id = any($1) and t.org_name <> ''_system_default_'' returning 1) select count(*) from changed',
                 v_rel, v_sets)
    into v_changed using v_ids, p_changes - 'custom', p_changes -> 'custom';
  perform app.end_batch();
  if v_changed + v_system <> coalesce(array_length(v_ids, 1), 0) then
    raise exception using errcode = '42501',
      message = format('%s of the selected records cannot be changed by you; nothing was changed',
                       coalesce(array_length(v_ids, 1), 0) - v_changed - v_system);
  end if;
  return jsonb_build_object('changed', v_changed, 'skipped', v_system, 'batch_id', v_batch);
end;
$function$;
revoke all on function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb) from public, anon, authenticated, service_role;
grant execute on function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb) to authenticated;
grant execute on function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb) to service_role;

CREATE TRIGGER search_words_inserted AFTER INSERT ON crm.businesses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || coalesce(r.dba_name, '''') || '' '' || app.custom_search_text(r.custom)');

CREATE TRIGGER search_words_updated AFTER UPDATE ON crm.businesses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || coalesce(r.dba_name, '''') || '' '' || app.custom_search_text(r.custom)');

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.custom_values_check('business');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('business');

CREATE TRIGGER search_words_inserted AFTER INSERT ON crm.contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || app.custom_search_text(r.custom)');

CREATE TRIGGER search_words_updated AFTER UPDATE ON crm.contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || app.custom_search_text(r.custom)');

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.custom_values_check('contact');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('contact');

CREATE TRIGGER search_words_inserted AFTER INSERT ON crm.households REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || app.custom_search_text(r.custom)');

CREATE TRIGGER search_words_updated AFTER UPDATE ON crm.households REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || app.custom_search_text(r.custom)');
