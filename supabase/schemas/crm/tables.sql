-- crm: tables: columns, keys, checks, indexes, row-level security, privileges.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create table crm.addresses (
  id uuid default gen_random_uuid() not null,
  label text default 'Main'::text not null,
  notes text,
  is_primary boolean default false not null,
  secondary boolean default false not null,
  status app.record_status default 'Active'::text not null,
  status_notes text,
  user_id uuid,
  business_id uuid,
  contact_id uuid,
  household_id uuid,
  address_line_1 text,
  address_line_2 text,
  address_line_3 text,
  city text,
  state text,
  zip text,
  country text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table crm.addresses enable row level security;
comment on table crm.addresses is 'component: crm';
revoke all on table crm.addresses from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.addresses to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.addresses to service_role;
grant insert on table crm.addresses to steward_import_writer;

alter table crm.addresses add constraint addresses_has_owner CHECK (num_nonnulls(user_id, business_id, contact_id, household_id) >= 1);

alter table crm.addresses add constraint addresses_label_present CHECK (btrim(label) <> ''::text);

alter table crm.addresses add constraint addresses_pkey PRIMARY KEY (id);

CREATE INDEX addresses_business_idx ON crm.addresses USING btree (business_id);

CREATE INDEX addresses_contact_idx ON crm.addresses USING btree (contact_id);

CREATE INDEX addresses_household_idx ON crm.addresses USING btree (household_id);

CREATE UNIQUE INDEX addresses_one_primary_business ON crm.addresses USING btree (business_id) WHERE (is_primary AND (NOT archive) AND (business_id IS NOT NULL));

CREATE UNIQUE INDEX addresses_one_primary_contact ON crm.addresses USING btree (contact_id) WHERE (is_primary AND (NOT archive) AND (contact_id IS NOT NULL));

CREATE UNIQUE INDEX addresses_one_primary_household ON crm.addresses USING btree (household_id) WHERE (is_primary AND (NOT archive) AND (household_id IS NOT NULL));

CREATE UNIQUE INDEX addresses_one_primary_user ON crm.addresses USING btree (user_id) WHERE (is_primary AND (NOT archive) AND (user_id IS NOT NULL));

CREATE INDEX addresses_org_name_idx ON crm.addresses USING btree (org_name);

CREATE INDEX addresses_user_idx ON crm.addresses USING btree (user_id);

create table crm.business_types (
  id uuid default gen_random_uuid() not null,
  name text,
  description text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table crm.business_types enable row level security;
comment on table crm.business_types is 'component: crm';
revoke all on table crm.business_types from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.business_types to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.business_types to service_role;
grant select on table crm.business_types to steward_import_writer;

alter table crm.business_types add constraint business_types_pkey PRIMARY KEY (id);

CREATE INDEX business_types_org_name_idx ON crm.business_types USING btree (org_name);

CREATE UNIQUE INDEX business_types_org_name_key ON crm.business_types USING btree (org_name, lower(name)) WHERE (name IS NOT NULL);

create table crm.businesses (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  name text not null,
  description text,
  image_link text,
  status app.record_status default 'Active'::text not null,
  type_id uuid,
  primary_owner_id uuid,
  secondary_owner_id uuid,
  dba_name text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  custom jsonb default '{}'::jsonb not null
);
alter table crm.businesses enable row level security;
comment on table crm.businesses is 'component: crm';
revoke all on table crm.businesses from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.businesses to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.businesses to service_role;
grant insert on table crm.businesses to steward_import_writer;

alter table crm.businesses add constraint businesses_name_present CHECK (btrim(name) <> ''::text);

alter table crm.businesses add constraint businesses_pkey PRIMARY KEY (id);

alter table crm.businesses add constraint businesses_short_id_key UNIQUE (short_id);

CREATE INDEX businesses_created_by_idx ON crm.businesses USING btree (created_by);

CREATE INDEX businesses_custom_idx ON crm.businesses USING gin (custom);

CREATE INDEX businesses_name_id_idx ON crm.businesses USING btree (name, id);

CREATE INDEX businesses_name_trgm ON crm.businesses USING gin (lower(name) extensions.gin_trgm_ops);

CREATE INDEX businesses_org_name_idx ON crm.businesses USING btree (org_name);

CREATE INDEX businesses_org_name_name_desc_id_idx ON crm.businesses USING btree (org_name, name DESC, id) WHERE (NOT archive);

CREATE INDEX businesses_org_name_name_id_idx ON crm.businesses USING btree (org_name, name, id) WHERE (NOT archive);

CREATE INDEX businesses_primary_owner_idx ON crm.businesses USING btree (primary_owner_id);

CREATE INDEX businesses_search_idx ON crm.businesses USING gin (app.search_norm(((name || ' '::text) || COALESCE(dba_name, ''::text))) extensions.gin_trgm_ops);

CREATE INDEX businesses_secondary_owner_idx ON crm.businesses USING btree (secondary_owner_id);

CREATE INDEX businesses_type_id_fk_idx ON crm.businesses USING btree (type_id);

create table crm.contact_method_types (
  id uuid default gen_random_uuid() not null,
  name text not null,
  category text,
  description text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  kind text generated always as (app.contact_method_kind(category, name)) stored not null
);
alter table crm.contact_method_types enable row level security;
comment on table crm.contact_method_types is 'component: crm';
comment on column crm.contact_method_types.kind is 'phone, email or other: app.contact_method_kind(category, name)';
revoke all on table crm.contact_method_types from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.contact_method_types to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contact_method_types to service_role;
grant select on table crm.contact_method_types to steward_import_writer;

alter table crm.contact_method_types add constraint contact_method_types_category_check CHECK (category = ANY (ARRAY['phone'::text, 'email'::text, 'web'::text, 'social'::text, 'other'::text]));

alter table crm.contact_method_types add constraint contact_method_types_name_present CHECK (btrim(name) <> ''::text);

alter table crm.contact_method_types add constraint contact_method_types_pkey PRIMARY KEY (id);

CREATE INDEX contact_method_types_org_name_idx ON crm.contact_method_types USING btree (org_name);

CREATE UNIQUE INDEX contact_method_types_org_name_key ON crm.contact_method_types USING btree (org_name, lower(name));

create table crm.contact_methods (
  id uuid default gen_random_uuid() not null,
  value text not null,
  label text not null,
  business_id uuid,
  contact_id uuid,
  user_id uuid,
  household_id uuid,
  type_id uuid,
  status app.record_status default 'Active'::text not null,
  status_notes text,
  is_primary boolean default false not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  kind text default 'other'::text not null
);
alter table crm.contact_methods enable row level security;
comment on table crm.contact_methods is 'component: crm';
comment on column crm.contact_methods.kind is 'phone, email or other: the kind of its type (crm.contact_method_types.kind), kept by a trigger';
revoke all on table crm.contact_methods from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.contact_methods to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contact_methods to service_role;
grant insert on table crm.contact_methods to steward_import_writer;

alter table crm.contact_methods add constraint contact_methods_has_owner CHECK (num_nonnulls(user_id, business_id, contact_id, household_id) >= 1);

alter table crm.contact_methods add constraint contact_methods_kind_check CHECK (kind = ANY (ARRAY['phone'::text, 'email'::text, 'other'::text]));

alter table crm.contact_methods add constraint contact_methods_pkey PRIMARY KEY (id);

alter table crm.contact_methods add constraint contact_methods_value_present CHECK (btrim(value) <> ''::text);

CREATE INDEX contact_methods_business_idx ON crm.contact_methods USING btree (business_id);

CREATE INDEX contact_methods_contact_idx ON crm.contact_methods USING btree (contact_id);

CREATE INDEX contact_methods_digits_idx ON crm.contact_methods USING gin (app.search_digits(value) extensions.gin_trgm_ops);

CREATE INDEX contact_methods_household_idx ON crm.contact_methods USING btree (household_id);

CREATE UNIQUE INDEX contact_methods_one_primary_business ON crm.contact_methods USING btree (business_id, kind) WHERE (is_primary AND (NOT archive) AND (business_id IS NOT NULL));

CREATE UNIQUE INDEX contact_methods_one_primary_contact ON crm.contact_methods USING btree (contact_id, kind) WHERE (is_primary AND (NOT archive) AND (contact_id IS NOT NULL));

CREATE UNIQUE INDEX contact_methods_one_primary_household ON crm.contact_methods USING btree (household_id, kind) WHERE (is_primary AND (NOT archive) AND (household_id IS NOT NULL));

CREATE UNIQUE INDEX contact_methods_one_primary_user ON crm.contact_methods USING btree (user_id, kind) WHERE (is_primary AND (NOT archive) AND (user_id IS NOT NULL));

CREATE INDEX contact_methods_org_name_idx ON crm.contact_methods USING btree (org_name);

CREATE INDEX contact_methods_search_idx ON crm.contact_methods USING gin (app.search_norm(value) extensions.gin_trgm_ops);

CREATE INDEX contact_methods_type_id_fk_idx ON crm.contact_methods USING btree (type_id);

CREATE INDEX contact_methods_user_idx ON crm.contact_methods USING btree (user_id);

create table crm.contact_types (
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
alter table crm.contact_types enable row level security;
comment on table crm.contact_types is 'component: crm';
revoke all on table crm.contact_types from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.contact_types to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contact_types to service_role;
grant select on table crm.contact_types to steward_import_writer;

alter table crm.contact_types add constraint contact_types_name_present CHECK (btrim(name) <> ''::text);

alter table crm.contact_types add constraint contact_types_pkey PRIMARY KEY (id);

CREATE INDEX contact_types_org_name_idx ON crm.contact_types USING btree (org_name);

CREATE UNIQUE INDEX contact_types_org_name_key ON crm.contact_types USING btree (org_name, lower(name));

create table crm.contacts (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  name text not null,
  description text,
  image_link text,
  status app.record_status default 'Active'::text not null,
  type_id uuid,
  primary_owner_id uuid,
  secondary_owner_id uuid,
  prefix text,
  first_name text,
  middle_name text,
  last_name text,
  suffix text,
  nickname text,
  alternate_last_name text,
  date_of_birth date,
  spouse_id uuid,
  food_bev_notes text,
  activities_notes text,
  height text,
  weight text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  custom jsonb default '{}'::jsonb not null
);
alter table crm.contacts enable row level security;
comment on table crm.contacts is 'component: crm';
revoke all on table crm.contacts from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.contacts to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contacts to service_role;
grant insert on table crm.contacts to steward_import_writer;

alter table crm.contacts add constraint contacts_name_present CHECK (btrim(name) <> ''::text);

alter table crm.contacts add constraint contacts_not_own_spouse CHECK (spouse_id IS DISTINCT FROM id);

alter table crm.contacts add constraint contacts_pkey PRIMARY KEY (id);

alter table crm.contacts add constraint contacts_short_id_key UNIQUE (short_id);

CREATE INDEX contacts_created_by_idx ON crm.contacts USING btree (created_by);

CREATE INDEX contacts_custom_idx ON crm.contacts USING gin (custom);

CREATE INDEX contacts_first_name_trgm ON crm.contacts USING gin (lower(first_name) extensions.gin_trgm_ops);

CREATE INDEX contacts_last_name_trgm ON crm.contacts USING gin (lower(last_name) extensions.gin_trgm_ops);

CREATE INDEX contacts_name_id_idx ON crm.contacts USING btree (name, id);

CREATE INDEX contacts_name_trgm ON crm.contacts USING gin (lower(name) extensions.gin_trgm_ops);

CREATE INDEX contacts_org_name_idx ON crm.contacts USING btree (org_name);

CREATE INDEX contacts_org_name_name_desc_id_idx ON crm.contacts USING btree (org_name, name DESC, id) WHERE (NOT archive);

CREATE INDEX contacts_org_name_name_id_idx ON crm.contacts USING btree (org_name, name, id) WHERE (NOT archive);

CREATE INDEX contacts_primary_owner_idx ON crm.contacts USING btree (primary_owner_id);

CREATE INDEX contacts_search_idx ON crm.contacts USING gin (app.search_norm(name) extensions.gin_trgm_ops);

CREATE INDEX contacts_secondary_owner_idx ON crm.contacts USING btree (secondary_owner_id);

CREATE INDEX contacts_spouse_id_fk_idx ON crm.contacts USING btree (spouse_id);

CREATE INDEX contacts_type_id_fk_idx ON crm.contacts USING btree (type_id);

create table crm.crm_file_types (
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
alter table crm.crm_file_types enable row level security;
comment on table crm.crm_file_types is 'component: crm';
revoke all on table crm.crm_file_types from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.crm_file_types to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.crm_file_types to service_role;

alter table crm.crm_file_types add constraint crm_file_types_name_present CHECK (btrim(name) <> ''::text);

alter table crm.crm_file_types add constraint crm_file_types_pkey PRIMARY KEY (id);

CREATE INDEX crm_file_types_org_name_idx ON crm.crm_file_types USING btree (org_name);

CREATE UNIQUE INDEX crm_file_types_org_name_key ON crm.crm_file_types USING btree (org_name, lower(name));

create table crm.crm_files (
  id uuid default gen_random_uuid() not null,
  name text not null,
  description text,
  url text,
  business_id uuid,
  household_id uuid,
  contact_id uuid,
  type_id uuid,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  storage_path text,
  content_type text,
  size_bytes bigint,
  user_id uuid
);
alter table crm.crm_files enable row level security;
comment on table crm.crm_files is 'component: crm';
revoke all on table crm.crm_files from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.crm_files to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.crm_files to service_role;

alter table crm.crm_files add constraint crm_files_name_present CHECK (btrim(name) <> ''::text);

alter table crm.crm_files add constraint crm_files_pkey PRIMARY KEY (id);

alter table crm.crm_files add constraint crm_files_size_positive CHECK (size_bytes IS NULL OR size_bytes >= 0);

alter table crm.crm_files add constraint crm_files_storage_path_own CHECK (storage_path IS NULL OR split_part(storage_path, '/'::text, 2) = (id)::text);

CREATE INDEX crm_files_business_id_fk_idx ON crm.crm_files USING btree (business_id);

CREATE INDEX crm_files_contact_id_fk_idx ON crm.crm_files USING btree (contact_id);

CREATE INDEX crm_files_household_id_fk_idx ON crm.crm_files USING btree (household_id);

CREATE INDEX crm_files_org_name_idx ON crm.crm_files USING btree (org_name);

CREATE INDEX crm_files_type_id_fk_idx ON crm.crm_files USING btree (type_id);

CREATE INDEX crm_files_user_id_fk_idx ON crm.crm_files USING btree (user_id);

create table crm.households (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  name text not null,
  description text,
  image_link text,
  status app.record_status default 'Active'::text not null,
  primary_owner_id uuid,
  secondary_owner_id uuid,
  primary_contact_id uuid,
  secondary_contact_id uuid,
  preferred_addressee text,
  preferred_salutation text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  custom jsonb default '{}'::jsonb not null
);
alter table crm.households enable row level security;
comment on table crm.households is 'component: crm';
revoke all on table crm.households from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.households to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.households to service_role;

alter table crm.households add constraint households_name_present CHECK (btrim(name) <> ''::text);

alter table crm.households add constraint households_pkey PRIMARY KEY (id);

alter table crm.households add constraint households_short_id_key UNIQUE (short_id);

CREATE INDEX households_created_by_idx ON crm.households USING btree (created_by);

CREATE INDEX households_custom_idx ON crm.households USING gin (custom);

CREATE INDEX households_name_id_idx ON crm.households USING btree (name, id);

CREATE INDEX households_name_trgm ON crm.households USING gin (lower(name) extensions.gin_trgm_ops);

CREATE INDEX households_org_name_idx ON crm.households USING btree (org_name);

CREATE INDEX households_org_name_name_desc_id_idx ON crm.households USING btree (org_name, name DESC, id) WHERE (NOT archive);

CREATE INDEX households_org_name_name_id_idx ON crm.households USING btree (org_name, name, id) WHERE (NOT archive);

CREATE INDEX households_primary_contact_id_fk_idx ON crm.households USING btree (primary_contact_id);

CREATE INDEX households_primary_owner_idx ON crm.households USING btree (primary_owner_id);

CREATE INDEX households_search_idx ON crm.households USING gin (app.search_norm(name) extensions.gin_trgm_ops);

CREATE INDEX households_secondary_contact_id_fk_idx ON crm.households USING btree (secondary_contact_id);

CREATE INDEX households_secondary_owner_idx ON crm.households USING btree (secondary_owner_id);

create table crm.import_jobs (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  kind text not null,
  auth_user_id uuid default auth.uid() not null,
  created_at timestamp with time zone default now() not null
);
alter table crm.import_jobs enable row level security;
comment on table crm.import_jobs is 'a CSV import in progress: its staged rows wait in crm.import_rows until crm.import_job moves them, or the job is deleted (cancel)';
revoke all on table crm.import_jobs from public, anon, authenticated, service_role;
grant delete, insert, select on table crm.import_jobs to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.import_jobs to service_role;
grant select on table crm.import_jobs to steward_import_writer;
grant update (created_at) on table crm.import_jobs to steward_import_writer;

alter table crm.import_jobs add constraint import_jobs_kind_check CHECK (kind = ANY (ARRAY['business'::text, 'contact'::text]));

alter table crm.import_jobs add constraint import_jobs_pkey PRIMARY KEY (id);

CREATE INDEX import_jobs_org ON crm.import_jobs USING btree (org_name);

CREATE INDEX import_jobs_user ON crm.import_jobs USING btree (auth_user_id, created_at);

create table crm.import_rows (
  job_id uuid not null,
  line integer not null,
  record_id uuid default gen_random_uuid() not null,
  name text default ''::text not null,
  dba_name text,
  first_name text,
  last_name text,
  type text,
  phone text,
  email text,
  address_line_1 text,
  city text,
  state text,
  zip text,
  primary_owner text,
  secondary_owner text,
  status text,
  description text,
  custom jsonb
);
alter table crm.import_rows enable row level security;
comment on table crm.import_rows is 'the staged rows of an import job, one per CSV line';
revoke all on table crm.import_rows from public, anon, authenticated, service_role;
grant insert, select on table crm.import_rows to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.import_rows to service_role;
grant select on table crm.import_rows to steward_import_writer;

alter table crm.import_rows add constraint import_rows_line_check CHECK (line > 0);

alter table crm.import_rows add constraint import_rows_pkey PRIMARY KEY (job_id, line);

create table crm.locations (
  id uuid default gen_random_uuid() not null,
  label text not null,
  notes text,
  is_primary boolean default false not null,
  status app.record_status default 'Active'::text not null,
  status_notes text,
  address_line_1 text,
  address_line_2 text,
  address_line_3 text,
  city text,
  state text,
  zip text,
  country text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table crm.locations enable row level security;
comment on table crm.locations is 'component: crm';
revoke all on table crm.locations from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.locations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.locations to service_role;

alter table crm.locations add constraint locations_label_present CHECK (btrim(label) <> ''::text);

alter table crm.locations add constraint locations_pkey PRIMARY KEY (id);

CREATE INDEX locations_org_name_idx ON crm.locations USING btree (org_name);

create table crm.note_types (
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
alter table crm.note_types enable row level security;
comment on table crm.note_types is 'component: crm';
revoke all on table crm.note_types from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.note_types to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.note_types to service_role;

alter table crm.note_types add constraint note_types_name_present CHECK (btrim(name) <> ''::text);

alter table crm.note_types add constraint note_types_pkey PRIMARY KEY (id);

CREATE INDEX note_types_org_name_idx ON crm.note_types USING btree (org_name);

CREATE UNIQUE INDEX note_types_org_name_key ON crm.note_types USING btree (org_name, lower(name));

create table crm.notes (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  name text not null,
  type_id uuid,
  contact_method_id uuid,
  description text not null,
  important boolean default false not null,
  file_link text,
  contact_id uuid,
  business_id uuid,
  household_id uuid,
  label text,
  status app.record_status default 'Active'::text not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table crm.notes enable row level security;
comment on table crm.notes is 'component: crm';
revoke all on table crm.notes from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.notes to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.notes to service_role;

alter table crm.notes add constraint notes_description_present CHECK (btrim(description) <> ''::text);

alter table crm.notes add constraint notes_name_present CHECK (btrim(name) <> ''::text);

alter table crm.notes add constraint notes_pkey PRIMARY KEY (id);

alter table crm.notes add constraint notes_short_id_key UNIQUE (short_id);

CREATE INDEX notes_business_idx ON crm.notes USING btree (business_id);

CREATE INDEX notes_contact_idx ON crm.notes USING btree (contact_id);

CREATE INDEX notes_contact_method_id_fk_idx ON crm.notes USING btree (contact_method_id);

CREATE INDEX notes_household_idx ON crm.notes USING btree (household_id);

CREATE INDEX notes_org_name_idx ON crm.notes USING btree (org_name);

CREATE INDEX notes_type_id_fk_idx ON crm.notes USING btree (type_id);

create table crm.other_contact_methods (
  id uuid default gen_random_uuid() not null,
  value text not null,
  label text not null,
  business_id uuid,
  contact_id uuid,
  user_id uuid,
  household_id uuid,
  type_id uuid,
  status app.record_status default 'Active'::text not null,
  status_notes text,
  is_primary boolean default false not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table crm.other_contact_methods enable row level security;
comment on table crm.other_contact_methods is 'component: crm';
revoke all on table crm.other_contact_methods from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.other_contact_methods to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.other_contact_methods to service_role;

alter table crm.other_contact_methods add constraint other_contact_methods_has_owner CHECK (num_nonnulls(user_id, business_id, contact_id, household_id) >= 1);

alter table crm.other_contact_methods add constraint other_contact_methods_pkey PRIMARY KEY (id);

alter table crm.other_contact_methods add constraint other_contact_methods_value_present CHECK (btrim(value) <> ''::text);

CREATE INDEX other_contact_methods_business_idx ON crm.other_contact_methods USING btree (business_id);

CREATE INDEX other_contact_methods_contact_idx ON crm.other_contact_methods USING btree (contact_id);

CREATE INDEX other_contact_methods_household_id_fk_idx ON crm.other_contact_methods USING btree (household_id);

CREATE INDEX other_contact_methods_org_name_idx ON crm.other_contact_methods USING btree (org_name);

CREATE INDEX other_contact_methods_type_id_fk_idx ON crm.other_contact_methods USING btree (type_id);

CREATE INDEX other_contact_methods_user_id_fk_idx ON crm.other_contact_methods USING btree (user_id);

create table crm.relationships (
  id uuid default gen_random_uuid() not null,
  title text not null,
  notes text,
  business_id1 uuid,
  business_id2 uuid,
  business_primary boolean default false not null,
  contact_id1 uuid,
  contact_id2 uuid,
  contact_primary boolean default false not null,
  household_id1 uuid,
  household_id2 uuid,
  household_primary boolean default false not null,
  household_secondary boolean default false not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table crm.relationships enable row level security;
comment on table crm.relationships is 'component: crm';
revoke all on table crm.relationships from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.relationships to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.relationships to service_role;

alter table crm.relationships add constraint relationships_pkey PRIMARY KEY (id);

alter table crm.relationships add constraint relationships_title_present CHECK (btrim(title) <> ''::text);

CREATE INDEX relationships_business_id1_fk_idx ON crm.relationships USING btree (business_id1);

CREATE INDEX relationships_business_id2_fk_idx ON crm.relationships USING btree (business_id2);

CREATE INDEX relationships_contact_id1_fk_idx ON crm.relationships USING btree (contact_id1);

CREATE INDEX relationships_contact_id2_fk_idx ON crm.relationships USING btree (contact_id2);

CREATE INDEX relationships_household_id1_fk_idx ON crm.relationships USING btree (household_id1);

CREATE INDEX relationships_household_id2_fk_idx ON crm.relationships USING btree (household_id2);

CREATE INDEX relationships_org_name_idx ON crm.relationships USING btree (org_name);

create table crm.mail_campaigns (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  subject text not null,
  body text not null,
  record_kind text not null,
  total integer default 0 not null,
  queued integer default 0 not null,
  skipped integer default 0 not null,
  created_by uuid,
  created_at timestamp with time zone default now() not null
);

alter table crm.mail_campaigns enable row level security;

comment on table crm.mail_campaigns is 'component: crm (mail to many: one per crm.send_to_many; written by that function only)';

revoke all on table crm.mail_campaigns from public, anon, authenticated, service_role;

grant select on table crm.mail_campaigns to authenticated;

grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.mail_campaigns to service_role;

alter table crm.mail_campaigns add constraint mail_campaigns_pkey PRIMARY KEY (id);

alter table crm.mail_campaigns add constraint mail_campaigns_record_kind_check CHECK (record_kind = ANY (ARRAY['contact'::text, 'business'::text, 'household'::text, 'user'::text, 'staff'::text, 'reservation'::text]));

CREATE INDEX mail_campaigns_org_name_idx ON crm.mail_campaigns USING btree (org_name, created_at);

CREATE INDEX mail_campaigns_created_by_idx ON crm.mail_campaigns USING btree (created_by);

create table crm.messages (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  direction text not null,
  thread_id uuid not null,
  message_id text not null,
  in_reply_to text,
  subject text default ''::text not null,
  body_text text default ''::text not null,
  body_html text,
  from_email text,
  from_name text,
  to_emails text[] default '{}'::text[] not null,
  cc_emails text[] default '{}'::text[] not null,
  status text not null,
  error text,
  sent_by uuid,
  campaign_id uuid,
  created_at timestamp with time zone default now() not null,
  sent_at timestamp with time zone,
  inbox boolean default false not null
);

alter table crm.messages enable row level security;

comment on table crm.messages is 'component: crm (one e-mail sent or received; seen by whoever may see one of the records it is linked to, an inbox message by CRM editors; written by the conversation functions only)';

comment on column crm.messages.inbox is 'received and linked to no record yet: waits in the organisation''s inbox';

revoke all on table crm.messages from public, anon, authenticated, service_role;

grant select on table crm.messages to authenticated;

grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.messages to service_role;
grant insert, select on table crm.messages to steward_mail_writer;

alter table crm.messages add constraint messages_pkey PRIMARY KEY (id);

alter table crm.messages add constraint messages_direction_check CHECK (direction = ANY (ARRAY['out'::text, 'in'::text]));

alter table crm.messages add constraint messages_status_check CHECK (status = ANY (ARRAY['queued'::text, 'sent'::text, 'failed'::text, 'received'::text]) AND (direction = 'in'::text) = (status = 'received'::text));

alter table crm.messages add constraint messages_inbox_received CHECK (NOT inbox OR direction = 'in'::text);

alter table crm.messages add constraint messages_subject_one_line CHECK (subject !~ '[\r\n]'::text AND length(subject) <= 998);

CREATE UNIQUE INDEX messages_org_message_id_key ON crm.messages USING btree (org_name, message_id);

CREATE INDEX messages_thread_id_idx ON crm.messages USING btree (thread_id);

CREATE INDEX messages_sent_by_idx ON crm.messages USING btree (sent_by);

CREATE INDEX messages_campaign_id_idx ON crm.messages USING btree (campaign_id);

CREATE INDEX messages_inbox_idx ON crm.messages USING btree (org_name, created_at DESC) WHERE inbox;

create table crm.message_links (
  message_id uuid not null,
  record_kind text not null,
  record_id uuid not null,
  org_name text not null,
  id uuid default gen_random_uuid() not null,
  created_at timestamp with time zone default now() not null
);

alter table crm.message_links enable row level security;

comment on table crm.message_links is 'component: crm (the records a message is on; seen where the record is)';

revoke all on table crm.message_links from public, anon, authenticated, service_role;

grant select on table crm.message_links to authenticated;

grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.message_links to service_role;
grant insert on table crm.message_links to steward_mail_writer;

alter table crm.message_links add constraint message_links_pkey PRIMARY KEY (message_id, record_kind, record_id);

alter table crm.message_links add constraint message_links_record_kind_check CHECK (record_kind = ANY (ARRAY['contact'::text, 'business'::text, 'household'::text, 'user'::text, 'staff'::text, 'reservation'::text]));

CREATE UNIQUE INDEX message_links_id_key ON crm.message_links USING btree (id);

CREATE INDEX message_links_record_idx ON crm.message_links USING btree (record_id, record_kind);

CREATE INDEX message_links_org_name_idx ON crm.message_links USING btree (org_name);

create table crm.message_attachments (
  id uuid default gen_random_uuid() not null,
  message_id uuid not null,
  org_name text not null,
  file_name text not null,
  content_type text default 'application/octet-stream'::text not null,
  size_bytes bigint default 0 not null,
  storage_path text not null,
  bucket_id text default 'message-files'::text not null,
  created_at timestamp with time zone default now() not null
);

alter table crm.message_attachments enable row level security;

comment on table crm.message_attachments is 'component: crm (a message''s files: an object of the private message-files bucket, or a record file of record-files; seen with the message)';

revoke all on table crm.message_attachments from public, anon, authenticated, service_role;

grant select on table crm.message_attachments to authenticated;

grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.message_attachments to service_role;
grant insert on table crm.message_attachments to steward_mail_writer;

alter table crm.message_attachments add constraint message_attachments_pkey PRIMARY KEY (id);

alter table crm.message_attachments add constraint message_attachments_bucket_check CHECK (bucket_id = ANY (ARRAY['message-files'::text, 'record-files'::text]));

alter table crm.message_attachments add constraint message_attachments_size_check CHECK (size_bytes >= 0 AND size_bytes <= 10485760);

alter table crm.message_attachments add constraint message_attachments_file_name_check CHECK (btrim(file_name) <> ''::text AND file_name !~ '[\r\n]'::text);

CREATE INDEX message_attachments_message_id_idx ON crm.message_attachments USING btree (message_id);

CREATE INDEX message_attachments_org_name_idx ON crm.message_attachments USING btree (org_name);

CREATE INDEX message_attachments_storage_path_idx ON crm.message_attachments USING btree (storage_path);

create table crm.mail_suppressions (
  org_name text not null,
  email text not null,
  reason text not null,
  created_at timestamp with time zone default now() not null,
  message_id uuid,
  id uuid default gen_random_uuid() not null
);

alter table crm.mail_suppressions enable row level security;

comment on table crm.mail_suppressions is 'component: crm (addresses no mail of the organisation goes to: unsubscribed or bounced; read by CRM viewers, removed by Settings editors)';

revoke all on table crm.mail_suppressions from public, anon, authenticated, service_role;

grant select, delete on table crm.mail_suppressions to authenticated;

grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.mail_suppressions to service_role;

alter table crm.mail_suppressions add constraint mail_suppressions_pkey PRIMARY KEY (org_name, email);

alter table crm.mail_suppressions add constraint mail_suppressions_reason_check CHECK (reason = ANY (ARRAY['unsubscribed'::text, 'bounced'::text]));

alter table crm.mail_suppressions add constraint mail_suppressions_email_lower CHECK (email = lower(email));

CREATE UNIQUE INDEX mail_suppressions_id_key ON crm.mail_suppressions USING btree (id);

CREATE INDEX mail_suppressions_message_id_idx ON crm.mail_suppressions USING btree (message_id);

CREATE INDEX contact_methods_email_idx ON crm.contact_methods USING btree (org_name, lower(value)) WHERE (kind = 'email'::text);
