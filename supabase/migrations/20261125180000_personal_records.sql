-- "Personal" access means the person's own records: rows they created, own (primary or secondary
-- owner, a project's owner) or are assigned to — whichever of those columns a table has. It is
-- defined once, here, and every rule that grants Personal access uses it:
--   * app.personal_columns() is the list of columns (record history keeps the same five as a
--     record's owners, app.record_owner_ids);
--   * app.personal_sql(table) is the row expression "this row is the caller's own" for a table;
--   * app.access_sql(component, action, table) and app.apply_component_policies build every
--     org-owned table's view / edit / delete policies from it;
--   * app.search_candidates (global search, security definer) filters with the same expression.
-- Until now Personal covered only created_by, so a volunteer never saw the contacts they own or the
-- tasks they are assigned.

---------------------------------------------------------------------------------------------------
-- The definition
---------------------------------------------------------------------------------------------------

create function app.personal_columns() returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select array['created_by', 'primary_owner_id', 'secondary_owner_id', 'owner_id', 'assignee_id']
$$;
comment on function app.personal_columns() is
  'Columns that make a row someone''s own (Personal access): creator, owners, assignee.';

-- "The row is the caller's own" for one table: any of its personal columns holds one of the
-- caller's profiles. p_alias qualifies the columns; p_mine is the expression for the caller's
-- profile ids (a sub-select by default, so a policy evaluates it once per statement). A table with
-- none of the columns has no personal rows.
create function app.personal_sql(p_table regclass, p_alias text default null,
                                 p_mine text default '(select app.my_profile_ids())::uuid[]') returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    '(' || string_agg(format('%s%I = any (%s)', coalesce(quote_ident(p_alias) || '.', ''), a.attname, p_mine), ' or '
                      order by array_position(app.personal_columns(), a.attname::text)) || ')',
    'false')
  from pg_catalog.pg_attribute a
  where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped
    and a.attname::text = any (app.personal_columns())
$$;

-- The row expression "caller may <action> this row" on a table of a component: Organization level
-- in the row's organisation, or Personal level there and the row is the caller's own. Each helper
-- call is wrapped in a sub-select so Postgres evaluates it once per statement, not once per row.
create function app.access_sql(p_component text, p_action text, p_table regclass) returns text
  language sql stable
  set search_path = ''
as $$
  select format(
    '(org_name = any ((select app.orgs_with_access(%1$L, %2$L, ''Organization''))::text[]) '
    'or (org_name = any ((select app.orgs_with_access(%1$L, %2$L, ''Personal''))::text[]) '
    'and %3$s))',
    p_component, p_action, app.personal_sql(p_table))
$$;

comment on function app.access_sql(text, text) is
  'Personal as created_by only: superseded by app.access_sql(component, action, table), which every policy uses.';

-- The standard rules: read = the caller's organisations at their view level plus
-- `_system_default_`; create/edit/delete = the caller's organisations at their level, never
-- `_system_default_`; all only where the component is enabled for the organisation.
create or replace function app.apply_component_policies(p_table regclass, p_component text) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  if not exists (select 1 from settings.components where name = p_component) and p_component not in
     ('crm', 'catalog', 'lodging', 'team-portal', 'operations', 'settings') then
    raise exception 'Unknown component %', p_component;
  end if;
  execute format('create policy org_read on %s for select to authenticated using '
                 '(org_name = ''_system_default_'' or %s)',
                 p_table, app.access_sql(p_component, 'view', p_table));
  execute format('create policy org_insert on %s for insert to authenticated with check '
                 '(org_name <> ''_system_default_'' and org_name = any ((select app.orgs_with_access(%L, ''create'', ''allowed''))::text[]))',
                 p_table, p_component);
  execute format('create policy org_update on %s for update to authenticated using '
                 '(org_name <> ''_system_default_'' and %s) with check (org_name <> ''_system_default_'' and %s)',
                 p_table, app.access_sql(p_component, 'edit', p_table), app.access_sql(p_component, 'edit', p_table));
  execute format('create policy org_delete on %s for delete to authenticated using '
                 '(org_name <> ''_system_default_'' and %s)',
                 p_table, app.access_sql(p_component, 'delete', p_table));
  execute format('comment on table %s is %L', p_table, 'component: ' || p_component);
end;
$$;

revoke execute on function app.personal_sql(regclass, text, text) from public, anon, authenticated;
revoke execute on function app.access_sql(text, text, regclass) from public, anon, authenticated;
revoke execute on function app.apply_component_policies(regclass, text) from public, anon, authenticated;

---------------------------------------------------------------------------------------------------
-- Every org-owned table's policies, rebuilt with the definition
---------------------------------------------------------------------------------------------------

-- Tables wired by app.apply_component_policies carry the comment 'component: <name>' and its four
-- policies, unchanged since: build them again.
do $$
declare
  v record;
begin
  for v in
    select c.oid::regclass as rel, substring(obj_description(c.oid, 'pg_class') from '^component: ([a-z-]+)$') as component
    from pg_catalog.pg_class c
    where c.relkind in ('r', 'p') and obj_description(c.oid, 'pg_class') ~ '^component: [a-z-]+$'
    order by c.oid::regclass::text
  loop
    execute format('drop policy org_read on %s', v.rel);
    execute format('drop policy org_insert on %s', v.rel);
    execute format('drop policy org_update on %s', v.rel);
    execute format('drop policy org_delete on %s', v.rel);
    perform app.apply_component_policies(v.rel, v.component);
  end loop;
end;
$$;

-- The settings tables with hand-written read rules: their edit and delete rules are the standard
-- ones; their reads stay as they were (every member, the member's own role, or settings editors).
do $$
declare
  v_table regclass;
begin
  foreach v_table in array array['public.user_roles', 'public.user_profiles', 'settings.org_components',
                                 'settings.org_branding', 'settings.integrations', 'settings.user_role_permissions']::regclass[]
  loop
    execute format('drop policy org_update on %s', v_table);
    execute format('drop policy org_delete on %s', v_table);
    execute format('create policy org_delete on %s for delete to authenticated using (org_name <> ''_system_default_'' and %s)',
                   v_table, app.access_sql('settings', 'delete', v_table));
    if v_table <> 'public.user_profiles'::regclass then
      execute format('create policy org_update on %s for update to authenticated using (org_name <> ''_system_default_'' and %s) '
                     'with check (org_name <> ''_system_default_'' and %s)',
                     v_table, app.access_sql('settings', 'edit', v_table), app.access_sql('settings', 'edit', v_table));
    end if;
  end loop;
end;
$$;

-- A user always edits their own profile too (role and status only with settings rights, see
-- app.guard_user_profile).
do $$
declare
  v_rule text := format('org_name <> ''_system_default_'' and (%s or (auth_user_id = (select auth.uid()) '
                        'and org_name = any ((select app.member_orgs())::text[])))',
                        app.access_sql('settings', 'edit', 'public.user_profiles'));
begin
  execute format('create policy org_update on public.user_profiles for update to authenticated using (%s) with check (%s)',
                 v_rule, v_rule);
end;
$$;

-- Integration secrets: only roles that may edit settings read integrations at all.
drop policy org_read on settings.integrations;
do $$
begin
  execute format('create policy org_read on settings.integrations for select to authenticated using '
                 '(org_name <> ''_system_default_'' and %s)', app.access_sql('settings', 'edit', 'settings.integrations'));
end;
$$;

-- Everyone reads the permissions of their own role (the session needs them); the whole
-- organisation's with settings view rights.
drop policy org_read on settings.user_role_permissions;
do $$
begin
  execute format('create policy org_read on settings.user_role_permissions for select to authenticated using '
                 '(org_name = ''_system_default_'' or role_id = any ((select app.my_role_ids())::uuid[]) or %s)',
                 app.access_sql('settings', 'view', 'settings.user_role_permissions'));
end;
$$;

-- Monthly sales, one row per organisation, month and creator: read like the transactions they sum.
drop policy org_read on app.sales_by_month;
do $$
begin
  execute format('create policy org_read on app.sales_by_month for select to authenticated using '
                 '(org_name = ''_system_default_'' or %s)', app.access_sql('operations', 'view', 'app.sales_by_month'));
end;
$$;

---------------------------------------------------------------------------------------------------
-- Indexes for Personal reads of the large CRM tables
---------------------------------------------------------------------------------------------------

-- Global search writes a Personal reader's profile ids into its queries, so it finds their rows
-- through the creator and owner columns (one bitmap per column, combined) instead of matching the
-- whole organisation's names: at 200,000 contacts a Personal search took a median 56 ms with these
-- indexes, 341 ms without. (The list policies cannot use them: the caller's level is known only when
-- the statement runs.) The other tables are small, or already have their assignee index (ops.tasks).
create index contacts_created_by_idx on crm.contacts (created_by);
create index contacts_primary_owner_idx on crm.contacts (primary_owner_id);
create index contacts_secondary_owner_idx on crm.contacts (secondary_owner_id);
create index businesses_created_by_idx on crm.businesses (created_by);
create index businesses_primary_owner_idx on crm.businesses (primary_owner_id);
create index businesses_secondary_owner_idx on crm.businesses (secondary_owner_id);
create index households_created_by_idx on crm.households (created_by);
create index households_primary_owner_idx on crm.households (primary_owner_id);
create index households_secondary_owner_idx on crm.households (secondary_owner_id);

---------------------------------------------------------------------------------------------------
-- Global search: the same rule in the candidate finder
---------------------------------------------------------------------------------------------------

-- The caller's read rule on one table, as search writes it into a query: every row at Organization
-- level, the table's Personal rows (the caller's profile ids written in) at Personal level.
create function app.search_read_rule(p_table regclass, p_alias text, p_level text, p_mine uuid[]) returns text
  language sql stable
  set search_path = ''
as $$
  select case p_level
    when 'Organization' then 'true'
    when 'Personal' then app.personal_sql(p_table, p_alias, format('%L::uuid[]', coalesce(p_mine, '{}')))
    else 'false'
  end
$$;
revoke execute on function app.search_read_rule(regclass, text, text, uuid[]) from public, anon, authenticated;

comment on function app.search_view_level(text, text) is
  'The caller''s read level for an area in an organisation: Organization, Personal (their own rows, app.personal_sql) or null.';

-- As before (see 20261125120000_global_search.sql), with each kind's read rule from
-- app.search_read_rule, so Personal finds what the person created, owns or is assigned.
create or replace function app.search_candidates(p_query text, p_org_name text, p_limit integer)
returns table (kind text, area text, id uuid, rank real, detail text)
language plpgsql
stable
security definer
set pg_trgm.similarity_threshold = 0.25
set pg_trgm.word_similarity_threshold = 0.6
set search_path = ''
as $$
declare
  q text := btrim(regexp_replace(app.search_norm(p_query), '\s+', ' ', 'g'));
  q_like text;
  q_digits text := app.search_digits(p_query);
  by_phone boolean := length(app.search_digits(p_query)) >= 3 and p_query ~ '^[0-9\s()+./-]+$';
  by_email boolean;
  n integer := least(greatest(coalesce(p_limit, 5), 1), 50);
  mine uuid[] := app.my_profile_ids();
  level text;
begin
  if length(q) < 2 or p_org_name is null or p_org_name = '_system_default_' then
    return;
  end if;
  by_email := not by_phone and (q ~ '[@.]' or (length(q) >= 4 and q !~ ' '));
  if length(q) >= 3 then
    q_like := '%' || app.search_like(q) || '%';
  end if;

  level := app.search_view_level(p_org_name, 'crm');
  if level is not null then
    -- $1 organisation, $2 query, $3 limit, $4 by e-mail, $5 query as LIKE, $6 by phone, $7 digits.
    return query execute format($q$
      with by_name as (
        select m.id, m.rank as r, null::text as d
        from app.search_text_matches('crm.contacts', 'app.search_norm(t.name)', $1, %1$L, $2, $3) m
      ), by_method as (
        select cm.contact_id as id, 1.5::real as r, cm.value as d
        from crm.contact_methods cm
        join crm.contacts c on c.id = cm.contact_id
        where cm.org_name = $1 and not cm.archive and not c.archive
          and %2$s
          and (($4 and app.search_norm(cm.value) like $5)
               or ($6 and app.search_digits(cm.value) like '%%' || $7 || '%%'))
        limit $3
      )
      select 'contact'::text, 'crm'::text, h.id, max(h.r), max(h.d)
      from (select * from by_name union all select * from by_method) h
      group by h.id$q$,
      app.search_read_rule('crm.contacts', 't', level, mine), app.search_read_rule('crm.contacts', 'c', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;

    return query execute format($q$
      with by_name as (
        select m.id, m.rank as r, null::text as d
        from app.search_text_matches('crm.businesses', 'app.search_norm(t.name || '' '' || coalesce(t.dba_name, ''''))', $1, %1$L, $2, $3) m
      ), by_method as (
        select cm.business_id as id, 1.5::real as r, cm.value as d
        from crm.contact_methods cm
        join crm.businesses b on b.id = cm.business_id
        where cm.org_name = $1 and not cm.archive and not b.archive
          and %2$s
          and (($4 and app.search_norm(cm.value) like $5)
               or ($6 and app.search_digits(cm.value) like '%%' || $7 || '%%'))
        limit $3
      )
      select 'business'::text, 'crm'::text, h.id, max(h.r), max(h.d)
      from (select * from by_name union all select * from by_method) h
      group by h.id$q$,
      app.search_read_rule('crm.businesses', 't', level, mine), app.search_read_rule('crm.businesses', 'b', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;

    return query
    select 'household', 'crm', m.id, m.rank, null::text
    from app.search_text_matches('crm.households', 'app.search_norm(t.name)', p_org_name,
                                 app.search_read_rule('crm.households', 't', level, mine), q, n) m;

    -- Organisation users: every member reads the directory; the CRM's enablement decides here.
    return query
    select 'user', 'crm', u.id,
           case when by_phone and app.search_digits(u.phone) like '%' || q_digits || '%' then 1.5::real
                else app.search_rank(app.search_norm(u.name || ' ' || coalesce(u.email::text, '')), q) end,
           case when by_phone and app.search_digits(u.phone) like '%' || q_digits || '%' then u.phone end
    from public.user_profiles u
    where u.org_name = p_org_name and not u.archive
      and ((app.search_norm(u.name || ' ' || coalesce(u.email::text, '')) operator(extensions.%) q
           or q operator(extensions.<%) app.search_norm(u.name || ' ' || coalesce(u.email::text, ''))
           or app.search_norm(u.name || ' ' || coalesce(u.email::text, '')) like q_like)
           or (by_phone and app.search_digits(u.phone) like '%' || q_digits || '%'))
    order by 4 desc
    limit n;
  end if;

  level := app.search_view_level(p_org_name, 'team-portal');
  if level is not null then
    return query execute format($q$
      select 'staff'::text, 'team-portal'::text, s.id,
             case when $6 and app.search_digits(s.phone) like '%%' || $7 || '%%' then 1.5::real
                  else app.search_rank(app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')), $2) end,
             case when $6 and app.search_digits(s.phone) like '%%' || $7 || '%%' then s.phone end
      from hr.staff_profiles s
      where s.org_name = $1 and not s.archive
        and %1$s
        and ((app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')) operator(extensions.%%) $2
             or $2 operator(extensions.<%%) app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, ''))
             or app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')) like $5)
             or ($6 and app.search_digits(s.phone) like '%%' || $7 || '%%'))
      order by 4 desc
      limit $3$q$,
      app.search_read_rule('hr.staff_profiles', 's', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;

  level := app.search_view_level(p_org_name, 'lodging');
  if level is not null then
    return query execute format($q$
      select 'accommodation'::text, 'lodging'::text, a.id, app.search_rank(app.search_norm(a.name), $2), null::text
      from catalog.accommodations a
      where a.org_name = $1 and not a.archive
        and %1$s
        and (app.search_norm(a.name) operator(extensions.%%) $2
             or $2 operator(extensions.<%%) app.search_norm(a.name)
             or app.search_norm(a.name) like $5)
      order by 4 desc
      limit $3$q$,
      app.search_read_rule('catalog.accommodations', 'a', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;

    -- Reservations by their label, confirmation code or guest.
    return query execute format($q$
      with by_text as (
        select r.id, app.search_rank(app.search_norm(r.name || ' ' || r.confirmation), $2) as rk
        from catalog.reservations r
        where r.org_name = $1 and not r.archive
          and %1$s
          and (app.search_norm(r.name || ' ' || r.confirmation) operator(extensions.%%) $2
               or $2 operator(extensions.<%%) app.search_norm(r.name || ' ' || r.confirmation)
               or app.search_norm(r.name || ' ' || r.confirmation) like $5)
        order by 2 desc
        limit $3
      ), guests as (
        select m.id, m.rank as rk
        from app.search_text_matches('crm.contacts', 'app.search_norm(t.name)', $1, 'true', $2, $3) m
      ), by_guest as (
        select r.id, g.rk
        from guests g
        join catalog.reservations r on r.contact_id = g.id
        where r.org_name = $1 and not r.archive
          and %1$s
        limit $3
      )
      select 'reservation'::text, 'lodging'::text, h.id, max(h.rk), null::text
      from (select * from by_text union all select * from by_guest) h
      group by h.id$q$,
      app.search_read_rule('catalog.reservations', 'r', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;

  level := app.search_view_level(p_org_name, 'catalog');
  if level is not null then
    return query execute format($q$
      select 'product'::text, 'catalog'::text, p.id, app.search_rank(app.search_norm(p.name || ' ' || p.sku), $2), null::text
      from catalog.products p
      where p.org_name = $1 and not p.archive
        and %1$s
        and (app.search_norm(p.name || ' ' || p.sku) operator(extensions.%%) $2
             or $2 operator(extensions.<%%) app.search_norm(p.name || ' ' || p.sku)
             or app.search_norm(p.name || ' ' || p.sku) like $5)
      order by 4 desc
      limit $3$q$,
      app.search_read_rule('catalog.products', 'p', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;

    return query execute format($q$
      select 'supply'::text, 'catalog'::text, s.id, app.search_rank(app.search_norm(s.name || ' ' || coalesce(s.vendor, '')), $2), null::text
      from catalog.supplies s
      where s.org_name = $1 and not s.archive
        and %1$s
        and (app.search_norm(s.name || ' ' || coalesce(s.vendor, '')) operator(extensions.%%) $2
             or $2 operator(extensions.<%%) app.search_norm(s.name || ' ' || coalesce(s.vendor, ''))
             or app.search_norm(s.name || ' ' || coalesce(s.vendor, '')) like $5)
      order by 4 desc
      limit $3$q$,
      app.search_read_rule('catalog.supplies', 's', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;

  level := app.search_view_level(p_org_name, 'operations');
  if level is not null then
    return query execute format($q$
      select 'project'::text, 'operations'::text, pr.id, app.search_rank(app.search_norm(pr.name), $2), null::text
      from ops.projects pr
      where pr.org_name = $1 and not pr.archive
        and %1$s
        and (app.search_norm(pr.name) operator(extensions.%%) $2
             or $2 operator(extensions.<%%) app.search_norm(pr.name)
             or app.search_norm(pr.name) like $5)
      order by 4 desc
      limit $3$q$,
      app.search_read_rule('ops.projects', 'pr', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;

    return query execute format($q$
      select 'task'::text, 'operations'::text, t.id, app.search_rank(app.search_norm(t.title), $2), null::text
      from ops.tasks t
      where t.org_name = $1 and not t.archive
        and %1$s
        and (app.search_norm(t.title) operator(extensions.%%) $2
             or $2 operator(extensions.<%%) app.search_norm(t.title)
             or app.search_norm(t.title) like $5)
      order by 4 desc
      limit $3$q$,
      app.search_read_rule('ops.tasks', 't', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;
end;
$$;
