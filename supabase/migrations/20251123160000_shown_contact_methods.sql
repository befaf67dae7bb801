-- The phone, e-mail and address a list row shows (the primary one, else the newest), kept in a
-- small table by triggers instead of found by three LATERAL subqueries per row at read time.
--
-- Why: PostgreSQL cannot drop a LATERAL ... LIMIT 1 join it does not need, so the exact count of a list
-- (`Prefer: count=exact`) and an ORDER BY ... LIMIT 200 page both ran the three subqueries for every
-- row of the organisation — 1.5 s for the /contacts first page at 10,000 contacts. With the choice
-- stored, the views join by primary key: the count drops those joins entirely (left join removal on a
-- unique key) and a page reads three rows by key per row shown.
--
-- The cache holds ids only; the views still read the chosen phone, e-mail and address from
-- crm.contact_methods and crm.addresses as the caller, under their row-level security. It is not in an
-- API schema and nobody writes it but the triggers below.

-- Whether a contact method type is a phone, an e-mail or another kind, said once: by the database
-- (app.contact_method_kind), stored on the type, and read by the Add New dialog and the
-- shown-method choice alike instead of a second copy of the rule in TypeScript.
alter table crm.contact_method_types
  add column kind text not null generated always as (app.contact_method_kind(category, name)) stored;
comment on column crm.contact_method_types.kind is 'phone, email or other: app.contact_method_kind(category, name)';

create table app.shown_contact_methods (
  parent_id  uuid primary key,  -- a contact, business, household or user profile
  phone_id   uuid,
  email_id   uuid,
  address_id uuid
);
comment on table app.shown_contact_methods is
  'The contact method and address each contact, business, household and user shows in lists; maintained by triggers on crm.contact_methods, crm.addresses and crm.contact_method_types.';
revoke all on app.shown_contact_methods from public, anon, authenticated;
grant select on app.shown_contact_methods to authenticated, service_role;

-- Recomputes the shown phone, e-mail and address of the given parents, with the rule the views used:
-- not archived; the primary first, then the newest (id breaks ties within one statement's inserts).
-- Two transactions changing one parent at once (a phone and an e-mail added to the same contact by two
-- people) would each choose from a snapshot without the other's row, and the later upsert would write
-- back a stale choice. So each parent is locked first (in id order: two refreshes never wait on each
-- other in a cycle), and the choice is made by a statement that starts after the lock is held — under
-- READ COMMITTED it sees every change committed before it.
create function app.shown_contact_method(p_parent uuid, p_kind text) returns uuid
  language sql
  stable
  set search_path = ''
as $$
  select cm.id from crm.contact_methods cm join crm.contact_method_types t on t.id = cm.type_id
  where p_parent in (cm.contact_id, cm.business_id, cm.household_id, cm.user_id) and not cm.archive and t.kind = p_kind
  order by cm.is_primary desc, cm.created_at desc, cm.id desc
  limit 1
$$;

create function app.refresh_shown_contact_methods(p_parents uuid[]) returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_parents uuid[] := array(select distinct id from unnest(p_parents) as id where id is not null order by id);
  v_parent uuid;
begin
  foreach v_parent in array v_parents loop
    perform pg_advisory_xact_lock(hashtextextended('steward:shown-contact-methods:' || v_parent::text, 0));
  end loop;

  insert into app.shown_contact_methods (parent_id, phone_id, email_id, address_id)
  select p.id,
         app.shown_contact_method(p.id, 'phone'),
         app.shown_contact_method(p.id, 'email'),
         (select a.id from crm.addresses a
           where p.id in (a.contact_id, a.business_id, a.household_id, a.user_id) and not a.archive
           order by a.is_primary desc, a.created_at desc, a.id desc limit 1)
  from unnest(v_parents) as p(id)
  on conflict (parent_id) do update
    set phone_id = excluded.phone_id, email_id = excluded.email_id, address_id = excluded.address_id;
end;
$$;

-- Statement triggers with transition tables: a CSV import of thousands of rows refreshes each parent
-- once. An update refreshes the old owners as well as the new (a method moved to another contact).
create function app.shown_contact_methods_changed() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_parents uuid[] := '{}';
begin
  if tg_op in ('INSERT', 'UPDATE') then
    v_parents := v_parents || array(select x from new_rows r, unnest(array[r.contact_id, r.business_id, r.household_id, r.user_id]) x);
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    v_parents := v_parents || array(select x from old_rows r, unnest(array[r.contact_id, r.business_id, r.household_id, r.user_id]) x);
  end if;
  perform app.refresh_shown_contact_methods(v_parents);
  return null;
end;
$$;

-- A type whose kind changes (a new category or name) changes which of its methods are shown.
create function app.shown_contact_method_types_changed() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform app.refresh_shown_contact_methods(array(
    select x from crm.contact_methods cm, unnest(array[cm.contact_id, cm.business_id, cm.household_id, cm.user_id]) x
    where cm.type_id in (select n.id from new_rows n join old_rows o on o.id = n.id where n.kind is distinct from o.kind)));
  return null;
end;
$$;

revoke all on function app.shown_contact_method(uuid, text) from public, anon, authenticated;
revoke all on function app.refresh_shown_contact_methods(uuid[]) from public, anon, authenticated;
revoke all on function app.shown_contact_methods_changed() from public, anon, authenticated;
revoke all on function app.shown_contact_method_types_changed() from public, anon, authenticated;

do $$
declare
  v_table text;
  v_op text;
begin
  foreach v_table in array array['crm.contact_methods', 'crm.addresses'] loop
    foreach v_op in array array['insert', 'update', 'delete'] loop
      execute format(
        'create trigger steward_90_shown_%1$s after %1$s on %2$s referencing %3$s for each statement execute function app.shown_contact_methods_changed()',
        v_op, v_table,
        case v_op when 'insert' then 'new table as new_rows'
                  when 'update' then 'old table as old_rows new table as new_rows'
                  else 'old table as old_rows' end);
    end loop;
  end loop;
end;
$$;

create trigger steward_90_shown_kind after update on crm.contact_method_types
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.shown_contact_method_types_changed();

select app.refresh_shown_contact_methods(array(
  select id from crm.contacts union all select id from crm.businesses
  union all select id from crm.households union all select id from public.user_profiles));

-- The list views, same columns as before, reading the shown rows by key.
create or replace view crm.businesses_view with (security_invoker = true) as
select b.id, b.short_id, b.name, b.dba_name, b.description, b.image_link, b.status, b.type_id,
       bt.name as type_name,
       b.primary_owner_id, po.name as primary_owner_name, po.short_id as primary_owner_short_id,
       b.secondary_owner_id, so.name as secondary_owner_name, so.short_id as secondary_owner_short_id,
       ph.value as primary_phone, ph.label as primary_phone_label,
       em.value as primary_email, em.label as primary_email_label,
       ad.address_line_1, ad.address_line_2, ad.address_line_3, ad.city, ad.state, ad.zip, ad.country,
       b.org_name, b.archive, b.created_at, b.created_by, cb.name as created_by_name,
       b.last_modified_at, b.last_modified_by, mb.name as last_modified_by_name
from crm.businesses b
left join crm.business_types bt on bt.id = b.type_id
left join public.user_profiles po on po.id = b.primary_owner_id
left join public.user_profiles so on so.id = b.secondary_owner_id
left join public.user_profiles cb on cb.id = b.created_by
left join public.user_profiles mb on mb.id = b.last_modified_by
left join app.shown_contact_methods sm on sm.parent_id = b.id
left join crm.contact_methods ph on ph.id = sm.phone_id
left join crm.contact_methods em on em.id = sm.email_id
left join crm.addresses ad on ad.id = sm.address_id;

create or replace view crm.contacts_view with (security_invoker = true) as
select c.id, c.short_id, c.name, c.description, c.image_link, c.status, c.type_id, ct.name as type_name,
       c.prefix, c.first_name, c.middle_name, c.last_name, c.suffix, c.nickname, c.alternate_last_name,
       c.date_of_birth, c.spouse_id, sp.name as spouse_name, sp.short_id as spouse_short_id,
       c.food_bev_notes, c.activities_notes, c.height, c.weight,
       c.primary_owner_id, po.name as primary_owner_name, po.short_id as primary_owner_short_id,
       c.secondary_owner_id, so.name as secondary_owner_name, so.short_id as secondary_owner_short_id,
       ph.value as primary_phone, ph.label as primary_phone_label,
       em.value as primary_email, em.label as primary_email_label,
       ad.address_line_1, ad.address_line_2, ad.address_line_3, ad.city, ad.state, ad.zip, ad.country,
       c.org_name, c.archive, c.created_at, c.created_by, cb.name as created_by_name,
       c.last_modified_at, c.last_modified_by, mb.name as last_modified_by_name
from crm.contacts c
left join crm.contact_types ct on ct.id = c.type_id
left join crm.contacts sp on sp.id = c.spouse_id
left join public.user_profiles po on po.id = c.primary_owner_id
left join public.user_profiles so on so.id = c.secondary_owner_id
left join public.user_profiles cb on cb.id = c.created_by
left join public.user_profiles mb on mb.id = c.last_modified_by
left join app.shown_contact_methods sm on sm.parent_id = c.id
left join crm.contact_methods ph on ph.id = sm.phone_id
left join crm.contact_methods em on em.id = sm.email_id
left join crm.addresses ad on ad.id = sm.address_id;

create or replace view crm.households_view with (security_invoker = true) as
select h.id, h.short_id, h.name, h.description, h.image_link, h.status,
       h.preferred_addressee, h.preferred_salutation,
       h.primary_contact_id, pc.name as primary_contact_name, pc.short_id as primary_contact_short_id,
       h.secondary_contact_id, sc.name as secondary_contact_name, sc.short_id as secondary_contact_short_id,
       h.primary_owner_id, po.name as primary_owner_name, po.short_id as primary_owner_short_id,
       h.secondary_owner_id, so.name as secondary_owner_name, so.short_id as secondary_owner_short_id,
       ph.value as primary_phone, ph.label as primary_phone_label,
       em.value as primary_email, em.label as primary_email_label,
       ad.address_line_1, ad.address_line_2, ad.address_line_3, ad.city, ad.state, ad.zip, ad.country,
       h.org_name, h.archive, h.created_at, h.created_by, cb.name as created_by_name,
       h.last_modified_at, h.last_modified_by, mb.name as last_modified_by_name
from crm.households h
left join crm.contacts pc on pc.id = h.primary_contact_id
left join crm.contacts sc on sc.id = h.secondary_contact_id
left join public.user_profiles po on po.id = h.primary_owner_id
left join public.user_profiles so on so.id = h.secondary_owner_id
left join public.user_profiles cb on cb.id = h.created_by
left join public.user_profiles mb on mb.id = h.last_modified_by
left join app.shown_contact_methods sm on sm.parent_id = h.id
left join crm.contact_methods ph on ph.id = sm.phone_id
left join crm.contact_methods em on em.id = sm.email_id
left join crm.addresses ad on ad.id = sm.address_id;

create or replace view public.user_profiles_view with (security_invoker = true) as
select p.id, p.short_id, p.auth_user_id, p.org_name, p.name, p.display_name, p.first_name, p.last_name,
       p.email, p.phone, p.title, p.status, p.role_id, r.role_name, p.group_id, g.name as group_name,
       p.team_name, p.is_staff, p.source, p.invited_by, inv.name as invited_by_name, p.joined_at, p.username,
       p.timezone, p.language, p.avatar_url, p.is_primary,
       coalesce(ph.value, p.phone) as primary_phone, ph.label as primary_phone_label,
       coalesce(em.value, p.email) as primary_email, em.label as primary_email_label,
       coalesce(p.address_line_1, ad.address_line_1) as address_line_1,
       coalesce(p.address_line_2, ad.address_line_2) as address_line_2,
       coalesce(p.city, ad.city) as city,
       coalesce(p.state, ad.state) as state,
       coalesce(p.zip, ad.zip) as zip,
       coalesce(p.country, ad.country) as country,
       p.archive, p.created_at, p.created_by, cb.name as created_by_name,
       p.last_modified_at, p.last_modified_by, mb.name as last_modified_by_name
from public.user_profiles p
left join public.user_roles r on r.id = p.role_id
left join hr.groups g on g.id = p.group_id
left join public.user_profiles inv on inv.id = p.invited_by
left join public.user_profiles cb on cb.id = p.created_by
left join public.user_profiles mb on mb.id = p.last_modified_by
left join app.shown_contact_methods sm on sm.parent_id = p.id
left join crm.contact_methods ph on ph.id = sm.phone_id
left join crm.contact_methods em on em.id = sm.email_id
left join crm.addresses ad on ad.id = sm.address_id;

-- Lists open ordered by name (then id, for stable pages): with these the first page of a large
-- organisation walks the index and stops after 200 rows instead of joining and sorting them all.
create index contacts_name_id_idx on crm.contacts (name, id);
create index businesses_name_id_idx on crm.businesses (name, id);
create index households_name_id_idx on crm.households (name, id);

-- Members' requests follow the join order the views are written in (the base table first, then
-- lookups by key). Searching every order of a list view's ten-odd joins cost more than running the
-- query: planning the /contacts page took ~30 ms of ~45, and 4–20 ms of 6–30 across the other list
-- views, against ~5 ms this way; no view's plan got slower. PostgREST applies an impersonated role's
-- settings to each of its requests (reloaded below).
alter role authenticated set join_collapse_limit = 1;
notify pgrst, 'reload config';
