-- Team portal: staff profiles, groups,
-- positions, assignments, shifts and their members, plus the views the screens read
-- (hr.staff_profiles_view, hr.user_groups_view, hr.positions_view, hr.shifts_view).
-- All belong to the 'team-portal' component.

create table hr.groups (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint groups_name_present check (btrim(name) <> ''),
  description text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table hr.positions (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint positions_name_present check (btrim(name) <> ''),
  description text,
  group_id uuid references hr.groups (id) on delete set null,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table hr.staff_profiles (
  id uuid primary key default gen_random_uuid(),
  short_id text not null constraint staff_profiles_short_id_key unique,
  -- The staff member's login profile, when they have one.
  user_profile_id uuid references public.user_profiles (id) on delete set null,
  legal_first_name text,
  legal_middle_name text,
  legal_last_name text,
  preferred_name text,
  avatar_url text,
  date_of_birth date,
  timezone text,
  -- Days available, keyed mon..sun, e.g. {"mon": true, "tue": false, …}.
  availability jsonb not null default '{}',
  certifications text[] not null default '{}',
  phone text,
  email app.email,
  status app.record_status not null default 'Active',
  hire_date date,
  document_expiry date,
  emergency_contact_name text,
  emergency_contact_phone text,
  notes text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint staff_profiles_named check (num_nonnulls(nullif(btrim(preferred_name), ''), nullif(btrim(legal_first_name), ''), nullif(btrim(legal_last_name), '')) >= 1),
  constraint staff_profiles_availability_days check (
    jsonb_typeof(availability) = 'object'
    and availability - array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] = '{}'::jsonb)
);

create table hr.assignments (
  id uuid primary key default gen_random_uuid(),
  name text,
  staff_id uuid not null references hr.staff_profiles (id) on delete cascade,
  position_id uuid references hr.positions (id) on delete cascade,
  start_date date,
  end_date date,
  status text not null default 'Active'
    constraint assignments_status_check check (status in ('Planned', 'Active', 'Ended')),
  notes text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint assignments_dates_ordered check (end_date is null or start_date is null or end_date >= start_date)
);

create table hr.shifts (
  id uuid primary key default gen_random_uuid(),
  short_id text not null constraint shifts_short_id_key unique,
  name text not null constraint shifts_name_present check (btrim(name) <> ''),
  description text,
  type text,
  status app.record_status not null default 'Active',
  start_at timestamptz,
  end_at timestamptz,
  position_id uuid references hr.positions (id) on delete set null,
  location_id uuid references crm.locations (id) on delete set null,
  address_line_1 text,
  address_line_2 text,
  city text,
  state text,
  zip text,
  contact_phone text,
  contact_email app.email,
  primary_owner_id uuid references public.user_profiles (id) on delete set null,
  secondary_owner_id uuid references public.user_profiles (id) on delete set null,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint shifts_ordered check (end_at is null or start_at is null or end_at > start_at)
);

create table hr.shift_members (
  id uuid primary key default gen_random_uuid(),
  shift_id uuid not null references hr.shifts (id) on delete cascade,
  staff_id uuid not null references hr.staff_profiles (id) on delete cascade,
  role text,
  status text not null default 'Scheduled'
    constraint shift_members_status_check check (status in ('Scheduled', 'Confirmed', 'Completed', 'Absent')),
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint shift_members_pair_key unique (shift_id, staff_id)
);

-- A user profile's group (group_id, group_name).
alter table public.user_profiles
  add constraint user_profiles_group_id_fkey foreign key (group_id) references hr.groups (id) on delete set null;

create index positions_group_idx on hr.positions (group_id);
create index assignments_staff_idx on hr.assignments (staff_id);
create index assignments_position_idx on hr.assignments (position_id);
create index shift_members_staff_idx on hr.shift_members (staff_id);

do $$
declare
  v_table text;
begin
  foreach v_table in array array['hr.groups', 'hr.positions', 'hr.staff_profiles', 'hr.assignments', 'hr.shifts', 'hr.shift_members']
  loop
    perform app.add_audit_foreign_keys(v_table::regclass);
    perform app.secure_org_table(v_table::regclass, 'team-portal');
    execute format('create index on %s (org_name)', v_table);
  end loop;
end;
$$;

---------------------------------------------------------------------------------------------------
-- Views
---------------------------------------------------------------------------------------------------

-- An assignment counts as active while its status is Active and it has not ended.
create function app.assignment_is_active(p_status text, p_end date) returns boolean
  language sql stable parallel safe
  set search_path = ''
as $$
  select p_status = 'Active' and (p_end is null or p_end >= current_date)
$$;

create view hr.staff_profiles_view with (security_invoker = true) as
select s.id, s.short_id,
       coalesce(nullif(btrim(s.preferred_name), ''), concat_ws(' ', s.legal_first_name, s.legal_last_name)) as name,
       s.preferred_name, s.legal_first_name, s.legal_middle_name, s.legal_last_name,
       s.avatar_url, s.date_of_birth, s.timezone, s.availability, s.certifications,
       s.phone, s.email, s.status, s.hire_date, s.document_expiry,
       (s.document_expiry is not null and s.document_expiry < current_date) as document_expired,
       s.emergency_contact_name, s.emergency_contact_phone, s.notes,
       s.user_profile_id, up.short_id as user_profile_short_id,
       aa.assignment_names, aa.position_names, aa.group_names,
       coalesce(aa.active_assignment_count, 0) as active_assignment_count,
       ns.next_shift_id, ns.next_shift_name, ns.next_shift_start,
       coalesce(sc.upcoming_shift_count, 0) as upcoming_shift_count,
       s.org_name, s.archive, s.created_at, s.created_by, cb.name as created_by_name,
       s.last_modified_at, s.last_modified_by, mb.name as last_modified_by_name
from hr.staff_profiles s
left join public.user_profiles up on up.id = s.user_profile_id
left join public.user_profiles cb on cb.id = s.created_by
left join public.user_profiles mb on mb.id = s.last_modified_by
left join lateral (
  select array_agg(coalesce(a.name, p.name) order by a.start_date desc nulls last, a.created_at desc) as assignment_names,
         array_agg(distinct p.name) filter (where p.name is not null) as position_names,
         array_agg(distinct g.name) filter (where g.name is not null) as group_names,
         count(*) as active_assignment_count
  from hr.assignments a
  left join hr.positions p on p.id = a.position_id
  left join hr.groups g on g.id = p.group_id
  where a.staff_id = s.id and not a.archive and app.assignment_is_active(a.status, a.end_date)) aa on true
left join lateral (
  select sh.id as next_shift_id, sh.name as next_shift_name, sh.start_at as next_shift_start
  from hr.shift_members m
  join hr.shifts sh on sh.id = m.shift_id
  where m.staff_id = s.id and not sh.archive and sh.start_at >= now()
  order by sh.start_at limit 1) ns on true
left join lateral (
  select count(*) as upcoming_shift_count
  from hr.shift_members m
  join hr.shifts sh on sh.id = m.shift_id
  where m.staff_id = s.id and not sh.archive and sh.start_at >= now()) sc on true;

create view hr.user_groups_view with (security_invoker = true) as
select g.id, g.name, g.description,
       coalesce(pc.position_count, 0) as position_count,
       coalesce(ac.active_assignment_count, 0) as active_assignment_count,
       coalesce(ac.active_member_count, 0) as active_member_count,
       g.org_name, g.archive, g.created_at, g.created_by, cb.name as created_by_name,
       g.last_modified_at, g.last_modified_by, mb.name as last_modified_by_name
from hr.groups g
left join public.user_profiles cb on cb.id = g.created_by
left join public.user_profiles mb on mb.id = g.last_modified_by
left join lateral (
  select count(*) as position_count from hr.positions p where p.group_id = g.id and not p.archive) pc on true
left join lateral (
  select count(*) as active_assignment_count, count(distinct a.staff_id) as active_member_count
  from hr.assignments a
  join hr.positions p on p.id = a.position_id
  where p.group_id = g.id and not a.archive and app.assignment_is_active(a.status, a.end_date)) ac on true;

create view hr.positions_view with (security_invoker = true) as
select p.id, p.name, p.description, p.group_id, g.name as group_name,
       coalesce(ac.active_assignment_count, 0) as active_assignment_count,
       p.org_name, p.archive, p.created_at, p.created_by, cb.name as created_by_name,
       p.last_modified_at, p.last_modified_by, mb.name as last_modified_by_name
from hr.positions p
left join hr.groups g on g.id = p.group_id
left join public.user_profiles cb on cb.id = p.created_by
left join public.user_profiles mb on mb.id = p.last_modified_by
left join lateral (
  select count(*) as active_assignment_count from hr.assignments a
  where a.position_id = p.id and not a.archive and app.assignment_is_active(a.status, a.end_date)) ac on true;

create view hr.shifts_view with (security_invoker = true) as
select s.id, s.short_id, s.name, s.description, s.type, s.status, s.start_at, s.end_at,
       s.position_id, p.name as position_name,
       s.location_id, l.label as location_label,
       coalesce(s.address_line_1, l.address_line_1) as address_line_1,
       coalesce(s.address_line_2, l.address_line_2) as address_line_2,
       coalesce(s.city, l.city) as city,
       coalesce(s.state, l.state) as state,
       coalesce(s.zip, l.zip) as zip,
       s.contact_phone, s.contact_email,
       s.primary_owner_id, po.name as primary_owner_name, po.short_id as primary_owner_short_id,
       s.secondary_owner_id, so.name as secondary_owner_name, so.short_id as secondary_owner_short_id,
       coalesce(mc.member_count, 0) as member_count, mc.member_names,
       s.org_name, s.archive, s.created_at, s.created_by, cb.name as created_by_name,
       s.last_modified_at, s.last_modified_by, mb.name as last_modified_by_name
from hr.shifts s
left join hr.positions p on p.id = s.position_id
left join crm.locations l on l.id = s.location_id
left join public.user_profiles po on po.id = s.primary_owner_id
left join public.user_profiles so on so.id = s.secondary_owner_id
left join public.user_profiles cb on cb.id = s.created_by
left join public.user_profiles mb on mb.id = s.last_modified_by
left join lateral (
  select count(*) as member_count,
         array_agg(coalesce(nullif(btrim(st.preferred_name), ''), concat_ws(' ', st.legal_first_name, st.legal_last_name))
                   order by st.legal_last_name, st.legal_first_name) as member_names
  from hr.shift_members m
  join hr.staff_profiles st on st.id = m.staff_id
  where m.shift_id = s.id and not m.archive) mc on true;

do $$
declare
  v_view text;
begin
  foreach v_view in array array['hr.staff_profiles_view', 'hr.user_groups_view', 'hr.positions_view', 'hr.shifts_view']
  loop
    perform app.secure_view(v_view::regclass);
  end loop;
end;
$$;
