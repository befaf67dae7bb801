-- public: functions.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.accommodation_calendar(token text)
 RETURNS public."*/*"
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_text text := app.calendar_ics(token);
begin
  perform set_config('response.headers',
    json_build_array(json_build_object('Content-Type', 'text/calendar; charset=utf-8'),
                     json_build_object('Content-Disposition', 'inline; filename="calendar.ics"'),
                     json_build_object('Cache-Control', 'private, max-age=300'))::text, true);
  return convert_to(v_text, 'UTF8');
end;
$function$;
revoke all on function public.accommodation_calendar(token text) from public, anon, authenticated, service_role;
grant execute on function public.accommodation_calendar(token text) to anon;
grant execute on function public.accommodation_calendar(token text) to authenticated;
grant execute on function public.accommodation_calendar(token text) to service_role;
comment on function public.accommodation_calendar(token text) is 'An accommodation''s busy dates as iCalendar, for the holder of its feed''s secret token; no guest details.';

CREATE OR REPLACE FUNCTION public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text DEFAULT NULL::text, p_phone text DEFAULT NULL::text, p_invitation uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.require_request('token_verifications');
  return app.activate_invite_uncounted(p_email, p_code, p_password, p_full_name, p_title, p_phone, p_invitation);
end;
$function$;
revoke all on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) from public, anon, authenticated, service_role;
grant execute on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) to anon;
grant execute on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) to authenticated;
grant execute on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) to service_role;
comment on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) is 'Accepts the one invitation the mailed code belongs to (and, given p_invitation, only if it is that one, as find_pending_invite showed it): its profile made Active with the login of the address.';

CREATE OR REPLACE FUNCTION public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text DEFAULT NULL::text, p_phone text DEFAULT NULL::text, p_username text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_state text;
  v_message text;
  v_detail text;
  v_hint text;
begin
  if app.request_client() is null then
    return app.create_organization_with_owner(p_email, p_password, p_full_name, p_business_name, p_title, p_phone, p_username);
  end if;
  perform app.require_request('sign_in_sign_ups');
  begin
    return app.create_organization_with_owner(p_email, p_password, p_full_name, p_business_name, p_title, p_phone, p_username);
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
    if v_state not like 'ST%' then
      raise;
    end if;
    perform set_config('response.status', '400', true);
    return jsonb_build_object('code', v_state, 'message', v_message, 'details', nullif(v_detail, ''), 'hint', nullif(v_hint, ''));
  end;
end;
$function$;
revoke all on function public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) from public, anon, authenticated, service_role;
grant execute on function public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) to anon;
grant execute on function public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) to authenticated;
grant execute on function public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) to service_role;
comment on function public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) is 'Apply for Access: a new organisation, its owner role and Active owner; counted against the sign_in_sign_ups request limit';

CREATE OR REPLACE FUNCTION public.bulk_delete(p_table text, p_ids uuid[])
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_rel regclass := app.history_table(p_table);
  v_ids uuid[] := array(select distinct unnest(p_ids));
  v_system integer;
  v_live integer;
  v_deleted integer;
  v_batch uuid := gen_random_uuid();
begin
  execute format('select count(*) filter (where org_name = ''_system_default_''), count(*) filter (where org_name <> ''_system_default_'' and not archive) '
                 'from %s where id = any($1)', v_rel)
    into v_system, v_live using v_ids;
  if v_live > 0 then
    perform app.refuse('22023', 'bulk.notArchived', '{count} of the selected records are not archived: archive them before deleting for good', jsonb_build_object('count', v_live));
  end if;
  perform app.begin_batch('bulk', v_batch);
  execute format('with gone as (delete from %s where id = any($1) and org_name <> ''_system_default_'' and archive returning 1) select count(*) from gone', v_rel)
    into v_deleted using v_ids;
  perform app.end_batch();
  if v_deleted + v_system <> coalesce(array_length(v_ids, 1), 0) then
    perform app.refuse('42501', 'bulk.deleteForbidden', '{count} of the selected records cannot be deleted by you; nothing was deleted', jsonb_build_object('count', coalesce(array_length(v_ids, 1), 0) - v_deleted - v_system));
  end if;
  return jsonb_build_object('deleted', v_deleted, 'skipped', v_system, 'batch_id', v_batch);
end;
$function$;
revoke all on function public.bulk_delete(p_table text, p_ids uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.bulk_delete(p_table text, p_ids uuid[]) to authenticated;
grant execute on function public.bulk_delete(p_table text, p_ids uuid[]) to service_role;

CREATE OR REPLACE FUNCTION public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_rel regclass := app.history_table(p_table);
  v_ids uuid[] := array(select distinct unnest(p_ids));
  v_batch uuid := gen_random_uuid();
  v_field text;
  v_sets text := '';
  v_system integer;
  v_changed integer;
begin
  if p_changes is null or jsonb_typeof(p_changes) <> 'object' or p_changes = '{}'::jsonb then
    perform app.refuse('22023', 'bulk.nothingChosen', 'Choose what to change');
  end if;
  for v_field in select jsonb_object_keys(p_changes) loop
    -- Custom fields: {"custom": {"<field id>": value, ...}} sets those keys (null empties one) and
    -- leaves the others; the records' custom trigger checks each value as any write.
    if v_field = 'custom' and exists (select 1 from pg_catalog.pg_attribute where attrelid = v_rel and attname = 'custom' and not attisdropped) then
      if jsonb_typeof(p_changes -> 'custom') is distinct from 'object' or p_changes -> 'custom' = '{}'::jsonb then
        perform app.refuse('22023', 'bulk.noFields', 'Choose the fields to set');
      end if;
      v_sets := v_sets || format('%scustom = t.custom || $3', case when v_sets = '' then '' else ', ' end);
      continue;
    end if;
    if not app.bulk_field_allowed(v_field) or not exists (
      select 1 from pg_catalog.pg_attribute where attrelid = v_rel and attname = v_field and not attisdropped) then
      raise exception using errcode = '22023', message = format('%s cannot be changed in bulk here', v_field);
    end if;
    v_sets := v_sets || format('%s%I = r.%I', case when v_sets = '' then '' else ', ' end, v_field, v_field);
  end loop;
  execute format('select count(*) from %s where id = any($1) and org_name = ''_system_default_''', v_rel)
    into v_system using v_ids;
  perform app.begin_batch('bulk', v_batch);
  execute format('with changed as (update %1$s t set %2$s from jsonb_populate_record(null::%1$s, $2) r '
                 'where t.id = any($1) and t.org_name <> ''_system_default_'' returning 1) select count(*) from changed',
                 v_rel, v_sets)
    into v_changed using v_ids, p_changes - 'custom', p_changes -> 'custom';
  perform app.end_batch();
  if v_changed + v_system <> coalesce(array_length(v_ids, 1), 0) then
    perform app.refuse('42501', 'bulk.changeForbidden', '{count} of the selected records cannot be changed by you; nothing was changed', jsonb_build_object('count', coalesce(array_length(v_ids, 1), 0) - v_changed - v_system));
  end if;
  return jsonb_build_object('changed', v_changed, 'skipped', v_system, 'batch_id', v_batch);
end;
$function$;
revoke all on function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb) from public, anon, authenticated, service_role;
grant execute on function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb) to authenticated;
grant execute on function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb) to service_role;

CREATE OR REPLACE FUNCTION public.dashboard_stats(p_org_name text)
 RETURNS TABLE(contacts bigint, businesses bigint, orders bigint, revenue numeric)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select
    (select count(*) from crm.contacts c where c.org_name = p_org_name and not c.archive),
    (select count(*) from crm.businesses b where b.org_name = p_org_name and not b.archive),
    (select count(*) from public.orders o where o.org_name = p_org_name and not o.archive),
    (select coalesce(sum(s.revenue), 0)::numeric(14, 2) from app.sales_by_month s where s.org_name = p_org_name);
$function$;
revoke all on function public.dashboard_stats(p_org_name text) from public, anon, authenticated, service_role;
grant execute on function public.dashboard_stats(p_org_name text) to authenticated;
grant execute on function public.dashboard_stats(p_org_name text) to service_role;
comment on function public.dashboard_stats(p_org_name text) is 'The dashboard''s figures for an organisation: active contacts, businesses and orders, and revenue from active sales; as the caller''s read policies allow.';

CREATE OR REPLACE FUNCTION public.find_pending_invite(p_email text, p_code text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.require_request('token_verifications');
  return app.find_pending_invite_uncounted(p_email, p_code);
end;
$function$;
revoke all on function public.find_pending_invite(p_email text, p_code text) from public, anon, authenticated, service_role;
grant execute on function public.find_pending_invite(p_email text, p_code text) to anon;
grant execute on function public.find_pending_invite(p_email text, p_code text) to authenticated;
grant execute on function public.find_pending_invite(p_email text, p_code text) to service_role;

CREATE OR REPLACE FUNCTION public.global_search(p_query text, p_org_name text, p_limit integer DEFAULT 5)
 RETURNS TABLE(kind text, area text, id uuid, short_id text, title text, detail text, rank real)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select x.kind, x.area, x.id, x.short_id, x.title, x.detail, x.rank
  from (
    select h.kind, h.area, r.id, r.short_id, r.title, coalesce(h.detail, r.detail) as detail, h.rank,
           row_number() over (partition by h.kind order by h.rank desc, r.title) as place
    from (select distinct on (c.kind, c.id) c.* from app.search_candidates(p_query, p_org_name, p_limit) c order by c.kind, c.id, c.rank desc) h
    cross join lateral (
      select c.id, c.short_id, c.name as title, c.status::text as detail from crm.contacts c where h.kind = 'contact' and c.id = h.id
      union all
      select b.id, b.short_id, b.name, coalesce(b.dba_name, b.status::text) from crm.businesses b where h.kind = 'business' and b.id = h.id
      union all
      select hh.id, hh.short_id, hh.name, hh.preferred_addressee from crm.households hh where h.kind = 'household' and hh.id = h.id
      union all
      select u.id, u.short_id, u.name, coalesce(u.title, u.email::text) from public.user_profiles u where h.kind = 'user' and u.id = h.id
      union all
      select s.id, s.short_id, coalesce(nullif(btrim(s.preferred_name), ''), concat_ws(' ', s.legal_first_name, s.legal_last_name)), s.email::text
      from hr.staff_profiles s where h.kind = 'staff' and s.id = h.id
      union all
      select a.id, a.short_id, a.name, a.beds from catalog.accommodations a where h.kind = 'accommodation' and a.id = h.id
      union all
      select rv.id, null::text, rv.name, concat_ws(' · ', rv.confirmation, g.name, to_char(rv.check_in, 'YYYY-MM-DD'))
      from catalog.reservations rv left join crm.contacts g on g.id = rv.contact_id
      where h.kind = 'reservation' and rv.id = h.id
      union all
      select p.id, p.short_id, p.name, p.sku from catalog.products p where h.kind = 'product' and p.id = h.id
      union all
      select sp.id, null::text, sp.name, sp.vendor from catalog.supplies sp where h.kind = 'supply' and sp.id = h.id
      union all
      select pr.id, pr.short_id, pr.name, pr.status from ops.projects pr where h.kind = 'project' and pr.id = h.id
      union all
      select t.id, t.short_id, t.title, t.status from ops.tasks t where h.kind = 'task' and t.id = h.id
    ) r
  ) x
  where x.place <= least(greatest(coalesce(p_limit, 5), 1), 50)
  order by array_position(array['contact', 'business', 'household', 'user', 'staff', 'accommodation', 'reservation', 'product', 'supply', 'project', 'task'], x.kind), x.rank desc, x.title
$function$;
revoke all on function public.global_search(p_query text, p_org_name text, p_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.global_search(p_query text, p_org_name text, p_limit integer) to authenticated;
grant execute on function public.global_search(p_query text, p_org_name text, p_limit integer) to service_role;
comment on function public.global_search(p_query text, p_org_name text, p_limit integer) is 'Global search in one organisation: the best p_limit rows of each kind (contact, business, household, user, staff, accommodation, reservation, product, supply, project, task), ranked; as the caller''s read policies allow, and only for the organisation''s enabled areas.';

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

CREATE OR REPLACE FUNCTION public.mark_all_notifications_read(p_org_name text)
 RETURNS integer
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with marked as (
    update public.notifications set read_at = now()
     where read_at is null and org_name = p_org_name
       and profile_id = any ((select app.my_profile_ids())::uuid[])
    returning 1
  )
  select count(*)::int from marked
$function$;
revoke all on function public.mark_all_notifications_read(p_org_name text) from public, anon, authenticated, service_role;
grant execute on function public.mark_all_notifications_read(p_org_name text) to authenticated;
grant execute on function public.mark_all_notifications_read(p_org_name text) to service_role;

CREATE OR REPLACE FUNCTION public.record_history_page(p_record_id uuid, p_before bigint DEFAULT NULL::bigint, p_limit integer DEFAULT 50)
 RETURNS TABLE(id bigint, created_at timestamp with time zone, action text, via text, batch_id uuid, actor_id uuid, actor_name text, table_name text, record_id uuid, record_label text, changes jsonb, labels jsonb)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select h.id, h.created_at, h.action, h.via, h.batch_id, h.actor_id, h.actor_name, h.table_name, h.record_id, h.record_label, h.changes,
         (select jsonb_object_agg(c.key, jsonb_build_array(
                   app.history_reference_label(h.table_name::regclass, c.key, c.value ->> 0),
                   app.history_reference_label(h.table_name::regclass, c.key, c.value ->> 1)))
            from jsonb_each(case when h.action in ('update', 'archive', 'restore') then h.changes else '{}' end) c
           where c.key like '%\_id' and jsonb_typeof(c.value) = 'array') as labels
  from public.record_history h
  where h.record_id = any (p_record_id || app.attached_record_ids(p_record_id))
    and (p_before is null or h.id < p_before)
  order by h.id desc
  limit least(greatest(coalesce(p_limit, 50), 1), 200)
$function$;
revoke all on function public.record_history_page(p_record_id uuid, p_before bigint, p_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.record_history_page(p_record_id uuid, p_before bigint, p_limit integer) to authenticated;
grant execute on function public.record_history_page(p_record_id uuid, p_before bigint, p_limit integer) to service_role;

CREATE OR REPLACE FUNCTION public.record_permissions(p_table text, p_ids uuid[])
 RETURNS TABLE(id uuid, can_edit boolean, can_delete boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_rel regclass;
  v_component text;
begin
  if cardinality(p_ids) > 1000 then
    raise exception using errcode = '22023', message = 'At most 1000 records at a time';
  end if;
  select c.oid::regclass, substring(obj_description(c.oid, 'pg_class') from '^component: ([a-z-]+)$')
    into v_rel, v_component
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname || '.' || c.relname = p_table and c.relkind in ('r', 'p')
    and obj_description(c.oid, 'pg_class') ~ '^component: [a-z-]+$';
  if v_rel is null then
    raise exception using errcode = '42P01', message = format('No component table %s', p_table);
  end if;
  return query execute format(
    'select t.id, coalesce(t.org_name <> ''_system_default_'' and %2$s, false),
            coalesce(t.org_name <> ''_system_default_'' and %3$s, false)
       from %1$s t
      where t.id = any ($1) and (t.org_name = ''_system_default_'' or %4$s)',
    v_rel, app.access_sql(v_component, 'edit', v_rel), app.access_sql(v_component, 'delete', v_rel),
    app.access_sql(v_component, 'view', v_rel))
    using p_ids;
end;
$function$;
revoke all on function public.record_permissions(p_table text, p_ids uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.record_permissions(p_table text, p_ids uuid[]) to authenticated;
grant execute on function public.record_permissions(p_table text, p_ids uuid[]) to service_role;

CREATE OR REPLACE FUNCTION public.record_transactions(p_record uuid)
 RETURNS SETOF public.transactions
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- One scan: the four conditions combine the indexes on contact_id, business_id and household_id
  -- (a BitmapOr), and the members are found once, before it.
  select t.* from public.transactions t
   where not t.archive
     and (t.contact_id = p_record or t.business_id = p_record or t.household_id = p_record
          or t.contact_id = any (array(
               select h.primary_contact_id from crm.households h where h.id = p_record and h.primary_contact_id is not null
               union select h.secondary_contact_id from crm.households h where h.id = p_record and h.secondary_contact_id is not null
               union select coalesce(r.contact_id1, r.contact_id2) from crm.relationships r
                      where not r.archive and p_record in (r.household_id1, r.household_id2) and coalesce(r.contact_id1, r.contact_id2) is not null)))
   order by t.date desc, t.created_at desc
$function$;
revoke all on function public.record_transactions(p_record uuid) from public, anon, authenticated, service_role;
grant execute on function public.record_transactions(p_record uuid) to authenticated;
grant execute on function public.record_transactions(p_record uuid) to service_role;

CREATE OR REPLACE FUNCTION public.request_invite_code(p_email text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.require_request('sign_in_sign_ups');
  perform app.request_invite_code_uncounted(p_email);
end;
$function$;
revoke all on function public.request_invite_code(p_email text) from public, anon, authenticated, service_role;
grant execute on function public.request_invite_code(p_email text) to anon;
grant execute on function public.request_invite_code(p_email text) to authenticated;
grant execute on function public.request_invite_code(p_email text) to service_role;

CREATE OR REPLACE FUNCTION public.revenue_by_month(p_org_name text, p_months integer DEFAULT 12)
 RETURNS TABLE(month date, revenue numeric)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with months as (
    select (app.sale_month(current_date) - make_interval(months => n))::date as month
    from generate_series(0, least(greatest(coalesce(p_months, 12), 1), 60) - 1) as n
  ),
  sales as (
    select s.month, sum(s.revenue) as revenue
    from app.sales_by_month s
    where s.org_name = p_org_name
      and s.month >= (select min(m.month) from months m)
    group by 1
  )
  select m.month, coalesce(s.revenue, 0)::numeric(14, 2) as revenue
  from months m
  left join sales s on s.month = m.month
  order by m.month;
$function$;
revoke all on function public.revenue_by_month(p_org_name text, p_months integer) from public, anon, authenticated, service_role;
grant execute on function public.revenue_by_month(p_org_name text, p_months integer) to authenticated;
grant execute on function public.revenue_by_month(p_org_name text, p_months integer) to service_role;
comment on function public.revenue_by_month(p_org_name text, p_months integer) is 'Sum of sale amounts per month for the last p_months months (security invoker: RLS applies).';

CREATE OR REPLACE FUNCTION public.undo_batch(p_batch_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_entry record;
  v_sets text;
  v_old jsonb;
  v_restored integer := 0;
  v_kept integer := 0;
  v_count integer;
  v_undo uuid := gen_random_uuid();
begin
  if not exists (select 1 from public.record_history where batch_id = p_batch_id) then
    perform app.refuse('P0002', 'undo.nothing', 'There is nothing to undo');
  end if;
  if exists (select 1 from public.record_history where batch_id = p_batch_id and action = 'delete') then
    perform app.refuse('22023', 'undo.deleted', 'Records deleted for good cannot be brought back');
  end if;
  if exists (select 1 from public.record_history where batch_id = p_batch_id and via = 'merge' and created_at < now() - interval '24 hours') then
    perform app.refuse('22023', 'undo.mergeExpired', 'A merge can be undone for 24 hours only');
  end if;
  if app.batch_undone(p_batch_id) then
    perform app.refuse('22023', 'undo.already', 'This change was already undone');
  end if;
  -- Undone whole or not at all: a caller who cannot read every entry of it cannot undo it.
  if app.batch_size(p_batch_id) <> (select count(*) from public.record_history where batch_id = p_batch_id) then
    perform app.refuse('42501', 'undo.notVisible', 'Part of this change is not yours to see, so you cannot undo it');
  end if;
  perform app.begin_batch('undo', v_undo);
  for v_entry in
    select h.* from public.record_history h
    where h.batch_id = p_batch_id and h.action in ('update', 'archive', 'restore')
    order by h.id desc
  loop
    select string_agg(format('%I = r.%I', key, key), ', '), jsonb_object_agg(key, value -> 0)
      into v_sets, v_old
      from jsonb_each(v_entry.changes);
    execute format('with undone as (update %1$s t set %2$s from jsonb_populate_record(null::%1$s, $2) r '
                   'where t.id = $1 and to_jsonb(t) @> $3 returning 1) select count(*) from undone',
                   v_entry.table_name, v_sets)
      into v_count using v_entry.record_id, v_old,
        (select jsonb_object_agg(key, value -> 1) from jsonb_each(v_entry.changes));
    if v_count = 1 then v_restored := v_restored + 1; else v_kept := v_kept + 1; end if;
  end loop;
  perform app.mark_batch_undone(p_batch_id, v_undo);
  perform app.end_batch();
  return jsonb_build_object('restored', v_restored, 'kept', v_kept, 'batch_id', v_undo);
end;
$function$;
revoke all on function public.undo_batch(p_batch_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.undo_batch(p_batch_id uuid) to authenticated;
grant execute on function public.undo_batch(p_batch_id uuid) to service_role;

CREATE OR REPLACE FUNCTION public.custom_values(p_kind text, p_ids uuid[])
 RETURNS TABLE(id uuid, custom jsonb)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_table regclass := app.custom_record_table(p_kind);
begin
  -- A record's custom values as the caller may see them: the record's own (its policies decide
  -- which records), and its sensitive ones where the caller edits the area (app.custom_sensitive's
  -- policy). For the kinds whose lists read the table rather than a view that carries them.
  if v_table is null then
    raise exception using errcode = '22023', message = format('No such kind of record: %s', p_kind);
  end if;
  if cardinality(p_ids) > 1000 then
    raise exception using errcode = '22023', message = 'custom_values: at most 1000 records at a time';
  end if;
  return query execute format(
    'select t.id, t.custom || coalesce(s.custom, ''{}''::jsonb) from %s t '
    'left join app.custom_sensitive s on s.record_kind = %L and s.record_id = t.id '
    'where t.id = any ($1) order by array_position($1, t.id)', v_table, p_kind)
    using p_ids;
end;
$function$;
revoke all on function public.custom_values(p_kind text, p_ids uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.custom_values(p_kind text, p_ids uuid[]) to authenticated;
grant execute on function public.custom_values(p_kind text, p_ids uuid[]) to service_role;

CREATE OR REPLACE FUNCTION public.booking_page(p_org text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
begin
  perform app.require_request('booking_searches');
  v_org := app.booking_org(p_org);
  if v_org is null then
    return app.refusal_answer(app.refusal('booking.notAvailable', 'Online booking is not available here.'));
  end if;
  return (
    select jsonb_build_object(
      'ok', true,
      'org_name', o.org_name,
      'display_name', coalesce(nullif(btrim(o.display_name), ''), o.org_name),
      'language', nullif(btrim(o.language), ''),
      'logo_url', coalesce(b.logo_url, o.logo_url),
      'branding', jsonb_strip_nulls(jsonb_build_object(
        'primary_color', b.primary_color, 'background_color', b.background_color, 'text_color', b.text_color,
        'button_color', b.button_color, 'button_text_color', b.button_text_color, 'link_color', b.link_color,
        'font_family', b.font_family)),
      'currency', o.currency,
      'deposit_percent', coalesce(s.deposit_percent, 0),
      'deposit_method', app.booking_deposit_method(o.org_name),
      'cancel_days', coalesce(s.booking_cancel_days, 2),
      'hold_hours', coalesce(s.booking_hold_hours, 24),
      'pets', exists (select 1 from catalog.accommodation_rates r where r.org_name = o.org_name and not r.archive and r.additional_pet is not null))
    from public.organizations o
    left join settings.org_branding b on b.org_name = o.org_name and not b.archive
    left join catalog.lodging_settings s on s.org_name = o.org_name
    where o.org_name = v_org
    limit 1);
end;
$function$;
revoke all on function public.booking_page(p_org text) from public, anon, authenticated, service_role;
grant execute on function public.booking_page(p_org text) to anon;
grant execute on function public.booking_page(p_org text) to authenticated;
grant execute on function public.booking_page(p_org text) to service_role;
comment on function public.booking_page(p_org text) is 'The public booking page of an organisation that enabled online booking: its name, language, logo and colours, currency, deposit and cancellation rule; nothing else. Counted against the booking_searches request limit.';

CREATE OR REPLACE FUNCTION public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer DEFAULT 1, p_children integer DEFAULT 0, p_pets integer DEFAULT 0)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
  v_refusal jsonb;
  v_offers jsonb;
begin
  perform app.require_request('booking_searches');
  v_org := app.booking_org(p_org);
  if v_org is null then
    return app.refusal_answer(app.refusal('booking.notAvailable', 'Online booking is not available here.'));
  end if;
  v_refusal := app.booking_stay_refusal(v_org, p_check_in, p_check_out, p_adults, p_children, p_pets);
  if v_refusal is not null then
    return app.refusal_answer(v_refusal);
  end if;
  v_offers := app.booking_offers(v_org, p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0));
  if jsonb_array_length(v_offers) = 0 then
    return app.refusal_answer(app.refusal('booking.nothingFree', 'Nothing is free for those dates and guests. Try other dates or fewer guests.'))
           || jsonb_build_object('ok', true, 'offers', v_offers);
  end if;
  return jsonb_build_object('ok', true, 'offers', v_offers, 'reason', null);
end;
$function$;
revoke all on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) from public, anon, authenticated, service_role;
grant execute on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to anon;
grant execute on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to authenticated;
grant execute on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to service_role;
comment on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) is 'The units free for the dates that sleep the party, priced as the desk prices them (catalog.quote_stay), with the deposit due; or the reason the search is refused. Counted against the booking_searches request limit.';

CREATE OR REPLACE FUNCTION public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
  v_refusal jsonb;
  v_unit record;
  v_settings record;
  v_quote jsonb;
  v_name text := btrim(coalesce(p_name, ''));
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_phone text := nullif(btrim(coalesce(p_phone, '')), '');
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_contact uuid;
  v_status text;
  v_stay catalog.reservations;
  v_token text := encode(extensions.gen_random_bytes(24), 'hex');
  v_deposit numeric(12, 2);
  v_range tstzrange;
begin
  perform app.require_request('booking_requests');
  v_org := app.booking_org(p_org);
  if v_org is null then
    return app.refusal_answer(app.refusal('booking.notAvailable', 'Online booking is not available here.'));
  end if;
  v_refusal := app.booking_stay_refusal(v_org, p_check_in, p_check_out, p_adults, p_children, p_pets);
  if v_refusal is not null then
    return app.refusal_answer(v_refusal);
  end if;
  if v_name = '' or length(v_name) > 200 then
    return app.refusal_answer(app.refusal('booking.nameRequired', 'Enter your name.')) || jsonb_build_object('field', 'name');
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 254 then
    return app.refusal_answer(app.refusal('booking.emailInvalid', 'Enter a valid e-mail address.')) || jsonb_build_object('field', 'email');
  end if;
  if v_phone is not null and v_phone !~ '^\+?[0-9 ().-]{5,40}$' then
    return app.refusal_answer(app.refusal('booking.phoneInvalid', 'Enter a valid phone number, or leave it empty.')) || jsonb_build_object('field', 'phone');
  end if;
  if length(coalesce(v_note, '')) > 2000 then
    return app.refusal_answer(app.refusal('booking.noteTooLong', 'A note can be at most 2000 characters.')) || jsonb_build_object('field', 'note');
  end if;
  select a.id, a.name, a.capacity, a.class_id, coalesce(cl.booking_instant, false) as instant into v_unit
  from catalog.accommodations a left join catalog.accommodation_classes cl on cl.id = a.class_id
  where a.id = p_accommodation_id and a.org_name = v_org and not a.archive and a.inventory_count > 0;
  if v_unit.id is null then
    return app.refusal_answer(app.refusal('booking.unitNotBookable', 'This unit cannot be booked here.'));
  end if;
  if v_unit.capacity is not null and p_adults + coalesce(p_children, 0) > v_unit.capacity then
    return app.refusal_answer(app.refusal('booking.overCapacity', '{unit} sleeps at most {capacity} guests.', jsonb_build_object('unit', v_unit.name, 'capacity', v_unit.capacity)));
  end if;
  -- One booking of a unit at a time: the second of two guests racing for it waits here, then finds it taken.
  perform app.lock_accommodation(v_unit.id);
  v_range := app.booking_stay_range(p_check_in, p_check_out);
  if exists (select 1 from catalog.reservations r
             where r.accommodation_id = v_unit.id and app.reservation_is_active(r.status)
               and tstzrange(r.check_in, r.check_out, '[)') && v_range)
     or exists (select 1 from catalog.accommodation_blocks b
                where b.accommodation_id = v_unit.id and tstzrange(b.block_start, b.block_end, '[)') && v_range) then
    return app.refusal_answer(app.refusal('booking.justBooked', 'Sorry, {unit} has just been booked for those dates. Here is what is still free.', jsonb_build_object('unit', v_unit.name)))
      || jsonb_build_object('gone', true,
      'offers', app.booking_offers(v_org, p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0)));
  end if;
  v_quote := catalog.quote_stay(v_unit.id, p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0), current_date);
  if not (v_quote ->> 'ok')::boolean then
    return jsonb_build_object('ok', false, 'reason', v_quote ->> 'reason', 'refusal', v_quote -> 'refusal', 'reasons', v_quote -> 'reasons');
  end if;
  if p_total is null or p_total <> (v_quote ->> 'total')::numeric then
    return app.refusal_answer(app.refusal('booking.priceChanged', 'The price for these dates is {total}; check it and confirm again.',
             jsonb_build_object('total', jsonb_build_object('amount', (v_quote ->> 'total')::numeric, 'currency', v_quote ->> 'currency'))))
           || jsonb_build_object('price_changed', true, 'quote', v_quote - 'ok' - 'reason' - 'rate_id');
  end if;
  select s.deposit_percent, app.booking_deposit_method(v_org) as deposit_method, s.booking_hold_hours into v_settings
  from (select 1) one left join catalog.lodging_settings s on s.org_name = v_org;
  v_deposit := round((v_quote ->> 'total')::numeric * coalesce(v_settings.deposit_percent, 0) / 100, 2);

  -- The guest as a contact: the organisation's contact with this e-mail address, else a new one.
  select m.contact_id into v_contact
  from crm.contact_methods m join crm.contacts c on c.id = m.contact_id
  where m.org_name = v_org and lower(btrim(m.value)) = v_email and not m.archive and not c.archive
  order by m.is_primary desc, m.created_at
  limit 1;
  if v_contact is null then
    insert into crm.contacts (org_name, name, description)
    values (v_org, v_name, 'Booked online') returning id into v_contact;
    insert into crm.contact_methods (org_name, contact_id, value, label, is_primary)
    values (v_org, v_contact, v_email, 'Email', true);
    if v_phone is not null then
      insert into crm.contact_methods (org_name, contact_id, value, label, is_primary)
      values (v_org, v_contact, v_phone, 'Phone', false);
    end if;
  end if;

  v_status := case when v_unit.instant then 'Confirmed' else 'Tentative' end;
  insert into catalog.reservations (org_name, name, accommodation_id, rate_id, source_channel, status, status_notes, contact_id,
    check_in, check_out, nights, adults, children, pets, subtotal, tax_amount, fees_amount, total_amount, deposit_amount,
    other_notes, confirmation_sent_at, confirmation_sent_to)
  values (v_org, v_name, v_unit.id, (v_quote ->> 'rate_id')::uuid, 'Online booking', v_status,
    case when v_status = 'Tentative' then 'Booked online: waiting for the desk to confirm' else 'Booked online' end,
    v_contact, lower(v_range), upper(v_range), (v_quote ->> 'night_count')::integer, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0),
    (v_quote ->> 'subtotal')::numeric, (v_quote ->> 'tax')::numeric, (v_quote ->> 'fees')::numeric, (v_quote ->> 'total')::numeric,
    v_deposit, v_note,
    case when v_status = 'Confirmed' then now() end, case when v_status = 'Confirmed' then v_email end)
  returning * into v_stay;
  -- The language the guest booked in, when Steward speaks it (else the organisation's): every mail of the booking is in it.
  insert into app.online_bookings (reservation_id, token_hash, guest_email, quote, deposit_due, payment_method, payment_reference, hold_until, language)
  values (v_stay.id, app.calendar_token_hash(v_token), v_email, v_quote - 'ok' - 'reason', v_deposit,
    coalesce(v_settings.deposit_method, 'on_arrival'),
    case when coalesce(v_settings.deposit_method, 'on_arrival') = 'bank_transfer' then 'BOOKING ' || v_stay.confirmation end,
    case when v_status = 'Tentative' then now() + make_interval(hours => coalesce(v_settings.booking_hold_hours, 24)) end,
    app.mail_locale(v_org, p_language));
  if v_status = 'Confirmed' then
    perform app.booking_mail(v_stay, 'confirmed', v_token);
  else
    perform app.booking_mail(v_stay, 'requested', v_token);
  end if;
  return app.booking_view((select b from app.online_bookings b where b.reservation_id = v_stay.id)) || jsonb_build_object('token', v_token);
end;
$function$;
revoke all on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) from public, anon, authenticated, service_role;
grant execute on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) to anon;
grant execute on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) to authenticated;
grant execute on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) to service_role;
comment on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) is 'A guest books a unit from the public page: checked again (dates, party, contact details, the unit is the organisation''s and still free, the price the guest saw is the quote''s), then a stay (Tentative, or Confirmed for an instant class) with the guest as a contact (by e-mail, else new), the quote stored, and the guest e-mailed a link to their booking, in the language they booked in (p_language: en or es; any other, the organisation''s). A unit taken meanwhile answers gone=true with what is still free. Counted against the booking_requests request limit.';

CREATE OR REPLACE FUNCTION public.booking_stay(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
begin
  perform app.require_request('booking_searches');
  if p_token ~ '^[0-9a-f]{48}$' then
    select * into v_booking from app.online_bookings b where b.token_hash = app.calendar_token_hash(p_token);
  end if;
  if v_booking.reservation_id is null then
    return app.refusal_answer(app.refusal('booking.linkInvalid', 'This booking link is not valid.'));
  end if;
  return app.booking_view(v_booking);
end;
$function$;
revoke all on function public.booking_stay(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.booking_stay(p_token text) to anon;
grant execute on function public.booking_stay(p_token text) to authenticated;
grant execute on function public.booking_stay(p_token text) to service_role;
comment on function public.booking_stay(p_token text) is 'The guest''s own page of an online booking, for the holder of the link''s token; no account.';

CREATE OR REPLACE FUNCTION public.booking_cancel(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
  v_view jsonb;
  v_stay catalog.reservations;
begin
  perform app.require_request('booking_requests');
  if p_token ~ '^[0-9a-f]{48}$' then
    select * into v_booking from app.online_bookings b where b.token_hash = app.calendar_token_hash(p_token);
  end if;
  if v_booking.reservation_id is null then
    return app.refusal_answer(app.refusal('booking.linkInvalid', 'This booking link is not valid.'));
  end if;
  perform 1 from catalog.reservations r where r.id = v_booking.reservation_id for update;
  v_view := app.booking_view(v_booking);
  if v_view ->> 'status' not in ('Tentative', 'Confirmed') then
    return v_view || app.refusal_answer(app.booking_closed(v_view ->> 'status'));
  end if;
  if not (v_view ->> 'can_cancel')::boolean then
    return v_view || app.refusal_answer(app.refusal('booking.cancelTooLate', 'This booking can be cancelled online only until {until}. Please contact {org}.',
      jsonb_build_object('until', jsonb_build_object('date', v_view -> 'cancel_until'), 'org', v_view ->> 'org_name')));
  end if;
  update catalog.reservations set status = 'Cancelled', cancellation_reason = 'Cancelled by the guest'
  where id = v_booking.reservation_id
  returning * into v_stay;
  perform app.booking_mail(v_stay, 'cancelled', null);
  return app.booking_view(v_booking);
end;
$function$;
revoke all on function public.booking_cancel(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.booking_cancel(p_token text) to anon;
grant execute on function public.booking_cancel(p_token text) to authenticated;
grant execute on function public.booking_cancel(p_token text) to service_role;
comment on function public.booking_cancel(p_token text) is 'The guest cancels their online booking from their link, within the organisation''s cancellation rule (lodging_settings.booking_cancel_days); the guest is e-mailed. Counted against the booking_requests request limit.';

create or replace function public.mail_unsubscribe(p_token text)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v app.mail_unsubscribe_tokens;
begin
  select * into v from app.mail_unsubscribe_tokens t
   where t.token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
   for update;
  if not found then
    perform app.refuse('22023', 'unsubscribe.invalid', 'This unsubscribe link is not valid');
  end if;
  if v.used_at is not null then
    perform app.refuse('22023', 'unsubscribe.used', 'This unsubscribe link has already been used');
  end if;
  update app.mail_unsubscribe_tokens set used_at = now() where token_hash = v.token_hash;
  insert into crm.mail_suppressions (org_name, email, reason, message_id)
  values (v.org_name, v.email, 'unsubscribed', v.message_id)
  on conflict (org_name, email) do update set reason = 'unsubscribed', created_at = now(), message_id = excluded.message_id;
  return jsonb_build_object('org_name', v.org_name, 'email', v.email);
end;
$function$;
revoke all on function public.mail_unsubscribe(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.mail_unsubscribe(p_token text) to anon;
grant execute on function public.mail_unsubscribe(p_token text) to authenticated;
grant execute on function public.mail_unsubscribe(p_token text) to service_role;
comment on function public.mail_unsubscribe(p_token text) is 'the unsubscribe link of a mail (<site>/unsubscribe/<token>): puts its address on the organisation''s suppression list; works once';

CREATE OR REPLACE FUNCTION public.booking_payment_start(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
  v_stay catalog.reservations;
  v_keys app.integration_secrets;
  v_locale text;
begin
  if p_token ~ '^[0-9a-f]{48}$' then
    select * into v_booking from app.online_bookings b where b.token_hash = app.calendar_token_hash(p_token);
  end if;
  if v_booking.reservation_id is null then
    return app.refusal_answer(app.refusal('booking.linkInvalid', 'This booking link is not valid.'));
  end if;
  select * into v_stay from catalog.reservations r where r.id = v_booking.reservation_id;
  if v_booking.payment_method <> 'card_link' or v_booking.deposit_due <= 0 then
    return app.refusal_answer(app.refusal('booking.noCardDeposit', 'This booking has no deposit to pay by card.'));
  end if;
  if v_booking.deposit_paid_at is not null then
    return app.refusal_answer(app.refusal('booking.depositPaid', 'The deposit for this booking is already paid.'));
  end if;
  if v_stay.status not in ('Tentative', 'Confirmed') then
    return app.refusal_answer(app.booking_closed(v_stay.status));
  end if;
  v_keys := app.booking_card_keys(v_stay.org_name);
  v_locale := app.mail_locale(v_stay.org_name, v_booking.language);
  if v_keys.integration_id is null then
    return app.refusal_answer(app.refusal('booking.cardUnavailable', 'Card payment is not available at the moment. Please contact {org}.', jsonb_build_object('org', v_stay.org_name)));
  end if;
  return jsonb_build_object(
    'ok', true,
    'reservation_id', v_stay.id,
    'org_name', v_stay.org_name,
    'confirmation', v_stay.confirmation,
    -- Shown to the guest on the provider's page: in the language they booked in.
    'description', format(app.mail_words(v_locale, 'deposit.checkout'),
                          coalesce((select a.name from catalog.accommodations a where a.id = v_stay.accommodation_id), app.mail_words(v_locale, 'deposit.your_stay')),
                          app.mail_date(v_locale, app.stay_day(v_stay.check_in), 'day'), app.mail_date(v_locale, app.stay_day(v_stay.check_out), 'long'), v_stay.confirmation),
    'amount', v_booking.deposit_due,
    'currency', coalesce((select o.currency from public.organizations o where o.name = v_stay.org_name), 'USD'),
    'email', v_booking.guest_email,
    'return_url', app.booking_link(v_stay.org_name, p_token),
    'secret_key', v_keys.api_secret,
    'webhook_secret', v_keys.webhook_secret);
end;
$function$;
revoke all on function public.booking_payment_start(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.booking_payment_start(p_token text) to service_role;
comment on function public.booking_payment_start(p_token text) is 'Server side only (the payments function, as service role): what a card payment of an online booking''s deposit needs (amount, currency, description, the guest''s page to return to) and the organisation''s payment keys; or why the deposit cannot be paid by card.';

CREATE OR REPLACE FUNCTION public.booking_payment_keys(p_reservation_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object('secret_key', k.api_secret, 'webhook_secret', k.webhook_secret)
  from catalog.reservations r
  join app.online_bookings b on b.reservation_id = r.id
  cross join lateral app.booking_card_keys(r.org_name) k
  where r.id = p_reservation_id and k.integration_id is not null
$function$;
revoke all on function public.booking_payment_keys(p_reservation_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.booking_payment_keys(p_reservation_id uuid) to service_role;
comment on function public.booking_payment_keys(p_reservation_id uuid) is 'Server side only: the payment keys of the organisation an online booking belongs to, to verify a provider''s webhook about it; null when there is no such booking or no keys.';

CREATE OR REPLACE FUNCTION public.booking_payment_record(p_reservation_id uuid, p_provider text, p_event_id text, p_amount numeric, p_currency text, p_reference text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
  v_stay catalog.reservations;
  v_currency text;
  v_payment uuid;
begin
  if p_provider is null or p_provider not in ('stripe', 'test') or coalesce(btrim(p_event_id), '') = '' or length(p_event_id) > 255 then
    return jsonb_build_object('ok', false, 'reason', 'A payment needs its provider and the provider''s event id.');
  end if;
  select * into v_booking from app.online_bookings b where b.reservation_id = p_reservation_id for update;
  if v_booking.reservation_id is null then
    return jsonb_build_object('ok', false, 'reason', 'No online booking has this reference.');
  end if;
  -- The same event again (a webhook retried): applied once already, nothing changes.
  if exists (select 1 from app.payment_events e where e.provider = p_provider and e.event_id = p_event_id) then
    return jsonb_build_object('ok', true, 'duplicate', true);
  end if;
  select * into v_stay from catalog.reservations r where r.id = p_reservation_id;
  v_currency := coalesce((select o.currency from public.organizations o where o.name = v_stay.org_name), 'USD');
  if p_amount is null or p_amount <> v_booking.deposit_due or upper(coalesce(p_currency, '')) <> v_currency then
    return jsonb_build_object('ok', false, 'reason', format('The amount paid (%s %s) is not the deposit due (%s %s).',
      coalesce(to_char(p_amount, 'FM999999990.00'), '—'), upper(coalesce(p_currency, '')), to_char(v_booking.deposit_due, 'FM999999990.00'), v_currency));
  end if;
  if v_booking.deposit_paid_at is null then
    insert into catalog.reservation_payments (org_name, reservation_id, line_type, qty, unit_price, discount_amount, method, notes, source_schema, source_table)
    values (v_stay.org_name, v_stay.id, 'deposit', 1, p_amount, 0, 'Card (online)',
            format('Online booking deposit, paid by card (%s %s)', p_provider, coalesce(p_reference, p_event_id)), 'app', 'payment_events')
    returning id into v_payment;
    update app.online_bookings set deposit_paid_at = now() where reservation_id = v_stay.id;
  end if;
  insert into app.payment_events (provider, event_id, reservation_id, payment_id) values (p_provider, p_event_id, v_stay.id, v_payment);
  if v_payment is null then
    return jsonb_build_object('ok', true, 'already_paid', true);
  end if;
  perform app.booking_mail(v_stay, 'paid', null);
  return jsonb_build_object('ok', true, 'payment_id', v_payment);
end;
$function$;
revoke all on function public.booking_payment_record(p_reservation_id uuid, p_provider text, p_event_id text, p_amount numeric, p_currency text, p_reference text) from public, anon, authenticated, service_role;
grant execute on function public.booking_payment_record(p_reservation_id uuid, p_provider text, p_event_id text, p_amount numeric, p_currency text, p_reference text) to service_role;
comment on function public.booking_payment_record(p_reservation_id uuid, p_provider text, p_event_id text, p_amount numeric, p_currency text, p_reference text) is 'Server side only (the payments function, after verifying the provider''s signed webhook): the deposit of an online booking paid by card, recorded as a reservation payment exactly once per provider event (app.payment_events) and once per booking; the guest is e-mailed.';

create or replace function public.receive_inbound_mail(p_mail jsonb)
 returns uuid
 language sql
 security definer
 set search_path to ''
as $function$
  select app.receive_mail(p_mail)
$function$;
revoke all on function public.receive_inbound_mail(p_mail jsonb) from public, anon, authenticated, service_role;
grant execute on function public.receive_inbound_mail(p_mail jsonb) to service_role;
comment on function public.receive_inbound_mail(p_mail jsonb) is 'Server side only (the inbound-mail function, as service role, through the API): files one received e-mail exactly as app.receive_mail does for the local stack''s SMTP server.';
