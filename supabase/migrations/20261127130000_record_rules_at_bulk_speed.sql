-- The same record rules, paid for only where they have something to check.
--
-- A CSV import of 10,000 contacts writes 40,000 rows (the contacts, their phones, e-mails and
-- addresses), and every row paid for every rule in full: each same-organisation reference guard built
-- its query as text and planned it again per row (60,000 of them for the audit columns alone, queued
-- until commit), the one-primary rule did the same for its look-up, and the organisation check
-- gathered all the caller's organisations into an array per row. None of the rules changes here; what
-- changes is how often they do work that cannot find anything:
--
-- * Reference guards. Every guarded reference names a record by its uuid id. Each referenced table
--   gets one small look-up, app.org_ref_other__<schema>__<table>(id, org), that answers whether the
--   referenced record exists and belongs to neither the row's organisation nor the platform defaults.
--   The guard's WHEN condition asks it first (a planned, indexed read), and the guard itself (which
--   chooses between the two refusals) runs only when it answers yes. A reference to a record of the
--   same organisation, or to a platform default, no longer calls the guard at all.
--   The deferred guards of the audit columns (created_by, last_modified_by) are checked at commit.
--   A signed-in person's write carries the server's own stamp (their Active profile in the row's
--   organisation, app.stamp_audit), which has nothing to check. For any other writer the look-up may
--   only settle a case that cannot change before the commit: when the referenced profile already
--   exists in the same organisation the check is skipped; when it does not exist yet (or is
--   elsewhere) the deferred check is queued as before.
-- * One primary per kind: the look-up for another primary of the same record reads by the record's
--   own column with a planned query, not a query text built per row.
--   A planned query keeps the plan it was given, and a plan made while a table was nearly empty may
--   read the whole table: an import into a new organisation would then read every row it has written
--   so far, for every row it writes. The planned look-ups (these and the reference look-ups) are run
--   with sequential scans off, so they always read by index, whatever size the table had when the
--   plan was made.
-- * History: each written row's changes are gathered by a function the planner may run without
--   switching search paths per row (its body names every object in full).
-- * The organisation check asks whether the caller is an Active member of the row's organisation (one
--   indexed read) instead of gathering all their organisations per row.

---------------------------------------------------------------------------------------------------
-- Reference guards: a look-up per referenced table, asked in the guard's WHEN condition
---------------------------------------------------------------------------------------------------

-- The look-up's name for a referenced table.
create function app.org_ref_lookup_name(p_table regclass) returns text
  language sql
  stable
  set search_path = ''
as $$
  select left('org_ref_other__' || n.nspname || '__' || c.relname, 63)
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.oid = p_table
$$;
revoke all on function app.org_ref_lookup_name(regclass) from public;

create or replace function app.install_org_reference_guards() returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  r record;
  v_installed integer := 0;
  v_columns text;
  v_present text;
  v_lookup text;
  v_when text;
begin
  -- One look-up per referenced table (every guarded reference is a single uuid column naming id).
  -- It reads past row-level security (security definer): the caller may not see the other record.
  for r in
    select distinct o.ref_table, app.org_ref_lookup_name(o.ref_table) as lookup
      from app.org_references o
     where o.ref_columns = 'id' and o.ref_types = 'uuid'
  loop
    execute format(
      'create or replace function app.%I(p_id uuid, p_org text) returns boolean '
      'language sql stable security definer set search_path = '''' set enable_seqscan = off as '
      '$body$ select r.org_name::text is distinct from p_org and r.org_name::text <> ''_system_default_'' '
      'from %s r where r.id = p_id $body$',
      r.lookup, r.ref_table);
    execute format('comment on function app.%I(uuid, text) is %L', r.lookup,
      format('whether the %s record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist', r.ref_table));
    -- The guards' WHEN conditions run as the writing role.
    execute format('revoke all on function app.%I(uuid, text) from public, anon', r.lookup);
    execute format('grant execute on function app.%I(uuid, text) to authenticated, service_role', r.lookup);
  end loop;

  for r in
    select o.*
      from app.org_references o
     where not exists (select 1 from pg_trigger t where t.tgrelid = o.table_name and t.tgname = o.trigger_name)
     order by o.table_name::text, o.constraint_name
  loop
    v_columns := (select string_agg(quote_ident(c), ', ') from unnest(string_to_array(r.columns, ',')) c);
    -- A reference with a null column refers to nothing (MATCH SIMPLE): nothing to check.
    v_present := (select string_agg(format('new.%I is not null', c), ' and ') from unnest(string_to_array(r.columns, ',')) c);
    v_when := v_present;
    if r.ref_columns = 'id' and r.ref_types = 'uuid' then
      v_lookup := app.org_ref_lookup_name(r.ref_table);
      if r.deferrable then
        -- The audit columns. A signed-in person's write carries the server's stamp (app.stamp_audit:
        -- their own Active profile in the row's organisation, or the value the row already had), so
        -- there is nothing to check. Any other writer's values are taken as given: checked at commit,
        -- skipped only when the record already exists in the row's organisation (or is a platform
        -- default); a record that does not exist yet is checked at commit.
        v_when := format('%s and not app.is_app_user() and app.%I(new.%I, new.org_name::text) is not false', v_present, v_lookup, r.columns);
      else
        -- Checked now: only a record of another organisation has anything to refuse (a missing one
        -- is refused by the foreign key itself).
        v_when := format('%s and app.%I(new.%I, new.org_name::text)', v_present, v_lookup, r.columns);
      end if;
    end if;
    if r.deferrable then
      execute format(
        'create constraint trigger %I after insert or update of %s, org_name on %s deferrable initially deferred for each row '
        'when (%s) execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, v_columns, r.table_name, v_when, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    else
      execute format(
        'create trigger %I before insert or update of %s, org_name on %s for each row '
        'when (%s) execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, v_columns, r.table_name, v_when, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
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

---------------------------------------------------------------------------------------------------
-- One primary per kind: a planned look-up by the record's own column
---------------------------------------------------------------------------------------------------

create or replace function app.demote_other_primaries() returns trigger
  language plpgsql
  security definer
  set search_path = ''
  set enable_seqscan = off
as $$
declare
  v_found boolean;
begin
  if new.is_primary and not new.archive then
    -- Is there another primary to demote? Read by the record's own column and the rule's own index
    -- (one primary per record and kind).
    if tg_table_name = 'contact_methods' then
      if new.contact_id is not null then
        v_found := exists (select 1 from crm.contact_methods x where x.contact_id = new.contact_id and x.kind = new.kind and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.business_id is not null then
        v_found := exists (select 1 from crm.contact_methods x where x.business_id = new.business_id and x.kind = new.kind and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.household_id is not null then
        v_found := exists (select 1 from crm.contact_methods x where x.household_id = new.household_id and x.kind = new.kind and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.user_id is not null then
        v_found := exists (select 1 from crm.contact_methods x where x.user_id = new.user_id and x.kind = new.kind and x.is_primary and not x.archive and x.id <> new.id);
      end if;
      if v_found then
        update crm.contact_methods cm set is_primary = false
         where cm.is_primary and not cm.archive and cm.id <> new.id and cm.kind = new.kind
           and (cm.contact_id = new.contact_id or cm.business_id = new.business_id
                or cm.household_id = new.household_id or cm.user_id = new.user_id);
      end if;
    else
      if new.contact_id is not null then
        v_found := exists (select 1 from crm.addresses x where x.contact_id = new.contact_id and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.business_id is not null then
        v_found := exists (select 1 from crm.addresses x where x.business_id = new.business_id and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.household_id is not null then
        v_found := exists (select 1 from crm.addresses x where x.household_id = new.household_id and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.user_id is not null then
        v_found := exists (select 1 from crm.addresses x where x.user_id = new.user_id and x.is_primary and not x.archive and x.id <> new.id);
      end if;
      if v_found then
        update crm.addresses a set is_primary = false
         where a.is_primary and not a.archive and a.id <> new.id
           and (a.contact_id = new.contact_id or a.business_id = new.business_id
                or a.household_id = new.household_id or a.user_id = new.user_id);
      end if;
    end if;
  end if;
  return new;
end;
$$;

---------------------------------------------------------------------------------------------------
-- The organisation check: one indexed read of the caller's membership
---------------------------------------------------------------------------------------------------

-- Whether the signed-in person is an Active member of the organisation (never of the platform
-- defaults): the test app.member_orgs() answers, for one organisation.
create function app.is_active_member(p_org text) returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (
    select 1 from public.user_profiles p
     where p.auth_user_id = auth.uid() and p.org_name = p_org and p.status = 'Active' and p.org_name <> '_system_default_'
  )
$$;
revoke all on function app.is_active_member(text) from public, anon;
grant execute on function app.is_active_member(text) to authenticated, service_role;

create or replace function app.enforce_org_name() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if app.is_app_user() then
      if new.org_name is null then
        new.org_name := app.default_org();
        if new.org_name is null then
          raise exception using errcode = '42501',
            message = 'No active organization: choose an organization before creating records';
        end if;
      elsif new.org_name = '_system_default_' then
        raise exception using errcode = '42501', message = 'System default records cannot be changed';
      elsif not app.is_active_member(new.org_name) then
        raise exception using errcode = '42501',
          message = format('You are not a member of the organization %s', new.org_name);
      end if;
    end if;
  elsif new.org_name is distinct from old.org_name and app.is_app_user() then
    raise exception using errcode = '42501', message = 'org_name cannot be changed';
  end if;
  return new;
end;
$$;

---------------------------------------------------------------------------------------------------
-- History: the row's fields without a search path switch per row
---------------------------------------------------------------------------------------------------

-- Same result as before; every name in the body is qualified, so it needs no search_path of its own
-- (which cost a settings switch for every row a statement writes).
create or replace function app.history_row(p_row jsonb) returns jsonb
  language sql
  immutable
as $$
  select coalesce(pg_catalog.jsonb_object_agg(e.key, e.value), '{}'::jsonb)
  from pg_catalog.jsonb_each(p_row) e
  where not app.history_ignored(e.key) and e.value operator(pg_catalog.<>) 'null'::jsonb
$$;
