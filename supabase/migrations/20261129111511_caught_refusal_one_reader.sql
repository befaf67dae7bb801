-- caught refusal one reader: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.caught_refusal(p_message text, p_detail text, p_hint text)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
begin
  -- An error caught in a handler (its message_text, pg_exception_detail, pg_exception_hint) that
  -- app.refuse raised: its refusal again (id, English, values), to keep or to pass on named; null for
  -- any other error.
  if p_hint like 'steward:%' then
    return jsonb_build_object('id', substr(p_hint, 9), 'message', p_message, 'values', coalesce(nullif(p_detail, '')::jsonb, '{}'::jsonb));
  end if;
  return null;
end;
$function$;
revoke all on function app.caught_refusal(p_message text, p_detail text, p_hint text) from public, anon, authenticated, service_role;
grant execute on function app.caught_refusal(p_message text, p_detail text, p_hint text) to authenticated;
grant execute on function app.caught_refusal(p_message text, p_detail text, p_hint text) to service_role;
grant execute on function app.caught_refusal(p_message text, p_detail text, p_hint text) to steward_import_writer;
comment on function app.caught_refusal(p_message text, p_detail text, p_hint text) is 'the refusal (app.refusal) a caught error carries when app.refuse raised it (hint steward:<id>, the values as the detail), else null';

CREATE OR REPLACE FUNCTION app.custom_import_refusal(p_org text, p_kind text, p_values jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_custom jsonb;
  v_message text;
  v_detail text;
  v_hint text;
  v_field settings.custom_fields;
begin
  -- What is wrong with a CSV line's custom cells, or null: a cell that does not fit, or a required
  -- field left empty (its default aside).
  begin
    v_custom := app.custom_from_labels(p_org, p_kind, p_values);
  exception when sqlstate '23514' then
    -- The refusal as app.refuse raised it (its id and values), or its words alone.
    get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
    return coalesce(app.caught_refusal(v_message, v_detail, v_hint), jsonb_build_object('message', v_message));
  end;
  select * into v_field from settings.custom_fields f
   where f.org_name = p_org and f.record_kind = p_kind and not f.archive and f.required
     and not v_custom ? f.id::text
   order by f.position, f.id limit 1;
  if v_field.id is not null then
    return app.refusal('custom.required', '{label} is required', jsonb_build_object('label', v_field.label));
  end if;
  return null;
end;
$function$;
revoke all on function app.custom_import_refusal(p_org text, p_kind text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_import_refusal(p_org text, p_kind text, p_values jsonb) to authenticated;
grant execute on function app.custom_import_refusal(p_org text, p_kind text, p_values jsonb) to service_role;
grant execute on function app.custom_import_refusal(p_org text, p_kind text, p_values jsonb) to steward_import_writer;

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
