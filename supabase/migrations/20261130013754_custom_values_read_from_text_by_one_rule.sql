-- custom values read from text by one rule: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.custom_value_from_text(p_type text, p_text text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE PARALLEL SAFE
BEGIN ATOMIC
 SELECT
         CASE
             WHEN (p_type = ANY (ARRAY['number'::text, 'currency'::text])) THEN
             CASE
                 WHEN (p_text ~ '^-?[0-9]+(\.[0-9]+)?$'::text) THEN to_jsonb((p_text)::numeric)
                 ELSE NULL::jsonb
             END
             WHEN (p_type = 'date'::text) THEN
             CASE
                 WHEN ((p_text ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'::text) AND pg_input_is_valid(p_text, 'date'::text)) THEN to_jsonb(p_text)
                 ELSE NULL::jsonb
             END
             WHEN (p_type = 'boolean'::text) THEN
             CASE
                 WHEN (lower(p_text) = ANY (ARRAY['yes'::text, 'y'::text, 'true'::text, '1'::text])) THEN 'true'::jsonb
                 WHEN (lower(p_text) = ANY (ARRAY['no'::text, 'n'::text, 'false'::text, '0'::text])) THEN 'false'::jsonb
                 ELSE NULL::jsonb
             END
             ELSE NULL::jsonb
         END AS "case";
END;
revoke all on function app.custom_value_from_text(p_type text, p_text text) from public, anon, authenticated, service_role;
grant execute on function app.custom_value_from_text(p_type text, p_text text) to service_role;

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
    end if;
    return app.custom_value_from_text(p_to.field_type, v_text);
  when 'date', 'boolean' then
    return app.custom_value_from_text(p_to.field_type, v_text);
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

CREATE OR REPLACE FUNCTION app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[])
 RETURNS TABLE(line integer, custom jsonb, cell_refusals jsonb, required_refusals jsonb)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- CSV lines' custom cells (p_cells[i] belongs to line p_lines[i]), keyed by column header = field
  -- label in any case, as records' custom objects: choices by label, yes/no, numbers and dates from
  -- their text, the defaults in the empty cells. And what is wrong with each line: every cell that
  -- does not fit (cell_refusals; custom is then null), every required field left empty
  -- (required_refusals). One statement for all lines: an import checks 100,000 lines at once.
  with fields as materialized (
    select f as field, f.id, f.label, f.field_type, f.position, f.required, f.default_value, lower(f.label) as key,
           -- The open choices by label (any case) and by id, the id winning.
           (select coalesce(jsonb_object_agg(k.key, k.id order by k.by_id), '{}')
              from jsonb_array_elements(f.choices) c
             cross join lateral (values (lower(c ->> 'label'), c ->> 'id', false), (c ->> 'id', c ->> 'id', true)) k(key, id, by_id)
             where not coalesce((c ->> 'archived')::boolean, false)) as choices
      from settings.custom_fields f
     where f.org_name = p_org and f.record_kind = p_kind and not f.archive
  ),
  defaults as (
    select coalesce(jsonb_object_agg(f.id::text, f.default_value), '{}') as custom from fields f where f.default_value is not null
  ),
  required as (
    select array_agg(f.id) as ids from fields f where f.required and f.default_value is null
  )
  select l.line,
         case when x.refusals is null then d.custom || coalesce(x.given, '{}') end,
         x.refusals,
         m.refusals
    from unnest(p_lines, p_cells) l(line, cells)
    cross join defaults d
    cross join required q
    cross join lateral (
      select jsonb_object_agg(c.id::text, v.value) filter (where v.value is not null) as given,
             array_agg(c.id) filter (where c.cell <> '') as filled,
             -- Each cell that does not fit, in the order of the columns.
             jsonb_agg(case
               when c.id is null then app.refusal('custom.unknownColumn', 'Unknown field "{field}"', jsonb_build_object('field', left(c.header, 80)))
               when c.field_type in ('single_choice', 'multiple_choice') then app.refusal('custom.noChoiceNamed', '{label} has no choice "{choice}"', jsonb_build_object('label', c.label, 'choice', left(c.cell, 80)))
               when c.field_type in ('number', 'currency') then app.refusal('custom.notNumber', '{label} must be a number', jsonb_build_object('label', c.label))
               when c.field_type = 'date' then app.refusal('custom.notDate', '{label} must be a date (YYYY-MM-DD)', jsonb_build_object('label', c.label))
               when c.field_type = 'boolean' then app.refusal('custom.notBoolean', '{label} must be yes or no', jsonb_build_object('label', c.label))
               else coalesce(app.custom_value_refusal(c.field, to_jsonb(c.cell), p_org),
                             app.refusal('custom.doesNotFit', '{label}: "{value}" does not fit', jsonb_build_object('label', c.label, 'value', left(c.cell, 80))))
             end) filter (where v.value is null and (c.id is null or c.cell <> '')) as refusals
        from (select e.key as header, btrim(coalesce(e.value #>> '{}', '')) as cell, f.*
                from jsonb_each(case when jsonb_typeof(l.cells) = 'object' then l.cells else '{}' end) e
                left join fields f on f.key = lower(btrim(e.key))) c
       cross join lateral (select case
         when c.id is null or c.cell = '' then null
         when c.field_type in ('number', 'currency', 'date', 'boolean') then app.custom_value_from_text(c.field_type, c.cell)
         when c.field_type = 'single_choice' then c.choices -> lower(c.cell)
         when c.field_type = 'multiple_choice' and strpos(c.cell, ',') = 0 then
           case when c.choices ? lower(c.cell) then jsonb_build_array(c.choices -> lower(c.cell)) end
         when c.field_type = 'multiple_choice' then
           -- Comma-separated labels, each a choice, each once, in the order written.
           (select case when bool_and(p.id is not null) then jsonb_agg(p.id order by p.n) end
              from (select c.choices -> lower(btrim(p.part)) as id, min(p.n) as n
                      from unnest(string_to_array(c.cell, ',')) with ordinality p(part, n) group by 1) p)
         -- Texts, e-mails, phones, web addresses and links as written, checked as any value is.
         when app.custom_value_refusal(c.field, to_jsonb(c.cell), p_org) is null then to_jsonb(c.cell)
       end as value offset 0) v
    ) x
    -- Required fields left empty (a cell that does not fit is refused already).
    left join lateral (select jsonb_agg(app.refusal('custom.required', '{label} is required', jsonb_build_object('label', f.label)) order by f.position, f.id) as refusals
                         from fields f
                        where f.id = any (q.ids) and not coalesce(f.id = any (x.filled), false)) m on q.ids is not null
$function$;
revoke all on function app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[]) from public, anon, authenticated, service_role;
grant execute on function app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[]) to authenticated;
grant execute on function app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[]) to service_role;
grant execute on function app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[]) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_value_refusal(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_label text := p_field.label;
  v_type text := jsonb_typeof(p_value);
  v_text text;
  v_item jsonb;
  v_choice jsonb;
  v_seen text[] := '{}';
  v_found boolean;
begin
  case p_field.field_type
  when 'short_text', 'long_text', 'email', 'phone', 'url' then
    if v_type is distinct from 'string' then
      return app.refusal('custom.notText', '{label} must be text', jsonb_build_object('label', v_label));
    end if;
    v_text := p_value #>> '{}';
    if p_field.field_type = 'long_text' and length(v_text) > 10000 then
      return app.refusal('custom.tooLongText', '{label} must be at most 10000 characters', jsonb_build_object('label', v_label));
    elsif p_field.field_type <> 'long_text' and length(v_text) > 500 then
      return app.refusal('custom.tooLong', '{label} must be at most 500 characters', jsonb_build_object('label', v_label));
    elsif p_field.field_type = 'email' and app.contact_method_value_problem('email', v_text) is not null then
      return app.refusal('custom.notEmail', '{label} must be an e-mail address like name@example.com', jsonb_build_object('label', v_label));
    elsif p_field.field_type = 'phone' and app.contact_method_value_problem('phone', v_text) is not null then
      return app.refusal('custom.notPhone', '{label} must be a phone number of 4 to 15 digits', jsonb_build_object('label', v_label));
    elsif p_field.field_type = 'url' and btrim(v_text) !~* '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$' then
      return app.refusal('custom.notUrl', '{label} must be a web address starting with http:// or https://', jsonb_build_object('label', v_label));
    end if;
  when 'number', 'currency' then
    if v_type is distinct from 'number' then
      return app.refusal('custom.notNumber', '{label} must be a number', jsonb_build_object('label', v_label));
    end if;
  when 'date' then
    if v_type is distinct from 'string' or app.custom_value_from_text('date', p_value #>> '{}') is null then
      return app.refusal('custom.notDate', '{label} must be a date (YYYY-MM-DD)', jsonb_build_object('label', v_label));
    end if;
  when 'boolean' then
    if v_type is distinct from 'boolean' then
      return app.refusal('custom.notBoolean', '{label} must be yes or no', jsonb_build_object('label', v_label));
    end if;
  when 'single_choice', 'multiple_choice' then
    if p_field.field_type = 'single_choice' and v_type is distinct from 'string' then
      return app.refusal('custom.notChoice', '{label} must be one of its choices', jsonb_build_object('label', v_label));
    elsif p_field.field_type = 'multiple_choice' and v_type is distinct from 'array' then
      return app.refusal('custom.notChoices', '{label} must be a list of its choices', jsonb_build_object('label', v_label));
    end if;
    for v_item in select e from jsonb_array_elements(case when v_type = 'array' then p_value else jsonb_build_array(p_value) end) e loop
      if jsonb_typeof(v_item) is distinct from 'string' then
        return app.refusal('custom.notChoices', '{label} must be a list of its choices', jsonb_build_object('label', v_label));
      end if;
      if (v_item #>> '{}') = any (v_seen) then
        return app.refusal('custom.choiceTwice', '{label} lists a choice twice', jsonb_build_object('label', v_label));
      end if;
      v_seen := v_seen || (v_item #>> '{}');
      select c into v_choice from jsonb_array_elements(p_field.choices) c where c ->> 'id' = v_item #>> '{}';
      if v_choice is null then
        return app.refusal('custom.noSuchChoice', '{label} has no such choice ({choice})', jsonb_build_object('label', v_label, 'choice', left(v_item #>> '{}', 60)));
      end if;
      -- An archived choice stays where it was; it is not chosen anew.
      if (v_choice ->> 'archived')::boolean and not coalesce(p_old = v_item or p_old @> jsonb_build_array(v_item), false) then
        return app.refusal('custom.choiceArchived', '{label}: the choice {choice} is archived', jsonb_build_object('label', v_label, 'choice', v_choice ->> 'label'));
      end if;
    end loop;
  when 'link' then
    v_text := p_value #>> '{}';
    if v_type is distinct from 'string' or v_text !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      return app.refusal('custom.notLink', '{label} must link to a {kind} of this organisation', jsonb_build_object('label', v_label, 'kind', p_field.link_kind));
    end if;
    v_found := case p_field.link_kind
      when 'contact' then exists (select 1 from crm.contacts r where r.id = v_text::uuid and r.org_name = p_org)
      when 'business' then exists (select 1 from crm.businesses r where r.id = v_text::uuid and r.org_name = p_org)
      when 'household' then exists (select 1 from crm.households r where r.id = v_text::uuid and r.org_name = p_org)
      else false end;
    if not v_found then
      return app.refusal('custom.notLink', '{label} must link to a {kind} of this organisation', jsonb_build_object('label', v_label, 'kind', p_field.link_kind));
    end if;
  end case;
  return null;
end;
$function$;
revoke all on function app.custom_value_refusal(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_value_refusal(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb) to service_role;
