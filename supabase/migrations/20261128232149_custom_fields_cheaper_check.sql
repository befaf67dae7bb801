-- custom fields cheaper check: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.custom_may_write_sensitive(p_kind text, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- Who may write a sensitive value of a record of this kind: nobody signed in is the platform itself
  -- (service role, migrations); a signed-in person (the import's writer acts for one) edits the area,
  -- at the Organization level or the Personal one (the record's own policies keep those to their own).
  select auth.uid() is null
      or p_org = any (app.orgs_with_access(app.custom_record_component(p_kind), 'edit', 'Organization')
                      || app.orgs_with_access(app.custom_record_component(p_kind), 'edit', 'Personal'))
$function$;
revoke all on function app.custom_may_write_sensitive(p_kind text, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.custom_may_write_sensitive(p_kind text, p_org text) to service_role;
grant execute on function app.custom_may_write_sensitive(p_kind text, p_org text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_values_check()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_kind text := tg_argv[0];
  v_old jsonb := '{}';
  v_new jsonb := '{}';
  v_sens_old jsonb := '{}';
  v_sens jsonb;
  v_sens_touched boolean := false;
  v_field settings.custom_fields;
  v_entry record;
  v_value jsonb;
  v_problem text;
  v_may_sensitive boolean;
  v_count integer;
begin
  -- A field made sensitive or not moves its values (app.custom_field_moved): already checked.
  if current_setting('steward.custom_moving', true) = 'on' then
    return new;
  end if;
  if new.custom is null then
    new.custom := '{}';
  end if;
  if jsonb_typeof(new.custom) <> 'object' then
    raise exception using errcode = '23514', message = 'Custom field values must be a JSON object keyed by field id';
  end if;
  -- A new record without values, of a kind with no defaults or required fields: nothing to do.
  if tg_op = 'INSERT' and new.custom = '{}' and not exists (
       select 1 from settings.custom_fields f
        where f.org_name = new.org_name and f.record_kind = v_kind and not f.archive and (f.required or f.default_value is not null)) then
    return new;
  end if;
  select count(*) into v_count from jsonb_object_keys(new.custom);
  if v_count > 500 then
    raise exception using errcode = '23514', message = format('A record takes at most 500 custom field values (%s sent)', v_count);
  end if;
  if tg_op = 'UPDATE' then
    v_old := coalesce(old.custom, '{}');
    select s.custom into v_sens_old from app.custom_sensitive s where s.record_kind = v_kind and s.record_id = old.id;
    v_sens_old := coalesce(v_sens_old, '{}');
  end if;
  v_sens := v_sens_old;

  for v_entry in select e.key, e.value from jsonb_each(new.custom) e order by e.key loop
    v_field := null;
    if v_entry.key ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select * into v_field from settings.custom_fields f
       where f.id = v_entry.key::uuid and f.org_name = new.org_name and f.record_kind = v_kind;
    end if;
    if v_field.id is null then
      raise exception using errcode = '23514', message = format('Unknown field: %s', left(v_entry.key, 60));
    end if;
    v_value := case when app.custom_empty(v_entry.value) then null else v_entry.value end;
    if v_field.sensitive then
      v_may_sensitive := coalesce(v_may_sensitive, app.custom_may_write_sensitive(v_kind, new.org_name));
      if not v_may_sensitive then
        raise exception using errcode = '42501',
          message = format('%s is sensitive: only people who may edit these records can change it', v_field.label);
      end if;
      continue when (v_sens -> v_entry.key) is not distinct from v_value;
      if v_value is not null then
        if v_field.archive then
          raise exception using errcode = '23514', message = format('%s is archived: its value cannot be changed', v_field.label);
        end if;
        v_problem := app.custom_value_problem(v_field, v_value, new.org_name, v_sens_old -> v_entry.key);
        if v_problem is not null then
          raise exception using errcode = '23514', message = v_problem;
        end if;
        v_sens := v_sens || jsonb_build_object(v_entry.key, v_value);
      else
        v_sens := v_sens - v_entry.key;
      end if;
      v_sens_touched := true;
    elsif v_value is not null then
      if (v_old -> v_entry.key) is distinct from v_value then
        if v_field.archive then
          raise exception using errcode = '23514', message = format('%s is archived: its value cannot be changed', v_field.label);
        end if;
        v_problem := app.custom_value_problem(v_field, v_value, new.org_name, v_old -> v_entry.key);
        if v_problem is not null then
          raise exception using errcode = '23514', message = v_problem;
        end if;
      end if;
      v_new := v_new || jsonb_build_object(v_entry.key, v_value);
    end if;
  end loop;

  for v_field in select * from settings.custom_fields f
                  where f.org_name = new.org_name and f.record_kind = v_kind and not f.archive
                    and (f.required or (tg_op = 'INSERT' and f.default_value is not null))
                  order by f.position, f.id loop
    -- Defaults fill what an insert leaves empty.
    if tg_op = 'INSERT' and v_field.default_value is not null then
      if v_field.sensitive and not (v_sens ? v_field.id::text) then
        v_sens := v_sens || jsonb_build_object(v_field.id::text, v_field.default_value);
        v_sens_touched := true;
      elsif not v_field.sensitive and not (v_new ? v_field.id::text) then
        v_new := v_new || jsonb_build_object(v_field.id::text, v_field.default_value);
      end if;
    end if;
    -- Required: a new record has it; a change does not empty it (records made before the field
    -- became required keep going without it until someone fills it).
    if v_field.required and v_field.sensitive then
      v_may_sensitive := coalesce(v_may_sensitive, app.custom_may_write_sensitive(v_kind, new.org_name));
    end if;
    if v_field.required and not (case when v_field.sensitive then v_sens else v_new end ? v_field.id::text)
       and (not v_field.sensitive or v_may_sensitive)
       and (tg_op = 'INSERT' or (case when v_field.sensitive then v_sens_old else v_old end ? v_field.id::text)) then
      raise exception using errcode = '23514', message = format('%s is required', v_field.label);
    end if;
  end loop;

  new.custom := v_new;
  if v_sens_touched then
    if v_sens = '{}' then
      delete from app.custom_sensitive s where s.record_kind = v_kind and s.record_id = new.id;
    else
      insert into app.custom_sensitive as s (record_kind, record_id, org_name, custom)
      values (v_kind, new.id, new.org_name, v_sens)
      on conflict (record_kind, record_id) do update set custom = excluded.custom, org_name = excluded.org_name;
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.custom_values_check() from public, anon, authenticated, service_role;
grant execute on function app.custom_values_check() to service_role;
comment on function app.custom_values_check() is 'checks a record''s custom values against its organisation''s definitions of its kind (tg_argv[0]): known field ids, types, choices, links in the organisation, required; fills defaults on insert; moves sensitive values to app.custom_sensitive (refused to callers who may not edit the area); an empty value (null, "", []) removes the key';

CREATE OR REPLACE FUNCTION app.history_read_grants()
 RETURNS text[]
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_mine uuid := (app.my_profile_ids())[1];
  v_owned jsonb;
begin
  -- Written by app.history_read_grants_sql() from the read rules of app.history_tables: regenerate it when one changes.
  if v_mine is null then
    return '{}';
  end if;
  v_owned := (select jsonb_object_agg(c, v_mine) from unnest(app.personal_columns()) c);
  return array(
    with g as (
      select o.steward_org, m.steward_mine
      from unnest(app.member_orgs() || '_system_default_'::text) o(steward_org) cross join (values (true), (false)) m(steward_mine)
    )
    select t.steward_table || '|*' from unnest('{catalog.accommodation_blocks,catalog.accommodation_classes,catalog.accommodation_files,catalog.accommodation_rate_types,catalog.accommodation_rates,catalog.accommodation_types,catalog.accommodations,catalog.amenities,catalog.amenity_map,catalog.amenity_types,catalog.calendar_feeds,catalog.lodging_settings,catalog.product_option_values,catalog.product_options,catalog.product_types,catalog.product_variants,catalog.products,catalog.reservation_items,catalog.reservation_payments,catalog.reservations,catalog.resource_classes,catalog.resource_reservations,catalog.resource_types,catalog.supplies,catalog.unit_conversions,catalog.unit_types,catalog.variant_option_values,crm.addresses,crm.business_types,crm.businesses,crm.contact_method_types,crm.contact_methods,crm.contact_types,crm.contacts,crm.crm_file_types,crm.crm_files,crm.households,crm.locations,crm.note_types,crm.notes,crm.other_contact_methods,crm.relationships,hr.assignments,hr.groups,hr.positions,hr.shift_members,hr.shifts,hr.staff_profiles,ops.projects,ops.subtasks,ops.tasks,public.orders,public.transactions}'::text[]) t(steward_table)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::public.user_profiles, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{public.user_profiles,public.user_roles,settings.custom_fields,settings.org_branding}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (org_name = ANY (( SELECT app.member_orgs() AS member_orgs)::text[]))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::settings.integrations, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{settings.integrations}'::text[]) t(steward_table)
    where ((((org_name <> '_system_default_'::text) AND ((org_name = ANY (( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND (created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[]))))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::settings.user_role_permissions, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{settings.user_role_permissions}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (role_id = ANY (( SELECT app.my_role_ids() AS my_role_ids)::uuid[])) OR (org_name = ANY (( SELECT app.orgs_with_access('settings'::text, 'view'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('settings'::text, 'view'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND (created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])))))) and (true)
  );
end;
$function$;
revoke all on function app.history_read_grants() from public, anon, authenticated, service_role;
grant execute on function app.history_read_grants() to authenticated;
grant execute on function app.history_read_grants() to service_role;
comment on function app.history_read_grants() is 'table|organisation|owned for every history entry the caller may read, table|* for a table under the standard policies (record_history''s check by component and owners is its rule): each table''s own read rule (evaluated on the row as history knows it: its organisation, and the caller as its owner when they are among its owners), so history is read as the rows are. Written by app.history_read_grants_sql()';

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
    if found and not app.custom_may_write_sensitive(v_job.kind, v_job.org_name) then
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
