-- custom values beside sensitive: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.custom_choices_from_values(p_field settings.custom_fields, p_new_type text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_choices jsonb;
begin
  -- The choices a field turning into a choice gets from its values: each distinct text once (any
  -- case, the first spelling in alphabetical order), at most 500 of at most 80 characters; a multiple
  -- choice splits the text at commas.
  execute format(
    'select coalesce(jsonb_agg(jsonb_build_object(''id'', gen_random_uuid(), ''label'', l.label, ''archived'', false) order by l.label), ''[]'') '
    'from (select min(x.label) as label from ('
    '        select btrim(p) as label from (select app.custom_value_text(coalesce(s.custom -> %2$L, t.custom -> %2$L), $1) as v '
    '          from %1$s t left join app.custom_sensitive s on s.record_kind = %3$L and s.record_id = t.id '
    '         where t.org_name = $2 and (t.custom ? %2$L or s.custom ? %2$L)) r '
    '        cross join lateral unnest(case when $3 = ''multiple_choice'' then string_to_array(r.v, '','') else array[r.v] end) p) x '
    '      where x.label <> '''' and length(x.label) <= 80 group by lower(x.label) order by 1 limit 500) l',
    app.custom_record_table(p_field.record_kind), p_field.id::text, p_field.record_kind)
    using p_field, p_field.org_name, p_new_type into v_choices;
  return v_choices;
end;
$function$;
revoke all on function app.custom_choices_from_values(p_field settings.custom_fields, p_new_type text) from public, anon, authenticated, service_role;
grant execute on function app.custom_choices_from_values(p_field settings.custom_fields, p_new_type text) to service_role;

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
