-- custom link cell checked once: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.custom_from_labels(p_org text, p_kind text, p_values jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_entry record;
  v_field settings.custom_fields;
  v_text settings.custom_fields;
  v_value jsonb;
  v_custom jsonb := '{}';
  v_cell text;
  v_refusal jsonb;
begin
  -- A CSV line's custom cells, keyed by column header = field label (any case), as the record's
  -- custom object: choices by label, yes/no, numbers and dates from their text. A cell that does
  -- not fit raises 23514 naming the field (the import reports it with its line).
  if p_values is null or jsonb_typeof(p_values) = 'null' then
    p_values := '{}';
  end if;
  if jsonb_typeof(p_values) <> 'object' then
    raise exception using errcode = '23514', message = 'Custom columns must be an object of label and text';
  end if;
  for v_entry in select e.key, e.value from jsonb_each(p_values) e loop
    select * into v_field from settings.custom_fields f
     where f.org_name = p_org and f.record_kind = p_kind and not f.archive and lower(f.label) = lower(btrim(v_entry.key));
    if v_field.id is null then
      perform app.refuse('23514', 'custom.unknownColumn', 'Unknown field "{field}"', jsonb_build_object('field', left(v_entry.key, 80)));
    end if;
    v_cell := btrim(coalesce(v_entry.value #>> '{}', ''));
    continue when v_cell = '';
    v_text := v_field;
    v_text.field_type := 'long_text';
    v_text.choices := '[]';
    if v_field.field_type = 'link' then
      v_value := to_jsonb(v_cell);
    else
      v_value := app.custom_convert(to_jsonb(v_cell), v_text, v_field);
    end if;
    if v_value is null then
      perform app.refuse('23514', case
        when v_field.field_type in ('single_choice', 'multiple_choice') then app.refusal('custom.noChoiceNamed', '{label} has no choice "{choice}"', jsonb_build_object('label', v_field.label, 'choice', left(v_cell, 80)))
        when v_field.field_type in ('number', 'currency') then app.refusal('custom.notNumber', '{label} must be a number', jsonb_build_object('label', v_field.label))
        when v_field.field_type = 'date' then app.refusal('custom.notDate', '{label} must be a date (YYYY-MM-DD)', jsonb_build_object('label', v_field.label))
        when v_field.field_type = 'boolean' then app.refusal('custom.notBoolean', '{label} must be yes or no', jsonb_build_object('label', v_field.label))
        else coalesce(app.custom_value_refusal(v_field, to_jsonb(v_cell), p_org),
                      app.refusal('custom.doesNotFit', '{label}: "{value}" does not fit', jsonb_build_object('label', v_field.label, 'value', left(v_cell, 80)))) end);
    end if;
    if v_field.field_type = 'link' then
      v_refusal := app.custom_value_refusal(v_field, v_value, p_org);
      if v_refusal is not null then
        perform app.refuse('23514', v_refusal);
      end if;
    end if;
    v_custom := v_custom || jsonb_build_object(v_field.id::text, v_value);
  end loop;
  -- Defaults fill the empty cells, as on any new record.
  select v_custom || coalesce(jsonb_object_agg(f.id::text, f.default_value), '{}') into v_custom
    from settings.custom_fields f
   where f.org_name = p_org and f.record_kind = p_kind and not f.archive and f.default_value is not null and not v_custom ? f.id::text;
  return v_custom;
end;
$function$;
revoke all on function app.custom_from_labels(p_org text, p_kind text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_from_labels(p_org text, p_kind text, p_values jsonb) to authenticated;
grant execute on function app.custom_from_labels(p_org text, p_kind text, p_values jsonb) to service_role;
grant execute on function app.custom_from_labels(p_org text, p_kind text, p_values jsonb) to steward_import_writer;
