-- settings: functions.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION settings.change_field_type(p_field uuid, p_new_type text, p_choices jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_field settings.custom_fields;
  v_new settings.custom_fields;
  v_table regclass;
  v_key text;
  v_converted bigint := 0;
  v_cleared bigint := 0;
  v_count bigint;
begin
  -- A field's type changed in one call: the definition, then every value converted to the new type
  -- (settings.preview_field_type_change lists the values that do not convert; they are emptied,
  -- and the record history keeps what they were). Text to a choice makes the choices from the
  -- distinct values when none are given.
  v_field := app.custom_field_for_change(p_field, p_new_type);
  v_key := v_field.id::text;
  v_table := app.custom_record_table(v_field.record_kind);
  v_new := v_field;
  v_new.field_type := p_new_type;
  if p_new_type in ('single_choice', 'multiple_choice') then
    if p_choices is not null then
      v_new.choices := p_choices;
    elsif v_field.field_type in ('single_choice', 'multiple_choice') then
      v_new.choices := v_field.choices;
    else
      v_new.choices := app.custom_choices_from_values(v_field, p_new_type);
    end if;
  else
    v_new.choices := '[]';
  end if;
  if v_new.default_value is not null then
    v_new.default_value := app.custom_convert(v_new.default_value, v_field, v_new);
  end if;

  perform set_config('steward.custom_type_change', v_key, true);
  update settings.custom_fields f
     set field_type = v_new.field_type, choices = v_new.choices, default_value = v_new.default_value
   where f.id = v_field.id
  returning f.* into v_new;
  perform set_config('steward.custom_type_change', '', true);
  perform app.begin_batch('system');

  -- The records' own values (through their triggers: history, checks against the new type), then the
  -- sensitive ones.
  execute format(
    'with changed as (update %1$s t set custom = case when c.value is null then t.custom - %2$L else t.custom || jsonb_build_object(%2$L, c.value) end '
    'from (select t.id, app.custom_convert(t.custom -> %2$L, $1, $2) as value from %1$s t where t.org_name = $3 and t.custom ? %2$L) c '
    'where t.id = c.id returning c.value) select count(*) filter (where value is not null), count(*) filter (where value is null) from changed',
    v_table, v_key)
    using v_field, v_new, v_field.org_name into v_converted, v_cleared;
  with changed as (
    update app.custom_sensitive s
       set custom = case when c.value is null then s.custom - v_key else s.custom || jsonb_build_object(v_key, c.value) end
      from (select s.record_id, app.custom_convert(s.custom -> v_key, v_field, v_new) as value
              from app.custom_sensitive s
             where s.record_kind = v_field.record_kind and s.org_name = v_field.org_name and s.custom ? v_key) c
     where s.record_kind = v_field.record_kind and s.record_id = c.record_id
    returning c.value)
  select v_converted + count(*) filter (where value is not null), v_cleared + count(*) filter (where value is null)
    into v_converted, v_cleared from changed;
  delete from app.custom_sensitive s where s.record_kind = v_field.record_kind and s.org_name = v_field.org_name and s.custom = '{}';
  perform app.end_batch();
  return jsonb_build_object('field', to_jsonb(v_new), 'converted', v_converted, 'cleared', v_cleared);
end;
$function$;
revoke all on function settings.change_field_type(p_field uuid, p_new_type text, p_choices jsonb) from public, anon, authenticated, service_role;
grant execute on function settings.change_field_type(p_field uuid, p_new_type text, p_choices jsonb) to authenticated;
grant execute on function settings.change_field_type(p_field uuid, p_new_type text, p_choices jsonb) to service_role;

CREATE OR REPLACE FUNCTION settings.preview_field_type_change(p_field uuid, p_new_type text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_field settings.custom_fields;
  v_new settings.custom_fields;
  v_rows jsonb;
  v_count bigint;
  v_converts bigint;
  v_show boolean;
begin
  -- What settings.change_field_type would do, changing nothing: how many values convert, and the
  -- values that would not (first 200: the record's id and name, and the value; a sensitive field's
  -- values only for people who edit the area).
  v_field := app.custom_field_for_change(p_field, p_new_type);
  v_new := v_field;
  v_new.field_type := p_new_type;
  v_new.choices := case when p_new_type in ('single_choice', 'multiple_choice')
                        then case when v_field.field_type in ('single_choice', 'multiple_choice') then v_field.choices
                                  else app.custom_choices_from_values(v_field, p_new_type) end
                        else '[]' end;
  v_show := not v_field.sensitive or (v_field.record_kind || ':' || v_field.org_name) = any (app.custom_sensitive_readable());
  execute format(
    'with v as (select t.id, coalesce(to_jsonb(t) ->> ''name'', to_jsonb(t) ->> ''preferred_name'', t.id::text) as name, '
    '                  coalesce(s.custom -> %2$L, t.custom -> %2$L) as value '
    '             from %1$s t left join app.custom_sensitive s on s.record_kind = %3$L and s.record_id = t.id '
    '            where t.org_name = $1 and (t.custom ? %2$L or s.custom ? %2$L)), '
    '     c as (select v.*, app.custom_convert(v.value, $2, $3) is not null as converts from v) '
    'select count(*), count(*) filter (where converts), '
    '       coalesce((select jsonb_agg(jsonb_build_object(''id'', x.id, ''name'', x.name, ''value'', case when $4 then x.value end) order by x.name, x.id) '
    '                   from (select * from c where not converts order by name, id limit 200) x), ''[]'') from c',
    app.custom_record_table(v_field.record_kind), v_field.id::text, v_field.record_kind)
    using v_field.org_name, v_field, v_new, v_show into v_count, v_converts, v_rows;
  return jsonb_build_object('values', v_count, 'converts', v_converts, 'count', v_count - v_converts,
                            'not_converted', v_rows, 'choices', v_new.choices);
end;
$function$;
revoke all on function settings.preview_field_type_change(p_field uuid, p_new_type text) from public, anon, authenticated, service_role;
grant execute on function settings.preview_field_type_change(p_field uuid, p_new_type text) to authenticated;
grant execute on function settings.preview_field_type_change(p_field uuid, p_new_type text) to service_role;

create or replace function settings.inbound_address(p_org_name text)
 returns text
 language sql
 stable security definer
 set search_path to ''
as $function$
  select lower(app.org_slug(p_org_name)) || '@' || app.inbound_domain()
  where p_org_name = any (app.member_orgs())
$function$;
revoke all on function settings.inbound_address(p_org_name text) from public, anon, authenticated, service_role;
grant execute on function settings.inbound_address(p_org_name text) to authenticated;
grant execute on function settings.inbound_address(p_org_name text) to service_role;
comment on function settings.inbound_address(p_org_name text) is 'the address the organisation receives mail at (a member asks); replies to its mail come to <slug>+<thread>@ the same domain';
