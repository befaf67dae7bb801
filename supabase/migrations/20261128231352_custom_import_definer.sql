-- custom import definer: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.custom_import_problem(p_org text, p_kind text, p_values jsonb)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_custom jsonb;
  v_message text;
  v_field settings.custom_fields;
begin
  -- What is wrong with a CSV line's custom cells, or null: a cell that does not fit, or a required
  -- field left empty (its default aside).
  begin
    v_custom := app.custom_from_labels(p_org, p_kind, p_values);
  exception when sqlstate '23514' then
    get stacked diagnostics v_message = message_text;
    return v_message;
  end;
  select * into v_field from settings.custom_fields f
   where f.org_name = p_org and f.record_kind = p_kind and not f.archive and f.required
     and not v_custom ? f.id::text
   order by f.position, f.id limit 1;
  if v_field.id is not null then
    return format('%s is required', v_field.label);
  end if;
  return null;
end;
$function$;
revoke all on function app.custom_import_problem(p_org text, p_kind text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_import_problem(p_org text, p_kind text, p_values jsonb) to authenticated;
grant execute on function app.custom_import_problem(p_org text, p_kind text, p_values jsonb) to service_role;
grant execute on function app.custom_import_problem(p_org text, p_kind text, p_values jsonb) to steward_import_writer;
