-- The guard that keeps references inside the organisation fires only when a write sets one of the
-- reference's columns (or org_name), not on every update of the row: a bulk status change of 10,000
-- contacts ran four guards per row (owner, second owner, spouse, type) that had nothing to check.
-- Same rule, same installer; the guards already installed are replaced.

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
      'create constraint trigger %I after insert or update of %s, org_name on %s %s for each row '
      'execute function app.org_reference_guard(%L, %L, %L, %L)',
      r.trigger_name,
      (select string_agg(quote_ident(c), ', ') from unnest(string_to_array(r.columns, ',')) c),
      r.table_name,
      case when r.deferrable then 'deferrable initially deferred' else 'not deferrable' end,
      r.columns, r.ref_table::text, r.ref_columns, r.ref_types);
    v_installed := v_installed + 1;
  end loop;
  return v_installed;
end;
$$;

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
