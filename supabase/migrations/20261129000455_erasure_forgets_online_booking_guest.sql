-- erasure forgets online booking guest: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

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

  -- Their online bookings keep the stay's accepted quote but lose the guest's address, and the guest's
  -- link stops opening (no token hashes to this value).
  update app.online_bookings b set guest_email = '', token_hash = 'erased:' || b.reservation_id::text
   where b.reservation_id in (select r.id from catalog.reservations r where r.contact_id = p_contact_id);

  delete from crm.contacts c where c.id = p_contact_id;

  -- Their files' stored copies: queued for the storage-removal worker, which removes each through the
  -- Storage API (a SQL delete of storage.objects leaves the bytes in the store, and hosted Storage
  -- refuses it). From now on no one reads them: app.record_file_claimed counts the queued removal.
  with queued as (
    insert into app.storage_removals (bucket_id, name, org_name, reason)
    select o.bucket_id, o.name, v_org, 'erasure' from storage.objects o
     where o.bucket_id = 'record-files' and o.name = any (v_paths)
       and not exists (select 1 from app.storage_removals r where r.bucket_id = o.bucket_id and r.name = o.name and r.removed_at is null)
    returning 1)
  select count(*) into v_objects from queued;

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
comment on function crm.erase_contact(p_contact_id uuid) is 'GDPR Art. 17: deletes a contact with its phones, addresses, notes, files and relationships, their history entries, stored files, notifications and search words no one else uses, and records one erase entry naming no one; the stored files'' bytes are removed through the Storage API by the storage-removal worker (app.storage_removals); for whoever may delete the contact';
