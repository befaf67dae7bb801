-- No error tells one organisation anything about another's rows.
--
-- The reference guards of 20251123150000 ran AFTER the row was written, so every check that runs
-- before them answered first about the other organisation's row: posting a reservation for another
-- organisation's accommodation answered 23P01 "already booked" on its booked dates (the no-double-
-- booking trigger and exclusion constraint) and 23503 on free ones; a unique key over a reference
-- (amenity_map, shift_members, user_role_permissions) answered 23505 for a pair that exists. And
-- the guard's own message ("refers to a record of another organization") told apart an id of another
-- organisation from an id that does not exist.
--
-- Now:
-- * A reference that is checked at once (not deferrable) is guarded by a BEFORE row trigger named
--   steward_30_ref_<constraint>: after the row's own defaults, org_name and audit triggers
--   (steward_05…25), before every rule that looks at other rows (steward_40…, unique keys, exclusion
--   constraints, foreign keys). Deferrable references (the audit columns created_by and
--   last_modified_by, set by the server) keep their deferred AFTER constraint trigger.
-- * A row of an organisation the caller is not a member of is refused exactly as a row that does not
--   exist: SQLSTATE 23503 with PostgreSQL's own foreign key message and detail. A caller who belongs
--   to both organisations still reads the clear message.

create or replace function app.org_reference_guard() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  -- tg_argv: referencing columns, referenced table (quoted, qualified), referenced columns, their
  -- types, the foreign key's name, the referenced table's own name
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
  v_check boolean := true;
begin
  if tg_op = 'UPDATE' then
    v_old := to_jsonb(old);
    if v_new -> 'org_name' is not distinct from v_old -> 'org_name'
       and not exists (select 1 from unnest(v_columns) c where v_new -> c is distinct from v_old -> c) then
      v_check := false;
    end if;
  end if;
  if v_check then
    for i in 1 .. array_length(v_columns, 1) loop
      -- MATCH SIMPLE, like the foreign key itself: a null in any column means nothing is referenced.
      if v_new ->> v_columns[i] is null then
        v_check := false;
        exit;
      end if;
      v_where := v_where || case when i > 1 then ' and ' else '' end
        || format('r.%I = ($1)[%s]::%s', v_ref_columns[i], i, v_ref_types[i]);
      v_values := v_values || (v_new ->> v_columns[i]);
    end loop;
  end if;
  if v_check then
    execute format('select true, r.org_name::text from %s r where %s', v_ref_table, v_where)
      into v_found, v_ref_org using v_values;
    -- A missing row is reported by the foreign key itself.
    if v_found and v_ref_org is distinct from (v_new ->> 'org_name') and v_ref_org is distinct from '_system_default_' then
      if auth.uid() is null or v_ref_org = any (app.member_orgs()) then
        raise exception using
          errcode = '23503',
          message = format('%s.%s refers to a record of another organization', tg_table_schema, tg_table_name),
          detail = format('Key (%s) refers to %s, which belongs to another organization.', tg_argv[0], v_ref_table),
          hint = 'Choose a record of the same organization.';
      end if;
      -- Not the caller's organisation: the answer a row that does not exist gets (PostgreSQL leaves
      -- the key out of the detail when row-level security is on, as it is for every app user).
      raise exception using
        errcode = '23503',
        message = format('insert or update on table "%s" violates foreign key constraint "%s"', tg_table_name, tg_argv[4]),
        detail = format('Key is not present in table "%s".', tg_argv[5]);
    end if;
  end if;
  if tg_when = 'BEFORE' then
    return new;
  end if;
  return null;
end;
$$;

-- The trigger each reference gets: BEFORE for references checked at once, the deferred constraint
-- trigger for deferrable ones.
create or replace view app.org_references as
select con.oid as constraint_oid,
       con.conname::text as constraint_name,
       con.conrelid::regclass as table_name,
       con.confrelid::regclass as ref_table,
       con.condeferrable as deferrable,
       (case when con.condeferrable then 'org_ref_guard_' else 'steward_30_ref_' end || con.conname)::varchar(63)::text as trigger_name,
       (select string_agg(a.attname::text, ',' order by k.i)
          from unnest(con.conkey) with ordinality k(attnum, i)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
       (select string_agg(a.attname::text, ',' order by k.i)
          from unnest(con.confkey) with ordinality k(attnum, i)
          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_columns,
       (select string_agg(format_type(a.atttypid, a.atttypmod), ',' order by k.i)
          from unnest(con.confkey) with ordinality k(attnum, i)
          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_types,
       (select c2.relname::text from pg_class c2 where c2.oid = con.confrelid) as ref_relname
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
    if r.deferrable then
      execute format(
        'create constraint trigger %I after insert or update on %s deferrable initially deferred for each row '
        'execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, r.table_name, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    else
      execute format(
        'create trigger %I before insert or update on %s for each row '
        'execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, r.table_name, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    end if;
    v_installed := v_installed + 1;
  end loop;
  return v_installed;
end;
$$;

revoke all on function app.install_org_reference_guards() from public;

-- Every guard is installed again with the foreign key's name among its arguments; references checked
-- at once move from the AFTER constraint trigger to the BEFORE trigger.
do $$
declare
  r record;
begin
  for r in
    select t.tgname, t.tgrelid::regclass as table_name
      from pg_trigger t
     where t.tgname like 'org_ref_guard_%' and not t.tgisinternal
  loop
    execute format('drop trigger %I on %s', r.tgname, r.table_name);
  end loop;
end;
$$;

select app.install_org_reference_guards();

-- Role permissions take their role's organisation only when the caller belongs to it: another
-- organisation's role id no longer names that organisation in the refusal ("You are not a member of
-- the organization …"); it is refused like a role id that does not exist.
create or replace function app.role_permission_org() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and new.org_name is null then
    new.org_name := (
      select r.org_name from public.user_roles r
       where r.id = new.role_id
         and (auth.uid() is null or r.org_name = '_system_default_' or r.org_name = any (app.member_orgs())));
  end if;
  return new;
end;
$$;

-- A role is referenced together with its organisation ((role_id, org_name) → user_roles), so no
-- guard above covers it; but the unique key (role_id, component_id) of role permissions is checked
-- before that foreign key, and answered 23505 for another organisation's role. The same BEFORE guard,
-- by the role's id alone, answers as for a role that does not exist.
create trigger steward_30_ref_user_role_permissions_role_in_org_fkey before insert or update on settings.user_role_permissions
  for each row execute function app.org_reference_guard('role_id', 'public.user_roles', 'id', 'uuid', 'user_role_permissions_role_in_org_fkey', 'user_roles');
create trigger steward_30_ref_user_profiles_role_in_org_fkey before insert or update on public.user_profiles
  for each row execute function app.org_reference_guard('role_id', 'public.user_roles', 'id', 'uuid', 'user_profiles_role_in_org_fkey', 'user_roles');
