-- smaller holes manager undo search words: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.batch_size(p_batch_id uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select count(*) from public.record_history h where h.batch_id = p_batch_id
$function$;
revoke all on function app.batch_size(p_batch_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.batch_size(p_batch_id uuid) to authenticated;
grant execute on function app.batch_size(p_batch_id uuid) to service_role;
comment on function app.batch_size(p_batch_id uuid) is 'how many history entries a batch has, whoever may read them: undo compares it with what the caller sees';

CREATE OR REPLACE FUNCTION app.forget_search_words(p_org text, p_words text[])
 RETURNS bigint
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- A word no contact, business or household name of the organisation uses any more (found through
  -- each table's trigram index of its normalised name), with its variants.
  with unused as (
    select w.word from unnest(p_words) w(word)
    where not exists (select 1 from crm.contacts c where c.org_name = p_org and app.search_norm(c.name) like '%' || w.word || '%'
                        and w.word in (select app.search_text_words(c.name)))
      and not exists (select 1 from crm.businesses b where b.org_name = p_org and app.search_norm(b.name || ' ' || coalesce(b.dba_name, '')) like '%' || w.word || '%'
                        and w.word in (select app.search_text_words(b.name || ' ' || coalesce(b.dba_name, ''))))
      and not exists (select 1 from crm.households h where h.org_name = p_org and app.search_norm(h.name) like '%' || w.word || '%'
                        and w.word in (select app.search_text_words(h.name)))
  ),
  gone as (delete from app.search_words s where s.org_name = p_org and s.word in (select u.word from unused u) returning 1)
  select count(*) from gone
$function$;
revoke all on function app.forget_search_words(p_org text, p_words text[]) from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION app.keep_settings_component()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
begin
  -- Without its Settings row an organisation has no one who may manage it (every check of Settings
  -- access joins it); deleting the organisation itself takes the row with it.
  for v_org in
    select distinct o.org_name from old_rows o join settings.components c on c.id = o.component_id and c.name = 'settings'
  loop
    if exists (select 1 from public.organizations g where g.name = v_org)
       and not exists (select 1 from settings.org_components oc join settings.components c on c.id = oc.component_id and c.name = 'settings'
                        where oc.org_name = v_org and oc.enabled) then
      raise exception using
        errcode = 'ST013',
        message = 'This change would leave the organization with no active member who can manage users and roles',
        hint = 'The Settings component cannot be removed from an organization.';
    end if;
  end loop;
  return null;
end;
$function$;
revoke all on function app.keep_settings_component() from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION app.search_words_forget()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v record;
begin
  -- An organisation being deleted takes all its words with it (nor are they looked at when gone).
  if current_setting('steward.deleting_org', true) = 'on' then
    return null;
  end if;
  for v in execute format(
    'select r.org_name, array_agg(distinct w.word) as words from old_rows r cross join lateral app.search_text_words(%s) as w(word) '
    'where r.org_name is not null group by r.org_name', tg_argv[0])
  loop
    continue when not exists (select 1 from public.organizations g where g.name = v.org_name);
    perform app.forget_search_words(v.org_name, v.words);
  end loop;
  return null;
end;
$function$;
revoke all on function app.search_words_forget() from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION app.keep_an_organization_manager()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
begin
  if coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '') <> 'authenticated' then
    return null;
  end if;
  for v_org in
    select distinct o.org_name
      from old_rows o
     where case tg_table_name
             when 'user_profiles' then (to_jsonb(o) ->> 'status') = 'Active'
                                     and (to_jsonb(o) ->> 'auth_user_id') is not null
                                     and app.manages_organization((to_jsonb(o) ->> 'role_id')::uuid)
             else (to_jsonb(o) ->> 'edit_access') = 'Organization'
                  and exists (select 1 from settings.components c
                               where c.id = (to_jsonb(o) ->> 'component_id')::uuid and c.name = 'settings')
           end
  loop
    -- One change to an organisation's managers at a time: a second waits for the first to commit,
    -- then checks what that left (two managers demoting each other at once: one is refused).
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('steward.keep_manager|' || v_org, 0));
    if not app.organization_has_manager(v_org) then
      raise exception using
        errcode = 'ST013',
        message = 'This change would leave the organization with no active member who can manage users and roles',
        hint = 'Give another active member a role that edits Settings first.';
    end if;
  end loop;
  return null;
end;
$function$;
revoke all on function app.keep_an_organization_manager() from public, anon, authenticated, service_role;
grant execute on function app.keep_an_organization_manager() to authenticated;
grant execute on function app.keep_an_organization_manager() to service_role;

CREATE OR REPLACE FUNCTION crm.erase_contact(p_contact_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row jsonb;
  v_org text;
  v_allowed boolean;
  v_ids uuid[];
  v_names text[];
  v_paths text[];
  v_words text[];
  v_history bigint;
  v_search_words bigint;
  v_files bigint;
  v_objects bigint;
  v_notifications bigint;
  v_actor record;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Sign in to erase a contact';
  end if;
  -- The contact as it is, or, once deleted, as its deletion was recorded.
  select to_jsonb(c) into v_row from crm.contacts c where c.id = p_contact_id;
  if v_row is null then
    select h.changes || jsonb_build_object('id', h.record_id, 'org_name', h.org_name, 'created_by', h.owner_ids[1]) into v_row
      from public.record_history h
     where h.record_id = p_contact_id and h.table_name = 'crm.contacts' and h.action = 'delete'
     order by h.id desc limit 1;
  end if;
  if v_row is null then
    raise exception using errcode = 'P0002', message = 'There is no such contact to erase';
  end if;
  -- Whoever may delete the contact may erase it: the table's own delete rule, as the caller.
  execute format('select exists (select 1 from jsonb_populate_record(null::crm.contacts, $1) t where %s)', app.delete_rule_sql('crm.contacts'))
    into v_allowed using v_row;
  if not v_allowed then
    raise exception using errcode = '42501', message = 'You may not delete this contact, so you may not erase it';
  end if;
  v_org := v_row ->> 'org_name';

  -- What is theirs: the contact, its phones, addresses, notes, files and relationships, those still
  -- there and those whose history names the contact.
  v_ids := p_contact_id || app.attached_record_ids(p_contact_id) || array(
    select distinct h.record_id from public.record_history h
     where h.org_name = v_org and h.action in ('insert', 'delete')
       and p_contact_id::text in (h.changes ->> 'contact_id', h.changes ->> 'contact_id1', h.changes ->> 'contact_id2'));
  v_names := array(select distinct n from (
    select v_row ->> 'name' as n
    union all
    select h.changes -> 'name' ->> 1 from public.record_history h where h.record_id = p_contact_id and h.action in ('update', 'merge')
    union all
    select h.changes -> 'name' ->> 0 from public.record_history h where h.record_id = p_contact_id and h.action in ('update', 'merge')) x
    where n is not null);
  v_paths := array(select f.storage_path from crm.crm_files f where f.id = any (v_ids) and f.storage_path is not null
                   union
                   select h.changes ->> 'storage_path' from public.record_history h where h.record_id = any (v_ids) and h.changes ->> 'storage_path' is not null);
  v_files := (select count(*) from crm.crm_files f where f.id = any (v_ids));

  delete from crm.contacts c where c.id = p_contact_id;

  -- Their files' stored copies.
  with gone as (delete from storage.objects o where o.bucket_id = 'record-files' and o.name = any (v_paths) returning 1)
  select count(*) into v_objects from gone;

  -- Every history entry of theirs (written before, and by the deletion just now).
  perform set_config('steward.erasing', 'on', true);
  with gone as (delete from public.record_history h where h.record_id = any (v_ids) returning 1)
  select count(*) into v_history from gone;
  perform set_config('steward.erasing', 'off', true);

  with gone as (delete from public.notifications n where n.record_id = any (v_ids) returning 1)
  select count(*) into v_notifications from gone;

  -- The words of their names that no other contact, business or household of the organisation uses.
  v_words := array(select distinct w from unnest(v_names) n cross join lateral app.search_text_words(n) w);
  v_search_words := app.forget_search_words(v_org, v_words);

  -- The erasure itself is recorded, without anything that names the person.
  select a.actor_id, a.actor_name into v_actor from app.history_actor(v_org) a;
  insert into public.record_history (org_name, component, table_name, record_id, action, via, changes, record_label, actor_id, actor_name)
  values (v_org, 'crm', 'crm.contacts', p_contact_id, 'erase', 'screen',
          jsonb_build_object('history_entries', v_history, 'search_words', v_search_words, 'files', v_files, 'stored_files', v_objects, 'notifications', v_notifications),
          'Erased contact', v_actor.actor_id, v_actor.actor_name);
  return jsonb_build_object('erased', p_contact_id, 'history_entries', v_history, 'search_words', v_search_words, 'files', v_files,
                            'stored_files', v_objects, 'notifications', v_notifications);
end;
$function$;
revoke all on function crm.erase_contact(p_contact_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.erase_contact(p_contact_id uuid) to authenticated;
grant execute on function crm.erase_contact(p_contact_id uuid) to service_role;
comment on function crm.erase_contact(p_contact_id uuid) is 'GDPR Art. 17: deletes a contact with its phones, addresses, notes, files and relationships, their history entries, stored files, notifications and search words no one else uses, and records one erase entry naming no one; for whoever may delete the contact';

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
  -- Undone whole or not at all: a caller who cannot read every entry of it cannot undo it.
  if app.batch_size(p_batch_id) <> (select count(*) from public.record_history where batch_id = p_batch_id) then
    raise exception using errcode = '42501', message = 'Part of this change is not yours to see, so you cannot undo it';
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

CREATE TRIGGER search_words_deleted AFTER DELETE ON crm.businesses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_forget('r.name || '' '' || coalesce(r.dba_name, '''')');

CREATE TRIGGER search_words_deleted AFTER DELETE ON crm.contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_forget('r.name');

CREATE TRIGGER search_words_deleted AFTER DELETE ON crm.households REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_forget('r.name');

CREATE TRIGGER steward_90_keep_settings_on_delete AFTER DELETE ON settings.org_components REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.keep_settings_component();
