-- Lists at scale: a list's text filters ("contains", "is" …) and deep pages of a sorted list use
-- indexes through row-level security.
--
-- Why a security-definer function: under row-level security PostgreSQL evaluates the read policies
-- before any condition that is not leakproof, and LIKE/ILIKE are not (only a superuser can mark a
-- function leakproof, which hosted Supabase does not allow), so "Name contains smi" read every row
-- of the table through the policies (0.6 s at a million contacts) and no trigram index could help.
-- public.list_page finds the ids of one page inside a security-definer query, where the indexes work,
-- applying the table's own read rule: the text of its read policies, taken from the catalogue
-- (app.read_rule_sql), so whatever the policies say — app.access_sql's levels, owners, assignees —
-- this function says too, with no copy of the rule to drift. It returns ids and a count only; the list
-- then reads those rows from its view as the caller, so the policies still decide what shows.
--
-- Deep pages: a page after one the list has already read starts from that page's last row (a seek on
-- the sort key and id: `(name, id) > (last name, last id)`) instead of skipping every row before it;
-- a page opened directly skips rows in the (org_name, sort key, id) index, one organisation at a time
-- merged in order, never reading the rows of the pages before it.

-- The lists served: the relation a list reads (a view, or the table itself), the table it shows one
-- row of per row (same id), and the columns of the relation that are that table's own columns (same
-- name, same value), which can be filtered on and sorted by in the table.
create table app.list_sources (
  relation regclass primary key,
  base regclass not null,
  columns text[] not null
);
comment on table app.list_sources is 'Lists whose filters and deep pages public.list_page serves: relation read by the list, its base table, and the base columns it shows unchanged';
revoke all on app.list_sources from public, anon, authenticated;

insert into app.list_sources (relation, base, columns) values
  ('crm.contacts_view', 'crm.contacts', '{id,short_id,name,description,status,type_id,prefix,first_name,middle_name,last_name,suffix,nickname,alternate_last_name,date_of_birth,spouse_id,primary_owner_id,secondary_owner_id,org_name,archive,created_at,created_by,last_modified_at,last_modified_by}'),
  ('crm.contacts', 'crm.contacts', '{id,short_id,name,description,status,type_id,prefix,first_name,middle_name,last_name,suffix,nickname,alternate_last_name,date_of_birth,spouse_id,primary_owner_id,secondary_owner_id,org_name,archive,created_at,created_by,last_modified_at,last_modified_by}'),
  ('crm.businesses_view', 'crm.businesses', '{id,short_id,name,dba_name,description,status,type_id,primary_owner_id,secondary_owner_id,org_name,archive,created_at,created_by,last_modified_at,last_modified_by}'),
  ('crm.businesses', 'crm.businesses', '{id,short_id,name,dba_name,description,status,type_id,primary_owner_id,secondary_owner_id,org_name,archive,created_at,created_by,last_modified_at,last_modified_by}'),
  ('crm.households_view', 'crm.households', '{id,short_id,name,preferred_addressee,description,status,type_id,primary_owner_id,secondary_owner_id,org_name,archive,created_at,created_by,last_modified_at,last_modified_by}'),
  ('crm.households', 'crm.households', '{id,short_id,name,preferred_addressee,description,status,type_id,primary_owner_id,secondary_owner_id,org_name,archive,created_at,created_by,last_modified_at,last_modified_by}');

-- Only columns that exist on both sides stay listed (a column a view does not show is never served).
update app.list_sources s
   set columns = array(select c from unnest(s.columns) as c
                       where exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = s.relation and a.attname = c and not a.attisdropped and a.attnum > 0)
                         and exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = s.base and a.attname = c and not a.attisdropped and a.attnum > 0));

-- Sort keys per organisation, both directions (the tie-breaker id always ascends), of the rows a
-- list shows (not archived): a page of a person who reads the whole organisation is read from the
-- index alone.
create index contacts_org_name_name_id_idx on crm.contacts (org_name, name, id) where not archive;
create index contacts_org_name_name_desc_id_idx on crm.contacts (org_name, name desc, id) where not archive;
create index businesses_org_name_name_id_idx on crm.businesses (org_name, name, id) where not archive;
create index businesses_org_name_name_desc_id_idx on crm.businesses (org_name, name desc, id) where not archive;
create index households_org_name_name_id_idx on crm.households (org_name, name, id) where not archive;
create index households_org_name_name_desc_id_idx on crm.households (org_name, name desc, id) where not archive;
-- "contains" / "is" on names: lower(name) trigram indexes exist (contacts_name_trgm …); first and
-- last names too.
create index contacts_first_name_trgm on crm.contacts using gin (lower(first_name) extensions.gin_trgm_ops);
create index contacts_last_name_trgm on crm.contacts using gin (lower(last_name) extensions.gin_trgm_ops);

-- A table's read rule for signed-in people as an SQL condition on its own columns: its permissive
-- SELECT (or ALL) policies OR-ed, the restrictive ones AND-ed, as the policies state them; 'false'
-- when row-level security is on and no policy lets anyone read.
create function app.read_rule_sql(p_table regclass) returns text
  language sql stable
  set search_path = ''
as $$
  select case
    when not (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = p_table) then 'true'
    else format('(%s) and (%s)',
      coalesce((select string_agg('(' || coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' or ')
                from pg_catalog.pg_policy p
                where p.polrelid = p_table and p.polcmd in ('r', '*') and p.polpermissive
                  and (p.polroles @> array[0::oid] or p.polroles @> array['authenticated'::regrole::oid])), 'false'),
      coalesce((select string_agg('(' || coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' and ')
                from pg_catalog.pg_policy p
                where p.polrelid = p_table and p.polcmd in ('r', '*') and not p.polpermissive
                  and (p.polroles @> array[0::oid] or p.polroles @> array['authenticated'::regrole::oid])), 'true'))
  end
$$;
revoke execute on function app.read_rule_sql(regclass) from public, anon, authenticated;

-- A list filter as SQL on alias t: {"and": [...]}, {"or": [...]} or a condition
-- {"field", "op", "value"} on a text column, ops as the list's filter has them, all ignoring case:
-- contains, not_contains, is, is_not (these two keep rows without a value), is_empty, is_not_empty.
-- Null when a field is not one of p_columns or an operator is unknown.
create function app.list_filter_sql(p_filter jsonb, p_columns text[]) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  v_parts text[] := '{}';
  v_child jsonb;
  v_part text;
  v_field text := p_filter ->> 'field';
  v_col text;
  v_value text := lower(coalesce(p_filter ->> 'value', ''));
  v_like text := replace(replace(replace(lower(coalesce(p_filter ->> 'value', '')), '\', '\\'), '%', '\%'), '_', '\_');
begin
  if p_filter ? 'and' or p_filter ? 'or' then
    for v_child in select * from jsonb_array_elements(coalesce(p_filter -> 'and', p_filter -> 'or')) loop
      v_part := app.list_filter_sql(v_child, p_columns);
      if v_part is null then
        return null;
      end if;
      v_parts := v_parts || v_part;
    end loop;
    if cardinality(v_parts) = 0 then
      return 'true';
    end if;
    return '(' || array_to_string(v_parts, case when p_filter ? 'and' then ' and ' else ' or ' end) || ')';
  end if;
  if v_field is null or not (v_field = any (p_columns)) then
    return null;
  end if;
  v_col := format('lower(t.%I::text)', v_field);
  return case p_filter ->> 'op'
    when 'contains' then format('%s like %L', v_col, '%' || v_like || '%')
    when 'not_contains' then format('(%1$s is null or %1$s not like %2$L)', v_col, '%' || v_like || '%')
    when 'is' then format('%s = %L', v_col, v_value)
    when 'is_not' then format('(%1$s is null or %1$s <> %2$L)', v_col, v_value)
    when 'is_empty' then format('(%1$s is null or %1$s = %2$L)', v_col, '')
    when 'is_not_empty' then format('%s <> %L', v_col, '')
  end;
end;
$$;
revoke execute on function app.list_filter_sql(jsonb, text[]) from public, anon, authenticated;

-- One page of a served list as ids in the list's order, and its count:
--   p_relation    what the list reads ('crm.contacts_view'); null answer when it is not served, or a
--                 field it names is not a served column (the list then reads the usual way);
--   p_org_names   org_name in (…); p_eq exact matches {column: value | null};
--   p_exclude_archived  archive is not true;
--   p_filter      the list filter (app.list_filter_sql);
--   p_sort        [{"field", "desc"}], then id ascending; ascending sorts put empty values last,
--                 descending first, as the list's own query does;
--   p_after       {"values": [...], "id": …}: the last row of the page before (a seek; single sort
--                 key that has no empty values), else p_offset rows are skipped;
--   p_count       'exact', 'estimated' (exact up to 1,000, the planner's estimate beyond) or null.
-- Answer: {"ids": [...], "total": n | null, "estimated": bool}.
create function public.list_page(
  p_relation text,
  p_org_names text[] default null,
  p_eq jsonb default '{}',
  p_exclude_archived boolean default false,
  p_filter jsonb default null,
  p_sort jsonb default '[]',
  p_offset integer default 0,
  p_limit integer default 200,
  p_after jsonb default null,
  p_count text default null
) returns jsonb
  language plpgsql
  -- volatile: the estimated count asks the planner with EXPLAIN, which a stable function may not run
  security definer
  set search_path = ''
as $$
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
begin
  if auth.uid() is null then
    return null;
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
  end if;
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
    v_filter := app.list_filter_sql(p_filter, v_source.columns);
    if v_filter is null then
      return null;
    end if;
    v_filter := nullif(v_filter, 'true');
  end if;

  for v_key in select e.value ->> 'field' as field, coalesce((e.value ->> 'desc')::boolean, false) as descending
               from jsonb_array_elements(coalesce(p_sort, '[]')) as e loop
    if v_key.field is null or not (v_key.field = any (v_source.columns)) then
      return null;
    end if;
    continue when v_key.field = 'id';
    v_sort_cols := v_sort_cols || v_key.field;
    v_descs := v_descs || v_key.descending;
    v_order := v_order || format('t.%I %s, ', v_key.field, case when v_key.descending then 'desc nulls first' else 'asc nulls last' end);
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
  if p_org_names is null then
    v_bodies := array[format('from %s t where (%s) and %s', v_source.base, v_rule, v_where)];
  else
    foreach v_org in array p_org_names loop
      v_bodies := v_bodies || format('from %s t where t.org_name = %L and (%s) and %s', v_source.base, v_org,
                                     case when v_org = any (v_whole) then 'true' else v_rule end, v_where);
    end loop;
  end if;
  if cardinality(v_bodies) = 0 then
    return jsonb_build_object('ids', '[]'::jsonb, 'total', 0, 'estimated', false);
  end if;
  v_cols := coalesce(nullif(array_to_string(array(select format('t.%I', c) from unnest(v_sort_cols) c), ', '), ''), 'null');
  v_and_filter := coalesce(' and ' || v_filter, '');
  -- The whole list (no seek): what is counted, and how many rows the planner expects.
  v_all := array_to_string(array(select format('(select t.id, %s %s%s)', v_cols, b, v_and_filter) from unnest(v_bodies) b), ' union all ');
  if v_filter is not null or p_count is not null then
    execute 'explain (format json) ' || v_all into v_plan;
    v_expected := (v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint;
  end if;

  if v_filter is not null and v_expected > v_probe_from and v_offset + v_limit <= 1000 then
    -- Near the top of the list: the first 5,000 rows in the sort key's order (from its index), the
    -- filter tested on each, hold the page when the matches are not rare there.
    v_branches := array(select format('(select t.id, %s, (%s) as matches %s%s order by %s limit 5000)', v_cols, v_filter, b, v_seek, v_order) from unnest(v_bodies) b);
    execute format('with w as materialized (select t.id, t.matches, count(*) filter (where t.matches) over (order by %3$s rows unbounded preceding) as place '
                   'from (select * from (%4$s) t order by %3$s limit 5000) t) '
                   'select (select coalesce(array_agg(w.id order by w.place), ''{}'') from w where w.matches and w.place > %1$s and w.place <= %2$s), '
                   '(select count(*) from w where w.matches), (select count(*) from w)',
                   v_offset, v_offset + v_limit, v_order, array_to_string(v_branches, ' union all '))
      into v_ids, v_found, v_read;
    if v_found >= v_offset + v_limit or v_read < 5000 then
      v_done := true;
      if v_read < 5000 and v_seek = '' and p_count is not null then
        -- The whole list was read: its matches are the count.
        return jsonb_build_object('ids', to_jsonb(v_ids), 'total', v_found, 'estimated', false);
      end if;
    end if;
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

  -- Counted exactly when asked, or when it is small; the planner's estimate past 1,000 otherwise.
  if p_count = 'exact' or (p_count = 'estimated' and v_expected <= 5000) then
    execute format('select count(*) from (%s%s) c', v_all, case when p_count = 'estimated' then ' limit 1001' end) into v_total;
  end if;
  if p_count = 'estimated' and v_total > 1000 and v_expected <= 1000 then
    -- More than 1,000 where the planner expected fewer (its guess of a LIKE pattern): the matches in
    -- one block in a hundred, times a hundred.
    execute format('select count(*) * 100 from (%s) c',
                   replace(v_all, format('from %s t where', v_source.base), format('from %s t tablesample system (1) repeatable (0) where', v_source.base)))
      into v_expected;
  end if;
  if p_count = 'estimated' and (v_total is null or v_total > 1000) then
    v_total := greatest(1001, v_expected);
    v_estimated := true;
  end if;
  return jsonb_build_object('ids', to_jsonb(v_ids), 'total', v_total, 'estimated', v_estimated);
end;
$$;
revoke execute on function public.list_page(text, text[], jsonb, boolean, jsonb, jsonb, integer, integer, jsonb, text) from public, anon;
grant execute on function public.list_page(text, text[], jsonb, boolean, jsonb, jsonb, integer, integer, jsonb, text) to authenticated;
