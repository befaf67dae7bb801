-- Who changed what: the database records every change to an organisation's records.
--
-- One AFTER trigger per statement (insert, update, delete), attached to every organisation-owned
-- table by app.attach_history() — and from now on by app.secure_org_table() itself — writes one row
-- per changed record into public.record_history: the action (insert, update, archive, restore,
-- delete, merge), each changed field as [old, new], who (the caller's profile in that organisation,
-- with the name as it was then), when, and through what: `screen` for an ordinary API write, or what
-- the calling function said with set_config('steward.via', …) — import, bulk, merge, undo. A write
-- through the raw API is recorded exactly like one from a screen. A function that changes many rows
-- in one call also sets `steward.batch_id`, so the whole change can be taken back at once
-- (public.undo_batch).
--
-- The organisation reads its own history (row-level security: the component's view level, Personal
-- meaning history of records the person created or owns); no API role — service_role included — can
-- write, change or delete it.

create table public.record_history (
  id bigint generated always as identity primary key,
  org_name text not null,
  component text not null,
  table_name text not null,
  record_id uuid not null,
  action text not null check (action in ('insert', 'update', 'archive', 'restore', 'delete', 'merge')),
  via text not null check (via in ('screen', 'import', 'bulk', 'merge', 'undo', 'system')),
  batch_id uuid,
  -- update/archive/restore: {field: [old, new]}; insert/delete: {field: value} of the whole row;
  -- merge: {merged_id, merged_label, fields: {field: [old, new]}}.
  changes jsonb not null default '{}',
  record_label text,
  actor_id uuid,
  actor_name text,
  -- Profiles the record belonged to when it changed (creator and owners): Personal readers see these.
  owner_ids uuid[] not null default '{}',
  created_at timestamptz not null default now()
);
comment on table public.record_history is 'who changed what: written by triggers only, readable by the organisation, writable by no API role';

create index record_history_record on public.record_history (record_id, id desc);
create index record_history_batch on public.record_history (batch_id) where batch_id is not null;
create index record_history_org_created on public.record_history (org_name, created_at desc);

alter table public.record_history enable row level security;
revoke all on public.record_history from anon, authenticated, service_role, public;
grant select on public.record_history to authenticated, service_role;

-- "org|component" pairs where the caller's role grants `p_level` view access (component enabled):
-- evaluated once per statement, so reading a page of history costs no lookup per row.
create function app.view_grants(p_level text) returns text[]
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(array_agg(p.org_name || '|' || c.name), '{}')
  from public.user_profiles p
  join settings.user_role_permissions rp on rp.role_id = p.role_id
  join settings.components c on c.id = rp.component_id
  join settings.org_components oc on oc.org_name = p.org_name and oc.component_id = c.id and oc.enabled
  where p.auth_user_id = auth.uid() and p.status = 'Active' and p.org_name <> '_system_default_'
    and rp.view_access::text = p_level
$$;

create policy history_read on public.record_history for select to authenticated using (
  (org_name || '|' || component) = any ((select app.view_grants('Organization'))::text[])
  or ((org_name || '|' || component) = any ((select app.view_grants('Personal'))::text[])
      and owner_ids && (select app.my_profile_ids())::uuid[])
);

-- Even a superuser's mistake is refused: history is appended, never edited. Only deleting the whole
-- organisation (which removes its rows everywhere) may remove history.
create function app.refuse_history_edit() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and current_setting('steward.deleting_org', true) = 'on' then
    return old;
  end if;
  raise exception using errcode = '42501', message = 'Record history cannot be changed';
end;
$$;
create trigger steward_history_append_only before update or delete on public.record_history
  for each row execute function app.refuse_history_edit();

---------------------------------------------------------------------------------------------------
-- What a row says about itself
---------------------------------------------------------------------------------------------------

-- These three read only their argument (built-in operators), so they carry no search_path setting:
-- that keeps them inlinable into the history trigger's statement, which calls them for every row.

-- Fields never shown as changes: identity, the audit stamps, and columns the database derives.
create function app.history_ignored(p_field text) returns boolean
  language sql immutable
as $$
  select p_field in ('id', 'short_id', 'org_name', 'created_at', 'created_by', 'last_modified_at', 'last_modified_by',
                     'api_key', 'api_secret', 'webhook_secret')
      or p_field like 'search\_%' or p_field like '%\_search' or p_field like '%\_tsv'
$$;

-- A person-readable name for a row, from the columns most tables name themselves by.
create function app.record_label(p_row jsonb) returns text
  language sql immutable
as $$
  select coalesce(
    nullif(p_row ->> 'name', ''),
    nullif(p_row ->> 'title', ''),
    nullif(concat_ws(' ', nullif(p_row ->> 'first_name', ''), nullif(p_row ->> 'last_name', '')), ''),
    nullif(p_row ->> 'label', ''),
    nullif(p_row ->> 'guest_name', ''),
    nullif(p_row ->> 'value', ''),
    nullif(p_row ->> 'confirmation_code', ''),
    p_row ->> 'short_id')
$$;

-- The profiles a row belongs to: its creator and its owners (the same columns Personal access reads).
create function app.record_owner_ids(p_row jsonb) returns uuid[]
  language sql immutable
as $$
  select array_remove(array[(p_row ->> 'created_by')::uuid, (p_row ->> 'primary_owner_id')::uuid, (p_row ->> 'secondary_owner_id')::uuid,
                            (p_row ->> 'owner_id')::uuid, (p_row ->> 'assignee_id')::uuid], null)
$$;

-- A whole row as history keeps it (inserted or deleted): its fields with a value, less the ignored ones.
create function app.history_row(p_row jsonb) returns jsonb
  language sql immutable
  set search_path = ''
as $$
  select coalesce(jsonb_object_agg(key, value), '{}') from jsonb_each(p_row)
  where not app.history_ignored(key) and value <> 'null'::jsonb
$$;

create function app.history_via() returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce(nullif(current_setting('steward.via', true), ''),
                  -- The CSV import's rows (PostgREST names the function called in request.path).
                  case when current_setting('request.path', true) = '/rpc/import_records' then 'import' end,
                  -- A signed-in person's request (the trigger itself runs as the table owner).
                  case when auth.uid() is not null then 'screen' else 'system' end)
$$;

create function app.history_batch() returns uuid
  language sql stable
  set search_path = ''
as $$
  select nullif(current_setting('steward.batch_id', true), '')::uuid
$$;

-- The caller's profile in each organisation (id and name), for the statement's rows.
create function app.history_actor(p_org text) returns table (actor_id uuid, actor_name text)
  language sql stable security definer
  set search_path = ''
as $$
  select p.id, p.name from public.user_profiles p
  where p.auth_user_id = auth.uid() and p.org_name = p_org and p.status = 'Active'
  limit 1
$$;

---------------------------------------------------------------------------------------------------
-- The triggers
---------------------------------------------------------------------------------------------------

create function app.write_history() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_component text := tg_argv[0];
  v_table text := tg_table_schema || '.' || tg_table_name;
  v_via text := app.history_via();
  v_batch uuid := app.history_batch();
begin
  -- Written set-wise, with the per-row work inline: a bulk change of 10,000 rows is one statement.
  if tg_op = 'UPDATE' then
    insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
    -- Materialised, so each row becomes jsonb once rather than once per field compared.
    with pair as materialized (
      select to_jsonb(o) as oj, to_jsonb(n) as nj from new_rows n join old_rows o on o.id = n.id
    ),
    changed as materialized (
      select nj ->> 'org_name' as org_name, (nj ->> 'id')::uuid as id, oj, nj,
             (select jsonb_object_agg(f.key, jsonb_build_array(oj -> f.key, f.value))
                from jsonb_each(nj) f
               where (oj -> f.key) is distinct from f.value and not app.history_ignored(f.key)) as diff
      from pair
    ),
    actors as (
      select o.org_name, a.actor_id, a.actor_name
      from (select distinct org_name from changed) o
      left join lateral app.history_actor(o.org_name) a on true
    )
    select c.org_name, v_component, v_table, c.id,
           case when (c.oj ->> 'archive') is distinct from (c.nj ->> 'archive')
                then case when (c.nj ->> 'archive')::boolean then 'archive' else 'restore' end
                else 'update' end,
           v_via, v_batch, c.diff, app.record_label(c.nj), a.actor_id, a.actor_name,
           app.record_owner_ids(c.nj)
    from changed c join actors a on a.org_name = c.org_name
    where c.diff is not null;
  elsif tg_op = 'INSERT' then
    insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
    with touched as (select j ->> 'org_name' as org_name, (j ->> 'id')::uuid as id, j from (select to_jsonb(n) as j from new_rows n) r),
    actors as (
      select o.org_name, a.actor_id, a.actor_name
      from (select distinct org_name from touched) o
      left join lateral app.history_actor(o.org_name) a on true
    )
    select t.org_name, v_component, v_table, t.id, 'insert', v_via, v_batch, app.history_row(t.j),
           app.record_label(t.j), a.actor_id, a.actor_name, app.record_owner_ids(t.j)
    from touched t join actors a on a.org_name = t.org_name;
  else
    insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
    with touched as (select j ->> 'org_name' as org_name, (j ->> 'id')::uuid as id, j from (select to_jsonb(o) as j from old_rows o) r),
    actors as (
      select o.org_name, a.actor_id, a.actor_name
      from (select distinct org_name from touched) o
      left join lateral app.history_actor(o.org_name) a on true
    )
    select t.org_name, v_component, v_table, t.id, 'delete', v_via, v_batch, app.history_row(t.j),
           app.record_label(t.j), a.actor_id, a.actor_name, app.record_owner_ids(t.j)
    from touched t join actors a on a.org_name = t.org_name;
  end if;
  return null;
end;
$$;

-- One call that changes many rows tags its history: what it is (`bulk`, `undo`, `merge`) and one
-- batch id, so the whole change can be taken back at once; end_batch clears both for what follows in
-- the same transaction.
create function app.begin_batch(p_via text, p_batch uuid default gen_random_uuid()) returns uuid
  language sql
  set search_path = ''
as $$
  select set_config('steward.via', p_via, true), set_config('steward.batch_id', p_batch::text, true);
  select p_batch;
$$;

create function app.end_batch() returns void
  language sql
  set search_path = ''
as $$
  select set_config('steward.via', '', true), set_config('steward.batch_id', '', true);
$$;

-- The tables whose history is kept, and the component each belongs to (bulk, undo and merge accept
-- only these, so a caller can never name another table).
create table app.history_tables (
  table_name regclass primary key,
  component text not null
);
revoke all on app.history_tables from anon, authenticated, public;
grant select on app.history_tables to authenticated, service_role;

create function app.attach_history(p_table regclass, p_component text) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  execute format('create trigger steward_90_history_insert after insert on %s referencing new table as new_rows '
                 'for each statement execute function app.write_history(%L)', p_table, p_component);
  execute format('create trigger steward_90_history_update after update on %s referencing old table as old_rows new table as new_rows '
                 'for each statement execute function app.write_history(%L)', p_table, p_component);
  execute format('create trigger steward_90_history_delete after delete on %s referencing old table as old_rows '
                 'for each statement execute function app.write_history(%L)', p_table, p_component);
  insert into app.history_tables (table_name, component) values (p_table, p_component)
  on conflict (table_name) do update set component = excluded.component;
end;
$$;

-- Every organisation-owned table so far: the API schemas' tables with an id, an org_name and a
-- component. Platform catalogues and a person's private settings keep no history.
do $$
declare
  v_table record;
begin
  for v_table in
    select c.oid::regclass as rel, substring(obj_description(c.oid, 'pg_class') from '^component: ([a-z-]+)') as component
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r'
      and n.nspname in ('public', 'crm', 'catalog', 'hr', 'ops', 'settings')
      and obj_description(c.oid, 'pg_class') ~ '^component: [a-z-]+'
      and exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped)
      and exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attname = 'org_name' and not a.attisdropped)
      and (n.nspname, c.relname) not in (('settings', 'saved_filters'), ('settings', 'org_components'), ('settings', 'components'), ('public', 'organizations'))
    order by 1
  loop
    perform app.attach_history(v_table.rel, v_table.component);
  end loop;
end;
$$;

-- Tables added from now on get their history with the rest of their wiring.
create or replace function app.secure_org_table(p_table regclass, p_component text) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  perform app.attach_org_table(p_table);
  perform app.apply_component_policies(p_table, p_component);
  perform app.attach_history(p_table, p_component);
end;
$$;

---------------------------------------------------------------------------------------------------
-- Reading it: a record's history, newest first, references by name
---------------------------------------------------------------------------------------------------

-- The name of the row `p_id` points at through foreign key column `p_column` of `p_table`, read as
-- the caller (a row they may not see stays unnamed).
create function app.history_reference_label(p_table regclass, p_column text, p_id text) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_target regclass;
  v_row jsonb;
begin
  if p_id is null or p_id !~ '^[0-9a-f-]{36}$' then
    return null;
  end if;
  select con.confrelid::regclass into v_target
  from pg_catalog.pg_constraint con
  join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
  where con.conrelid = p_table and con.contype = 'f' and array_length(con.conkey, 1) = 1 and a.attname = p_column
  limit 1;
  if v_target is null then
    return null;
  end if;
  execute format('select to_jsonb(t) from %s t where t.id = $1', v_target) into v_row using p_id::uuid;
  return app.record_label(v_row);
end;
$$;

-- One page of a record's history (newest first; `p_before` is the last id of the previous page).
-- `labels` names every reference in `changes`: {field: [old name, new name]}.
create function public.record_history_page(p_record_id uuid, p_before bigint default null, p_limit integer default 50)
returns table (
  id bigint, created_at timestamptz, action text, via text, batch_id uuid, actor_id uuid, actor_name text,
  table_name text, record_id uuid, record_label text, changes jsonb, labels jsonb
)
  language sql stable
  set search_path = ''
as $$
  select h.id, h.created_at, h.action, h.via, h.batch_id, h.actor_id, h.actor_name, h.table_name, h.record_id, h.record_label, h.changes,
         (select jsonb_object_agg(c.key, jsonb_build_array(
                   app.history_reference_label(h.table_name::regclass, c.key, c.value ->> 0),
                   app.history_reference_label(h.table_name::regclass, c.key, c.value ->> 1)))
            from jsonb_each(case when h.action in ('update', 'archive', 'restore') then h.changes else '{}' end) c
           where c.key like '%\_id' and jsonb_typeof(c.value) = 'array') as labels
  from public.record_history h
  where h.record_id = p_record_id and (p_before is null or h.id < p_before)
  order by h.id desc
  limit least(greatest(coalesce(p_limit, 50), 1), 200)
$$;
grant execute on function public.record_history_page(uuid, bigint, integer) to authenticated;

---------------------------------------------------------------------------------------------------
-- Bulk changes, deleting for good, undo: one call, one transaction, all rows or none
---------------------------------------------------------------------------------------------------

create function app.history_table(p_table text) returns regclass
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  v_rel regclass := to_regclass(p_table);
begin
  if v_rel is null or not exists (select 1 from app.history_tables where table_name = v_rel) then
    raise exception using errcode = '22023', message = format('%s is not a list that takes bulk changes', p_table);
  end if;
  return v_rel;
end;
$$;

-- Fields a bulk change may set, where the table has them.
create function app.bulk_field_allowed(p_field text) returns boolean
  language sql immutable
  set search_path = ''
as $$
  select p_field in ('status', 'type_id', 'primary_owner_id', 'secondary_owner_id', 'owner_id', 'assignee_id', 'archive', 'priority')
$$;

-- Sets the same fields on every selected row. Rows of `_system_default_` are skipped and counted;
-- any other row the caller cannot change (another organisation's, or beyond their role) fails the
-- whole call, so nothing changes. Returns {changed, skipped, batch_id}.
create function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb)
returns jsonb
  language plpgsql
  set search_path = ''
as $$
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
    raise exception using errcode = '22023', message = 'Choose what to change';
  end if;
  for v_field in select jsonb_object_keys(p_changes) loop
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
    into v_changed using v_ids, p_changes;
  perform app.end_batch();
  if v_changed + v_system <> coalesce(array_length(v_ids, 1), 0) then
    raise exception using errcode = '42501',
      message = format('%s of the selected records cannot be changed by you; nothing was changed',
                       coalesce(array_length(v_ids, 1), 0) - v_changed - v_system);
  end if;
  return jsonb_build_object('changed', v_changed, 'skipped', v_system, 'batch_id', v_batch);
end;
$$;

-- Deletes archived rows for good (a row must be in the Archived view first). Same all-or-none rule.
create function public.bulk_delete(p_table text, p_ids uuid[])
returns jsonb
  language plpgsql
  set search_path = ''
as $$
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
    raise exception using errcode = '22023',
      message = format('%s of the selected records are not archived: archive them before deleting for good', v_live);
  end if;
  perform app.begin_batch('bulk', v_batch);
  execute format('with gone as (delete from %s where id = any($1) and org_name <> ''_system_default_'' and archive returning 1) select count(*) from gone', v_rel)
    into v_deleted using v_ids;
  perform app.end_batch();
  if v_deleted + v_system <> coalesce(array_length(v_ids, 1), 0) then
    raise exception using errcode = '42501',
      message = format('%s of the selected records cannot be deleted by you; nothing was deleted',
                       coalesce(array_length(v_ids, 1), 0) - v_deleted - v_system);
  end if;
  return jsonb_build_object('deleted', v_deleted, 'skipped', v_system, 'batch_id', v_batch);
end;
$$;

-- Which changes were taken back, so none is undone twice.
create table app.history_undone (
  batch_id uuid primary key,
  undo_batch_id uuid not null,
  undone_at timestamptz not null default now()
);
revoke all on app.history_undone from anon, authenticated, public;

-- Takes back one bulk change or merge: every field it changed returns to its old value, newest
-- change first. A record changed again since is left as it is now and counted, so undo never
-- overwrites someone's later edit. A merge can be undone for 24 hours.
create function public.undo_batch(p_batch_id uuid)
returns jsonb
  language plpgsql
  set search_path = ''
as $$
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
    raise exception using errcode = 'P0002', message = 'There is nothing to undo';
  end if;
  if exists (select 1 from public.record_history where batch_id = p_batch_id and action = 'delete') then
    raise exception using errcode = '22023', message = 'Records deleted for good cannot be brought back';
  end if;
  if exists (select 1 from public.record_history where batch_id = p_batch_id and via = 'merge' and created_at < now() - interval '24 hours') then
    raise exception using errcode = '22023', message = 'A merge can be undone for 24 hours only';
  end if;
  if app.batch_undone(p_batch_id) then
    raise exception using errcode = '22023', message = 'This change was already undone';
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
$$;

create function app.batch_undone(p_batch_id uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (select 1 from app.history_undone where batch_id = p_batch_id)
$$;

create function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) returns void
  language sql security definer
  set search_path = ''
as $$
  insert into app.history_undone (batch_id, undo_batch_id) values (p_batch_id, p_undo)
$$;

revoke all on function public.bulk_update(text, uuid[], jsonb) from public, anon;
revoke all on function public.bulk_delete(text, uuid[]) from public, anon;
revoke all on function public.undo_batch(uuid) from public, anon;
grant execute on function public.bulk_update(text, uuid[], jsonb) to authenticated;
grant execute on function public.bulk_delete(text, uuid[]) to authenticated;
grant execute on function public.undo_batch(uuid) to authenticated;
