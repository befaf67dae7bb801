-- The CRM's Add New in ONE call: a business, contact, household or user profile with its primary
-- address, phone and e-mail, all or nothing. A failing part rolls back the whole call, and the error
-- names the part ("primary phone: …", "address: …"); a failure of the record itself keeps the
-- database's own message. security invoker: the caller's row-level security, the org_name and audit
-- triggers and the same-organisation reference guards apply to every row written here.

create function crm.add_record(
  p_org_name text,
  p_kind text,
  p_record jsonb,
  p_address jsonb default null,
  p_phone jsonb default null,
  p_email jsonb default null
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
as $$
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
        raise exception using errcode = '23514', message = format('the type is not a%s %s type', case v_kind when 'email' then 'n' else '' end,
                                                                 case v_kind when 'email' then 'e-mail' else v_kind end);
      end if;
      insert into crm.contact_methods (org_name, value, type_id, is_primary, archive, business_id, contact_id, household_id, user_id)
      values (p_org_name, v_value, v_type_id, true, false,
              case when v_owner = 'business_id' then v_id end, case when v_owner = 'contact_id' then v_id end,
              case when v_owner = 'household_id' then v_id end, case when v_owner = 'user_id' then v_id end);
    end loop;
  exception
    when others then
      get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
      raise exception using
        errcode = v_state,
        message = case when v_part is null then v_message else v_part || ': ' || v_message end,
        detail = coalesce(v_detail, ''),
        hint = coalesce(v_hint, '');
  end;
  return v_row;
end;
$$;

comment on function crm.add_record(text, text, jsonb, jsonb, jsonb, jsonb) is
  'Add New: one CRM record with its primary address, phone and e-mail, all or nothing; an error names the part that failed.';

revoke all on function crm.add_record(text, text, jsonb, jsonb, jsonb, jsonb) from public, anon;
grant execute on function crm.add_record(text, text, jsonb, jsonb, jsonb, jsonb) to authenticated, service_role;
