-- list rows as a set of one: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop function public.list_page_rows(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text, p_columns text[]);

CREATE OR REPLACE FUNCTION public.list_page_rows(p_relation text, p_org_names text[] DEFAULT NULL::text[], p_eq jsonb DEFAULT '{}'::jsonb, p_exclude_archived boolean DEFAULT false, p_filter jsonb DEFAULT NULL::jsonb, p_sort jsonb DEFAULT '[]'::jsonb, p_offset integer DEFAULT 0, p_limit integer DEFAULT 200, p_after jsonb DEFAULT NULL::jsonb, p_count text DEFAULT NULL::text, p_columns text[] DEFAULT NULL::text[])
 RETURNS SETOF json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_page jsonb;
  v_relation regclass := to_regclass(p_relation);
  v_columns text;
  v_rows json;
begin
  -- One page, or no answer at all when list_page declines the call or a column is not the relation's.
  -- A set of one, not a scalar: PostgREST picks a scalar answer out of the array it aggregates by
  -- parsing it again (json_agg(...)->0), and a page of 200 rows with their custom values is 300 KB.
  v_page := public.list_page(p_relation, p_org_names, p_eq, p_exclude_archived, p_filter, p_sort, p_offset, p_limit, p_after, p_count);
  if v_page is null then
    return;
  end if;
  if p_columns is null then
    v_columns := 'v.*';
  else
    if cardinality(p_columns) = 0 or exists (
      select 1 from unnest(p_columns) as c
      where not exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = v_relation and a.attname = c and a.attnum > 0 and not a.attisdropped)) then
      return;
    end if;
    -- Only the columns asked for are read (the view's joins for the others are left out).
    select string_agg(format('v.%I', c.name), ', ' order by c.place) into v_columns
    from unnest(p_columns) with ordinality as c(name, place);
  end if;
  -- Each row is a record of those columns made json: json, not jsonb, which would take each nested
  -- value (a record's custom fields) apart and build it again; json copies its text.
  execute format('select coalesce(json_agg(r), ''[]'') from (select %s from %s v where v.id = any ($1) order by array_position($1, v.id)) r', v_columns, v_relation)
    into v_rows using array(select e::uuid from jsonb_array_elements_text(v_page -> 'ids') as e);
  return next (select json_object_agg(e.key, e.value) from (select p.key, p.value::json as value from jsonb_each(v_page) p union all select 'rows', v_rows) e);
end;
$function$;
revoke all on function public.list_page_rows(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text, p_columns text[]) from public, anon, authenticated, service_role;
grant execute on function public.list_page_rows(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text, p_columns text[]) to authenticated;
grant execute on function public.list_page_rows(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text, p_columns text[]) to service_role;
