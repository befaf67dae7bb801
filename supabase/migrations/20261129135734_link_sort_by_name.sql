-- link sort by name: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.custom_sort_column(p_type text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  -- Where a field type's sort key lives in app.custom_sort_keys (null: the type keeps none; choices
  -- sort by the field's current order of choices, read from the definition, and links by the linked
  -- record's name, read when sorting: a renamed record moves at once).
  select case
    when p_type in ('number', 'currency', 'boolean') then 'num'
    when p_type in ('date', 'short_text', 'long_text', 'email', 'phone', 'url') then 'txt'
  end;
$function$;
revoke all on function app.custom_sort_column(p_type text) from public, anon, authenticated, service_role;
grant execute on function app.custom_sort_column(p_type text) to service_role;

CREATE OR REPLACE FUNCTION app.custom_sort_txt(p_type text, p_value jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  -- Dates ("YYYY-MM-DD") as stored, text ignoring case (links keep no key: app.custom_sort_column).
  select case
    when jsonb_typeof(p_value) <> 'string' then null
    when p_type = 'date' then p_value #>> '{}'
    when p_type in ('short_text', 'long_text', 'email', 'phone', 'url') then lower(p_value #>> '{}')
  end;
$function$;
revoke all on function app.custom_sort_txt(p_type text, p_value jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_sort_txt(p_type text, p_value jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.list_custom_sort_sql(p_field text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_field settings.custom_fields;
  v_key text := substr(p_field, 8);
begin
  -- The sort key of a custom field over the base table t: numbers as numbers, choices in the order
  -- the field lists them, yes before no, a link by the linked record's name, text ignoring case; null
  -- (last going up) when empty.
  if v_key !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return null;
  end if;
  select * into v_field from settings.custom_fields f where f.id = v_key::uuid;
  if v_field.id is null or v_field.sensitive then
    return null;
  end if;
  return case
    when v_field.field_type in ('number', 'currency') then format('(case when jsonb_typeof(t.custom -> %1$L) = ''number'' then (t.custom ->> %1$L)::numeric end)', v_key)
    when v_field.field_type = 'date' then format('(t.custom ->> %L)', v_key)
    when v_field.field_type = 'link' then
      format('(select lower(r.name) from %s r where r.id = (t.custom ->> %L)::uuid)', app.custom_record_table(v_field.link_kind), v_key)
    when v_field.field_type = 'boolean' then format('(not (t.custom ->> %L)::boolean)', v_key)
    when v_field.field_type = 'single_choice' then
      format('array_position(%L::text[], t.custom ->> %L)', array(select c ->> 'id' from jsonb_array_elements(v_field.choices) c), v_key)
    when v_field.field_type = 'multiple_choice' then
      format('array_position(%L::text[], t.custom -> %L ->> 0)', array(select c ->> 'id' from jsonb_array_elements(v_field.choices) c), v_key)
    else format('lower(t.custom ->> %L)', v_key)
  end;
end;
$function$;
revoke all on function app.list_custom_sort_sql(p_field text) from public, anon, authenticated, service_role;
grant execute on function app.list_custom_sort_sql(p_field text) to service_role;

-- Data (by hand): a link keeps no sort key now (it sorts by the linked record's name, read when sorting).
delete from app.custom_sort_keys k
using settings.custom_fields f
where f.id = k.field_id and f.field_type = 'link';
