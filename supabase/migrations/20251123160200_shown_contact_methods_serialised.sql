-- Two transactions changing one parent's methods at once (a phone and an e-mail added to the same
-- contact by two people at the same moment) each chose the shown rows from a snapshot without the
-- other's row, and the later upsert wrote back a stale choice. The refresh now locks each parent first
-- (in id order, so two refreshes never wait on each other in a cycle) and chooses in a statement that
-- starts after the lock is held: under READ COMMITTED it sees every change committed before it.
create or replace function app.refresh_shown_contact_methods(p_parents uuid[]) returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_parent uuid;
begin
  for v_parent in select distinct id from unnest(p_parents) as id where id is not null order by id loop
    perform pg_advisory_xact_lock(hashtextextended('steward:shown-contact-methods:' || v_parent::text, 0));
  end loop;

  insert into app.shown_contact_methods (parent_id, phone_id, email_id, address_id)
  select p.id,
         (select cm.id from crm.contact_methods cm left join crm.contact_method_types t on t.id = cm.type_id
           where p.id in (cm.contact_id, cm.business_id, cm.household_id, cm.user_id) and not cm.archive
             and app.contact_method_kind(t.category, t.name) = 'phone'
           order by cm.is_primary desc, cm.created_at desc, cm.id desc limit 1),
         (select cm.id from crm.contact_methods cm left join crm.contact_method_types t on t.id = cm.type_id
           where p.id in (cm.contact_id, cm.business_id, cm.household_id, cm.user_id) and not cm.archive
             and app.contact_method_kind(t.category, t.name) = 'email'
           order by cm.is_primary desc, cm.created_at desc, cm.id desc limit 1),
         (select a.id from crm.addresses a
           where p.id in (a.contact_id, a.business_id, a.household_id, a.user_id) and not a.archive
           order by a.is_primary desc, a.created_at desc, a.id desc limit 1)
  from (select distinct id from unnest(p_parents) as id where id is not null) p
  on conflict (parent_id) do update
    set phone_id = excluded.phone_id, email_id = excluded.email_id, address_id = excluded.address_id;
end;
$$;

revoke all on function app.refresh_shown_contact_methods(uuid[]) from public, anon, authenticated;
