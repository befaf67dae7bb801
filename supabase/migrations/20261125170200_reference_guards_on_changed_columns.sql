-- The guards that keep references inside the organisation fire only when a write sets one of the
-- reference's columns (or org_name), not on every update of the row: a bulk status change of 10,000
-- contacts ran four guards per row (owner, second owner, spouse, type) that had nothing to check.
-- Same rule, same installer (BEFORE guards for references checked at once, deferred AFTER guards for
-- deferrable ones); the guards already installed are replaced.

create or replace function app.install_org_reference_guards() returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  r record;
  v_installed integer := 0;
  v_columns text;
begin
  for r in
    select o.*
      from app.org_references o
     where not exists (select 1 from pg_trigger t where t.tgrelid = o.table_name and t.tgname = o.trigger_name)
     order by o.table_name::text, o.constraint_name
  loop
    v_columns := (select string_agg(quote_ident(c), ', ') from unnest(string_to_array(r.columns, ',')) c);
    if r.deferrable then
      execute format(
        'create constraint trigger %I after insert or update of %s, org_name on %s deferrable initially deferred for each row '
        'execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, v_columns, r.table_name, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    else
      execute format(
        'create trigger %I before insert or update of %s, org_name on %s for each row '
        'execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, v_columns, r.table_name, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    end if;
    v_installed := v_installed + 1;
  end loop;
  return v_installed;
end;
$$;

revoke all on function app.install_org_reference_guards() from public;

do $$
declare
  r record;
begin
  for r in select o.trigger_name, o.table_name from app.org_references o
           join pg_trigger t on t.tgrelid = o.table_name and t.tgname = o.trigger_name
  loop
    execute format('drop trigger %I on %s', r.trigger_name, r.table_name);
  end loop;
end;
$$;

select app.install_org_reference_guards();
