-- CRM CSV import (issue 9): businesses or contacts from a JSON array in ONE call, all or nothing.
-- Every row is tried; the problems are collected per CSV line and, when there is any, the function
-- raises with the list in DETAIL, so the whole request rolls back and nothing is imported.
-- security invoker: the caller's row-level security and the org_name trigger apply to each insert.

create function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) returns integer
  language plpgsql
  security invoker
  set search_path = ''
as $$
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
        insert into crm.businesses (org_name, name, dba_name, type_id, status, description, primary_owner_id, secondary_owner_id)
        values (p_org_name, v_name, nullif(btrim(coalesce(v_row ->> 'dba_name', '')), ''), v_type_id,
                coalesce(nullif(btrim(coalesce(v_row ->> 'status', '')), ''), 'Active')::app.record_status,
                nullif(btrim(coalesce(v_row ->> 'description', '')), ''), v_owner1, v_owner2)
        returning id into v_id;
      else
        -- Without mapped first and last names they come from the name: first word, the rest.
        v_first := coalesce(nullif(btrim(coalesce(v_row ->> 'first_name', '')), ''), split_part(v_name, ' ', 1));
        v_last := coalesce(nullif(btrim(coalesce(v_row ->> 'last_name', '')), ''),
                           nullif(btrim(substr(v_name, length(split_part(v_name, ' ', 1)) + 1)), ''));
        insert into crm.contacts (org_name, name, first_name, last_name, type_id, status, description, primary_owner_id, secondary_owner_id)
        values (p_org_name, v_name, v_first, v_last, v_type_id,
                coalesce(nullif(btrim(coalesce(v_row ->> 'status', '')), ''), 'Active')::app.record_status,
                nullif(btrim(coalesce(v_row ->> 'description', '')), ''), v_owner1, v_owner2)
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
$$;

revoke all on function crm.import_records(text, text, jsonb) from public, anon;
grant execute on function crm.import_records(text, text, jsonb) to authenticated, service_role;
