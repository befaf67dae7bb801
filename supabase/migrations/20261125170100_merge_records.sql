-- Merging duplicates (contacts, businesses, households), in one call and one transaction.
--
-- crm.merge_records keeps the survivor, sets the field values the person chose, moves every row that
-- points at the merged record (contact methods, addresses, notes, files, relationships, transactions,
-- reservations, tasks — whatever refers to it by a foreign key, found in the catalogue so a table added
-- later is moved too) to the survivor, and archives the merged record. It runs as the caller, so
-- row-level security decides what they may change; every step is recorded in history under one batch,
-- with a `merge` entry on both records, and public.undo_batch takes it all back for 24 hours.
--
-- crm.possible_duplicates lists pairs worth a look: the same e-mail, the same phone number (digits
-- only), or names that are very similar (trigram similarity ≥ 0.6).

create index if not exists contacts_name_trgm on crm.contacts using gin (lower(name) extensions.gin_trgm_ops);
create index if not exists businesses_name_trgm on crm.businesses using gin (lower(name) extensions.gin_trgm_ops);
create index if not exists households_name_trgm on crm.households using gin (lower(name) extensions.gin_trgm_ops);

create function app.merge_kind(p_kind text) returns regclass
  language sql immutable
  set search_path = ''
as $$
  select case p_kind
           when 'contacts' then 'crm.contacts'::regclass
           when 'businesses' then 'crm.businesses'::regclass
           when 'households' then 'crm.households'::regclass
         end
$$;

-- The two `merge` history entries. Callable only inside the merge that archived the merged record in
-- this same transaction (its history row carries the batch and this transaction's time), so nobody can
-- write a merge entry without merging.
create function app.record_merge(p_rel regclass, p_survivor uuid, p_merged uuid, p_batch uuid, p_fields jsonb) returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_survivor jsonb;
  v_merged jsonb;
  v_component text;
  v_actor record;
begin
  if not exists (select 1 from public.record_history
                 where batch_id = p_batch and record_id = p_merged and action = 'archive' and via = 'merge' and created_at = now()) then
    raise exception using errcode = '42501', message = 'A merge entry is written only by a merge';
  end if;
  execute format('select to_jsonb(t) from %s t where id = $1', p_rel) into v_survivor using p_survivor;
  execute format('select to_jsonb(t) from %s t where id = $1', p_rel) into v_merged using p_merged;
  select component into v_component from app.history_tables where table_name = p_rel;
  select * into v_actor from app.history_actor(v_survivor ->> 'org_name');
  insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
  values
    (v_survivor ->> 'org_name', v_component, p_rel::text, p_survivor, 'merge', 'merge', p_batch,
     jsonb_build_object('merged_id', p_merged, 'merged_label', app.record_label(v_merged), 'survivor_id', p_survivor,
                        'survivor_label', app.record_label(v_survivor), 'fields', coalesce(p_fields, '{}')),
     app.record_label(v_survivor), v_actor.actor_id, v_actor.actor_name, app.record_owner_ids(v_survivor)),
    (v_merged ->> 'org_name', v_component, p_rel::text, p_merged, 'merge', 'merge', p_batch,
     jsonb_build_object('merged_id', p_merged, 'merged_label', app.record_label(v_merged), 'survivor_id', p_survivor,
                        'survivor_label', app.record_label(v_survivor), 'fields', coalesce(p_fields, '{}')),
     app.record_label(v_merged), v_actor.actor_id, v_actor.actor_name, app.record_owner_ids(v_merged));
end;
$$;
revoke all on function app.record_merge(regclass, uuid, uuid, uuid, jsonb) from public, anon;
grant execute on function app.record_merge(regclass, uuid, uuid, uuid, jsonb) to authenticated;

-- Returns {batch_id, moved}: the batch to undo, and how many related rows moved to the survivor.
create function crm.merge_records(p_kind text, p_survivor uuid, p_merged uuid, p_values jsonb default '{}')
returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  v_rel regclass := app.merge_kind(p_kind);
  v_batch uuid := gen_random_uuid();
  v_survivor jsonb;
  v_merged jsonb;
  v_field text;
  v_sets text := '';
  v_fk record;
  v_count integer;
  v_moved integer := 0;
  v_fields jsonb := '{}';
begin
  if v_rel is null then
    raise exception using errcode = '22023', message = 'Only contacts, businesses and households can be merged';
  end if;
  if p_survivor is null or p_merged is null or p_survivor = p_merged then
    raise exception using errcode = '22023', message = 'Choose two different records to merge';
  end if;
  execute format('select to_jsonb(t) from %s t where id = $1', v_rel) into v_survivor using p_survivor;
  execute format('select to_jsonb(t) from %s t where id = $1', v_rel) into v_merged using p_merged;
  if v_survivor is null or v_merged is null then
    raise exception using errcode = 'P0002', message = 'One of the records to merge no longer exists';
  end if;
  if v_survivor ->> 'org_name' = '_system_default_' or v_merged ->> 'org_name' = '_system_default_' then
    raise exception using errcode = '42501', message = 'System default records cannot be changed';
  end if;
  if v_survivor ->> 'org_name' <> v_merged ->> 'org_name' then
    raise exception using errcode = '42501', message = 'Only records of the same organization can be merged';
  end if;
  if (v_merged ->> 'archive')::boolean then
    raise exception using errcode = '22023', message = 'The record to merge is archived; restore it first';
  end if;

  perform app.begin_batch('merge', v_batch);

  -- The survivor takes the chosen values.
  for v_field in select jsonb_object_keys(coalesce(p_values, '{}')) loop
    if app.history_ignored(v_field) or v_field in ('archive') or not exists (
      select 1 from pg_catalog.pg_attribute where attrelid = v_rel and attname = v_field and not attisdropped and attnum > 0 and attgenerated = '') then
      raise exception using errcode = '22023', message = format('%s cannot be chosen in a merge', v_field);
    end if;
    v_sets := v_sets || format('%s%I = r.%I', case when v_sets = '' then '' else ', ' end, v_field, v_field);
    v_fields := v_fields || jsonb_build_object(v_field, jsonb_build_array(v_survivor -> v_field, p_values -> v_field));
  end loop;
  if v_sets <> '' then
    execute format('with changed as (update %1$s t set %2$s from jsonb_populate_record(null::%1$s, $2) r where t.id = $1 returning 1) '
                   'select count(*) from changed', v_rel, v_sets)
      into v_count using p_survivor, p_values;
    if v_count <> 1 then
      raise exception using errcode = '42501', message = 'You do not have permission to change this record.';
    end if;
  end if;

  -- A primary contact method or address of the merged record stays primary only where the survivor
  -- has none of that kind.
  update crm.contact_methods m set is_primary = false
  from crm.contact_method_types t
  where t.id = m.type_id and m.is_primary and not m.archive
    and p_merged in (m.contact_id, m.business_id, m.household_id)
    and exists (select 1 from crm.contact_methods s join crm.contact_method_types st on st.id = s.type_id
                where p_survivor in (s.contact_id, s.business_id, s.household_id) and s.is_primary and not s.archive and st.kind = t.kind);
  if exists (select 1 from pg_catalog.pg_attribute where attrelid = 'crm.addresses'::regclass and attname = 'is_primary' and not attisdropped) then
    execute 'update crm.addresses a set is_primary = false
             where a.is_primary and not a.archive and $2 in (a.contact_id, a.business_id, a.household_id)
               and exists (select 1 from crm.addresses s where $1 in (s.contact_id, s.business_id, s.household_id) and s.is_primary and not s.archive)'
      using p_survivor, p_merged;
  end if;

  -- Everything that points at the merged record now points at the survivor.
  for v_fk in
    select con.conrelid::regclass as rel, a.attname as col
    from pg_catalog.pg_constraint con
    join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
    where con.contype = 'f' and con.confrelid = v_rel and array_length(con.conkey, 1) = 1
      and exists (select 1 from app.history_tables h where h.table_name = con.conrelid)
    order by 1, 2
  loop
    execute format('with moved as (update %s set %I = $1 where %I = $2 and id <> $1 returning 1) select count(*) from moved',
                   v_fk.rel, v_fk.col, v_fk.col)
      into v_count using p_survivor, p_merged;
    v_moved := v_moved + v_count;
  end loop;

  -- A relationship between the two records would now relate the survivor to itself: archive it.
  update crm.relationships r set archive = true
  where not r.archive
    and ((r.contact_id1 = p_survivor and r.contact_id2 = p_survivor)
      or (r.business_id1 = p_survivor and r.business_id2 = p_survivor)
      or (r.household_id1 = p_survivor and r.household_id2 = p_survivor));
  if v_rel = 'crm.contacts'::regclass then
    update crm.contacts set spouse_id = null where id = p_survivor and spouse_id = p_survivor;
  end if;

  execute format('with archived as (update %s set archive = true where id = $1 returning 1) select count(*) from archived', v_rel)
    into v_count using p_merged;
  if v_count <> 1 then
    raise exception using errcode = '42501', message = 'You do not have permission to change this record.';
  end if;

  perform app.record_merge(v_rel, p_survivor, p_merged, v_batch, v_fields);
  perform app.end_batch();
  return jsonb_build_object('batch_id', v_batch, 'moved', v_moved);
end;
$$;
revoke all on function crm.merge_records(text, uuid, uuid, jsonb) from public, anon;
grant execute on function crm.merge_records(text, uuid, uuid, jsonb) to authenticated;

-- Pairs of records that may be the same: {a_id, a_label, b_id, b_label, reason}, at most p_limit,
-- as the caller sees them (row-level security applies).
create function crm.possible_duplicates(p_kind text, p_limit integer default 100)
returns table (a_id uuid, a_label text, b_id uuid, b_label text, reason text)
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_rel regclass := app.merge_kind(p_kind);
  v_owner text := case p_kind when 'contacts' then 'contact_id' when 'businesses' then 'business_id' else 'household_id' end;
begin
  if v_rel is null then
    raise exception using errcode = '22023', message = 'Only contacts, businesses and households can be merged';
  end if;
  perform set_config('pg_trgm.similarity_threshold', '0.6', true);
  return query execute format($q$
    with methods as (
      select m.%2$I as owner, t.kind,
             case when t.kind = 'phone' then right(regexp_replace(m.value, '\D', '', 'g'), 10) else lower(btrim(m.value)) end as norm
      from crm.contact_methods m join crm.contact_method_types t on t.id = m.type_id
      where m.%2$I is not null and not m.archive and t.kind in ('email', 'phone')
    ),
    same_method as (
      select distinct on (least(a.owner, b.owner), greatest(a.owner, b.owner))
             least(a.owner, b.owner) as x, greatest(a.owner, b.owner) as y,
             case a.kind when 'email' then 'Same e-mail' else 'Same phone number' end as reason
      from methods a join methods b on a.kind = b.kind and a.norm = b.norm and a.owner < b.owner
      where length(a.norm) >= 5
    ),
    similar_name as (
      select a.id as x, b.id as y, 'Similar names' as reason
      from %1$s a join %1$s b on lower(a.name) operator(extensions.%%) lower(b.name) and a.id < b.id and a.org_name = b.org_name
      where not a.archive and not b.archive and a.org_name <> '_system_default_'
    ),
    pairs as (
      select distinct on (x, y) x, y, reason from (select * from same_method union all select * from similar_name) p
      order by x, y, reason desc
    )
    select p.x, app.record_label(to_jsonb(a)), p.y, app.record_label(to_jsonb(b)), p.reason
    from pairs p join %1$s a on a.id = p.x join %1$s b on b.id = p.y
    where not a.archive and not b.archive and a.org_name = b.org_name and a.org_name <> '_system_default_'
    order by p.reason, app.record_label(to_jsonb(a))
    limit %3$s
  $q$, v_rel, v_owner, least(greatest(coalesce(p_limit, 100), 1), 500));
end;
$$;
grant execute on function crm.possible_duplicates(text, integer) to authenticated;
