-- list page keyed filter: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.list_page(p_relation text, p_org_names text[] DEFAULT NULL::text[], p_eq jsonb DEFAULT '{}'::jsonb, p_exclude_archived boolean DEFAULT false, p_filter jsonb DEFAULT NULL::jsonb, p_sort jsonb DEFAULT '[]'::jsonb, p_offset integer DEFAULT 0, p_limit integer DEFAULT 200, p_after jsonb DEFAULT NULL::jsonb, p_count text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_source app.list_sources;
  v_where text;
  v_filter text;
  v_key record;
  v_order text := '';
  v_rev text := '';
  v_sort_cols text[] := '{}';
  v_descs boolean[] := '{}';
  v_seek text := '';
  v_limit integer := least(greatest(coalesce(p_limit, 200), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_branch text;
  v_sql text;
  v_ids uuid[];
  v_total bigint;
  v_estimated boolean := false;
  v_plan jsonb;
  v_org text;
  v_rule text;
  v_whole text[] := '{}';
  v_readable text[];
  v_estimable boolean;
  v_component text;
  v_cols text;
  v_bodies text[] := '{}';
  v_branches text[] := '{}';
  v_all text;
  v_and_filter text;
  v_expected bigint;
  v_found bigint;
  v_read bigint;
  v_done boolean := false;
  -- Where the ways of finding a filtered page change over (settings only tests change, to take each
  -- way on a few rows): a look at the top of the list when more than v_probe_from matches are
  -- expected (always: the planner's guess for a LIKE pattern can be off a hundred times, and the look
  -- costs a few milliseconds); all matches from the trigram index up to v_gather_upto.
  v_probe_from bigint := coalesce(nullif(current_setting('steward.list_page_probe_from', true), '')::bigint, -1);
  v_gather_upto bigint := coalesce(nullif(current_setting('steward.list_page_gather_upto', true), '')::bigint, 50000);
  -- The most rows a look at the top reads (in the sort key's index) before the page is looked for
  -- among the matches instead.
  v_sampled bigint;
  v_sample text;
  v_walk bigint := coalesce(nullif(current_setting('steward.list_page_walk', true), '')::bigint, 30000);
  v_columns text[];
  v_kind text;
  v_sort_expr text;
  v_sort_sel text[] := '{}';
  v_keyed_col text;
  v_keyed_field uuid;
  v_more uuid[];
begin
  if auth.uid() is null then
    return null;
  end if;
  if cardinality(p_org_names) > 20 then
    raise exception 'list_page: at most 20 organisations at a time (% named)', cardinality(p_org_names) using errcode = '22023';
  end if;
  if jsonb_typeof(p_sort) = 'array' and jsonb_array_length(p_sort) > 10 then
    raise exception 'list_page: at most 10 sort keys (% given)', jsonb_array_length(p_sort) using errcode = '22023';
  end if;
  select * into v_source from app.list_sources s where s.relation = to_regclass(p_relation);
  if not found or not pg_catalog.has_table_privilege('authenticated', v_source.relation, 'select') then
    return null;
  end if;

  -- The caller's read rule (below, per organisation), then the list's own conditions.
  v_rule := app.read_rule_sql(v_source.base);
  -- A table under the standard policies (app.apply_component_policies) lets a person whose role reads
  -- an organisation at the Organization level read every row of it: for those organisations no row
  -- needs the rule, and a page can come from an index alone.
  v_component := substring(pg_catalog.obj_description(v_source.base, 'pg_class') from '^component: ([a-z-]+)$');
  if v_component is not null then
    v_whole := app.orgs_with_access(v_component, 'view', 'Organization');
    v_readable := v_whole || app.orgs_with_access(v_component, 'view', 'Personal');
  else
    v_readable := app.member_orgs();
  end if;
  -- Only organisations the caller reads (and the shared defaults, which every member reads), each
  -- once: a name they cannot read answers as if it held no rows. None named: all they read.
  v_readable := v_readable || '_system_default_'::text;
  p_org_names := array(select distinct o from unnest(coalesce(p_org_names, v_readable)) o where o = any (v_readable) order by 1);
  -- The planner's figures may be told only when every organisation listed is read whole: its
  -- statistics count rows the caller's rule would hide (another member's at Personal level).
  v_estimable := p_org_names <@ (v_whole || '_system_default_'::text);
  -- Custom fields filter and sort as 'custom.<field id>': those of the organisations listed, of the
  -- kind of record the base table holds, except sensitive ones (their values are not in the table).
  v_kind := (select k from unnest(array['contact', 'business', 'household', 'accommodation', 'reservation', 'project', 'task',
                                        'product', 'supply', 'staff']) k where app.custom_record_table(k) = v_source.base);
  v_columns := v_source.columns || array(select 'custom.' || f.id from settings.custom_fields f
                                          where f.record_kind = v_kind and f.org_name = any (p_org_names) and not f.sensitive);
  v_where := 'true';
  if p_exclude_archived then
    v_where := v_where || case when exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = v_source.base and a.attname = 'archive' and a.attnotnull)
                               then ' and not t.archive' else ' and t.archive is not true' end;
  end if;
  for v_key in select e.key, e.value from jsonb_each(coalesce(p_eq, '{}')) as e loop
    if not (v_key.key = any (v_source.columns)) then
      return null;
    end if;
    v_where := v_where || case when jsonb_typeof(v_key.value) = 'null' then format(' and t.%I is null', v_key.key)
                               else format(' and t.%I = %L', v_key.key, v_key.value #>> '{}') end;
  end loop;
  if p_filter is not null then
    v_filter := app.list_filter_sql(p_filter, v_columns);
    if v_filter is null then
      return null;
    end if;
    v_filter := nullif(v_filter, 'true');
  end if;

  for v_key in select e.value ->> 'field' as field, coalesce((e.value ->> 'desc')::boolean, false) as descending
               from jsonb_array_elements(coalesce(p_sort, '[]')) as e loop
    if v_key.field is null or not (v_key.field = any (v_columns)) then
      return null;
    end if;
    continue when v_key.field = 'id';
    v_sort_cols := v_sort_cols || v_key.field;
    v_descs := v_descs || v_key.descending;
    if v_key.field like 'custom.%' then
      -- A custom field's key is an expression, named after the field: ordered by that name.
      v_sort_expr := app.list_custom_sort_sql(v_key.field);
      if v_sort_expr is null then
        return null;
      end if;
      v_sort_sel := v_sort_sel || format('%s as %I', v_sort_expr, v_key.field);
      -- Empty values last both ways: the records with a value come first, from the sort keys.
      v_order := v_order || format('%I %s, ', v_key.field, case when v_key.descending then 'desc nulls last' else 'asc nulls last' end);
    else
      v_sort_sel := v_sort_sel || format('t.%I', v_key.field);
      v_order := v_order || format('t.%I %s, ', v_key.field, case when v_key.descending then 'desc nulls first' else 'asc nulls last' end);
    end if;
  end loop;
  v_order := v_order || 't.id asc';

  -- A seek after the last row of the page before: one sort key with no empty values.
  if p_after is not null and cardinality(v_sort_cols) = 1 and (p_after ->> 'id') is not null
     and jsonb_typeof(p_after -> 'values' -> 0) is distinct from 'null'
     and exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = v_source.base and a.attname = v_sort_cols[1] and a.attnotnull) then
    -- key >= last (the index's range), then past the last id among equal keys.
    v_seek := format(' and t.%1$I %2$s= %3$L and (t.%1$I %2$s %3$L or t.id > %4$L::uuid)',
                     v_sort_cols[1], case when v_descs[1] then '<' else '>' end, p_after -> 'values' ->> 0, p_after ->> 'id');
    v_offset := 0;
  elsif p_after is not null and cardinality(v_sort_cols) = 0 and (p_after ->> 'id') is not null then
    v_seek := format(' and t.id > %L::uuid', p_after ->> 'id');
    v_offset := 0;
  end if;

  -- One ordered branch per organisation, merged in order (each walks its (org_name, key, id) index).
  foreach v_org in array p_org_names loop
    v_bodies := v_bodies || format('from %s t where t.org_name = %L and (%s) and %s', v_source.base, v_org,
                                   case when v_org = any (v_whole) then 'true' else v_rule end, v_where);
  end loop;
  if cardinality(v_bodies) = 0 then
    return jsonb_build_object('ids', '[]'::jsonb, 'total', 0, 'estimated', false);
  end if;
  v_cols := coalesce(nullif(array_to_string(v_sort_sel, ', '), ''), 'null');
  v_and_filter := coalesce(' and ' || v_filter, '');
  -- The whole list (no seek): what is counted, and how many rows the planner expects.
  v_all := array_to_string(array(select format('(select t.id, %s %s%s)', v_cols, b, v_and_filter) from unnest(v_bodies) b), ' union all ');
  if v_filter is not null or p_count is not null then
    execute 'explain (format json) ' || v_all into v_plan;
    v_expected := (v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint;
  end if;
  -- What a count estimate samples: the organisations the planner expects rows of (a sample reads one
  -- block in a hundred of the whole table for each; the shared defaults hold next to no rows).
  v_sample := v_all;
  if v_plan -> 0 -> 'Plan' ->> 'Node Type' = 'Append' and jsonb_array_length(v_plan -> 0 -> 'Plan' -> 'Plans') = cardinality(v_bodies) then
    v_sample := array_to_string(array(
      select format('(select t.id, %s %s%s)', v_cols, u.b, v_and_filter) from unnest(v_bodies) with ordinality as u(b, i)
      where (v_plan -> 0 -> 'Plan' -> 'Plans' -> (u.i::int - 1) ->> 'Plan Rows')::numeric >= 100), ' union all ');
    if v_sample = '' then
      v_sample := v_all;
    end if;
  end if;

  -- A custom field as the one sort key (no seek): its typed keys in app.custom_sort_keys, walked in
  -- their (org, field, key) btree and joined to the records, as far as the page; the records without a
  -- value (empty: last both ways) by id after them, read only when the page reaches them. With a
  -- filter each organisation's walk reads at most v_walk keys, the filter tested on each record: a page
  -- the matches have not filled by then (rare near the top) is found the other ways below.
  if v_seek = '' and cardinality(v_sort_cols) = 1 and v_sort_cols[1] like 'custom.%' then
    select f.id, app.custom_sort_column(f.field_type) into v_keyed_field, v_keyed_col
      from settings.custom_fields f where f.id = substr(v_sort_cols[1], 8)::uuid;
    if v_keyed_col is not null then
      v_branches := array(
        -- The organisation's branch body (its read rule and the list's conditions) in a subquery of
        -- its own, where the record's columns alone are in reach.
        select format('(select t.id, k.sort_key from (select k.record_id, k.%1$I as sort_key from app.custom_sort_keys k '
                      'where k.org_name = %3$L and k.field_id = %4$L and k.%1$I is not null '
                      'order by k.%1$I %5$s, k.record_id%7$s) k '
                      'join lateral (select t.id %2$s%8$s and t.id = k.record_id) t on true '
                      'order by k.sort_key %5$s, k.record_id limit %6$s)',
                      v_keyed_col, u.b, u.o, v_keyed_field, case when v_descs[1] then 'desc' else 'asc' end, v_offset + v_limit,
                      case when v_filter is not null then ' limit ' || v_walk else '' end, v_and_filter)
        from unnest(p_org_names, v_bodies) as u(o, b));
      execute format('select coalesce(array_agg(t.id), ''{}'') from (select t.id from (%s) t order by t.sort_key %s, t.id limit %s) t',
                     array_to_string(v_branches, ' union all '), case when v_descs[1] then 'desc' else 'asc' end, v_offset + v_limit)
        into v_ids;
      v_done := true;
      if v_filter is not null and cardinality(v_ids) < v_offset + v_limit then
        -- Not full: whole only if no organisation's walk stopped short of its keys.
        execute format('select not coalesce(bool_or(w.n >= %2$s), false) from unnest(%3$L::text[]) o(name), '
                       'lateral (select count(*) as n from (select 1 from app.custom_sort_keys k '
                       'where k.org_name = o.name and k.field_id = %4$L and k.%1$I is not null limit %2$s) k) w',
                       v_keyed_col, v_walk, p_org_names, v_keyed_field)
          into v_done;
      end if;
      if v_done and cardinality(v_ids) < v_offset + v_limit then
        v_branches := array(
          select format('(select t.id %1$s%4$s and not exists (select 1 from app.custom_sort_keys k where k.field_id = %2$L and k.record_id = t.id) '
                        'order by t.id limit %3$s)',
                        b, v_keyed_field, v_offset + v_limit - cardinality(v_ids), v_and_filter)
          from unnest(v_bodies) b);
        execute format('select coalesce(array_agg(t.id), ''{}'') from (select t.id from (%s) t order by t.id limit %s) t',
                       array_to_string(v_branches, ' union all '), v_offset + v_limit - cardinality(v_ids))
          into v_more;
        v_ids := v_ids || v_more;
      end if;
      if v_done then
        v_ids := coalesce(v_ids[v_offset + 1 : v_offset + v_limit], '{}');
      end if;
    end if;
  end if;

  if not v_done and v_filter is not null and v_expected > v_probe_from and v_offset + v_limit <= 1000 then
    -- Near the top of the list: rows in the sort key's order (from its index), the filter tested on
    -- each, read only until the page is full and at most v_walk rows: the page when the matches are
    -- not rare near the top, found without collecting every match. (Fewer: the page is found among
    -- all matches below, which also counts them.)
    v_branches := array(select format('(select t.id, %s, (%s) as matches %s%s order by %s limit %s)', v_cols, v_filter, b, v_seek, v_order, v_walk) from unnest(v_bodies) b);
    execute format('select coalesce(array_agg(t.id), ''{}''), count(*) from (select t.id from (select * from (%s) t order by %s limit %s) t '
                   'where t.matches order by %s offset %s limit %s) t',
                   array_to_string(v_branches, ' union all '), v_order, v_walk, v_order, v_offset, v_limit)
      into v_ids, v_found;
    v_done := v_found = v_limit;
  end if;

  if not v_done and v_filter is not null and v_expected <= v_gather_upto then
    -- A filter that picks at most a few ten thousand rows: all of them from the trigram index, sorted,
    -- counted exactly on the way. (Walking the sort key's index instead would pass every row sorting
    -- before the matches, and matches cluster: every "Jennifer …" sorts together.)
    perform set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true);
    execute format('select coalesce(array_agg(t.id), ''{}''), max(t.total) from (select t.id, count(*) over () as total from (%s) t order by %s offset %s limit %s) t',
                   v_all, v_order, greatest(coalesce(p_offset, 0), 0), v_limit)
      into v_ids, v_total;
    perform set_config('enable_indexscan', 'on', true), set_config('enable_indexonlyscan', 'on', true);
    if v_total is null and p_count is not null then
      execute format('select count(*) from (%s) c', v_all) into v_total;
    end if;
    return jsonb_build_object('ids', to_jsonb(v_ids), 'total', case when p_count is not null then v_total end, 'estimated', false);
  end if;

  if not v_done then
    -- In the sort key's order, one ordered branch per organisation merged in order.
    v_branches := array(select format('(select t.id, %s %s%s%s order by %s limit %s)', v_cols, b, v_and_filter, v_seek, v_order, v_offset + v_limit) from unnest(v_bodies) b);
    v_sql := format('select coalesce(array_agg(t.id), ''{}'') from (select t.id from (%s) t order by %s offset %s limit %s) t',
                    array_to_string(v_branches, ' union all '), v_order, v_offset, v_limit);
    execute v_sql into v_ids;
  end if;

  -- Counted exactly when asked, or when it is small; past 1,000 an estimate: the planner's for a list
  -- without a filter, and for a filtered one the matches in one block in a hundred, times a hundred
  -- (the planner's guess of a LIKE pattern can be off several times: "martinez" 20,231 for 9,259).
  if p_count = 'estimated' and v_filter is not null and v_expected > 5000 then
    execute format('select count(*) * 100 from (%s) c',
                   replace(v_sample, format('from %s t where', v_source.base), format('from %s t tablesample system (1) repeatable (0) where', v_source.base)))
      into v_sampled;
    if v_sampled >= 5000 then
      return jsonb_build_object('ids', to_jsonb(v_ids), 'total', v_sampled, 'estimated', true);
    end if;
  end if;
  if p_count = 'exact' or (p_count = 'estimated' and (v_expected <= 5000 or v_filter is not null or not v_estimable)) then
    execute format('select count(*) from (%s%s) c', v_all, case when p_count = 'estimated' then ' limit 1001' end) into v_total;
  end if;
  if p_count = 'estimated' and v_total > 1000 and v_sampled is null and (v_filter is not null or v_expected <= 1000 or not v_estimable) then
    execute format('select count(*) * 100 from (%s) c',
                   replace(v_sample, format('from %s t where', v_source.base), format('from %s t tablesample system (1) repeatable (0) where', v_source.base)))
      into v_sampled;
  end if;
  if p_count = 'estimated' and (v_total is null or v_total > 1000) then
    v_total := greatest(1001, coalesce(v_sampled, case when v_estimable then v_expected end));
    v_estimated := true;
  end if;
  return jsonb_build_object('ids', to_jsonb(v_ids), 'total', v_total, 'estimated', v_estimated);
end;
$function$;
revoke all on function public.list_page(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text) from public, anon, authenticated, service_role;
grant execute on function public.list_page(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text) to authenticated;
grant execute on function public.list_page(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text) to service_role;
