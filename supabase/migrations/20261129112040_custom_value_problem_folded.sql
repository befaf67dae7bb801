-- custom value problem folded: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop function app.custom_value_problem(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb);

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
    if app.custom_value_refusal(p_to, to_jsonb(v_text), p_to.org_name) is null then
      return to_jsonb(v_text);
    end if;
  when 'number', 'currency' then
    if jsonb_typeof(p_value) = 'number' then
      return p_value;
    elsif v_text ~ '^-?[0-9]+(\.[0-9]+)?$' then
      return to_jsonb(v_text::numeric);
    end if;
  when 'date' then
    if app.custom_value_refusal(p_to, to_jsonb(v_text), p_to.org_name) is null then
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
