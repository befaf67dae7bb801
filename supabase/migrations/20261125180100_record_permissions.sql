-- What the caller may do with given records, answered by the same rules the policies apply: the
-- screens show Edit and Delete only where they would succeed (a Personal editor sees Edit on their
-- own records only) without repeating the definition of Personal in the browser.
--
-- public.record_permissions('crm.contacts', ids) returns one row per id the caller may read, with
-- can_edit / can_delete; ids they may not read are left out. Only tables whose rules come from their
-- component (comment 'component: <name>') are answered.
create function public.record_permissions(p_table text, p_ids uuid[])
returns table (id uuid, can_edit boolean, can_delete boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;

revoke execute on function public.record_permissions(text, uuid[]) from public, anon;
grant execute on function public.record_permissions(text, uuid[]) to authenticated, service_role;
