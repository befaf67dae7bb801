-- hr: tables: columns, keys, checks, indexes, row-level security, privileges.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create table hr.assignments (
  id uuid default gen_random_uuid() not null,
  name text,
  staff_id uuid not null,
  position_id uuid,
  start_date date,
  end_date date,
  status text default 'Active'::text not null,
  notes text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table hr.assignments enable row level security;
comment on table hr.assignments is 'component: team-portal';
revoke all on table hr.assignments from public, anon, authenticated, service_role;
grant delete, insert, select, update on table hr.assignments to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.assignments to service_role;

alter table hr.assignments add constraint assignments_dates_ordered CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date);

alter table hr.assignments add constraint assignments_pkey PRIMARY KEY (id);

alter table hr.assignments add constraint assignments_status_check CHECK (status = ANY (ARRAY['Planned'::text, 'Active'::text, 'Ended'::text]));

CREATE INDEX assignments_org_name_idx ON hr.assignments USING btree (org_name);

CREATE INDEX assignments_position_idx ON hr.assignments USING btree (position_id);

CREATE INDEX assignments_staff_idx ON hr.assignments USING btree (staff_id);

create table hr.groups (
  id uuid default gen_random_uuid() not null,
  name text not null,
  description text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table hr.groups enable row level security;
comment on table hr.groups is 'component: team-portal';
revoke all on table hr.groups from public, anon, authenticated, service_role;
grant delete, insert, select, update on table hr.groups to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.groups to service_role;

alter table hr.groups add constraint groups_name_present CHECK (btrim(name) <> ''::text);

alter table hr.groups add constraint groups_pkey PRIMARY KEY (id);

CREATE INDEX groups_org_name_idx ON hr.groups USING btree (org_name);

create table hr.positions (
  id uuid default gen_random_uuid() not null,
  name text not null,
  description text,
  group_id uuid,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table hr.positions enable row level security;
comment on table hr.positions is 'component: team-portal';
revoke all on table hr.positions from public, anon, authenticated, service_role;
grant delete, insert, select, update on table hr.positions to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.positions to service_role;

alter table hr.positions add constraint positions_name_present CHECK (btrim(name) <> ''::text);

alter table hr.positions add constraint positions_pkey PRIMARY KEY (id);

CREATE INDEX positions_group_idx ON hr.positions USING btree (group_id);

CREATE INDEX positions_org_name_idx ON hr.positions USING btree (org_name);

create table hr.shift_members (
  id uuid default gen_random_uuid() not null,
  shift_id uuid not null,
  staff_id uuid not null,
  role text,
  status text default 'Scheduled'::text not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table hr.shift_members enable row level security;
comment on table hr.shift_members is 'component: team-portal';
revoke all on table hr.shift_members from public, anon, authenticated, service_role;
grant delete, insert, select, update on table hr.shift_members to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.shift_members to service_role;

alter table hr.shift_members add constraint shift_members_pair_key UNIQUE (shift_id, staff_id);

alter table hr.shift_members add constraint shift_members_pkey PRIMARY KEY (id);

alter table hr.shift_members add constraint shift_members_status_check CHECK (status = ANY (ARRAY['Scheduled'::text, 'Confirmed'::text, 'Completed'::text, 'Absent'::text]));

CREATE INDEX shift_members_org_name_idx ON hr.shift_members USING btree (org_name);

CREATE INDEX shift_members_staff_idx ON hr.shift_members USING btree (staff_id);

create table hr.shifts (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  name text not null,
  description text,
  type text,
  status app.record_status default 'Active'::text not null,
  start_at timestamp with time zone,
  end_at timestamp with time zone,
  position_id uuid,
  location_id uuid,
  address_line_1 text,
  address_line_2 text,
  city text,
  state text,
  zip text,
  contact_phone text,
  contact_email app.email,
  primary_owner_id uuid,
  secondary_owner_id uuid,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table hr.shifts enable row level security;
comment on table hr.shifts is 'component: team-portal';
revoke all on table hr.shifts from public, anon, authenticated, service_role;
grant delete, insert, select, update on table hr.shifts to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.shifts to service_role;

alter table hr.shifts add constraint shifts_name_present CHECK (btrim(name) <> ''::text);

alter table hr.shifts add constraint shifts_ordered CHECK (end_at IS NULL OR start_at IS NULL OR end_at > start_at);

alter table hr.shifts add constraint shifts_pkey PRIMARY KEY (id);

alter table hr.shifts add constraint shifts_short_id_key UNIQUE (short_id);

CREATE INDEX shifts_location_id_fk_idx ON hr.shifts USING btree (location_id);

CREATE INDEX shifts_org_name_idx ON hr.shifts USING btree (org_name);

CREATE INDEX shifts_org_start_idx ON hr.shifts USING btree (org_name, start_at) WHERE (NOT archive);

CREATE INDEX shifts_position_id_fk_idx ON hr.shifts USING btree (position_id);

create table hr.staff_profiles (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  user_profile_id uuid,
  legal_first_name text,
  legal_middle_name text,
  legal_last_name text,
  preferred_name text,
  avatar_url text,
  date_of_birth date,
  timezone text,
  availability jsonb default '{}'::jsonb not null,
  certifications text[] default '{}'::text[] not null,
  phone text,
  email app.email,
  status app.record_status default 'Active'::text not null,
  hire_date date,
  document_expiry date,
  emergency_contact_name text,
  emergency_contact_phone text,
  notes text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  custom jsonb default '{}'::jsonb not null
);
alter table hr.staff_profiles enable row level security;
comment on table hr.staff_profiles is 'component: team-portal';
revoke all on table hr.staff_profiles from public, anon, authenticated, service_role;
grant delete, insert, select, update on table hr.staff_profiles to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.staff_profiles to service_role;

alter table hr.staff_profiles add constraint staff_profiles_availability_days CHECK (jsonb_typeof(availability) = 'object'::text AND (availability - ARRAY['mon'::text, 'tue'::text, 'wed'::text, 'thu'::text, 'fri'::text, 'sat'::text, 'sun'::text]) = '{}'::jsonb);

alter table hr.staff_profiles add constraint staff_profiles_named CHECK (num_nonnulls(NULLIF(btrim(preferred_name), ''::text), NULLIF(btrim(legal_first_name), ''::text), NULLIF(btrim(legal_last_name), ''::text)) >= 1);

alter table hr.staff_profiles add constraint staff_profiles_pkey PRIMARY KEY (id);

alter table hr.staff_profiles add constraint staff_profiles_short_id_key UNIQUE (short_id);

CREATE INDEX staff_profiles_custom_idx ON hr.staff_profiles USING gin (custom);

CREATE INDEX staff_profiles_digits_idx ON hr.staff_profiles USING gin (app.search_digits(phone) extensions.gin_trgm_ops);

CREATE INDEX staff_profiles_org_name_idx ON hr.staff_profiles USING btree (org_name);

CREATE INDEX staff_profiles_search_idx ON hr.staff_profiles USING gin (app.search_norm(((((((COALESCE(preferred_name, ''::text) || ' '::text) || COALESCE(legal_first_name, ''::text)) || ' '::text) || COALESCE(legal_last_name, ''::text)) || ' '::text) || COALESCE((email)::text, ''::text))) extensions.gin_trgm_ops);

CREATE INDEX staff_profiles_user_profile_id_fk_idx ON hr.staff_profiles USING btree (user_profile_id);
