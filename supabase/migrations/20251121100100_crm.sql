-- CRM: type tables, businesses, contacts, households, addresses, locations, contact
-- methods, files, notes, relationships, and the read views the CRM screens call.
-- Every table belongs to the 'crm' component.

-- Read-only views: signed-in users select, row-level security of the base tables applies.
create function app.secure_view(p_view regclass) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  execute format('revoke all on %s from anon, public, authenticated', p_view);
  execute format('grant select on %s to authenticated', p_view);
  execute format('grant select on %s to service_role', p_view);
end;
$$;

-- Which kind a contact method type is: by its category, else by its name (phone types
-- match phone, mobile or cell; e-mail types match e-mail).
create function app.contact_method_kind(p_category text, p_name text) returns text
  language sql immutable parallel safe
  set search_path = ''
as $$
  select case
    when lower(coalesce(p_category, '')) = 'phone' then 'phone'
    when lower(coalesce(p_category, '')) = 'email' then 'email'
    when p_category is null and p_name ~* '(phone|mobile|cell)' then 'phone'
    when p_category is null and p_name ~* 'e-?mail' then 'email'
    else 'other'
  end
$$;

---------------------------------------------------------------------------------------------------
-- Type tables
---------------------------------------------------------------------------------------------------

create table crm.business_types (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table crm.contact_types (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint contact_types_name_present check (btrim(name) <> ''),
  description text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table crm.crm_file_types (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint crm_file_types_name_present check (btrim(name) <> ''),
  description text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table crm.note_types (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint note_types_name_present check (btrim(name) <> ''),
  description text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table crm.contact_method_types (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint contact_method_types_name_present check (btrim(name) <> ''),
  -- phone | email | web | social | other; drives which view a method appears in.
  category text constraint contact_method_types_category_check
    check (category in ('phone', 'email', 'web', 'social', 'other')),
  description text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create unique index business_types_org_name_key on crm.business_types (org_name, lower(name)) where name is not null;
create unique index contact_types_org_name_key on crm.contact_types (org_name, lower(name));
create unique index crm_file_types_org_name_key on crm.crm_file_types (org_name, lower(name));
create unique index note_types_org_name_key on crm.note_types (org_name, lower(name));
create unique index contact_method_types_org_name_key on crm.contact_method_types (org_name, lower(name));

---------------------------------------------------------------------------------------------------
-- Businesses, contacts, households
---------------------------------------------------------------------------------------------------

create table crm.businesses (
  id uuid primary key default gen_random_uuid(),
  short_id text not null constraint businesses_short_id_key unique,
  name text not null constraint businesses_name_present check (btrim(name) <> ''),
  description text,
  image_link text,
  status app.record_status not null default 'Active',
  type_id uuid references crm.business_types (id) on delete set null,
  primary_owner_id uuid references public.user_profiles (id) on delete set null,
  secondary_owner_id uuid references public.user_profiles (id) on delete set null,
  dba_name text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table crm.contacts (
  id uuid primary key default gen_random_uuid(),
  short_id text not null constraint contacts_short_id_key unique,
  name text not null constraint contacts_name_present check (btrim(name) <> ''),
  description text,
  image_link text,
  status app.record_status not null default 'Active',
  type_id uuid references crm.contact_types (id) on delete set null,
  primary_owner_id uuid references public.user_profiles (id) on delete set null,
  secondary_owner_id uuid references public.user_profiles (id) on delete set null,
  prefix text,
  first_name text,
  middle_name text,
  last_name text,
  suffix text,
  nickname text,
  alternate_last_name text,
  date_of_birth date,
  spouse_id uuid references crm.contacts (id) on delete set null,
  food_bev_notes text,
  activities_notes text,
  height text,
  weight text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint contacts_not_own_spouse check (spouse_id is distinct from id)
);

create table crm.households (
  id uuid primary key default gen_random_uuid(),
  short_id text not null constraint households_short_id_key unique,
  name text not null constraint households_name_present check (btrim(name) <> ''),
  description text,
  image_link text,
  status app.record_status not null default 'Active',
  primary_owner_id uuid references public.user_profiles (id) on delete set null,
  secondary_owner_id uuid references public.user_profiles (id) on delete set null,
  primary_contact_id uuid references crm.contacts (id) on delete set null,
  secondary_contact_id uuid references crm.contacts (id) on delete set null,
  preferred_addressee text,
  preferred_salutation text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

---------------------------------------------------------------------------------------------------
-- Addresses, locations, contact methods, files, notes, relationships
---------------------------------------------------------------------------------------------------

create table crm.addresses (
  id uuid primary key default gen_random_uuid(),
  label text not null default 'Main' constraint addresses_label_present check (btrim(label) <> ''),
  notes text,
  is_primary boolean not null default false,
  secondary boolean not null default false,
  status app.record_status not null default 'Active',
  status_notes text,
  user_id uuid references public.user_profiles (id) on delete cascade,
  business_id uuid references crm.businesses (id) on delete cascade,
  contact_id uuid references crm.contacts (id) on delete cascade,
  household_id uuid references crm.households (id) on delete cascade,
  address_line_1 text,
  address_line_2 text,
  address_line_3 text,
  city text,
  state text,
  zip text,
  country text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  -- An address always belongs to someone: a user, business, contact or household.
  constraint addresses_has_owner check (num_nonnulls(user_id, business_id, contact_id, household_id) >= 1)
);

create table crm.locations (
  id uuid primary key default gen_random_uuid(),
  label text not null constraint locations_label_present check (btrim(label) <> ''),
  notes text,
  is_primary boolean not null default false,
  status app.record_status not null default 'Active',
  status_notes text,
  address_line_1 text,
  address_line_2 text,
  address_line_3 text,
  city text,
  state text,
  zip text,
  country text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table crm.contact_methods (
  id uuid primary key default gen_random_uuid(),
  value text not null constraint contact_methods_value_present check (btrim(value) <> ''),
  -- Required; when the client leaves it out it becomes the type's name (see app.contact_method_label).
  label text not null,
  business_id uuid references crm.businesses (id) on delete cascade,
  contact_id uuid references crm.contacts (id) on delete cascade,
  user_id uuid references public.user_profiles (id) on delete cascade,
  household_id uuid references crm.households (id) on delete cascade,
  type_id uuid references crm.contact_method_types (id) on delete set null,
  status app.record_status not null default 'Active',
  status_notes text,
  is_primary boolean not null default false,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint contact_methods_has_owner check (num_nonnulls(user_id, business_id, contact_id, household_id) >= 1)
);

-- Methods that are neither phone nor e-mail (web sites, social profiles, …): same shape.
create table crm.other_contact_methods (
  id uuid primary key default gen_random_uuid(),
  value text not null constraint other_contact_methods_value_present check (btrim(value) <> ''),
  label text not null,
  business_id uuid references crm.businesses (id) on delete cascade,
  contact_id uuid references crm.contacts (id) on delete cascade,
  user_id uuid references public.user_profiles (id) on delete cascade,
  household_id uuid references crm.households (id) on delete cascade,
  type_id uuid references crm.contact_method_types (id) on delete set null,
  status app.record_status not null default 'Active',
  status_notes text,
  is_primary boolean not null default false,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint other_contact_methods_has_owner check (num_nonnulls(user_id, business_id, contact_id, household_id) >= 1)
);

create table crm.crm_files (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint crm_files_name_present check (btrim(name) <> ''),
  description text,
  url text,
  business_id uuid references crm.businesses (id) on delete cascade,
  household_id uuid references crm.households (id) on delete cascade,
  contact_id uuid references crm.contacts (id) on delete cascade,
  type_id uuid references crm.crm_file_types (id) on delete set null,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table crm.notes (
  id uuid primary key default gen_random_uuid(),
  short_id text not null constraint notes_short_id_key unique,
  name text not null constraint notes_name_present check (btrim(name) <> ''),
  type_id uuid references crm.note_types (id) on delete set null,
  contact_method_id uuid references crm.contact_methods (id) on delete set null,
  description text not null constraint notes_description_present check (btrim(description) <> ''),
  important boolean not null default false,
  file_link text,
  contact_id uuid references crm.contacts (id) on delete cascade,
  business_id uuid references crm.businesses (id) on delete cascade,
  household_id uuid references crm.households (id) on delete cascade,
  -- Notes carry the label and status the business detail shows.
  label text,
  status app.record_status not null default 'Active',
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table crm.relationships (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint relationships_title_present check (btrim(title) <> ''),
  notes text,
  business_id1 uuid references crm.businesses (id) on delete cascade,
  business_id2 uuid references crm.businesses (id) on delete cascade,
  business_primary boolean not null default false,
  contact_id1 uuid references crm.contacts (id) on delete cascade,
  contact_id2 uuid references crm.contacts (id) on delete cascade,
  contact_primary boolean not null default false,
  household_id1 uuid references crm.households (id) on delete cascade,
  household_id2 uuid references crm.households (id) on delete cascade,
  household_primary boolean not null default false,
  household_secondary boolean not null default false,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

-- A contact method without a label takes its type's name ("Mobile", "Email", …), else "Other".
create function app.contact_method_label() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.label is null or btrim(new.label) = '' then
    new.label := coalesce((select t.name from crm.contact_method_types t where t.id = new.type_id), 'Other');
  end if;
  return new;
end;
$$;

create trigger steward_05_label before insert or update on crm.contact_methods
  for each row execute function app.contact_method_label();
create trigger steward_05_label before insert or update on crm.other_contact_methods
  for each row execute function app.contact_method_label();

create index addresses_business_idx on crm.addresses (business_id);
create index addresses_contact_idx on crm.addresses (contact_id);
create index addresses_household_idx on crm.addresses (household_id);
create index addresses_user_idx on crm.addresses (user_id);
create index contact_methods_business_idx on crm.contact_methods (business_id);
create index contact_methods_contact_idx on crm.contact_methods (contact_id);
create index contact_methods_household_idx on crm.contact_methods (household_id);
create index contact_methods_user_idx on crm.contact_methods (user_id);
create index other_contact_methods_business_idx on crm.other_contact_methods (business_id);
create index other_contact_methods_contact_idx on crm.other_contact_methods (contact_id);
create index notes_business_idx on crm.notes (business_id);
create index notes_contact_idx on crm.notes (contact_id);
create index notes_household_idx on crm.notes (household_id);

do $$
declare
  v_table text;
begin
  foreach v_table in array array[
    'crm.business_types', 'crm.contact_types', 'crm.crm_file_types', 'crm.note_types',
    'crm.contact_method_types', 'crm.businesses', 'crm.contacts', 'crm.households', 'crm.addresses',
    'crm.locations', 'crm.contact_methods', 'crm.other_contact_methods', 'crm.crm_files', 'crm.notes',
    'crm.relationships']
  loop
    perform app.add_audit_foreign_keys(v_table::regclass);
    perform app.secure_org_table(v_table::regclass, 'crm');
    execute format('create index on %s (org_name)', v_table);
  end loop;
end;
$$;

---------------------------------------------------------------------------------------------------
-- Views (security_invoker: the caller's row-level security applies through them)
---------------------------------------------------------------------------------------------------

-- User profiles inside the crm schema, so CRM rows can embed their owners (PostgREST embeds only
-- within the request's schema).
create view crm.user_profiles with (security_invoker = true) as
select p.id, p.short_id, p.auth_user_id, p.org_name, p.name, p.display_name, p.first_name, p.last_name,
       p.email, p.phone, p.title, p.status, p.role_id, p.avatar_url, p.is_staff, p.archive
from public.user_profiles p;

create view crm.contact_methods_view with (security_invoker = true) as
select cm.id, cm.org_name, cm.business_id, cm.contact_id, cm.household_id, cm.user_id, cm.type_id,
       t.name as type_name, t.category, app.contact_method_kind(t.category, t.name) as kind,
       cm.label, cm.value, cm.is_primary, cm.status, cm.status_notes, cm.archive,
       cm.created_at, cm.created_by, cm.last_modified_at, cm.last_modified_by
from crm.contact_methods cm
left join crm.contact_method_types t on t.id = cm.type_id;

create view crm.contact_methods_phone with (security_invoker = true) as
select * from crm.contact_methods_view where kind = 'phone';

create view crm.contact_methods_email with (security_invoker = true) as
select * from crm.contact_methods_view where kind = 'email';

-- The name the business detail reads its e-mails from.
create view crm.email_view with (security_invoker = true) as
select * from crm.contact_methods_view where kind = 'email';

create view crm.other_contact_methods_view with (security_invoker = true) as
select o.id, o.org_name, o.business_id, o.contact_id, o.household_id, o.user_id, o.type_id,
       t.name as type_name, t.category, 'other'::text as kind,
       o.label, o.value, o.is_primary, o.status, o.status_notes, o.archive,
       o.created_at, o.created_by, o.last_modified_at, o.last_modified_by
from crm.other_contact_methods o
left join crm.contact_method_types t on t.id = o.type_id;

-- Everything that is not a phone or an e-mail, from both tables; source_table says where to edit it.
create view crm.contact_methods_other with (security_invoker = true) as
select v.*, 'contact_methods'::text as source_table from crm.contact_methods_view v where v.kind = 'other'
union all
select o.*, 'other_contact_methods'::text as source_table from crm.other_contact_methods_view o;

create view crm.businesses_view with (security_invoker = true) as
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
left join lateral (
  select v.value, v.label from crm.contact_methods_view v
  where v.business_id = b.id and v.kind = 'phone' and not v.archive
  order by v.is_primary desc, v.created_at desc limit 1) ph on true
left join lateral (
  select v.value, v.label from crm.contact_methods_view v
  where v.business_id = b.id and v.kind = 'email' and not v.archive
  order by v.is_primary desc, v.created_at desc limit 1) em on true
left join lateral (
  select a.address_line_1, a.address_line_2, a.address_line_3, a.city, a.state, a.zip, a.country
  from crm.addresses a
  where a.business_id = b.id and not a.archive
  order by a.is_primary desc, a.created_at desc limit 1) ad on true;

create view crm.contacts_view with (security_invoker = true) as
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
left join lateral (
  select v.value, v.label from crm.contact_methods_view v
  where v.contact_id = c.id and v.kind = 'phone' and not v.archive
  order by v.is_primary desc, v.created_at desc limit 1) ph on true
left join lateral (
  select v.value, v.label from crm.contact_methods_view v
  where v.contact_id = c.id and v.kind = 'email' and not v.archive
  order by v.is_primary desc, v.created_at desc limit 1) em on true
left join lateral (
  select a.address_line_1, a.address_line_2, a.address_line_3, a.city, a.state, a.zip, a.country
  from crm.addresses a
  where a.contact_id = c.id and not a.archive
  order by a.is_primary desc, a.created_at desc limit 1) ad on true;

create view crm.households_view with (security_invoker = true) as
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
left join lateral (
  select v.value, v.label from crm.contact_methods_view v
  where v.household_id = h.id and v.kind = 'phone' and not v.archive
  order by v.is_primary desc, v.created_at desc limit 1) ph on true
left join lateral (
  select v.value, v.label from crm.contact_methods_view v
  where v.household_id = h.id and v.kind = 'email' and not v.archive
  order by v.is_primary desc, v.created_at desc limit 1) em on true
left join lateral (
  select a.address_line_1, a.address_line_2, a.address_line_3, a.city, a.state, a.zip, a.country
  from crm.addresses a
  where a.household_id = h.id and not a.archive
  order by a.is_primary desc, a.created_at desc limit 1) ad on true;

create view crm.notes_view with (security_invoker = true) as
select n.id, n.short_id, n.name, n.description, n.label, n.status, n.important, n.file_link,
       n.type_id, nt.name as type_name,
       n.contact_method_id, cm.value as contact_method_value, cm.label as contact_method_label,
       cm.status as contact_method_status,
       n.contact_id, c.name as contact_name, c.short_id as contact_short_id,
       n.business_id, b.name as business_name, b.short_id as business_short_id,
       n.household_id, h.name as household_name, h.short_id as household_short_id,
       n.org_name, n.archive, n.created_at, n.created_by, cb.name as created_by_name,
       n.last_modified_at, n.last_modified_by, mb.name as last_modified_by_name
from crm.notes n
left join crm.note_types nt on nt.id = n.type_id
left join crm.contact_methods cm on cm.id = n.contact_method_id
left join crm.contacts c on c.id = n.contact_id
left join crm.businesses b on b.id = n.business_id
left join crm.households h on h.id = n.household_id
left join public.user_profiles cb on cb.id = n.created_by
left join public.user_profiles mb on mb.id = n.last_modified_by;

do $$
declare
  v_view text;
begin
  foreach v_view in array array[
    'crm.user_profiles', 'crm.contact_methods_view', 'crm.contact_methods_phone', 'crm.contact_methods_email',
    'crm.email_view', 'crm.other_contact_methods_view', 'crm.contact_methods_other', 'crm.businesses_view',
    'crm.contacts_view', 'crm.households_view', 'crm.notes_view']
  loop
    perform app.secure_view(v_view::regclass);
  end loop;
end;
$$;
