-- custom field type change: written by npm run db:diff from supabase/schemas.
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
    '        select btrim(p) as label from (select app.custom_value_text(coalesce(s.custom, t.custom) -> %2$L, $1) as v '
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

CREATE OR REPLACE FUNCTION app.custom_convert(p_value jsonb, p_from settings.custom_fields, p_to settings.custom_fields)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_text text := btrim(app.custom_value_text(p_value, p_from));
  v_ids jsonb := '[]';
  v_part text;
  v_id text;
begin
  -- A value of p_from as a value of p_to, or null when it does not convert.
  if app.custom_empty(p_value) or v_text is null or v_text = '' then
    return null;
  end if;
  case p_to.field_type
  when 'short_text', 'long_text', 'email', 'phone', 'url' then
    if app.custom_value_problem(p_to, to_jsonb(v_text), p_to.org_name) is null then
      return to_jsonb(v_text);
    end if;
  when 'number', 'currency' then
    if jsonb_typeof(p_value) = 'number' then
      return p_value;
    elsif v_text ~ '^-?[0-9]+(\.[0-9]+)?$' then
      return to_jsonb(v_text::numeric);
    end if;
  when 'date' then
    if app.custom_value_problem(p_to, to_jsonb(v_text), p_to.org_name) is null then
      return to_jsonb(v_text);
    end if;
  when 'boolean' then
    if lower(v_text) in ('yes', 'y', 'true', '1') then
      return 'true'::jsonb;
    elsif lower(v_text) in ('no', 'n', 'false', '0') then
      return 'false'::jsonb;
    end if;
  when 'single_choice', 'multiple_choice' then
    -- Choice to choice keeps the ids; other values find their choice by label.
    foreach v_part in array case when p_from.field_type in ('single_choice', 'multiple_choice')
                                 then array(select e #>> '{}' from jsonb_array_elements(case when jsonb_typeof(p_value) = 'array' then p_value else jsonb_build_array(p_value) end) e)
                                 when p_to.field_type = 'multiple_choice' then string_to_array(v_text, ',')
                                 else array[v_text] end
    loop
      select c ->> 'id' into v_id from jsonb_array_elements(p_to.choices) c
       where not coalesce((c ->> 'archived')::boolean, false)
         and (c ->> 'id' = btrim(v_part) or lower(c ->> 'label') = lower(btrim(v_part)))
       order by (c ->> 'id' = btrim(v_part)) desc limit 1;
      if v_id is null then
        return null;
      end if;
      if not v_ids @> to_jsonb(v_id) then
        v_ids := v_ids || to_jsonb(v_id);
      end if;
      v_id := null;
    end loop;
    if p_to.field_type = 'multiple_choice' then
      return v_ids;
    elsif jsonb_array_length(v_ids) = 1 then
      return v_ids -> 0;
    end if;
  else
    return null;
  end case;
  return null;
end;
$function$;
revoke all on function app.custom_convert(p_value jsonb, p_from settings.custom_fields, p_to settings.custom_fields) from public, anon, authenticated, service_role;
grant execute on function app.custom_convert(p_value jsonb, p_from settings.custom_fields, p_to settings.custom_fields) to service_role;

CREATE OR REPLACE FUNCTION app.custom_field_for_change(p_field uuid, p_new_type text)
 RETURNS settings.custom_fields
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_field settings.custom_fields;
begin
  -- The field a type change is about, once the caller may change it (Settings edit in its
  -- organisation) and the new type is one it can take.
  select * into v_field from settings.custom_fields f where f.id = p_field and f.org_name = any (app.member_orgs());
  if v_field.id is null then
    raise exception using errcode = 'P0002', message = 'No such field';
  end if;
  if not v_field.org_name = any (app.orgs_with_access('settings', 'edit', 'Organization') || app.orgs_with_access('settings', 'edit', 'Personal')) then
    raise exception using errcode = '42501', message = 'Only people who may edit Settings change a field''s type';
  end if;
  if p_new_type is null or p_new_type not in ('short_text', 'long_text', 'number', 'currency', 'date', 'boolean', 'single_choice',
                                              'multiple_choice', 'email', 'phone', 'url', 'link') then
    raise exception using errcode = '22023', message = format('Unknown field type: %s', p_new_type);
  end if;
  if p_new_type = 'link' or v_field.field_type = 'link' and p_new_type not in ('short_text', 'long_text') then
    raise exception using errcode = '23514', message = 'A link field only becomes text, and no field becomes a link: make a new link field';
  end if;
  if p_new_type = v_field.field_type then
    raise exception using errcode = '23514', message = format('%s already has that type', v_field.label);
  end if;
  return v_field;
end;
$function$;
revoke all on function app.custom_field_for_change(p_field uuid, p_new_type text) from public, anon, authenticated, service_role;
grant execute on function app.custom_field_for_change(p_field uuid, p_new_type text) to service_role;

CREATE OR REPLACE FUNCTION app.custom_value_text(p_value jsonb, p_field settings.custom_fields)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- A value as a person reads it: choices by label, yes/no, a link by the record's name.
  select case
    when p_value is null or jsonb_typeof(p_value) = 'null' then null
    when p_field.field_type = 'boolean' then case when p_value = 'true'::jsonb then 'Yes' else 'No' end
    when p_field.field_type in ('single_choice', 'multiple_choice') then
      (select string_agg(coalesce(c ->> 'label', e #>> '{}'), ', ' order by e.n)
         from jsonb_array_elements(case when jsonb_typeof(p_value) = 'array' then p_value else jsonb_build_array(p_value) end) with ordinality as e(e, n)
         left join lateral (select c from jsonb_array_elements(p_field.choices) c where c ->> 'id' = e.e #>> '{}' limit 1) x on true)
    when p_field.field_type = 'link' then
      coalesce((select r.name from crm.contacts r where r.id::text = p_value #>> '{}'),
               (select r.name from crm.businesses r where r.id::text = p_value #>> '{}'),
               (select r.name from crm.households r where r.id::text = p_value #>> '{}'), p_value #>> '{}')
    else p_value #>> '{}'
  end
$function$;
revoke all on function app.custom_value_text(p_value jsonb, p_field settings.custom_fields) from public, anon, authenticated, service_role;
grant execute on function app.custom_value_text(p_value jsonb, p_field settings.custom_fields) to service_role;

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
    '                  coalesce(s.custom, t.custom) -> %2$L as value '
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

CREATE OR REPLACE FUNCTION app.custom_field_check()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_choice jsonb;
  v_id text;
  v_label text;
  v_archived boolean;
  v_ids text[] := '{}';
  v_labels text[] := '{}';
  v_choices jsonb := '[]';
  v_problem text;
  v_count integer;
begin
  if tg_op = 'DELETE' then
    -- A field with values is archived, not deleted (its values would stay behind, unknown).
    execute format('select exists (select 1 from %s t where t.custom ? %L and t.org_name = %L)',
                   app.custom_record_table(old.record_kind), old.id::text, old.org_name) into v_problem;
    if v_problem::boolean or exists (select 1 from app.custom_sensitive s
                                     where s.record_kind = old.record_kind and s.org_name = old.org_name and s.custom ? old.id::text) then
      raise exception using errcode = '23514', message = format('%s has values: archive it instead of deleting it', old.label);
    end if;
    return old;
  end if;
  new.label := btrim(new.label);
  new.help_text := nullif(btrim(new.help_text), '');
  if tg_op = 'UPDATE' then
    if new.record_kind is distinct from old.record_kind then
      raise exception using errcode = '23514', message = 'A field''s kind of record cannot be changed';
    end if;
    if (new.field_type is distinct from old.field_type or new.link_kind is distinct from old.link_kind)
       and current_setting('steward.custom_type_change', true) is distinct from new.id::text then
      raise exception using errcode = '23514', message = 'A field''s type is changed with settings.change_field_type, which converts its values';
    end if;
  end if;
  if new.choices is null or jsonb_typeof(new.choices) <> 'array' then
    raise exception using errcode = '23514', message = 'Choices must be a list';
  end if;
  if new.field_type not in ('single_choice', 'multiple_choice') and new.choices <> '[]' then
    raise exception using errcode = '23514', message = format('%s is not a choice field: it has no choices', new.label);
  end if;
  if jsonb_array_length(new.choices) > 500 then
    raise exception using errcode = '23514', message = format('%s has more than 500 choices', new.label);
  end if;
  for v_choice in select c from jsonb_array_elements(new.choices) c loop
    if jsonb_typeof(v_choice) <> 'object' or jsonb_typeof(v_choice -> 'label') is distinct from 'string'
       or btrim(v_choice ->> 'label') = '' then
      raise exception using errcode = '23514', message = format('Every choice of %s needs a label', new.label);
    end if;
    v_label := btrim(v_choice ->> 'label');
    if length(v_label) > 80 then
      raise exception using errcode = '23514', message = format('A choice of %s is longer than 80 characters', new.label);
    end if;
    v_id := coalesce(v_choice ->> 'id', gen_random_uuid()::text);
    if v_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception using errcode = '23514', message = format('A choice id of %s is not a UUID', new.label);
    end if;
    if jsonb_typeof(v_choice -> 'archived') not in ('boolean', 'null') then
      raise exception using errcode = '23514', message = format('A choice''s archived flag of %s must be true or false', new.label);
    end if;
    v_archived := coalesce((v_choice ->> 'archived')::boolean, false);
    if lower(v_id) = any (v_ids) then
      raise exception using errcode = '23514', message = format('%s has two choices with the same id', new.label);
    end if;
    if not v_archived and lower(v_label) = any (v_labels) then
      raise exception using errcode = '23514', message = format('%s has two choices named %s', new.label, v_label);
    end if;
    v_ids := v_ids || lower(v_id);
    if not v_archived then
      v_labels := v_labels || lower(v_label);
    end if;
    v_choices := v_choices || jsonb_build_array(jsonb_build_object('id', lower(v_id), 'label', v_label, 'archived', v_archived));
  end loop;
  new.choices := v_choices;
  -- (A field that stops being a choice, through settings.change_field_type, leaves its choices.)
  if tg_op = 'UPDATE' and new.field_type in ('single_choice', 'multiple_choice')
     and exists (select 1 from jsonb_array_elements(old.choices) o where not ((o ->> 'id') = any (v_ids))) then
    raise exception using errcode = '23514', message = format('A choice of %s cannot be removed: archive it instead (its values stay)', new.label);
  end if;
  if app.custom_empty(new.default_value) then
    new.default_value := null;
  else
    v_problem := app.custom_value_problem(new, new.default_value, new.org_name, null);
    if v_problem is not null then
      raise exception using errcode = '23514', message = 'Default value: ' || v_problem;
    end if;
  end if;
  if new.position is null then
    select coalesce(max(f.position), 0) + 1 into new.position from settings.custom_fields f
     where f.org_name = new.org_name and f.record_kind = new.record_kind;
  end if;
  if tg_op = 'INSERT' or (old.archive and not new.archive) then
    select count(*) into v_count from settings.custom_fields f
     where f.org_name = new.org_name and f.record_kind = new.record_kind and not f.archive and f.id <> new.id;
    if v_count >= 200 then
      raise exception using errcode = '23514', message = 'An organisation has at most 200 fields on each kind of record';
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.custom_field_check() from public, anon, authenticated, service_role;
grant execute on function app.custom_field_check() to service_role;
