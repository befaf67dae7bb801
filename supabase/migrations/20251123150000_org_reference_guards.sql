-- References stay inside the organisation.
--
-- A foreign key checks that the referenced row exists, not whose it is: without this, a contact's
-- spouse or a reservation's accommodation could point at another organisation's row id. Every
-- foreign key from an org-owned table (one with an org_name column) to another org-owned table gets
-- a constraint trigger that refuses a reference to a row of a different organisation; rows of
-- `_system_default_` (the platform's shared defaults) may be referenced by everyone.
--
-- Areas add org-owned tables in their own migrations, so the guard is installed by an idempotent
-- installer that reads pg_catalog: calling `app.install_org_reference_guards()` again after new
-- migrations guards the new references and leaves the others alone.

create or replace function app.org_reference_guard() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  -- tg_argv: referencing columns, referenced table (quoted, qualified), referenced columns, their types
  v_columns text[] := string_to_array(tg_argv[0], ',');
  v_ref_table text := tg_argv[1];
  v_ref_columns text[] := string_to_array(tg_argv[2], ',');
  v_ref_types text[] := string_to_array(tg_argv[3], ',');
  v_new jsonb := to_jsonb(new);
  v_old jsonb;
  v_where text := '';
  v_values text[] := '{}';
  v_ref_org text;
  v_found boolean;
begin
  if tg_op = 'UPDATE' then
    v_old := to_jsonb(old);
    if v_new -> 'org_name' is not distinct from v_old -> 'org_name'
       and not exists (select 1 from unnest(v_columns) c where v_new -> c is distinct from v_old -> c) then
      return null;
    end if;
  end if;
  for i in 1 .. array_length(v_columns, 1) loop
    -- MATCH SIMPLE, like the foreign key itself: a null in any column means nothing is referenced.
    if v_new ->> v_columns[i] is null then
      return null;
    end if;
    v_where := v_where || case when i > 1 then ' and ' else '' end
      || format('r.%I = ($1)[%s]::%s', v_ref_columns[i], i, v_ref_types[i]);
    v_values := v_values || (v_new ->> v_columns[i]);
  end loop;
  execute format('select true, r.org_name::text from %s r where %s', v_ref_table, v_where)
    into v_found, v_ref_org using v_values;
  if v_found is null then
    return null; -- the foreign key reports a missing row itself
  end if;
  if v_ref_org is distinct from (v_new ->> 'org_name') and v_ref_org is distinct from '_system_default_' then
    raise exception using
      errcode = '23503',
      message = format('%s.%s refers to a record of another organization', tg_table_schema, tg_table_name),
      detail = format('Key (%s) refers to %s, which belongs to another organization.', tg_argv[0], v_ref_table),
      hint = 'Choose a record of the same organization.';
  end if;
  return null;
end;
$$;

comment on function app.org_reference_guard() is
  'Constraint trigger: a foreign key of an org-owned row may only reference a row of the same organization or of _system_default_.';

-- The foreign keys that need a guard: from an org-owned table to an org-owned table, not on org_name
-- itself (those reference the organisation, or are already composite with org_name).
create or replace view app.org_references as
select con.oid as constraint_oid,
       con.conname::text as constraint_name,
       con.conrelid::regclass as table_name,
       con.confrelid::regclass as ref_table,
       con.condeferrable as deferrable,
       ('org_ref_guard_' || con.conname)::varchar(63)::text as trigger_name,
       (select string_agg(a.attname::text, ',' order by k.i)
          from unnest(con.conkey) with ordinality k(attnum, i)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
       (select string_agg(a.attname::text, ',' order by k.i)
          from unnest(con.confkey) with ordinality k(attnum, i)
          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_columns,
       (select string_agg(format_type(a.atttypid, a.atttypmod), ',' order by k.i)
          from unnest(con.confkey) with ordinality k(attnum, i)
          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_types
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid
  join pg_namespace n on n.oid = c.relnamespace
 where con.contype = 'f'
   and n.nspname not in ('pg_catalog', 'information_schema', 'auth', 'storage')
   and con.conparentid = 0 -- a partition's copy of its parent's key is guarded through the parent
   and exists (select 1 from pg_attribute a where a.attrelid = con.conrelid and a.attname = 'org_name' and not a.attisdropped)
   and exists (select 1 from pg_attribute a where a.attrelid = con.confrelid and a.attname = 'org_name' and not a.attisdropped)
   and not exists (select 1 from unnest(con.conkey) k(attnum)
                     join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
                    where a.attname = 'org_name');

revoke all on app.org_references from public;

-- Guards every org-owned reference that has none yet; returns how many it installed.
create or replace function app.install_org_reference_guards() returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  r record;
  v_installed integer := 0;
begin
  for r in
    select o.*
      from app.org_references o
     where not exists (select 1 from pg_trigger t where t.tgrelid = o.table_name and t.tgname = o.trigger_name)
     order by o.table_name::text, o.constraint_name
  loop
    execute format(
      'create constraint trigger %I after insert or update on %s %s for each row '
      'execute function app.org_reference_guard(%L, %L, %L, %L)',
      r.trigger_name, r.table_name,
      case when r.deferrable then 'deferrable initially deferred' else 'not deferrable' end,
      r.columns, r.ref_table::text, r.ref_columns, r.ref_types);
    v_installed := v_installed + 1;
  end loop;
  return v_installed;
end;
$$;

revoke all on function app.install_org_reference_guards() from public;

-- Org-owned references without a guard (empty after the installer ran): what the tests check.
create or replace view app.unguarded_org_references as
select o.table_name::text as table_name, o.constraint_name, o.columns, o.ref_table::text as ref_table
  from app.org_references o
 where not exists (select 1 from pg_trigger t where t.tgrelid = o.table_name and t.tgname = o.trigger_name);

revoke all on app.unguarded_org_references from public;

select app.install_org_reference_guards();
