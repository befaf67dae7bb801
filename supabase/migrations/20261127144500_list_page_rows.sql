-- A served list's page in one call: public.list_page_rows finds the page's ids with public.list_page
-- and reads those rows from the list's relation as the caller, in the page's order, so a filtered or
-- deep page is one round trip instead of two (the ids, then the rows by id).
--
-- Security: this function is `security invoker`. Only public.list_page (security definer) looks past
-- row-level security, and it answers ids and a count only; the rows themselves are read here under
-- the caller's own read policies (the served views are security_invoker), exactly as the list's read
-- by id did, so a row the caller may not read is not in the answer.
--
-- p_columns: the relation's columns the list shows (null: all of them); a name that is not one of
-- its columns makes the answer null, as a list_page refusal does (the list then reads the usual way).
-- Answer: list_page's {"ids", "total", "estimated"} and "rows": [{column: value, …}, …].
create function public.list_page_rows(
  p_relation text,
  p_org_names text[] default null,
  p_eq jsonb default '{}',
  p_exclude_archived boolean default false,
  p_filter jsonb default null,
  p_sort jsonb default '[]',
  p_offset integer default 0,
  p_limit integer default 200,
  p_after jsonb default null,
  p_count text default null,
  p_columns text[] default null
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
as $$
declare
  v_page jsonb;
  v_relation regclass := to_regclass(p_relation);
  v_row text;
  v_ids uuid[];
  v_rows jsonb;
begin
  v_page := public.list_page(p_relation, p_org_names, p_eq, p_exclude_archived, p_filter, p_sort, p_offset, p_limit, p_after, p_count);
  if v_page is null then
    return null;
  end if;
  if p_columns is null then
    v_row := 'to_jsonb(v)';
  else
    if cardinality(p_columns) = 0 or exists (
      select 1 from unnest(p_columns) as c
      where not exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = v_relation and a.attname = c and a.attnum > 0 and not a.attisdropped)) then
      return null;
    end if;
    -- Only the columns asked for are read (the view's joins for the others are left out), in objects
    -- of at most 40 pairs (a function takes 100 arguments at most).
    select string_agg('jsonb_build_object(' || g.pairs || ')', ' || ') into v_row
    from (select string_agg(format('%L, v.%I', c.name, c.name), ', ' order by c.place) as pairs
          from unnest(p_columns) with ordinality as c(name, place)
          group by (c.place - 1) / 40) g;
  end if;
  v_ids := array(select e::uuid from jsonb_array_elements_text(v_page -> 'ids') as e);
  execute format('select coalesce(jsonb_agg(%s order by array_position($1, v.id)), ''[]'') from %s v where v.id = any ($1)', v_row, v_relation)
    into v_rows using v_ids;
  return v_page || jsonb_build_object('rows', v_rows);
end;
$$;
revoke execute on function public.list_page_rows(text, text[], jsonb, boolean, jsonb, jsonb, integer, integer, jsonb, text, text[]) from public, anon;
grant execute on function public.list_page_rows(text, text[], jsonb, boolean, jsonb, jsonb, integer, integer, jsonb, text, text[]) to authenticated;
