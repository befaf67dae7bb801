-- Baseline: the database as release v0.1.0 left it, in one migration (it replaces 62 migrations).
-- Written by `node supabase/local/schema/cli.mjs squash` from supabase/schemas and the rows those
-- migrations inserted. A database that applied all of them records this one as applied instead.

-- schemas/setup.sql
-- roles, schemas, extensions, types and sequences.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

do $$ begin if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated; end if; end $$;
alter role authenticated nologin noinherit nobypassrls;
alter role authenticated set join_collapse_limit = '1';
alter role authenticated set statement_timeout = '8s';

do $$ begin if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator; end if; end $$;
alter role authenticator login noinherit nobypassrls;
grant anon to authenticator;
grant authenticated to authenticator;
grant service_role to authenticator;
alter role authenticator set pgrst.db_pre_request = 'request_check.before_request';

do $$ begin if not exists (select 1 from pg_roles where rolname = 'steward_import_writer') then create role steward_import_writer; end if; end $$;
alter role steward_import_writer nologin inherit bypassrls;

create schema app;
revoke all on schema app from public, anon, authenticated, service_role;
grant usage on schema app to authenticated;
grant usage on schema app to service_role;
grant create, usage on schema app to steward_import_writer;

revoke all on schema auth from public, anon, authenticated, service_role;
grant usage on schema auth to anon;
grant usage on schema auth to authenticated;
grant usage on schema auth to service_role;
grant usage on schema auth to steward_import_writer;

create schema catalog;
revoke all on schema catalog from public, anon, authenticated, service_role;
grant usage on schema catalog to authenticated;
grant usage on schema catalog to service_role;

create schema crm;
revoke all on schema crm from public, anon, authenticated, service_role;
grant usage on schema crm to authenticated;
grant usage on schema crm to service_role;
grant usage on schema crm to steward_import_writer;

revoke all on schema extensions from public, anon, authenticated, service_role;
grant usage on schema extensions to anon;
grant usage on schema extensions to authenticated;
grant usage on schema extensions to service_role;
grant usage on schema extensions to steward_import_writer;

create schema hr;
revoke all on schema hr from public, anon, authenticated, service_role;
grant usage on schema hr to authenticated;
grant usage on schema hr to service_role;

create schema ops;
revoke all on schema ops from public, anon, authenticated, service_role;
grant usage on schema ops to authenticated;
grant usage on schema ops to service_role;

create schema request_check;
revoke all on schema request_check from public, anon, authenticated, service_role;
grant usage on schema request_check to anon;
grant usage on schema request_check to authenticated;
grant usage on schema request_check to service_role;

create schema settings;
revoke all on schema settings from public, anon, authenticated, service_role;
grant usage on schema settings to authenticated;
grant usage on schema settings to service_role;

create extension if not exists btree_gist with schema extensions;

create extension if not exists unaccent with schema extensions;

create domain app.access_level as text
  constraint access_level_check CHECK (VALUE = ANY (ARRAY['None'::text, 'Personal'::text, 'Organization'::text]));

create domain app.create_access as text
  constraint create_access_check CHECK (VALUE = ANY (ARRAY['allowed'::text, 'not_allowed'::text]));

create domain app.email as text
  constraint email_check CHECK (VALUE ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'::text);

create domain app.hex_color as text
  constraint hex_color_check CHECK (VALUE ~ '^#[0-9A-Fa-f]{6}$'::text);

create domain app.record_status as text
  constraint record_status_check CHECK (VALUE = ANY (ARRAY['Active'::text, 'Prospect / Pending'::text, 'Inactive - Former'::text, 'Inactive - Do Not Contact'::text, 'Inactive - Deceased'::text, 'Inactive - Other'::text]));

create domain app.user_status as text
  constraint user_status_check CHECK (VALUE = ANY (ARRAY['Active'::text, 'Pending'::text, 'Inactive'::text]));

create domain public."*/*" as bytea;

-- schemas/app/column_functions.sql
-- app: functions that columns, checks and indexes call.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.contact_method_kind(p_category text, p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case
    when lower(coalesce(p_category, '')) = 'phone' then 'phone'
    when lower(coalesce(p_category, '')) = 'email' then 'email'
    when p_category is null and p_name ~* '(phone|mobile|cell)' then 'phone'
    when p_category is null and p_name ~* 'e-?mail' then 'email'
    else 'other'
  end
$function$;
revoke all on function app.contact_method_kind(p_category text, p_name text) from public, anon, authenticated, service_role;
grant execute on function app.contact_method_kind(p_category text, p_name text) to authenticated;
grant execute on function app.contact_method_kind(p_category text, p_name text) to public;
grant execute on function app.contact_method_kind(p_category text, p_name text) to service_role;

CREATE OR REPLACE FUNCTION app.org_name_key(p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
 SET search_path TO ''
AS $function$
  select lower(app.tidy_org_name(p_name))
$function$;
revoke all on function app.org_name_key(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.org_name_key(p_name text) to authenticated;
grant execute on function app.org_name_key(p_name text) to public;
grant execute on function app.org_name_key(p_name text) to service_role;
comment on function app.org_name_key(p_name text) is 'what makes two organisation names the same: the tidied name in lower case';

CREATE OR REPLACE FUNCTION app.org_slug(p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select coalesce(
    nullif(regexp_replace(regexp_replace(coalesce(p_name, ''), '\s+', '', 'g'), '[^A-Za-z0-9_-]', '-', 'g'), ''),
    'org')
$function$;
revoke all on function app.org_slug(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.org_slug(p_name text) to authenticated;
grant execute on function app.org_slug(p_name text) to service_role;

CREATE OR REPLACE FUNCTION app.reservation_is_active(p_status text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$ select coalesce(p_status, '') not in ('Cancelled', 'No-show') $function$;
revoke all on function app.reservation_is_active(p_status text) from public, anon, authenticated, service_role;
grant execute on function app.reservation_is_active(p_status text) to authenticated;
grant execute on function app.reservation_is_active(p_status text) to public;
grant execute on function app.reservation_is_active(p_status text) to service_role;

CREATE OR REPLACE FUNCTION app.search_digits(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select regexp_replace(coalesce(p_text, ''), '[^0-9]', '', 'g')
$function$;
revoke all on function app.search_digits(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.search_digits(p_text text) to authenticated;
grant execute on function app.search_digits(p_text text) to public;
grant execute on function app.search_digits(p_text text) to service_role;
grant execute on function app.search_digits(p_text text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.search_norm(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(p_text, '')))
$function$;
revoke all on function app.search_norm(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.search_norm(p_text text) to authenticated;
grant execute on function app.search_norm(p_text text) to public;
grant execute on function app.search_norm(p_text text) to service_role;

CREATE OR REPLACE FUNCTION app.tidy_org_name(p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
 SET search_path TO ''
AS $function$
  select btrim(regexp_replace(
           regexp_replace(normalize(p_name, NFKC), '[\u00ad\u180e\u200b-\u200d\u2060\ufeff]', '', 'g'),
           '[\s\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+', ' ', 'g'))
$function$;
revoke all on function app.tidy_org_name(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.tidy_org_name(p_name text) to authenticated;
grant execute on function app.tidy_org_name(p_name text) to public;
grant execute on function app.tidy_org_name(p_name text) to service_role;
comment on function app.tidy_org_name(p_name text) is 'an organisation name as stored: NFKC, invisible characters removed, white space collapsed to one space, trimmed';

-- schemas/auth/column_functions.sql
-- auth: functions that columns, checks and indexes call.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION auth.uid()
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$ select auth.request_claim('sub')::uuid $function$;
revoke all on function auth.uid() from public, anon, authenticated, service_role;
grant execute on function auth.uid() to anon;
grant execute on function auth.uid() to authenticated;
grant execute on function auth.uid() to public;
grant execute on function auth.uid() to service_role;
grant execute on function auth.uid() to steward_import_writer;

-- schemas/app/tables.sql
-- app: tables: columns, keys, checks, indexes, row-level security, privileges.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create table app.history_tables (
  table_name regclass not null,
  component text not null
);
revoke all on table app.history_tables from public, anon, authenticated, service_role;
grant select on table app.history_tables to authenticated;
grant select on table app.history_tables to service_role;

alter table app.history_tables add constraint history_tables_pkey PRIMARY KEY (table_name);

create table app.history_undone (
  batch_id uuid not null,
  undo_batch_id uuid not null,
  undone_at timestamp with time zone default now() not null
);
revoke all on table app.history_undone from public, anon, authenticated, service_role;

alter table app.history_undone add constraint history_undone_pkey PRIMARY KEY (batch_id);

create table app.integration_secrets (
  integration_id uuid not null,
  api_key text,
  api_secret text,
  webhook_secret text,
  last_modified_at timestamp with time zone default now() not null
);
comment on table app.integration_secrets is 'write-only integration secrets; read by server-side code only (service_role)';
revoke all on table app.integration_secrets from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.integration_secrets to service_role;

alter table app.integration_secrets add constraint integration_secrets_pkey PRIMARY KEY (integration_id);

create table app.invite_code_requests (
  email text not null,
  window_started_at timestamp with time zone default now() not null,
  requests integer default 1 not null,
  wrong_codes integer default 0 not null,
  wrong_codes_day_started_at timestamp with time zone,
  wrong_codes_today integer default 0 not null
);
comment on table app.invite_code_requests is 'requests for invitation codes per address and hour, written for every request so invited and other addresses cost the same';
revoke all on table app.invite_code_requests from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.invite_code_requests to service_role;

alter table app.invite_code_requests add constraint invite_code_requests_pkey PRIMARY KEY (email);

create table app.invite_codes (
  profile_id uuid not null,
  email text not null,
  code_hash text not null,
  expires_at timestamp with time zone not null,
  failed_attempts integer default 0 not null,
  window_started_at timestamp with time zone default now() not null,
  sends_in_window integer default 0 not null
);
comment on table app.invite_codes is 'one live code per Pending invitation, stored hashed; written and read only by the invitation functions';
revoke all on table app.invite_codes from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.invite_codes to service_role;

alter table app.invite_codes add constraint invite_codes_pkey PRIMARY KEY (profile_id);

CREATE INDEX invite_codes_email_idx ON app.invite_codes USING btree (email);

create table app.list_sources (
  relation regclass not null,
  base regclass not null,
  columns text[] not null
);
comment on table app.list_sources is 'Lists whose filters and deep pages public.list_page serves: relation read by the list, its base table, and the base columns it shows unchanged';
revoke all on table app.list_sources from public, anon, authenticated, service_role;

alter table app.list_sources add constraint list_sources_pkey PRIMARY KEY (relation);

create table app.mail_outbox (
  id bigint generated always as identity not null,
  org_name text,
  kind text not null,
  to_email text not null,
  subject text not null,
  body_text text not null,
  body_html text,
  related_table text,
  related_id uuid,
  created_at timestamp with time zone default now() not null,
  next_attempt_at timestamp with time zone default now() not null,
  attempts integer default 0 not null,
  sent_at timestamp with time zone,
  last_error text
);
comment on table app.mail_outbox is 'e-mails the product sends; written by security definer functions, delivered by one sender (local stack or a hosted worker)';
revoke all on table app.mail_outbox from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.mail_outbox to service_role;

alter table app.mail_outbox add constraint mail_outbox_kind_check CHECK (kind ~ '^[a-z][a-z0-9_]*$'::text);

alter table app.mail_outbox add constraint mail_outbox_pkey PRIMARY KEY (id);

alter table app.mail_outbox add constraint mail_outbox_subject_check CHECK (length(subject) >= 1 AND length(subject) <= 300);

alter table app.mail_outbox add constraint mail_outbox_to_email_check CHECK (to_email ~ '^[^@\s]+@[^@\s]+$'::text);

CREATE INDEX mail_outbox_related ON app.mail_outbox USING btree (related_table, related_id) WHERE (related_id IS NOT NULL);

CREATE INDEX mail_outbox_waiting ON app.mail_outbox USING btree (next_attempt_at) WHERE (sent_at IS NULL);

create table app.request_buckets (
  name text not null,
  client text not null,
  tokens double precision not null,
  refilled_at timestamp with time zone not null
);
comment on table app.request_buckets is 'what is left of each client address''s request limit, as of refilled_at';
revoke all on table app.request_buckets from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.request_buckets to service_role;

alter table app.request_buckets add constraint request_buckets_pkey PRIMARY KEY (name, client);

CREATE INDEX request_buckets_refilled_at_idx ON app.request_buckets USING btree (name, refilled_at);

create table app.request_limits (
  name text not null,
  per_five_minutes integer not null
);
comment on table app.request_limits is 'requests per client address per five minutes for the sign-up and invitation functions (config.toml [auth.rate_limit])';
revoke all on table app.request_limits from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.request_limits to service_role;

alter table app.request_limits add constraint request_limits_name_check CHECK (name = ANY (ARRAY['sign_in_sign_ups'::text, 'token_verifications'::text]));

alter table app.request_limits add constraint request_limits_per_five_minutes_check CHECK (per_five_minutes > 0);

alter table app.request_limits add constraint request_limits_pkey PRIMARY KEY (name);

create table app.sales_by_month (
  org_name text not null,
  month date not null,
  created_by uuid,
  revenue numeric(14,2) default 0 not null,
  sales integer default 0 not null
);
alter table app.sales_by_month enable row level security;
comment on table app.sales_by_month is 'Sum and count of active sale transactions per organisation, calendar month and author; maintained by triggers on public.transactions.';
revoke all on table app.sales_by_month from public, anon, authenticated, service_role;
grant select on table app.sales_by_month to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.sales_by_month to service_role;

alter table app.sales_by_month add constraint sales_by_month_key UNIQUE NULLS NOT DISTINCT (org_name, month, created_by);

create table app.scheduled_jobs (
  name text not null,
  function_name regproc not null,
  every interval not null,
  last_run_at timestamp with time zone,
  last_error text
);
comment on table app.scheduled_jobs is 'time-based work: app.run_due_jobs() runs each function when its interval has passed';
revoke all on table app.scheduled_jobs from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.scheduled_jobs to service_role;

alter table app.scheduled_jobs add constraint scheduled_jobs_every_check CHECK (every >= '00:01:00'::interval);

alter table app.scheduled_jobs add constraint scheduled_jobs_name_check CHECK (name ~ '^[a-z][a-z0-9_]*$'::text);

alter table app.scheduled_jobs add constraint scheduled_jobs_pkey PRIMARY KEY (name);

create table app.search_words (
  org_name text not null,
  variant text not null,
  word text not null
);
comment on table app.search_words is 'Words of an organisation''s contact, business and household names (normalised, letters only, 3–40 characters), each with its one-letter deletions: how global search corrects a typo in a word';
revoke all on table app.search_words from public, anon, authenticated, service_role;

alter table app.search_words add constraint search_words_pkey PRIMARY KEY (org_name, variant, word);

create table app.shown_contact_methods (
  parent_id uuid not null,
  phone_id uuid,
  email_id uuid,
  address_id uuid
);
comment on table app.shown_contact_methods is 'The contact method and address each contact, business, household and user shows in lists; maintained by triggers on crm.contact_methods, crm.addresses and crm.contact_method_types.';
revoke all on table app.shown_contact_methods from public, anon, authenticated, service_role;
grant select on table app.shown_contact_methods to authenticated;
grant select on table app.shown_contact_methods to service_role;

alter table app.shown_contact_methods add constraint shown_contact_methods_pkey PRIMARY KEY (parent_id);

create table app.task_digests_sent (
  profile_id uuid not null,
  sent_on date not null,
  mail_id bigint
);
revoke all on table app.task_digests_sent from public, anon, authenticated, service_role;

alter table app.task_digests_sent add constraint task_digests_sent_pkey PRIMARY KEY (profile_id, sent_on);

-- schemas/catalog/tables.sql
-- catalog: tables: columns, keys, checks, indexes, row-level security, privileges.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create table catalog.accommodation_blocks (
  id uuid default gen_random_uuid() not null,
  accommodation_id uuid not null,
  block_start timestamp with time zone not null,
  block_end timestamp with time zone not null,
  notes text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.accommodation_blocks enable row level security;
comment on table catalog.accommodation_blocks is 'component: lodging';
revoke all on table catalog.accommodation_blocks from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.accommodation_blocks to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.accommodation_blocks to service_role;

alter table catalog.accommodation_blocks add constraint accommodation_blocks_ordered CHECK (block_end > block_start);

alter table catalog.accommodation_blocks add constraint accommodation_blocks_pkey PRIMARY KEY (id);

CREATE INDEX accommodation_blocks_org_name_idx ON catalog.accommodation_blocks USING btree (org_name);

CREATE INDEX accommodation_blocks_window_idx ON catalog.accommodation_blocks USING btree (accommodation_id, block_start, block_end);

create table catalog.accommodation_classes (
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
alter table catalog.accommodation_classes enable row level security;
comment on table catalog.accommodation_classes is 'component: lodging';
revoke all on table catalog.accommodation_classes from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.accommodation_classes to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.accommodation_classes to service_role;

alter table catalog.accommodation_classes add constraint accommodation_classes_pkey PRIMARY KEY (id);

CREATE INDEX accommodation_classes_org_name_idx ON catalog.accommodation_classes USING btree (org_name);

create table catalog.accommodation_files (
  id uuid default gen_random_uuid() not null,
  name text,
  description text,
  url text,
  accommodation_id uuid not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.accommodation_files enable row level security;
comment on table catalog.accommodation_files is 'component: lodging';
revoke all on table catalog.accommodation_files from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.accommodation_files to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.accommodation_files to service_role;

alter table catalog.accommodation_files add constraint accommodation_files_pkey PRIMARY KEY (id);

CREATE INDEX accommodation_files_accommodation_id_fk_idx ON catalog.accommodation_files USING btree (accommodation_id);

CREATE INDEX accommodation_files_org_name_idx ON catalog.accommodation_files USING btree (org_name);

create table catalog.accommodation_rate_types (
  id uuid default gen_random_uuid() not null,
  name text,
  description text,
  abbreviation text,
  card_color app.hex_color,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.accommodation_rate_types enable row level security;
comment on table catalog.accommodation_rate_types is 'component: lodging';
revoke all on table catalog.accommodation_rate_types from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.accommodation_rate_types to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.accommodation_rate_types to service_role;

alter table catalog.accommodation_rate_types add constraint accommodation_rate_types_pkey PRIMARY KEY (id);

CREATE INDEX accommodation_rate_types_org_name_idx ON catalog.accommodation_rate_types USING btree (org_name);

create table catalog.accommodation_rates (
  id uuid default gen_random_uuid() not null,
  name text not null,
  description text,
  start_date date,
  end_date date,
  type_id uuid,
  mon numeric(12,2),
  tue numeric(12,2),
  wed numeric(12,2),
  thu numeric(12,2),
  fri numeric(12,2),
  sat numeric(12,2),
  sun numeric(12,2),
  included_adults integer,
  included_children integer,
  included_pets integer,
  additional_adult numeric(12,2),
  additional_child numeric(12,2),
  additional_pet numeric(12,2),
  class_id uuid,
  accommodation_id uuid,
  priority integer default 0 not null,
  min_stay integer,
  max_stay integer,
  min_advance_days integer,
  max_advance_days integer,
  rate_range daterange generated always as (daterange(start_date, end_date, '[]'::text)) stored,
  qty numeric(12,2) default 1 not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.accommodation_rates enable row level security;
comment on table catalog.accommodation_rates is 'component: lodging';
revoke all on table catalog.accommodation_rates from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.accommodation_rates to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.accommodation_rates to service_role;

alter table catalog.accommodation_rates add constraint accommodation_rates_dates_ordered CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date);

alter table catalog.accommodation_rates add constraint accommodation_rates_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.accommodation_rates add constraint accommodation_rates_pkey PRIMARY KEY (id);

alter table catalog.accommodation_rates add constraint accommodation_rates_stay_ordered CHECK (max_stay IS NULL OR min_stay IS NULL OR max_stay >= min_stay);

CREATE INDEX accommodation_rates_accommodation_idx ON catalog.accommodation_rates USING btree (accommodation_id);

CREATE INDEX accommodation_rates_class_id_fk_idx ON catalog.accommodation_rates USING btree (class_id);

CREATE INDEX accommodation_rates_lookup_idx ON catalog.accommodation_rates USING btree (org_name, priority DESC) WHERE (NOT archive);

CREATE INDEX accommodation_rates_org_name_idx ON catalog.accommodation_rates USING btree (org_name);

CREATE INDEX accommodation_rates_type_id_fk_idx ON catalog.accommodation_rates USING btree (type_id);

create table catalog.accommodation_types (
  id uuid default gen_random_uuid() not null,
  name text,
  description text,
  discount_amount numeric(12,2),
  stay_range int4range,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.accommodation_types enable row level security;
comment on table catalog.accommodation_types is 'component: lodging';
revoke all on table catalog.accommodation_types from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.accommodation_types to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.accommodation_types to service_role;

alter table catalog.accommodation_types add constraint accommodation_types_pkey PRIMARY KEY (id);

CREATE INDEX accommodation_types_org_name_idx ON catalog.accommodation_types USING btree (org_name);

create table catalog.accommodations (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  name text not null,
  description text,
  policies text,
  additional_data jsonb default '{}'::jsonb not null,
  capacity integer,
  class_id uuid,
  type_id uuid,
  beds text,
  base_rate numeric(12,2) not null,
  housekeeping_notes text,
  inventory_count integer default 1 not null,
  image_url text,
  tags text[] default '{}'::text[] not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  caretaker_id uuid
);
alter table catalog.accommodations enable row level security;
comment on table catalog.accommodations is 'component: lodging';
revoke all on table catalog.accommodations from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.accommodations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.accommodations to service_role;

alter table catalog.accommodations add constraint accommodations_base_rate_not_negative CHECK (base_rate >= 0::numeric);

alter table catalog.accommodations add constraint accommodations_capacity_positive CHECK (capacity IS NULL OR capacity > 0);

alter table catalog.accommodations add constraint accommodations_inventory_not_negative CHECK (inventory_count >= 0);

alter table catalog.accommodations add constraint accommodations_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.accommodations add constraint accommodations_pkey PRIMARY KEY (id);

alter table catalog.accommodations add constraint accommodations_short_id_key UNIQUE (short_id);

CREATE INDEX accommodations_caretaker_idx ON catalog.accommodations USING btree (caretaker_id);

CREATE INDEX accommodations_class_id_fk_idx ON catalog.accommodations USING btree (class_id);

CREATE INDEX accommodations_org_name_idx ON catalog.accommodations USING btree (org_name);

CREATE INDEX accommodations_search_idx ON catalog.accommodations USING gin (app.search_norm(name) extensions.gin_trgm_ops);

CREATE INDEX accommodations_type_id_fk_idx ON catalog.accommodations USING btree (type_id);

create table catalog.amenities (
  id uuid default gen_random_uuid() not null,
  name text not null,
  description text,
  type_id uuid,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.amenities enable row level security;
comment on table catalog.amenities is 'component: lodging';
revoke all on table catalog.amenities from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.amenities to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.amenities to service_role;

alter table catalog.amenities add constraint amenities_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.amenities add constraint amenities_pkey PRIMARY KEY (id);

CREATE INDEX amenities_org_name_idx ON catalog.amenities USING btree (org_name);

CREATE INDEX amenities_type_id_fk_idx ON catalog.amenities USING btree (type_id);

create table catalog.amenity_map (
  id uuid default gen_random_uuid() not null,
  accommodation_id uuid not null,
  amenity_id uuid not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.amenity_map enable row level security;
comment on table catalog.amenity_map is 'component: lodging';
revoke all on table catalog.amenity_map from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.amenity_map to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.amenity_map to service_role;

alter table catalog.amenity_map add constraint amenity_map_pair_key UNIQUE (accommodation_id, amenity_id);

alter table catalog.amenity_map add constraint amenity_map_pkey PRIMARY KEY (id);

CREATE INDEX amenity_map_amenity_id_fk_idx ON catalog.amenity_map USING btree (amenity_id);

CREATE INDEX amenity_map_org_name_idx ON catalog.amenity_map USING btree (org_name);

create table catalog.amenity_types (
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
alter table catalog.amenity_types enable row level security;
comment on table catalog.amenity_types is 'component: lodging';
revoke all on table catalog.amenity_types from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.amenity_types to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.amenity_types to service_role;

alter table catalog.amenity_types add constraint amenity_types_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.amenity_types add constraint amenity_types_pkey PRIMARY KEY (id);

CREATE INDEX amenity_types_org_name_idx ON catalog.amenity_types USING btree (org_name);

create table catalog.calendar_feeds (
  id uuid default gen_random_uuid() not null,
  accommodation_id uuid not null,
  name text,
  token_hash text not null,
  revoked_at timestamp with time zone,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.calendar_feeds enable row level security;
comment on table catalog.calendar_feeds is 'component: lodging';
revoke all on table catalog.calendar_feeds from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.calendar_feeds to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.calendar_feeds to service_role;

alter table catalog.calendar_feeds add constraint calendar_feeds_pkey PRIMARY KEY (id);

alter table catalog.calendar_feeds add constraint calendar_feeds_token_hash_key UNIQUE (token_hash);

CREATE INDEX calendar_feeds_accommodation_idx ON catalog.calendar_feeds USING btree (accommodation_id);

CREATE INDEX calendar_feeds_org_name_idx ON catalog.calendar_feeds USING btree (org_name);

create table catalog.lodging_settings (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  tax_percent numeric(6,3) default 0 not null,
  stay_fee numeric(12,2) default 0 not null,
  nightly_fee numeric(12,2) default 0 not null,
  currency text default 'USD'::text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.lodging_settings enable row level security;
comment on table catalog.lodging_settings is 'component: lodging';
revoke all on table catalog.lodging_settings from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.lodging_settings to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.lodging_settings to service_role;

alter table catalog.lodging_settings add constraint lodging_settings_currency_code CHECK (currency ~ '^[A-Z]{3}$'::text);

alter table catalog.lodging_settings add constraint lodging_settings_nightly_fee_not_negative CHECK (nightly_fee >= 0::numeric);

alter table catalog.lodging_settings add constraint lodging_settings_org_name_key UNIQUE (org_name);

alter table catalog.lodging_settings add constraint lodging_settings_pkey PRIMARY KEY (id);

alter table catalog.lodging_settings add constraint lodging_settings_stay_fee_not_negative CHECK (stay_fee >= 0::numeric);

alter table catalog.lodging_settings add constraint lodging_settings_tax_range CHECK (tax_percent >= 0::numeric AND tax_percent <= 100::numeric);

create table catalog.product_option_values (
  id uuid default gen_random_uuid() not null,
  variant_id uuid not null,
  option_id uuid,
  option_value_id uuid,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.product_option_values enable row level security;
comment on table catalog.product_option_values is 'component: catalog';
revoke all on table catalog.product_option_values from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.product_option_values to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.product_option_values to service_role;

alter table catalog.product_option_values add constraint product_option_values_pkey PRIMARY KEY (id);

CREATE INDEX product_option_values_option_id_fk_idx ON catalog.product_option_values USING btree (option_id);

CREATE INDEX product_option_values_option_value_id_fk_idx ON catalog.product_option_values USING btree (option_value_id);

CREATE INDEX product_option_values_org_name_idx ON catalog.product_option_values USING btree (org_name);

CREATE INDEX product_option_values_variant_id_fk_idx ON catalog.product_option_values USING btree (variant_id);

create table catalog.product_options (
  id uuid default gen_random_uuid() not null,
  product_id uuid,
  option_id uuid,
  value text not null,
  "position" integer default 0 not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.product_options enable row level security;
comment on table catalog.product_options is 'component: catalog';
revoke all on table catalog.product_options from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.product_options to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.product_options to service_role;

alter table catalog.product_options add constraint product_options_pkey PRIMARY KEY (id);

alter table catalog.product_options add constraint product_options_value_present CHECK (btrim(value) <> ''::text);

CREATE INDEX product_options_org_name_idx ON catalog.product_options USING btree (org_name);

CREATE INDEX product_options_product_id_fk_idx ON catalog.product_options USING btree (product_id);

create table catalog.product_types (
  id uuid default gen_random_uuid() not null,
  name text not null,
  product_id uuid,
  "position" integer default 0 not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.product_types enable row level security;
comment on table catalog.product_types is 'component: catalog';
revoke all on table catalog.product_types from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.product_types to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.product_types to service_role;

alter table catalog.product_types add constraint product_types_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.product_types add constraint product_types_pkey PRIMARY KEY (id);

CREATE INDEX product_types_org_name_idx ON catalog.product_types USING btree (org_name);

CREATE INDEX product_types_product_id_fk_idx ON catalog.product_types USING btree (product_id);

create table catalog.product_variants (
  id uuid default gen_random_uuid() not null,
  product_id uuid,
  name text not null,
  description text,
  price numeric(12,2),
  tax_code text,
  requires_fulfillment boolean default true not null,
  shippable boolean default true not null,
  track_inventory boolean default false not null,
  allows_subscription boolean default false not null,
  attributes jsonb default '{}'::jsonb not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.product_variants enable row level security;
comment on table catalog.product_variants is 'component: catalog';
revoke all on table catalog.product_variants from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.product_variants to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.product_variants to service_role;

alter table catalog.product_variants add constraint product_variants_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.product_variants add constraint product_variants_pkey PRIMARY KEY (id);

CREATE INDEX product_variants_org_name_idx ON catalog.product_variants USING btree (org_name);

CREATE INDEX product_variants_product_id_fk_idx ON catalog.product_variants USING btree (product_id);

create table catalog.products (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  sku text not null,
  type_id uuid,
  status text default 'Active'::text not null,
  name text not null,
  description text,
  image_url text,
  tags text[] default '{}'::text[] not null,
  price numeric(12,2),
  compare_at_price numeric(12,2),
  cost numeric(12,2),
  track_inventory boolean default false not null,
  allow_backorder boolean default false not null,
  weight_grams numeric(12,2),
  length_cm numeric(12,2),
  width_cm numeric(12,2),
  height_cm numeric(12,2),
  hs_code text,
  country_of_origin text,
  has_variants boolean default false not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.products enable row level security;
comment on table catalog.products is 'component: catalog';
revoke all on table catalog.products from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.products to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.products to service_role;

alter table catalog.products add constraint products_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.products add constraint products_pkey PRIMARY KEY (id);

alter table catalog.products add constraint products_prices_not_negative CHECK (COALESCE(price, 0::numeric) >= 0::numeric AND COALESCE(compare_at_price, 0::numeric) >= 0::numeric AND COALESCE(cost, 0::numeric) >= 0::numeric);

alter table catalog.products add constraint products_short_id_key UNIQUE (short_id);

alter table catalog.products add constraint products_status_present CHECK (btrim(status) <> ''::text);

CREATE INDEX products_org_name_idx ON catalog.products USING btree (org_name);

CREATE INDEX products_search_idx ON catalog.products USING gin (app.search_norm(((name || ' '::text) || sku)) extensions.gin_trgm_ops);

CREATE INDEX products_type_id_fk_idx ON catalog.products USING btree (type_id);

create table catalog.reservation_items (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  name text,
  description text,
  policies text,
  additional_data jsonb default '{}'::jsonb not null,
  capacity integer,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.reservation_items enable row level security;
comment on table catalog.reservation_items is 'component: lodging';
revoke all on table catalog.reservation_items from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.reservation_items to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.reservation_items to service_role;

alter table catalog.reservation_items add constraint reservation_items_pkey PRIMARY KEY (id);

alter table catalog.reservation_items add constraint reservation_items_short_id_key UNIQUE (short_id);

CREATE INDEX reservation_items_org_name_idx ON catalog.reservation_items USING btree (org_name);

create table catalog.reservation_payments (
  id uuid default gen_random_uuid() not null,
  reservation_id uuid not null,
  line_type text not null,
  source_schema text,
  source_table text,
  source_id uuid,
  qty numeric(12,3) default 1 not null,
  unit_price numeric(12,2) not null,
  discount_amount numeric(12,2) default 0 not null,
  tax_code_id uuid,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  paid_at timestamp with time zone default now() not null,
  method text,
  notes text
);
alter table catalog.reservation_payments enable row level security;
comment on table catalog.reservation_payments is 'component: lodging';
revoke all on table catalog.reservation_payments from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.reservation_payments to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.reservation_payments to service_role;

alter table catalog.reservation_payments add constraint reservation_payments_amount_positive CHECK (qty > 0::numeric AND unit_price >= 0::numeric AND discount_amount >= 0::numeric AND (qty * unit_price - discount_amount) > 0::numeric);

alter table catalog.reservation_payments add constraint reservation_payments_line_type_known CHECK (line_type = ANY (ARRAY['deposit'::text, 'payment'::text, 'refund'::text]));

alter table catalog.reservation_payments add constraint reservation_payments_line_type_present CHECK (btrim(line_type) <> ''::text);

alter table catalog.reservation_payments add constraint reservation_payments_pkey PRIMARY KEY (id);

CREATE INDEX reservation_payments_org_name_idx ON catalog.reservation_payments USING btree (org_name);

CREATE INDEX reservation_payments_reservation_idx ON catalog.reservation_payments USING btree (reservation_id);

create table catalog.reservations (
  id uuid default gen_random_uuid() not null,
  name text not null,
  description text,
  accommodation_id uuid,
  rate_id uuid,
  activity_id uuid,
  project_id uuid,
  source_channel text,
  confirmation text default upper(substr(md5((gen_random_uuid())::text), 1, 8)) not null,
  status text default 'Confirmed'::text not null,
  status_notes text,
  business_id uuid,
  contact_id uuid,
  check_in timestamp with time zone not null,
  check_out timestamp with time zone not null,
  all_day boolean default false not null,
  nights integer,
  adults integer default 1 not null,
  children integer default 0 not null,
  pets integer default 0 not null,
  max_occupancy_ok boolean,
  subtotal numeric(12,2),
  tax_amount numeric(12,2),
  fees_amount numeric(12,2),
  total_amount numeric(12,2),
  refunded_amount numeric(12,2),
  deposit_amount numeric(12,2),
  deposit_paid boolean default false not null,
  policies text,
  cancellation_at timestamp with time zone,
  cancellation_reason text,
  room_notes text,
  food_bev_notes text,
  other_notes text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  price_overridden boolean default false not null,
  confirmation_sent_at timestamp with time zone,
  confirmation_sent_to text
);
alter table catalog.reservations enable row level security;
comment on table catalog.reservations is 'component: lodging';
comment on column catalog.reservations.price_overridden is 'the amounts were typed by hand: the stay is not priced from the rates';
comment on column catalog.reservations.confirmation_sent_at is 'when the confirmation e-mail was queued (set by the database)';
revoke all on table catalog.reservations from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.reservations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.reservations to service_role;

alter table catalog.reservations add constraint reservations_adults_not_negative CHECK (adults >= 0);

alter table catalog.reservations add constraint reservations_children_not_negative CHECK (children >= 0);

alter table catalog.reservations add constraint reservations_confirmation_present CHECK (btrim(confirmation) <> ''::text);

alter table catalog.reservations add constraint reservations_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.reservations add constraint reservations_no_double_booking EXCLUDE USING gist (accommodation_id WITH =, tstzrange(check_in, check_out, '[)'::text) WITH &&) WHERE (accommodation_id IS NOT NULL AND app.reservation_is_active(status));

alter table catalog.reservations add constraint reservations_ordered CHECK (check_out > check_in);

alter table catalog.reservations add constraint reservations_pets_not_negative CHECK (pets >= 0);

alter table catalog.reservations add constraint reservations_pkey PRIMARY KEY (id);

alter table catalog.reservations add constraint reservations_status_known CHECK (status = ANY (ARRAY['Tentative'::text, 'Confirmed'::text, 'Checked in'::text, 'Checked out'::text, 'Cancelled'::text, 'No-show'::text]));

CREATE INDEX reservations_accommodation_idx ON catalog.reservations USING btree (accommodation_id);

CREATE INDEX reservations_business_id_fk_idx ON catalog.reservations USING btree (business_id);

CREATE INDEX reservations_contact_id_fk_idx ON catalog.reservations USING btree (contact_id);

CREATE INDEX reservations_org_name_idx ON catalog.reservations USING btree (org_name);

CREATE INDEX reservations_project_id_fk_idx ON catalog.reservations USING btree (project_id);

CREATE INDEX reservations_rate_id_fk_idx ON catalog.reservations USING btree (rate_id);

CREATE INDEX reservations_search_idx ON catalog.reservations USING gin (app.search_norm(((name || ' '::text) || confirmation)) extensions.gin_trgm_ops);

CREATE INDEX reservations_window_end_idx ON catalog.reservations USING btree (org_name, check_out) INCLUDE (check_in, accommodation_id);

CREATE INDEX reservations_window_idx ON catalog.reservations USING btree (org_name, check_in, check_out);

create table catalog.resource_classes (
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
alter table catalog.resource_classes enable row level security;
comment on table catalog.resource_classes is 'component: lodging';
revoke all on table catalog.resource_classes from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.resource_classes to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.resource_classes to service_role;

alter table catalog.resource_classes add constraint resource_classes_pkey PRIMARY KEY (id);

CREATE INDEX resource_classes_org_name_idx ON catalog.resource_classes USING btree (org_name);

create table catalog.resource_reservations (
  id uuid default gen_random_uuid() not null,
  name text not null,
  description text,
  reservation_item_id uuid,
  source_channel text,
  status text,
  status_notes text,
  reserved_start timestamp with time zone,
  reserved_end timestamp with time zone,
  subtotal numeric(12,2),
  tax_amount numeric(12,2),
  fees_amount numeric(12,2),
  total_amount numeric(12,2),
  policies text,
  cancellation_at timestamp with time zone,
  cancellation_reason text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.resource_reservations enable row level security;
comment on table catalog.resource_reservations is 'component: lodging';
revoke all on table catalog.resource_reservations from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.resource_reservations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.resource_reservations to service_role;

alter table catalog.resource_reservations add constraint resource_reservations_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.resource_reservations add constraint resource_reservations_ordered CHECK (reserved_end IS NULL OR reserved_start IS NULL OR reserved_end > reserved_start);

alter table catalog.resource_reservations add constraint resource_reservations_pkey PRIMARY KEY (id);

CREATE INDEX resource_reservations_org_name_idx ON catalog.resource_reservations USING btree (org_name);

CREATE INDEX resource_reservations_reservation_item_id_fk_idx ON catalog.resource_reservations USING btree (reservation_item_id);

create table catalog.resource_types (
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
alter table catalog.resource_types enable row level security;
comment on table catalog.resource_types is 'component: lodging';
revoke all on table catalog.resource_types from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.resource_types to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.resource_types to service_role;

alter table catalog.resource_types add constraint resource_types_pkey PRIMARY KEY (id);

CREATE INDEX resource_types_org_name_idx ON catalog.resource_types USING btree (org_name);

create table catalog.supplies (
  id uuid default gen_random_uuid() not null,
  name text not null,
  description text,
  category text,
  unit_type text,
  unit_qty numeric(12,3),
  last_cost numeric(12,2),
  last_purchase_date date,
  vendor text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.supplies enable row level security;
comment on table catalog.supplies is 'component: catalog';
revoke all on table catalog.supplies from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.supplies to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.supplies to service_role;

alter table catalog.supplies add constraint supplies_amounts_not_negative CHECK (COALESCE(unit_qty, 0::numeric) >= 0::numeric AND COALESCE(last_cost, 0::numeric) >= 0::numeric);

alter table catalog.supplies add constraint supplies_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.supplies add constraint supplies_pkey PRIMARY KEY (id);

CREATE INDEX supplies_org_name_idx ON catalog.supplies USING btree (org_name);

CREATE INDEX supplies_search_idx ON catalog.supplies USING gin (app.search_norm(((name || ' '::text) || COALESCE(vendor, ''::text))) extensions.gin_trgm_ops);

create table catalog.unit_conversions (
  id uuid default gen_random_uuid() not null,
  name text not null,
  description text,
  display_name text,
  unit_type_1 uuid,
  unit_type_2 uuid,
  factor numeric,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.unit_conversions enable row level security;
comment on table catalog.unit_conversions is 'component: catalog';
revoke all on table catalog.unit_conversions from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.unit_conversions to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.unit_conversions to service_role;

alter table catalog.unit_conversions add constraint unit_conversions_factor_positive CHECK (factor IS NULL OR factor > 0::numeric);

alter table catalog.unit_conversions add constraint unit_conversions_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.unit_conversions add constraint unit_conversions_pkey PRIMARY KEY (id);

CREATE INDEX unit_conversions_org_name_idx ON catalog.unit_conversions USING btree (org_name);

CREATE INDEX unit_conversions_unit_type_1_fk_idx ON catalog.unit_conversions USING btree (unit_type_1);

CREATE INDEX unit_conversions_unit_type_2_fk_idx ON catalog.unit_conversions USING btree (unit_type_2);

create table catalog.unit_types (
  id uuid default gen_random_uuid() not null,
  name text not null,
  description text,
  display_name text,
  type text,
  abbreviation text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.unit_types enable row level security;
comment on table catalog.unit_types is 'component: catalog';
revoke all on table catalog.unit_types from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.unit_types to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.unit_types to service_role;

alter table catalog.unit_types add constraint unit_types_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.unit_types add constraint unit_types_pkey PRIMARY KEY (id);

CREATE INDEX unit_types_org_name_idx ON catalog.unit_types USING btree (org_name);

create table catalog.variant_option_values (
  id uuid default gen_random_uuid() not null,
  variant_id uuid not null,
  option_id uuid,
  option_value_id uuid,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table catalog.variant_option_values enable row level security;
comment on table catalog.variant_option_values is 'component: catalog';
revoke all on table catalog.variant_option_values from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.variant_option_values to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.variant_option_values to service_role;

alter table catalog.variant_option_values add constraint variant_option_values_pkey PRIMARY KEY (id);

CREATE INDEX variant_option_values_option_id_fk_idx ON catalog.variant_option_values USING btree (option_id);

CREATE INDEX variant_option_values_option_value_id_fk_idx ON catalog.variant_option_values USING btree (option_value_id);

CREATE INDEX variant_option_values_org_name_idx ON catalog.variant_option_values USING btree (org_name);

CREATE INDEX variant_option_values_variant_id_fk_idx ON catalog.variant_option_values USING btree (variant_id);

-- schemas/crm/tables.sql
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
  archive boolean default false not null
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
  archive boolean default false not null
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
  archive boolean default false not null
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
  description text
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

-- schemas/hr/tables.sql
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
  archive boolean default false not null
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

CREATE INDEX staff_profiles_digits_idx ON hr.staff_profiles USING gin (app.search_digits(phone) extensions.gin_trgm_ops);

CREATE INDEX staff_profiles_org_name_idx ON hr.staff_profiles USING btree (org_name);

CREATE INDEX staff_profiles_search_idx ON hr.staff_profiles USING gin (app.search_norm(((((((COALESCE(preferred_name, ''::text) || ' '::text) || COALESCE(legal_first_name, ''::text)) || ' '::text) || COALESCE(legal_last_name, ''::text)) || ' '::text) || COALESCE((email)::text, ''::text))) extensions.gin_trgm_ops);

CREATE INDEX staff_profiles_user_profile_id_fk_idx ON hr.staff_profiles USING btree (user_profile_id);

-- schemas/ops/tables.sql
-- ops: tables: columns, keys, checks, indexes, row-level security, privileges.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create table ops.projects (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  name text not null,
  description text,
  status text default 'Active'::text not null,
  start_date date,
  due_date date,
  owner_id uuid,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table ops.projects enable row level security;
comment on table ops.projects is 'component: operations';
revoke all on table ops.projects from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.projects to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.projects to service_role;

alter table ops.projects add constraint projects_dates_ordered CHECK (due_date IS NULL OR start_date IS NULL OR due_date >= start_date);

alter table ops.projects add constraint projects_name_present CHECK (btrim(name) <> ''::text);

alter table ops.projects add constraint projects_pkey PRIMARY KEY (id);

alter table ops.projects add constraint projects_short_id_key UNIQUE (short_id);

alter table ops.projects add constraint projects_status_check CHECK (status = ANY (ARRAY['Planned'::text, 'Active'::text, 'On Hold'::text, 'Completed'::text, 'Cancelled'::text]));

CREATE INDEX projects_org_name_idx ON ops.projects USING btree (org_name);

CREATE INDEX projects_search_idx ON ops.projects USING gin (app.search_norm(name) extensions.gin_trgm_ops);

create table ops.subtasks (
  id uuid default gen_random_uuid() not null,
  task_id uuid not null,
  title text not null,
  status text default 'To Do'::text not null,
  "position" integer default 0 not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table ops.subtasks enable row level security;
comment on table ops.subtasks is 'component: operations';
revoke all on table ops.subtasks from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.subtasks to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.subtasks to service_role;

alter table ops.subtasks add constraint subtasks_pkey PRIMARY KEY (id);

alter table ops.subtasks add constraint subtasks_status_check CHECK (status = ANY (ARRAY['To Do'::text, 'In Progress'::text, 'Blocked'::text, 'Done'::text]));

alter table ops.subtasks add constraint subtasks_title_present CHECK (btrim(title) <> ''::text);

CREATE INDEX subtasks_org_name_idx ON ops.subtasks USING btree (org_name);

CREATE INDEX subtasks_task_idx ON ops.subtasks USING btree (task_id);

create table ops.tasks (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  title text not null,
  description text,
  status text default 'To Do'::text not null,
  priority text default 'Normal'::text not null,
  project_id uuid,
  assignee_id uuid,
  due_date date,
  "position" integer default 0 not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  contact_id uuid,
  business_id uuid,
  household_id uuid,
  reservation_id uuid
);
alter table ops.tasks enable row level security;
comment on table ops.tasks is 'component: operations';
revoke all on table ops.tasks from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.tasks to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.tasks to service_role;

alter table ops.tasks add constraint tasks_pkey PRIMARY KEY (id);

alter table ops.tasks add constraint tasks_priority_check CHECK (priority = ANY (ARRAY['Low'::text, 'Normal'::text, 'High'::text, 'Urgent'::text]));

alter table ops.tasks add constraint tasks_short_id_key UNIQUE (short_id);

alter table ops.tasks add constraint tasks_status_check CHECK (status = ANY (ARRAY['To Do'::text, 'In Progress'::text, 'Blocked'::text, 'Done'::text]));

alter table ops.tasks add constraint tasks_title_present CHECK (btrim(title) <> ''::text);

CREATE INDEX tasks_assignee_idx ON ops.tasks USING btree (assignee_id);

CREATE INDEX tasks_business_idx ON ops.tasks USING btree (business_id);

CREATE INDEX tasks_contact_idx ON ops.tasks USING btree (contact_id);

CREATE INDEX tasks_household_idx ON ops.tasks USING btree (household_id);

CREATE INDEX tasks_open_by_assignee ON ops.tasks USING btree (assignee_id, due_date) WHERE ((status <> 'Done'::text) AND (NOT archive));

CREATE INDEX tasks_open_by_due ON ops.tasks USING btree (due_date) WHERE ((status <> 'Done'::text) AND (NOT archive) AND (assignee_id IS NOT NULL));

CREATE INDEX tasks_org_due_idx ON ops.tasks USING btree (org_name, due_date) WHERE (NOT archive);

CREATE INDEX tasks_org_name_idx ON ops.tasks USING btree (org_name);

CREATE INDEX tasks_project_idx ON ops.tasks USING btree (project_id);

CREATE INDEX tasks_reservation_idx ON ops.tasks USING btree (reservation_id);

CREATE INDEX tasks_search_idx ON ops.tasks USING gin (app.search_norm(title) extensions.gin_trgm_ops);

-- schemas/public/tables.sql
-- public: tables: columns, keys, checks, indexes, row-level security, privileges.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create table public.notifications (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  profile_id uuid not null,
  kind text not null,
  title text not null,
  body text,
  link text not null,
  record_table text,
  record_id uuid,
  dedupe_key text,
  created_at timestamp with time zone default now() not null,
  read_at timestamp with time zone
);
alter table public.notifications enable row level security;
comment on table public.notifications is 'what a person should know: written by database triggers and app.notify_scheduled(); each person reads and marks read only their own rows';
revoke all on table public.notifications from public, anon, authenticated, service_role;
grant select on table public.notifications to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.notifications to service_role;
grant update (read_at) on table public.notifications to authenticated;

alter table public.notifications add constraint notifications_kind_check CHECK (kind = ANY (ARRAY['task_assigned'::text, 'task_due'::text, 'reservation_arriving'::text, 'note_mention'::text]));

alter table public.notifications add constraint notifications_link_path CHECK (link ~ '^/[^/]'::text);

alter table public.notifications add constraint notifications_pkey PRIMARY KEY (id);

alter table public.notifications add constraint notifications_title_present CHECK (btrim(title) <> ''::text);

CREATE UNIQUE INDEX notifications_dedupe_key ON public.notifications USING btree (profile_id, dedupe_key);

CREATE INDEX notifications_org_idx ON public.notifications USING btree (org_name);

CREATE INDEX notifications_recent ON public.notifications USING btree (profile_id, created_at DESC);

CREATE INDEX notifications_unread ON public.notifications USING btree (profile_id, org_name) WHERE (read_at IS NULL);

create table public.orders (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  order_number text,
  order_date date default CURRENT_DATE not null,
  status text default 'Open'::text not null,
  contact_id uuid,
  business_id uuid,
  total_amount numeric(12,2) default 0 not null,
  notes text,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table public.orders enable row level security;
comment on table public.orders is 'component: operations';
revoke all on table public.orders from public, anon, authenticated, service_role;
grant delete, insert, select, update on table public.orders to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.orders to service_role;

alter table public.orders add constraint orders_pkey PRIMARY KEY (id);

alter table public.orders add constraint orders_short_id_key UNIQUE (short_id);

alter table public.orders add constraint orders_status_check CHECK (status = ANY (ARRAY['Open'::text, 'Paid'::text, 'Fulfilled'::text, 'Cancelled'::text, 'Refunded'::text]));

CREATE INDEX orders_business_id_fk_idx ON public.orders USING btree (business_id);

CREATE INDEX orders_contact_id_fk_idx ON public.orders USING btree (contact_id);

CREATE INDEX orders_org_name_idx ON public.orders USING btree (org_name);

CREATE UNIQUE INDEX orders_org_number_key ON public.orders USING btree (org_name, order_number) WHERE (order_number IS NOT NULL);

create table public.organizations (
  id uuid default gen_random_uuid() not null,
  name text not null,
  org_name text generated always as (name) stored,
  display_name text,
  description text,
  type text,
  email text,
  phone text,
  address_line_1 text,
  address_line_2 text,
  city text,
  state text,
  zip text,
  country text,
  website text,
  timezone text,
  language text,
  logo_url text,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table public.organizations enable row level security;
comment on table public.organizations is 'component: settings (members read their organisation; created by apply_for_access)';
revoke all on table public.organizations from public, anon, authenticated, service_role;
grant select on table public.organizations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.organizations to service_role;
grant update (display_name) on table public.organizations to authenticated;
grant update (description) on table public.organizations to authenticated;
grant update (type) on table public.organizations to authenticated;
grant update (email) on table public.organizations to authenticated;
grant update (phone) on table public.organizations to authenticated;
grant update (address_line_1) on table public.organizations to authenticated;
grant update (address_line_2) on table public.organizations to authenticated;
grant update (city) on table public.organizations to authenticated;
grant update (state) on table public.organizations to authenticated;
grant update (zip) on table public.organizations to authenticated;
grant update (country) on table public.organizations to authenticated;
grant update (website) on table public.organizations to authenticated;
grant update (timezone) on table public.organizations to authenticated;
grant update (language) on table public.organizations to authenticated;
grant update (logo_url) on table public.organizations to authenticated;
grant update (archive) on table public.organizations to authenticated;

alter table public.organizations add constraint organizations_name_format CHECK (name = btrim(name) AND length(name) >= 1 AND length(name) <= 120);

alter table public.organizations add constraint organizations_name_key UNIQUE (name);

alter table public.organizations add constraint organizations_name_tidy CHECK (name = app.tidy_org_name(name)) NOT VALID;

alter table public.organizations add constraint organizations_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX organizations_name_lower_key ON public.organizations USING btree (lower(name));

CREATE UNIQUE INDEX organizations_name_normalized_key ON public.organizations USING btree (app.org_name_key(name));

CREATE UNIQUE INDEX organizations_storage_folder_key ON public.organizations USING btree (lower(app.org_slug(name)));

create table public.record_history (
  id bigint generated always as identity not null,
  org_name text not null,
  component text not null,
  table_name text not null,
  record_id uuid not null,
  action text not null,
  via text not null,
  batch_id uuid,
  changes jsonb default '{}'::jsonb not null,
  record_label text,
  actor_id uuid,
  actor_name text,
  owner_ids uuid[] default '{}'::uuid[] not null,
  created_at timestamp with time zone default now() not null
);
alter table public.record_history enable row level security;
comment on table public.record_history is 'who changed what: written by triggers only, readable by the organisation, writable by no API role';
revoke all on table public.record_history from public, anon, authenticated, service_role;
grant select on table public.record_history to authenticated;
grant select on table public.record_history to service_role;

alter table public.record_history add constraint record_history_action_check CHECK (action = ANY (ARRAY['insert'::text, 'update'::text, 'archive'::text, 'restore'::text, 'delete'::text, 'merge'::text]));

alter table public.record_history add constraint record_history_pkey PRIMARY KEY (id);

alter table public.record_history add constraint record_history_via_check CHECK (via = ANY (ARRAY['screen'::text, 'import'::text, 'bulk'::text, 'merge'::text, 'undo'::text, 'system'::text]));

CREATE INDEX record_history_batch ON public.record_history USING btree (batch_id) WHERE (batch_id IS NOT NULL);

CREATE INDEX record_history_org_created ON public.record_history USING btree (org_name, created_at DESC);

CREATE INDEX record_history_record ON public.record_history USING btree (record_id, id DESC);

create table public.transactions (
  id uuid default gen_random_uuid() not null,
  date date default CURRENT_DATE not null,
  description text,
  amount numeric(12,2) default 0 not null,
  transaction_type text default 'sale'::text not null,
  category text,
  reference text,
  order_id uuid,
  contact_id uuid,
  business_id uuid,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  household_id uuid
);
alter table public.transactions enable row level security;
comment on table public.transactions is 'component: operations';
revoke all on table public.transactions from public, anon, authenticated, service_role;
grant delete, insert, select, update on table public.transactions to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.transactions to service_role;

alter table public.transactions add constraint transactions_pkey PRIMARY KEY (id);

alter table public.transactions add constraint transactions_type_check CHECK (transaction_type = ANY (ARRAY['sale'::text, 'refund'::text, 'expense'::text, 'payment'::text, 'deposit'::text, 'adjustment'::text]));

CREATE INDEX transactions_business_date_idx ON public.transactions USING btree (business_id, date DESC) WHERE (business_id IS NOT NULL);

CREATE INDEX transactions_business_id_fk_idx ON public.transactions USING btree (business_id);

CREATE INDEX transactions_contact_date_idx ON public.transactions USING btree (contact_id, date DESC) WHERE (contact_id IS NOT NULL);

CREATE INDEX transactions_contact_id_fk_idx ON public.transactions USING btree (contact_id);

CREATE INDEX transactions_date_idx ON public.transactions USING btree (org_name, date DESC);

CREATE INDEX transactions_household_date_idx ON public.transactions USING btree (household_id, date DESC) WHERE (household_id IS NOT NULL);

CREATE INDEX transactions_household_id_fk_idx ON public.transactions USING btree (household_id);

CREATE INDEX transactions_order_id_fk_idx ON public.transactions USING btree (order_id);

CREATE INDEX transactions_org_name_idx ON public.transactions USING btree (org_name);

CREATE INDEX transactions_type_idx ON public.transactions USING btree (org_name, transaction_type);

create table public.user_profiles (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  auth_user_id uuid,
  org_name text not null,
  name text not null,
  display_name text,
  first_name text,
  last_name text,
  email app.email,
  phone text,
  title text,
  status app.user_status default 'Pending'::text not null,
  role_id uuid,
  group_id uuid,
  team_name text,
  is_staff boolean default false not null,
  source text default 'invited'::text not null,
  invited_by uuid,
  joined_at timestamp with time zone,
  username text,
  timezone text,
  language text,
  avatar_url text,
  address_line_1 text,
  address_line_2 text,
  city text,
  state text,
  zip text,
  country text,
  is_primary boolean default false not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  task_digest boolean default false not null
);
alter table public.user_profiles enable row level security;
comment on table public.user_profiles is 'component: settings (every member reads; users edit their own profile)';
revoke all on table public.user_profiles from public, anon, authenticated, service_role;
grant delete, insert, select, update on table public.user_profiles to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.user_profiles to service_role;
grant select on table public.user_profiles to steward_import_writer;

alter table public.user_profiles add constraint user_profiles_name_present CHECK (btrim(name) <> ''::text);

alter table public.user_profiles add constraint user_profiles_pkey PRIMARY KEY (id);

alter table public.user_profiles add constraint user_profiles_short_id_key UNIQUE (short_id);

CREATE INDEX user_profiles_auth_user_idx ON public.user_profiles USING btree (auth_user_id, status);

CREATE INDEX user_profiles_digits_idx ON public.user_profiles USING gin (app.search_digits(phone) extensions.gin_trgm_ops);

CREATE INDEX user_profiles_email_idx ON public.user_profiles USING btree (lower((email)::text));

CREATE INDEX user_profiles_group_id_fk_idx ON public.user_profiles USING btree (group_id);

CREATE UNIQUE INDEX user_profiles_one_primary_key ON public.user_profiles USING btree (auth_user_id) WHERE (is_primary AND (auth_user_id IS NOT NULL));

CREATE UNIQUE INDEX user_profiles_org_auth_user_key ON public.user_profiles USING btree (org_name, auth_user_id) WHERE (auth_user_id IS NOT NULL);

CREATE UNIQUE INDEX user_profiles_org_email_key ON public.user_profiles USING btree (org_name, lower((email)::text)) WHERE (email IS NOT NULL);

CREATE INDEX user_profiles_org_name_fk_idx ON public.user_profiles USING btree (org_name);

CREATE INDEX user_profiles_role_id_fk_idx ON public.user_profiles USING btree (role_id);

CREATE INDEX user_profiles_search_idx ON public.user_profiles USING gin (app.search_norm(((name || ' '::text) || COALESCE((email)::text, ''::text))) extensions.gin_trgm_ops);

create table public.user_roles (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  role_name text not null,
  description text,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table public.user_roles enable row level security;
comment on table public.user_roles is 'component: settings (every member reads)';
revoke all on table public.user_roles from public, anon, authenticated, service_role;
grant delete, insert, select, update on table public.user_roles to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.user_roles to service_role;

alter table public.user_roles add constraint user_roles_id_org_key UNIQUE (id, org_name);

alter table public.user_roles add constraint user_roles_pkey PRIMARY KEY (id);

alter table public.user_roles add constraint user_roles_role_name_present CHECK (btrim(role_name) <> ''::text);

CREATE UNIQUE INDEX user_roles_org_role_name_key ON public.user_roles USING btree (org_name, lower(role_name));

-- schemas/settings/tables.sql
-- settings: tables: columns, keys, checks, indexes, row-level security, privileges.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create table settings.components (
  id uuid default gen_random_uuid() not null,
  name text not null,
  display_name text not null,
  description text,
  component_type text default 'remote'::text not null,
  created_at timestamp with time zone default now() not null,
  last_modified_at timestamp with time zone default now() not null
);
alter table settings.components enable row level security;
comment on table settings.components is 'platform catalogue: read-only';
revoke all on table settings.components from public, anon, authenticated, service_role;
grant select on table settings.components to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.components to service_role;

alter table settings.components add constraint components_component_type_check CHECK (component_type = ANY (ARRAY['remote'::text, 'feature'::text]));

alter table settings.components add constraint components_name_format CHECK (name ~ '^[a-z][a-z0-9-]*$'::text);

alter table settings.components add constraint components_name_key UNIQUE (name);

alter table settings.components add constraint components_pkey PRIMARY KEY (id);

create table settings.integrations (
  id uuid default gen_random_uuid() not null,
  name text not null,
  type text not null,
  api_key text,
  api_secret text,
  base_url text,
  webhook_url text,
  webhook_secret text,
  settings jsonb default '{}'::jsonb not null,
  is_active boolean default true not null,
  updated_at timestamp with time zone default now() not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  api_key_set boolean default false not null,
  api_key_last4 text,
  api_secret_set boolean default false not null,
  api_secret_last4 text,
  webhook_secret_set boolean default false not null,
  webhook_secret_last4 text
);
alter table settings.integrations enable row level security;
comment on table settings.integrations is 'component: settings (read needs settings edit rights)';
comment on column settings.integrations.api_key is 'write-only: moved to app.integration_secrets on write, always null here';
comment on column settings.integrations.api_secret is 'write-only: moved to app.integration_secrets on write, always null here';
comment on column settings.integrations.webhook_secret is 'write-only: moved to app.integration_secrets on write, always null here';
revoke all on table settings.integrations from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.integrations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.integrations to service_role;

alter table settings.integrations add constraint integrations_name_present CHECK (btrim(name) <> ''::text);

alter table settings.integrations add constraint integrations_pkey PRIMARY KEY (id);

alter table settings.integrations add constraint integrations_type_check CHECK (type = ANY (ARRAY['stripe'::text, 'square'::text, 'etsy'::text, 'woocommerce'::text, 'webhook'::text, 'custom'::text]));

CREATE INDEX integrations_org_name_fk_idx ON settings.integrations USING btree (org_name);

create table settings.org_branding (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  logo_url text,
  primary_color app.hex_color,
  secondary_color app.hex_color,
  accent_color app.hex_color,
  background_color app.hex_color,
  card_color app.hex_color,
  border_color app.hex_color,
  button_color app.hex_color,
  button_text_color app.hex_color,
  text_color app.hex_color,
  link_color app.hex_color,
  font_family text,
  header_font text,
  paragraph_font text,
  custom_css text,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table settings.org_branding enable row level security;
comment on table settings.org_branding is 'component: settings (every member reads)';
revoke all on table settings.org_branding from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.org_branding to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.org_branding to service_role;

alter table settings.org_branding add constraint org_branding_org_name_key UNIQUE (org_name);

alter table settings.org_branding add constraint org_branding_pkey PRIMARY KEY (id);

create table settings.org_components (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  component_id uuid not null,
  name text,
  description text,
  enabled boolean default true not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table settings.org_components enable row level security;
comment on table settings.org_components is 'component: settings (every member reads)';
revoke all on table settings.org_components from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.org_components to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.org_components to service_role;

alter table settings.org_components add constraint org_components_org_component_key UNIQUE (org_name, component_id);

alter table settings.org_components add constraint org_components_pkey PRIMARY KEY (id);

create table settings.saved_filters (
  id uuid default gen_random_uuid() not null,
  profile_id uuid not null,
  list_key text not null,
  name text not null,
  filter jsonb default '{}'::jsonb not null,
  sort jsonb default '[]'::jsonb not null,
  is_default boolean default false not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table settings.saved_filters enable row level security;
comment on table settings.saved_filters is 'component: settings (private to the owning profile)';
revoke all on table settings.saved_filters from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.saved_filters to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.saved_filters to service_role;

alter table settings.saved_filters add constraint saved_filters_list_key_format CHECK (list_key ~ '^[a-z][a-z0-9_]*$'::text);

alter table settings.saved_filters add constraint saved_filters_name_present CHECK (btrim(name) <> ''::text);

alter table settings.saved_filters add constraint saved_filters_pkey PRIMARY KEY (id);

alter table settings.saved_filters add constraint saved_filters_profile_list_name_key UNIQUE (profile_id, list_key, name);

CREATE UNIQUE INDEX saved_filters_one_default_key ON settings.saved_filters USING btree (profile_id, list_key) WHERE is_default;

CREATE INDEX saved_filters_org_name_fk_idx ON settings.saved_filters USING btree (org_name);

create table settings.user_role_permissions (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  role_id uuid not null,
  component_id uuid not null,
  view_access app.access_level default 'None'::text not null,
  create_access app.create_access default 'not_allowed'::text not null,
  edit_access app.access_level default 'None'::text not null,
  delete_access app.access_level default 'None'::text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table settings.user_role_permissions enable row level security;
comment on table settings.user_role_permissions is 'component: settings (members read their own role)';
revoke all on table settings.user_role_permissions from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.user_role_permissions to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.user_role_permissions to service_role;

alter table settings.user_role_permissions add constraint user_role_permissions_pkey PRIMARY KEY (id);

alter table settings.user_role_permissions add constraint user_role_permissions_role_component_key UNIQUE (role_id, component_id);

CREATE INDEX user_role_permissions_org_name_fk_idx ON settings.user_role_permissions USING btree (org_name);

-- schemas/app/foreign_keys.sql
-- app: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table app.integration_secrets add constraint integration_secrets_integration_id_fkey FOREIGN KEY (integration_id) REFERENCES settings.integrations(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;

alter table app.invite_codes add constraint invite_codes_profile_id_fkey FOREIGN KEY (profile_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table app.task_digests_sent add constraint task_digests_sent_profile_id_fkey FOREIGN KEY (profile_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

-- schemas/catalog/foreign_keys.sql
-- catalog: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table catalog.accommodation_blocks add constraint accommodation_blocks_accommodation_id_fkey FOREIGN KEY (accommodation_id) REFERENCES catalog.accommodations(id) ON DELETE CASCADE;

alter table catalog.accommodation_blocks add constraint accommodation_blocks_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_blocks add constraint accommodation_blocks_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_blocks add constraint accommodation_blocks_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodation_classes add constraint accommodation_classes_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_classes add constraint accommodation_classes_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_classes add constraint accommodation_classes_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodation_files add constraint accommodation_files_accommodation_id_fkey FOREIGN KEY (accommodation_id) REFERENCES catalog.accommodations(id) ON DELETE CASCADE;

alter table catalog.accommodation_files add constraint accommodation_files_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_files add constraint accommodation_files_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_files add constraint accommodation_files_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodation_rate_types add constraint accommodation_rate_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_rate_types add constraint accommodation_rate_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_rate_types add constraint accommodation_rate_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodation_rates add constraint accommodation_rates_accommodation_id_fkey FOREIGN KEY (accommodation_id) REFERENCES catalog.accommodations(id) ON DELETE CASCADE;

alter table catalog.accommodation_rates add constraint accommodation_rates_class_id_fkey FOREIGN KEY (class_id) REFERENCES catalog.accommodation_classes(id) ON DELETE SET NULL;

alter table catalog.accommodation_rates add constraint accommodation_rates_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_rates add constraint accommodation_rates_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_rates add constraint accommodation_rates_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodation_rates add constraint accommodation_rates_type_id_fkey FOREIGN KEY (type_id) REFERENCES catalog.accommodation_rate_types(id) ON DELETE SET NULL;

alter table catalog.accommodation_types add constraint accommodation_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_types add constraint accommodation_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_types add constraint accommodation_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodations add constraint accommodations_caretaker_id_fkey FOREIGN KEY (caretaker_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table catalog.accommodations add constraint accommodations_class_id_fkey FOREIGN KEY (class_id) REFERENCES catalog.accommodation_classes(id) ON DELETE SET NULL;

alter table catalog.accommodations add constraint accommodations_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodations add constraint accommodations_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodations add constraint accommodations_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodations add constraint accommodations_type_id_fkey FOREIGN KEY (type_id) REFERENCES catalog.accommodation_types(id) ON DELETE SET NULL;

alter table catalog.amenities add constraint amenities_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.amenities add constraint amenities_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.amenities add constraint amenities_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.amenities add constraint amenities_type_id_fkey FOREIGN KEY (type_id) REFERENCES catalog.amenity_types(id) ON DELETE SET NULL;

alter table catalog.amenity_map add constraint amenity_map_accommodation_id_fkey FOREIGN KEY (accommodation_id) REFERENCES catalog.accommodations(id) ON DELETE CASCADE;

alter table catalog.amenity_map add constraint amenity_map_amenity_id_fkey FOREIGN KEY (amenity_id) REFERENCES catalog.amenities(id) ON DELETE CASCADE;

alter table catalog.amenity_map add constraint amenity_map_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.amenity_map add constraint amenity_map_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.amenity_map add constraint amenity_map_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.amenity_types add constraint amenity_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.amenity_types add constraint amenity_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.amenity_types add constraint amenity_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.calendar_feeds add constraint calendar_feeds_accommodation_id_fkey FOREIGN KEY (accommodation_id) REFERENCES catalog.accommodations(id) ON DELETE CASCADE;

alter table catalog.calendar_feeds add constraint calendar_feeds_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.calendar_feeds add constraint calendar_feeds_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.calendar_feeds add constraint calendar_feeds_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.lodging_settings add constraint lodging_settings_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.lodging_settings add constraint lodging_settings_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.lodging_settings add constraint lodging_settings_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.product_option_values add constraint product_option_values_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_option_values add constraint product_option_values_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_option_values add constraint product_option_values_option_id_fkey FOREIGN KEY (option_id) REFERENCES catalog.product_options(id) ON DELETE CASCADE;

alter table catalog.product_option_values add constraint product_option_values_option_value_id_fkey FOREIGN KEY (option_value_id) REFERENCES catalog.product_options(id) ON DELETE CASCADE;

alter table catalog.product_option_values add constraint product_option_values_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.product_option_values add constraint product_option_values_variant_id_fkey FOREIGN KEY (variant_id) REFERENCES catalog.product_variants(id) ON DELETE CASCADE;

alter table catalog.product_options add constraint product_options_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_options add constraint product_options_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_options add constraint product_options_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.product_options add constraint product_options_product_id_fkey FOREIGN KEY (product_id) REFERENCES catalog.products(id) ON DELETE CASCADE;

alter table catalog.product_types add constraint product_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_types add constraint product_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_types add constraint product_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.product_types add constraint product_types_product_id_fkey FOREIGN KEY (product_id) REFERENCES catalog.products(id) ON DELETE CASCADE;

alter table catalog.product_variants add constraint product_variants_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_variants add constraint product_variants_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_variants add constraint product_variants_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.product_variants add constraint product_variants_product_id_fkey FOREIGN KEY (product_id) REFERENCES catalog.products(id) ON DELETE CASCADE;

alter table catalog.products add constraint products_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.products add constraint products_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.products add constraint products_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.products add constraint products_type_id_fkey FOREIGN KEY (type_id) REFERENCES catalog.product_types(id) ON DELETE SET NULL;

alter table catalog.reservation_items add constraint reservation_items_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.reservation_items add constraint reservation_items_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.reservation_items add constraint reservation_items_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.reservation_payments add constraint reservation_payments_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.reservation_payments add constraint reservation_payments_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.reservation_payments add constraint reservation_payments_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.reservation_payments add constraint reservation_payments_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES catalog.reservations(id) ON DELETE CASCADE;

alter table catalog.reservations add constraint reservations_accommodation_id_fkey FOREIGN KEY (accommodation_id) REFERENCES catalog.accommodations(id) ON DELETE SET NULL;

alter table catalog.reservations add constraint reservations_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE SET NULL;

alter table catalog.reservations add constraint reservations_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table catalog.reservations add constraint reservations_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.reservations add constraint reservations_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.reservations add constraint reservations_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.reservations add constraint reservations_project_id_fkey FOREIGN KEY (project_id) REFERENCES ops.projects(id) ON DELETE SET NULL;

alter table catalog.reservations add constraint reservations_rate_id_fkey FOREIGN KEY (rate_id) REFERENCES catalog.accommodation_rates(id) ON DELETE SET NULL;

alter table catalog.resource_classes add constraint resource_classes_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.resource_classes add constraint resource_classes_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.resource_classes add constraint resource_classes_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.resource_reservations add constraint resource_reservations_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.resource_reservations add constraint resource_reservations_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.resource_reservations add constraint resource_reservations_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.resource_reservations add constraint resource_reservations_reservation_item_id_fkey FOREIGN KEY (reservation_item_id) REFERENCES catalog.reservation_items(id) ON DELETE SET NULL;

alter table catalog.resource_types add constraint resource_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.resource_types add constraint resource_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.resource_types add constraint resource_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.supplies add constraint supplies_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.supplies add constraint supplies_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.supplies add constraint supplies_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.unit_conversions add constraint unit_conversions_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.unit_conversions add constraint unit_conversions_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.unit_conversions add constraint unit_conversions_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.unit_conversions add constraint unit_conversions_unit_type_1_fkey FOREIGN KEY (unit_type_1) REFERENCES catalog.unit_types(id) ON DELETE CASCADE;

alter table catalog.unit_conversions add constraint unit_conversions_unit_type_2_fkey FOREIGN KEY (unit_type_2) REFERENCES catalog.unit_types(id) ON DELETE CASCADE;

alter table catalog.unit_types add constraint unit_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.unit_types add constraint unit_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.unit_types add constraint unit_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.variant_option_values add constraint variant_option_values_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.variant_option_values add constraint variant_option_values_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.variant_option_values add constraint variant_option_values_option_id_fkey FOREIGN KEY (option_id) REFERENCES catalog.product_options(id) ON DELETE CASCADE;

alter table catalog.variant_option_values add constraint variant_option_values_option_value_id_fkey FOREIGN KEY (option_value_id) REFERENCES catalog.product_options(id) ON DELETE CASCADE;

alter table catalog.variant_option_values add constraint variant_option_values_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.variant_option_values add constraint variant_option_values_variant_id_fkey FOREIGN KEY (variant_id) REFERENCES catalog.product_variants(id) ON DELETE CASCADE;

-- schemas/crm/foreign_keys.sql
-- crm: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table crm.addresses add constraint addresses_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.addresses add constraint addresses_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.addresses add constraint addresses_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.addresses add constraint addresses_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.addresses add constraint addresses_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.addresses add constraint addresses_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.addresses add constraint addresses_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table crm.business_types add constraint business_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.business_types add constraint business_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.business_types add constraint business_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.businesses add constraint businesses_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.businesses add constraint businesses_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.businesses add constraint businesses_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.businesses add constraint businesses_primary_owner_id_fkey FOREIGN KEY (primary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.businesses add constraint businesses_secondary_owner_id_fkey FOREIGN KEY (secondary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.businesses add constraint businesses_type_id_fkey FOREIGN KEY (type_id) REFERENCES crm.business_types(id) ON DELETE SET NULL;

alter table crm.contact_method_types add constraint contact_method_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contact_method_types add constraint contact_method_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contact_method_types add constraint contact_method_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.contact_methods add constraint contact_methods_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.contact_methods add constraint contact_methods_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.contact_methods add constraint contact_methods_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contact_methods add constraint contact_methods_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.contact_methods add constraint contact_methods_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contact_methods add constraint contact_methods_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.contact_methods add constraint contact_methods_type_id_fkey FOREIGN KEY (type_id) REFERENCES crm.contact_method_types(id) ON DELETE SET NULL;

alter table crm.contact_methods add constraint contact_methods_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table crm.contact_types add constraint contact_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contact_types add constraint contact_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contact_types add constraint contact_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.contacts add constraint contacts_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contacts add constraint contacts_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contacts add constraint contacts_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.contacts add constraint contacts_primary_owner_id_fkey FOREIGN KEY (primary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.contacts add constraint contacts_secondary_owner_id_fkey FOREIGN KEY (secondary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.contacts add constraint contacts_spouse_id_fkey FOREIGN KEY (spouse_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table crm.contacts add constraint contacts_type_id_fkey FOREIGN KEY (type_id) REFERENCES crm.contact_types(id) ON DELETE SET NULL;

alter table crm.crm_file_types add constraint crm_file_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.crm_file_types add constraint crm_file_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.crm_file_types add constraint crm_file_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.crm_files add constraint crm_files_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.crm_files add constraint crm_files_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.crm_files add constraint crm_files_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.crm_files add constraint crm_files_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.crm_files add constraint crm_files_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.crm_files add constraint crm_files_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.crm_files add constraint crm_files_type_id_fkey FOREIGN KEY (type_id) REFERENCES crm.crm_file_types(id) ON DELETE SET NULL;

alter table crm.crm_files add constraint crm_files_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table crm.households add constraint households_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.households add constraint households_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.households add constraint households_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.households add constraint households_primary_contact_id_fkey FOREIGN KEY (primary_contact_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table crm.households add constraint households_primary_owner_id_fkey FOREIGN KEY (primary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.households add constraint households_secondary_contact_id_fkey FOREIGN KEY (secondary_contact_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table crm.households add constraint households_secondary_owner_id_fkey FOREIGN KEY (secondary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.import_jobs add constraint import_jobs_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.import_rows add constraint import_rows_job_id_fkey FOREIGN KEY (job_id) REFERENCES crm.import_jobs(id) ON DELETE CASCADE;

alter table crm.locations add constraint locations_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.locations add constraint locations_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.locations add constraint locations_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.note_types add constraint note_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.note_types add constraint note_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.note_types add constraint note_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.notes add constraint notes_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.notes add constraint notes_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.notes add constraint notes_contact_method_id_fkey FOREIGN KEY (contact_method_id) REFERENCES crm.contact_methods(id) ON DELETE SET NULL;

alter table crm.notes add constraint notes_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.notes add constraint notes_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.notes add constraint notes_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.notes add constraint notes_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.notes add constraint notes_type_id_fkey FOREIGN KEY (type_id) REFERENCES crm.note_types(id) ON DELETE SET NULL;

alter table crm.other_contact_methods add constraint other_contact_methods_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.other_contact_methods add constraint other_contact_methods_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.other_contact_methods add constraint other_contact_methods_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.other_contact_methods add constraint other_contact_methods_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.other_contact_methods add constraint other_contact_methods_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.other_contact_methods add constraint other_contact_methods_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.other_contact_methods add constraint other_contact_methods_type_id_fkey FOREIGN KEY (type_id) REFERENCES crm.contact_method_types(id) ON DELETE SET NULL;

alter table crm.other_contact_methods add constraint other_contact_methods_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_business_id1_fkey FOREIGN KEY (business_id1) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_business_id2_fkey FOREIGN KEY (business_id2) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_contact_id1_fkey FOREIGN KEY (contact_id1) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_contact_id2_fkey FOREIGN KEY (contact_id2) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.relationships add constraint relationships_household_id1_fkey FOREIGN KEY (household_id1) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_household_id2_fkey FOREIGN KEY (household_id2) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.relationships add constraint relationships_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

-- schemas/hr/foreign_keys.sql
-- hr: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table hr.assignments add constraint assignments_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.assignments add constraint assignments_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.assignments add constraint assignments_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table hr.assignments add constraint assignments_position_id_fkey FOREIGN KEY (position_id) REFERENCES hr.positions(id) ON DELETE CASCADE;

alter table hr.assignments add constraint assignments_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES hr.staff_profiles(id) ON DELETE CASCADE;

alter table hr.groups add constraint groups_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.groups add constraint groups_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.groups add constraint groups_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table hr.positions add constraint positions_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.positions add constraint positions_group_id_fkey FOREIGN KEY (group_id) REFERENCES hr.groups(id) ON DELETE SET NULL;

alter table hr.positions add constraint positions_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.positions add constraint positions_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table hr.shift_members add constraint shift_members_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.shift_members add constraint shift_members_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.shift_members add constraint shift_members_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table hr.shift_members add constraint shift_members_shift_id_fkey FOREIGN KEY (shift_id) REFERENCES hr.shifts(id) ON DELETE CASCADE;

alter table hr.shift_members add constraint shift_members_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES hr.staff_profiles(id) ON DELETE CASCADE;

alter table hr.shifts add constraint shifts_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.shifts add constraint shifts_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.shifts add constraint shifts_location_id_fkey FOREIGN KEY (location_id) REFERENCES crm.locations(id) ON DELETE SET NULL;

alter table hr.shifts add constraint shifts_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table hr.shifts add constraint shifts_position_id_fkey FOREIGN KEY (position_id) REFERENCES hr.positions(id) ON DELETE SET NULL;

alter table hr.shifts add constraint shifts_primary_owner_id_fkey FOREIGN KEY (primary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table hr.shifts add constraint shifts_secondary_owner_id_fkey FOREIGN KEY (secondary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table hr.staff_profiles add constraint staff_profiles_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.staff_profiles add constraint staff_profiles_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.staff_profiles add constraint staff_profiles_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table hr.staff_profiles add constraint staff_profiles_user_profile_id_fkey FOREIGN KEY (user_profile_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

-- schemas/ops/foreign_keys.sql
-- ops: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table ops.projects add constraint projects_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table ops.projects add constraint projects_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table ops.projects add constraint projects_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table ops.projects add constraint projects_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table ops.subtasks add constraint subtasks_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table ops.subtasks add constraint subtasks_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table ops.subtasks add constraint subtasks_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table ops.subtasks add constraint subtasks_task_id_fkey FOREIGN KEY (task_id) REFERENCES ops.tasks(id) ON DELETE CASCADE;

alter table ops.tasks add constraint tasks_assignee_id_fkey FOREIGN KEY (assignee_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table ops.tasks add constraint tasks_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE SET NULL;

alter table ops.tasks add constraint tasks_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table ops.tasks add constraint tasks_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table ops.tasks add constraint tasks_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE SET NULL;

alter table ops.tasks add constraint tasks_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table ops.tasks add constraint tasks_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table ops.tasks add constraint tasks_project_id_fkey FOREIGN KEY (project_id) REFERENCES ops.projects(id) ON DELETE SET NULL;

alter table ops.tasks add constraint tasks_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES catalog.reservations(id) ON DELETE SET NULL;

-- schemas/public/foreign_keys.sql
-- public: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table public.notifications add constraint notifications_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table public.notifications add constraint notifications_profile_id_fkey FOREIGN KEY (profile_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table public.orders add constraint orders_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE SET NULL;

alter table public.orders add constraint orders_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table public.orders add constraint orders_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.orders add constraint orders_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.orders add constraint orders_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table public.organizations add constraint organizations_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.organizations add constraint organizations_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.transactions add constraint transactions_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE SET NULL;

alter table public.transactions add constraint transactions_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table public.transactions add constraint transactions_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.transactions add constraint transactions_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE SET NULL;

alter table public.transactions add constraint transactions_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.transactions add constraint transactions_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE SET NULL;

alter table public.transactions add constraint transactions_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table public.user_profiles add constraint user_profiles_auth_user_id_fkey FOREIGN KEY (auth_user_id) REFERENCES auth.users(id) ON DELETE SET NULL;

alter table public.user_profiles add constraint user_profiles_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.user_profiles add constraint user_profiles_group_id_fkey FOREIGN KEY (group_id) REFERENCES hr.groups(id) ON DELETE SET NULL;

alter table public.user_profiles add constraint user_profiles_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table public.user_profiles add constraint user_profiles_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.user_profiles add constraint user_profiles_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table public.user_profiles add constraint user_profiles_role_in_org_fkey FOREIGN KEY (role_id, org_name) REFERENCES public.user_roles(id, org_name);

alter table public.user_roles add constraint user_roles_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.user_roles add constraint user_roles_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.user_roles add constraint user_roles_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

-- schemas/settings/foreign_keys.sql
-- settings: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table settings.integrations add constraint integrations_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.integrations add constraint integrations_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.integrations add constraint integrations_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.org_branding add constraint org_branding_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.org_branding add constraint org_branding_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.org_branding add constraint org_branding_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.org_components add constraint org_components_component_id_fkey FOREIGN KEY (component_id) REFERENCES settings.components(id) ON DELETE CASCADE;

alter table settings.org_components add constraint org_components_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.org_components add constraint org_components_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.org_components add constraint org_components_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.saved_filters add constraint saved_filters_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.saved_filters add constraint saved_filters_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.saved_filters add constraint saved_filters_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.saved_filters add constraint saved_filters_profile_id_fkey FOREIGN KEY (profile_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table settings.user_role_permissions add constraint user_role_permissions_component_id_fkey FOREIGN KEY (component_id) REFERENCES settings.components(id) ON DELETE CASCADE;

alter table settings.user_role_permissions add constraint user_role_permissions_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.user_role_permissions add constraint user_role_permissions_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.user_role_permissions add constraint user_role_permissions_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.user_role_permissions add constraint user_role_permissions_role_in_org_fkey FOREIGN KEY (role_id, org_name) REFERENCES public.user_roles(id, org_name) ON DELETE CASCADE;

-- schemas/app/functions.sql
-- app: functions.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.access_sql(p_component text, p_action text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select format(
    '(org_name = any ((select app.orgs_with_access(%1$L, %2$L, ''Organization''))::text[]) '
    'or (org_name = any ((select app.orgs_with_access(%1$L, %2$L, ''Personal''))::text[]) '
    'and created_by = any ((select app.my_profile_ids())::uuid[])))',
    p_component, p_action)
$function$;
revoke all on function app.access_sql(p_component text, p_action text) from public, anon, authenticated, service_role;
grant execute on function app.access_sql(p_component text, p_action text) to service_role;
comment on function app.access_sql(p_component text, p_action text) is 'Personal as created_by only: superseded by app.access_sql(component, action, table), which every policy uses.';

CREATE OR REPLACE FUNCTION app.access_sql(p_component text, p_action text, p_table regclass)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select format(
    '(org_name = any ((select app.orgs_with_access(%1$L, %2$L, ''Organization''))::text[]) '
    'or (org_name = any ((select app.orgs_with_access(%1$L, %2$L, ''Personal''))::text[]) '
    'and %3$s))',
    p_component, p_action, app.personal_sql(p_table))
$function$;
revoke all on function app.access_sql(p_component text, p_action text, p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.access_sql(p_component text, p_action text, p_table regclass) to service_role;

CREATE OR REPLACE FUNCTION app.activate_invite_uncounted(p_email text, p_code text, p_password text, p_full_name text, p_title text DEFAULT NULL::text, p_phone text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_full_name text := btrim(coalesce(p_full_name, ''));
  v_profile public.user_profiles%rowtype;
  v_profile_id uuid;
  v_user auth.users%rowtype;
  v_user_id uuid;
  v_has_primary boolean;
begin
  perform app.require_signup_fields(p_email, p_password, p_full_name);
  perform app.require_password(p_password);

  v_profile_id := app.invitation_for_code(v_email, p_code);
  if v_profile_id is null then
    return app.invalid_invite_code(v_email);
  end if;
  select * into v_profile from public.user_profiles p where p.id = v_profile_id for update;

  select * into v_user from auth.users u where lower(u.email) = v_email limit 1;
  if found then
    if v_user.encrypted_password is null
       or v_user.encrypted_password <> extensions.crypt(p_password, v_user.encrypted_password) then
      raise exception using errcode = 'ST008', message = 'The password does not match the existing account for this email';
    end if;
    v_user_id := v_user.id;
  else
    v_user_id := app.create_auth_user(v_email, p_password, jsonb_strip_nulls(jsonb_build_object(
      'full_name', v_full_name, 'title', nullif(btrim(p_title), ''), 'phone', nullif(btrim(p_phone), ''))));
    -- The code proved the address.
    update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = v_user_id;
    update auth.identities
       set identity_data = identity_data || jsonb_build_object('email_verified', true)
     where user_id = v_user_id and provider = 'email';
  end if;

  -- A login belongs to an organisation once.
  if exists (select 1 from public.user_profiles q where q.org_name = v_profile.org_name and q.auth_user_id = v_user_id) then
    raise exception using errcode = 'ST007', message = 'No pending invitation was found for this email';
  end if;
  v_has_primary := exists (select 1 from public.user_profiles p where p.auth_user_id = v_user_id and p.is_primary);

  update public.user_profiles p
     set auth_user_id = v_user_id,
         name = v_full_name,
         title = coalesce(nullif(btrim(p_title), ''), p.title),
         phone = coalesce(nullif(btrim(p_phone), ''), p.phone),
         status = 'Active',
         joined_at = now(),
         is_primary = not v_has_primary
   where p.id = v_profile_id;
  delete from app.invite_codes where profile_id = v_profile_id;

  return jsonb_build_object('user_id', v_user_id, 'profile_id', v_profile_id, 'org_name', v_profile.org_name, 'activated', 1);
end;
$function$;
revoke all on function app.activate_invite_uncounted(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text) from public, anon, authenticated, service_role;
grant execute on function app.activate_invite_uncounted(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text) to service_role;

CREATE OR REPLACE FUNCTION app.add_audit_foreign_keys(p_table regclass)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_name text := (select relname from pg_catalog.pg_class where oid = p_table);
begin
  execute format('alter table %s add constraint %I foreign key (created_by) references public.user_profiles (id) '
                 'on delete set null deferrable initially deferred', p_table, v_name || '_created_by_fkey');
  execute format('alter table %s add constraint %I foreign key (last_modified_by) references public.user_profiles (id) '
                 'on delete set null deferrable initially deferred', p_table, v_name || '_last_modified_by_fkey');
end;
$function$;
revoke all on function app.add_audit_foreign_keys(p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.add_audit_foreign_keys(p_table regclass) to service_role;

CREATE OR REPLACE FUNCTION app.apply_component_policies(p_table regclass, p_component text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from settings.components where name = p_component) and p_component not in
     ('crm', 'catalog', 'lodging', 'team-portal', 'operations', 'settings') then
    raise exception 'Unknown component %', p_component;
  end if;
  execute format('create policy org_read on %s for select to authenticated using '
                 '(org_name = ''_system_default_'' or %s)',
                 p_table, app.access_sql(p_component, 'view', p_table));
  execute format('create policy org_insert on %s for insert to authenticated with check '
                 '(org_name <> ''_system_default_'' and org_name = any ((select app.orgs_with_access(%L, ''create'', ''allowed''))::text[]))',
                 p_table, p_component);
  execute format('create policy org_update on %s for update to authenticated using '
                 '(org_name <> ''_system_default_'' and %s) with check (org_name <> ''_system_default_'' and %s)',
                 p_table, app.access_sql(p_component, 'edit', p_table), app.access_sql(p_component, 'edit', p_table));
  execute format('create policy org_delete on %s for delete to authenticated using '
                 '(org_name <> ''_system_default_'' and %s)',
                 p_table, app.access_sql(p_component, 'delete', p_table));
  execute format('comment on table %s is %L', p_table, 'component: ' || p_component);
end;
$function$;
revoke all on function app.apply_component_policies(p_table regclass, p_component text) from public, anon, authenticated, service_role;
grant execute on function app.apply_component_policies(p_table regclass, p_component text) to service_role;

CREATE OR REPLACE FUNCTION app.apply_member_readable_policies(p_table regclass, p_component text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform app.apply_component_policies(p_table, p_component);
  execute format('drop policy org_read on %s', p_table);
  execute format('create policy org_read on %s for select to authenticated using '
                 '(org_name = ''_system_default_'' or org_name = any ((select app.member_orgs())::text[]))', p_table);
end;
$function$;
revoke all on function app.apply_member_readable_policies(p_table regclass, p_component text) from public, anon, authenticated, service_role;
grant execute on function app.apply_member_readable_policies(p_table regclass, p_component text) to public;
grant execute on function app.apply_member_readable_policies(p_table regclass, p_component text) to service_role;

CREATE OR REPLACE FUNCTION app.assignment_is_active(p_status text, p_end date)
 RETURNS boolean
 LANGUAGE sql
 STABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select p_status = 'Active' and (p_end is null or p_end >= current_date)
$function$;
revoke all on function app.assignment_is_active(p_status text, p_end date) from public, anon, authenticated, service_role;
grant execute on function app.assignment_is_active(p_status text, p_end date) to authenticated;
grant execute on function app.assignment_is_active(p_status text, p_end date) to public;
grant execute on function app.assignment_is_active(p_status text, p_end date) to service_role;

CREATE OR REPLACE FUNCTION app.attach_history(p_table regclass, p_component text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function app.attach_history(p_table regclass, p_component text) from public, anon, authenticated, service_role;
grant execute on function app.attach_history(p_table regclass, p_component text) to authenticated;
grant execute on function app.attach_history(p_table regclass, p_component text) to public;
grant execute on function app.attach_history(p_table regclass, p_component text) to service_role;

CREATE OR REPLACE FUNCTION app.attach_org_table(p_table regclass)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  execute format('alter table %s enable row level security', p_table);
  execute format('create trigger steward_10_org_name before insert or update on %s '
                 'for each row execute function app.enforce_org_name()', p_table);
  execute format('create trigger steward_20_audit before insert or update on %s '
                 'for each row execute function app.stamp_audit()', p_table);
  if exists (select 1 from pg_catalog.pg_attribute
             where attrelid = p_table and attname = 'short_id' and not attisdropped) then
    execute format('create trigger steward_30_short_id before insert or update on %s '
                   'for each row execute function app.stamp_short_id()', p_table);
  end if;
  execute format('revoke all on %s from anon, authenticated, public', p_table);
  execute format('grant select, insert, update, delete on %s to authenticated', p_table);
  execute format('grant all on %s to service_role', p_table);
end;
$function$;
revoke all on function app.attach_org_table(p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.attach_org_table(p_table regclass) to service_role;

CREATE OR REPLACE FUNCTION app.attached_record_ids(p_record_id uuid)
 RETURNS uuid[]
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select array(
    select id from crm.contact_methods
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id or user_id = p_record_id
    union all
    select id from crm.other_contact_methods
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id or user_id = p_record_id
    union all
    select id from crm.addresses
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id or user_id = p_record_id
    union all
    select id from crm.notes
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id
    union all
    select id from crm.crm_files
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id or user_id = p_record_id
    union all
    select id from crm.relationships
     where p_record_id in (business_id1, business_id2, contact_id1, contact_id2, household_id1, household_id2)
  )
$function$;
revoke all on function app.attached_record_ids(p_record_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.attached_record_ids(p_record_id uuid) to authenticated;
grant execute on function app.attached_record_ids(p_record_id uuid) to public;
grant execute on function app.attached_record_ids(p_record_id uuid) to service_role;
comment on function app.attached_record_ids(p_record_id uuid) is 'ids of the contact methods, addresses, notes, files and relationships attached to a CRM record (as the caller sees them)';

CREATE OR REPLACE FUNCTION app.batch_undone(p_batch_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from app.history_undone where batch_id = p_batch_id)
$function$;
revoke all on function app.batch_undone(p_batch_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.batch_undone(p_batch_id uuid) to authenticated;
grant execute on function app.batch_undone(p_batch_id uuid) to public;
grant execute on function app.batch_undone(p_batch_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.begin_batch(p_via text, p_batch uuid DEFAULT gen_random_uuid())
 RETURNS uuid
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select set_config('steward.via', p_via, true), set_config('steward.batch_id', p_batch::text, true);
  select p_batch;
$function$;
revoke all on function app.begin_batch(p_via text, p_batch uuid) from public, anon, authenticated, service_role;
grant execute on function app.begin_batch(p_via text, p_batch uuid) to authenticated;
grant execute on function app.begin_batch(p_via text, p_batch uuid) to public;
grant execute on function app.begin_batch(p_via text, p_batch uuid) to service_role;
grant execute on function app.begin_batch(p_via text, p_batch uuid) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.bulk_field_allowed(p_field text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select p_field in ('status', 'type_id', 'primary_owner_id', 'secondary_owner_id', 'owner_id', 'assignee_id', 'archive', 'priority')
$function$;
revoke all on function app.bulk_field_allowed(p_field text) from public, anon, authenticated, service_role;
grant execute on function app.bulk_field_allowed(p_field text) to authenticated;
grant execute on function app.bulk_field_allowed(p_field text) to public;
grant execute on function app.bulk_field_allowed(p_field text) to service_role;

CREATE OR REPLACE FUNCTION app.calendar_ics(token text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_feed record;
  v_lines text[];
begin
  if token ~ '^[0-9a-f]{48}$' then
    select f.id, f.accommodation_id, a.name as unit_name into v_feed
    from catalog.calendar_feeds f
    join catalog.accommodations a on a.id = f.accommodation_id
    where f.token_hash = app.calendar_token_hash(token) and f.revoked_at is null and not f.archive;
  end if;
  if not coalesce(token ~ '^[0-9a-f]{48}$', false) or v_feed is null then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'PGRST116', 'message', 'Calendar feed not found.', 'details', null, 'hint', null)::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  select array_agg(line order by sort, line_no) into v_lines
  from (
    select 0 as sort, n as line_no, l as line
    from unnest(array[
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Steward//Lodging//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
      'X-WR-CALNAME:' || app.ics_text(v_feed.unit_name)]) with ordinality as t(l, n)
    union all
    select 1, e.n * 10 + k, v
    from (
      select row_number() over (order by busy.starts, busy.uid) as n, busy.*
      from (
        select md5('stay:' || r.id::text) as uid, app.stay_day(r.check_in) as starts,
               greatest(app.stay_day(r.check_out), app.stay_day(r.check_in) + 1) as ends, 'Busy' as summary
        from catalog.reservations r
        where r.accommodation_id = v_feed.accommodation_id and not r.archive
          and app.reservation_is_active(r.status)
          and r.check_out > now() - interval '60 days' and r.check_in < now() + interval '2 years'
        union all
        select md5('block:' || b.id::text), app.stay_day(b.block_start),
               greatest(app.stay_day(b.block_end), app.stay_day(b.block_start) + 1), 'Blocked'
        from catalog.accommodation_blocks b
        where b.accommodation_id = v_feed.accommodation_id and not b.archive
          and b.block_end > now() - interval '60 days' and b.block_start < now() + interval '2 years'
      ) busy
    ) e
    cross join lateral unnest(array[
      'BEGIN:VEVENT',
      'UID:' || e.uid || '@steward',
      'DTSTAMP:' || to_char(now() at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"'),
      'DTSTART;VALUE=DATE:' || to_char(e.starts, 'YYYYMMDD'),
      'DTEND;VALUE=DATE:' || to_char(e.ends, 'YYYYMMDD'),
      'SUMMARY:' || e.summary,
      'TRANSP:OPAQUE',
      'END:VEVENT']) with ordinality as ev(v, k)
    union all
    select 2, 0, 'END:VCALENDAR'
  ) lines;
  return array_to_string(v_lines, E'\r\n') || E'\r\n';
end;
$function$;
revoke all on function app.calendar_ics(token text) from public, anon, authenticated, service_role;
grant execute on function app.calendar_ics(token text) to service_role;

CREATE OR REPLACE FUNCTION app.calendar_token_hash(p_token text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select encode(extensions.digest(convert_to(p_token, 'UTF8'), 'sha256'), 'hex') $function$;
revoke all on function app.calendar_token_hash(p_token text) from public, anon, authenticated, service_role;
grant execute on function app.calendar_token_hash(p_token text) to authenticated;
grant execute on function app.calendar_token_hash(p_token text) to public;
grant execute on function app.calendar_token_hash(p_token text) to service_role;

CREATE OR REPLACE FUNCTION app.claim_outbox_mail(p_limit integer DEFAULT 20)
 RETURNS SETOF app.mail_outbox
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with next as (
    select id from app.mail_outbox
    where sent_at is null and next_attempt_at <= now() and attempts < 8
    order by next_attempt_at, id
    limit greatest(1, least(p_limit, 200))
    for update skip locked
  )
  update app.mail_outbox m
     set attempts = m.attempts + 1,
         next_attempt_at = now() + make_interval(mins => power(2, m.attempts)::int)
    from next
   where m.id = next.id
  returning m.*;
$function$;
revoke all on function app.claim_outbox_mail(p_limit integer) from public, anon, authenticated, service_role;
grant execute on function app.claim_outbox_mail(p_limit integer) to service_role;

CREATE OR REPLACE FUNCTION app.clear_other_primary_profiles(p_auth_user_id uuid, p_keep uuid)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  update public.user_profiles
     set is_primary = false
   where auth_user_id = p_auth_user_id and is_primary and id <> p_keep
$function$;
revoke all on function app.clear_other_primary_profiles(p_auth_user_id uuid, p_keep uuid) from public, anon, authenticated, service_role;
grant execute on function app.clear_other_primary_profiles(p_auth_user_id uuid, p_keep uuid) to authenticated;
grant execute on function app.clear_other_primary_profiles(p_auth_user_id uuid, p_keep uuid) to service_role;

CREATE OR REPLACE FUNCTION app.confirm_stay_mail()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_to text;
begin
  if tg_op = 'UPDATE' then
    -- Set by the database only.
    new.confirmation_sent_at := old.confirmation_sent_at;
    new.confirmation_sent_to := old.confirmation_sent_to;
  elsif app.is_app_user() then
    new.confirmation_sent_at := null;
    new.confirmation_sent_to := null;
  end if;
  if app.is_app_user() and new.status = 'Confirmed' and (tg_op = 'INSERT' or old.status is distinct from 'Confirmed') then
    v_to := app.send_stay_confirmation(new);
    if v_to is not null then
      new.confirmation_sent_to := v_to;
      new.confirmation_sent_at := now();
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.confirm_stay_mail() from public, anon, authenticated, service_role;
grant execute on function app.confirm_stay_mail() to authenticated;
grant execute on function app.confirm_stay_mail() to public;
grant execute on function app.confirm_stay_mail() to service_role;

CREATE OR REPLACE FUNCTION app.contact_method_label()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.label is null or btrim(new.label) = '' then
    new.label := coalesce((select t.name from crm.contact_method_types t where t.id = new.type_id), 'Other');
  end if;
  return new;
end;
$function$;
revoke all on function app.contact_method_label() from public, anon, authenticated, service_role;
grant execute on function app.contact_method_label() to authenticated;
grant execute on function app.contact_method_label() to public;
grant execute on function app.contact_method_label() to service_role;

CREATE OR REPLACE FUNCTION app.contact_method_prepare()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_problem text;
begin
  if tg_op = 'INSERT' or new.type_id is distinct from old.type_id then
    new.kind := coalesce((select t.kind from crm.contact_method_types t where t.id = new.type_id), 'other');
  end if;
  if tg_op = 'INSERT' or new.value is distinct from old.value or new.kind is distinct from old.kind then
    v_problem := app.contact_method_value_problem(new.kind, new.value);
    if v_problem is not null then
      raise exception using errcode = '23514', message = v_problem,
        detail = format('"%s" is not a valid %s.', new.value, case new.kind when 'email' then 'e-mail address' else 'phone number' end);
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.contact_method_prepare() from public, anon, authenticated, service_role;
grant execute on function app.contact_method_prepare() to service_role;

CREATE OR REPLACE FUNCTION app.contact_method_type_kind_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update crm.contact_methods cm set kind = n.kind
    from new_rows n join old_rows o on o.id = n.id
   where cm.type_id = n.id and n.kind is distinct from o.kind;
  return null;
end;
$function$;
revoke all on function app.contact_method_type_kind_changed() from public, anon, authenticated, service_role;
grant execute on function app.contact_method_type_kind_changed() to service_role;

CREATE OR REPLACE FUNCTION app.contact_method_value_problem(p_kind text, p_value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
 SELECT
         CASE
             WHEN ((p_kind = 'email'::text) AND (btrim(p_value) !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'::text)) THEN 'Enter an e-mail address like name@example.com.'::text
             WHEN ((p_kind = 'phone'::text) AND ((btrim(p_value) !~ '^\+?[0-9 ().\-/]+((x|ext\.?) ?[0-9]{1,6})?$'::text) OR ((length(regexp_replace(split_part(p_value, 'x'::text, 1), '[^0-9]'::text, ''::text, 'g'::text)) < 4) OR (length(regexp_replace(split_part(p_value, 'x'::text, 1), '[^0-9]'::text, ''::text, 'g'::text)) > 15)))) THEN 'Enter a phone number of 4 to 15 digits (spaces and + ( ) - . / allowed), e.g. (207) 555-0112.'::text
             ELSE NULL::text
         END AS "case";
END;
revoke all on function app.contact_method_value_problem(p_kind text, p_value text) from public, anon, authenticated, service_role;
grant execute on function app.contact_method_value_problem(p_kind text, p_value text) to authenticated;
grant execute on function app.contact_method_value_problem(p_kind text, p_value text) to public;
grant execute on function app.contact_method_value_problem(p_kind text, p_value text) to service_role;
grant execute on function app.contact_method_value_problem(p_kind text, p_value text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.count_sales()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_side record;
begin
  for v_side in
    select * from (values ('old_rows', -1, tg_op in ('UPDATE', 'DELETE')), ('new_rows', 1, tg_op in ('INSERT', 'UPDATE'))) as side(rows, sign, present)
    where side.present
  loop
    execute format(
      'insert into app.sales_by_month as total (org_name, month, created_by, revenue, sales)
       select r.org_name, app.sale_month(r.date), r.created_by, %1$s * sum(coalesce(r.amount, 0)), %1$s * count(*)
         from %2$I r
        where r.transaction_type = ''sale'' and not r.archive and r.date is not null
        group by 1, 2, 3
           on conflict on constraint sales_by_month_key
           do update set revenue = total.revenue + excluded.revenue, sales = total.sales + excluded.sales',
      v_side.sign, v_side.rows);
  end loop;
  return null;
end;
$function$;
revoke all on function app.count_sales() from public, anon, authenticated, service_role;
grant execute on function app.count_sales() to authenticated;
grant execute on function app.count_sales() to public;
grant execute on function app.count_sales() to service_role;

CREATE OR REPLACE FUNCTION app.create_auth_user(p_email text, p_password text, p_user_metadata jsonb, p_id uuid DEFAULT NULL::uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
  v_email text := lower(btrim(p_email));
  v_now timestamptz := now();
  v_confirmed boolean := coalesce(nullif(current_setting('steward.auth_autoconfirm', true), ''), 'on') = 'on';
begin
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    confirmation_token, recovery_token, email_change_token_new, email_change,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
  values (
    '00000000-0000-0000-0000-000000000000', v_id, 'authenticated', 'authenticated', v_email,
    extensions.crypt(p_password, extensions.gen_salt('bf', 10)),
    case when v_confirmed then v_now end,
    '', '', '', '',
    jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email')),
    coalesce(p_user_metadata, '{}'::jsonb), v_now, v_now);
  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values (
    v_id::text, v_id,
    jsonb_build_object('sub', v_id::text, 'email', v_email, 'email_verified', v_confirmed, 'phone_verified', false),
    'email', v_now, v_now);
  return v_id;
end;
$function$;
revoke all on function app.create_auth_user(p_email text, p_password text, p_user_metadata jsonb, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.create_auth_user(p_email text, p_password text, p_user_metadata jsonb, p_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.create_organization_with_owner(p_email text, p_password text, p_full_name text, p_business_name text, p_title text DEFAULT NULL::text, p_phone text DEFAULT NULL::text, p_username text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_full_name text := btrim(coalesce(p_full_name, ''));
  v_org text := app.tidy_org_name(coalesce(p_business_name, ''));
  v_user_id uuid;
  v_profile_id uuid := gen_random_uuid();
  v_role_id uuid := gen_random_uuid();
  v_constraint text;
begin
  perform app.require_signup_fields(p_email, p_password, p_full_name);
  if v_org = '' then
    raise exception using errcode = 'ST003', message = 'Business name is required for new organizations';
  end if;
  perform app.require_password(p_password);
  if char_length(v_org) > 120 then
    raise exception using errcode = 'ST009', message = 'Business name must be at most 120 characters';
  end if;
  if exists (select 1 from public.organizations o where app.org_name_key(o.name) = app.org_name_key(v_org)) then
    raise exception using errcode = 'ST005', message = 'An organization with this name already exists';
  end if;
  if exists (select 1 from public.organizations o where lower(app.org_slug(o.name)) = lower(app.org_slug(v_org))) then
    raise exception using errcode = 'ST010', message = 'An organization with a very similar name already exists';
  end if;
  if exists (select 1 from auth.users u where lower(u.email) = v_email)
     or exists (select 1 from public.user_profiles p where lower(p.email) = v_email and p.status = 'Active') then
    raise exception using errcode = 'ST006', message = 'A user with this email already exists';
  end if;

  begin
    v_user_id := app.create_auth_user(v_email, p_password, jsonb_strip_nulls(jsonb_build_object(
      'full_name', v_full_name, 'title', nullif(btrim(p_title), ''), 'phone', nullif(btrim(p_phone), ''),
      'username', nullif(btrim(p_username), ''), 'business_name', v_org, 'organization_name', v_org)));

    insert into public.organizations (name, display_name, created_by, last_modified_by)
    values (v_org, v_org, v_profile_id, v_profile_id);
  exception when unique_violation then
    -- Lost a race with a concurrent application for the same name or e-mail.
    get stacked diagnostics v_constraint = constraint_name;
    if v_constraint = 'organizations_storage_folder_key' then
      raise exception using errcode = 'ST010', message = 'An organization with a very similar name already exists';
    elsif v_constraint like 'organizations%' then
      raise exception using errcode = 'ST005', message = 'An organization with this name already exists';
    end if;
    raise exception using errcode = 'ST006', message = 'A user with this email already exists';
  end;

  insert into public.user_roles (id, org_name, role_name, description, created_by, last_modified_by)
  values (v_role_id, v_org, 'owner', 'Owner of the organization: full access to every component', v_profile_id, v_profile_id);

  insert into public.user_profiles (
    id, auth_user_id, org_name, name, first_name, last_name, email, phone, title, username, status, role_id,
    source, is_primary, joined_at, created_by, last_modified_by)
  values (
    v_profile_id, v_user_id, v_org, v_full_name,
    split_part(v_full_name, ' ', 1), nullif(btrim(substr(v_full_name, char_length(split_part(v_full_name, ' ', 1)) + 1)), ''),
    v_email, nullif(btrim(p_phone), ''), nullif(btrim(p_title), ''), nullif(btrim(p_username), ''), 'Active', v_role_id,
    'Form Application', true, now(), v_profile_id, v_profile_id);

  insert into settings.org_components (org_name, component_id, enabled, created_by, last_modified_by)
  select v_org, c.id, true, v_profile_id, v_profile_id from settings.components c;

  insert into settings.user_role_permissions (
    org_name, role_id, component_id, view_access, create_access, edit_access, delete_access, created_by, last_modified_by)
  select v_org, v_role_id, c.id, 'Organization', 'allowed', 'Organization', 'Organization', v_profile_id, v_profile_id
  from settings.components c;

  return jsonb_build_object('user_id', v_user_id, 'profile_id', v_profile_id, 'org_name', v_org);
end;
$function$;
revoke all on function app.create_organization_with_owner(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) from public, anon, authenticated, service_role;
grant execute on function app.create_organization_with_owner(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) to service_role;

CREATE OR REPLACE FUNCTION app.default_org()
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    (select p.org_name from public.user_profiles p
      where p.auth_user_id = auth.uid() and p.status = 'Active' and p.is_primary limit 1),
    (select min(p.org_name) from public.user_profiles p
      where p.auth_user_id = auth.uid() and p.status = 'Active'
      having count(*) = 1))
$function$;
revoke all on function app.default_org() from public, anon, authenticated, service_role;
grant execute on function app.default_org() to authenticated;
grant execute on function app.default_org() to service_role;

CREATE OR REPLACE FUNCTION app.demote_other_primaries()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$
declare
  v_found boolean;
begin
  if new.is_primary and not new.archive then
    -- Is there another primary to demote? Read by the record's own column and the rule's own index
    -- (one primary per record and kind).
    if tg_table_name = 'contact_methods' then
      if new.contact_id is not null then
        v_found := exists (select 1 from crm.contact_methods x where x.contact_id = new.contact_id and x.kind = new.kind and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.business_id is not null then
        v_found := exists (select 1 from crm.contact_methods x where x.business_id = new.business_id and x.kind = new.kind and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.household_id is not null then
        v_found := exists (select 1 from crm.contact_methods x where x.household_id = new.household_id and x.kind = new.kind and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.user_id is not null then
        v_found := exists (select 1 from crm.contact_methods x where x.user_id = new.user_id and x.kind = new.kind and x.is_primary and not x.archive and x.id <> new.id);
      end if;
      if v_found then
        update crm.contact_methods cm set is_primary = false
         where cm.is_primary and not cm.archive and cm.id <> new.id and cm.kind = new.kind
           and (cm.contact_id = new.contact_id or cm.business_id = new.business_id
                or cm.household_id = new.household_id or cm.user_id = new.user_id);
      end if;
    else
      if new.contact_id is not null then
        v_found := exists (select 1 from crm.addresses x where x.contact_id = new.contact_id and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.business_id is not null then
        v_found := exists (select 1 from crm.addresses x where x.business_id = new.business_id and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.household_id is not null then
        v_found := exists (select 1 from crm.addresses x where x.household_id = new.household_id and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.user_id is not null then
        v_found := exists (select 1 from crm.addresses x where x.user_id = new.user_id and x.is_primary and not x.archive and x.id <> new.id);
      end if;
      if v_found then
        update crm.addresses a set is_primary = false
         where a.is_primary and not a.archive and a.id <> new.id
           and (a.contact_id = new.contact_id or a.business_id = new.business_id
                or a.household_id = new.household_id or a.user_id = new.user_id);
      end if;
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.demote_other_primaries() from public, anon, authenticated, service_role;
grant execute on function app.demote_other_primaries() to service_role;

CREATE OR REPLACE FUNCTION app.double_booking_message()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 'This accommodation is already booked or blocked out for part of those dates.'::text $function$;
revoke all on function app.double_booking_message() from public, anon, authenticated, service_role;
grant execute on function app.double_booking_message() to authenticated;
grant execute on function app.double_booking_message() to public;
grant execute on function app.double_booking_message() to service_role;

CREATE OR REPLACE FUNCTION app.end_batch()
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select set_config('steward.via', '', true), set_config('steward.batch_id', '', true);
$function$;
revoke all on function app.end_batch() from public, anon, authenticated, service_role;
grant execute on function app.end_batch() to authenticated;
grant execute on function app.end_batch() to public;
grant execute on function app.end_batch() to service_role;
grant execute on function app.end_batch() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.enforce_org_name()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    if app.is_app_user() then
      if new.org_name is null then
        new.org_name := app.default_org();
        if new.org_name is null then
          raise exception using errcode = '42501',
            message = 'No active organization: choose an organization before creating records';
        end if;
      elsif new.org_name = '_system_default_' then
        raise exception using errcode = '42501', message = 'System default records cannot be changed';
      elsif not app.is_active_member(new.org_name) then
        raise exception using errcode = '42501',
          message = format('You are not a member of the organization %s', new.org_name);
      end if;
    end if;
  elsif new.org_name is distinct from old.org_name and app.is_app_user() then
    raise exception using errcode = '42501', message = 'org_name cannot be changed';
  end if;
  return new;
end;
$function$;
revoke all on function app.enforce_org_name() from public, anon, authenticated, service_role;
grant execute on function app.enforce_org_name() to authenticated;
grant execute on function app.enforce_org_name() to service_role;

CREATE OR REPLACE FUNCTION app.enqueue_mail(p_to text, p_subject text, p_body_text text, p_body_html text DEFAULT NULL::text, p_kind text DEFAULT 'notice'::text, p_org_name text DEFAULT NULL::text, p_related_table text DEFAULT NULL::text, p_related_id uuid DEFAULT NULL::uuid)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id bigint;
begin
  insert into app.mail_outbox (org_name, kind, to_email, subject, body_text, body_html, related_table, related_id)
  values (p_org_name, p_kind, lower(btrim(p_to)), p_subject, p_body_text, p_body_html, p_related_table, p_related_id)
  returning id into v_id;
  -- Wakes a listening sender at commit; a sender that polls finds the row anyway.
  perform pg_notify('mail_outbox', v_id::text);
  return v_id;
end;
$function$;
revoke all on function app.enqueue_mail(p_to text, p_subject text, p_body_text text, p_body_html text, p_kind text, p_org_name text, p_related_table text, p_related_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.enqueue_mail(p_to text, p_subject text, p_body_text text, p_body_html text, p_kind text, p_org_name text, p_related_table text, p_related_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.find_pending_invite_uncounted(p_email text, p_code text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_profile_id uuid := app.invitation_for_code(v_email, p_code);
begin
  if v_profile_id is null then
    return app.invalid_invite_code(v_email);
  end if;
  return (
    select jsonb_build_object('id', p.id, 'name', p.name, 'title', p.title, 'org_name', p.org_name,
                              'role_id', p.role_id, 'role_name', r.role_name)
      from public.user_profiles p
      left join public.user_roles r on r.id = p.role_id
     where p.id = v_profile_id);
end;
$function$;
revoke all on function app.find_pending_invite_uncounted(p_email text, p_code text) from public, anon, authenticated, service_role;
grant execute on function app.find_pending_invite_uncounted(p_email text, p_code text) to service_role;

CREATE OR REPLACE FUNCTION app.finish_outbox_mail(p_id bigint, p_error text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  update app.mail_outbox
     set sent_at = case when p_error is null then now() end,
         last_error = p_error
   where id = p_id and sent_at is null;
$function$;
revoke all on function app.finish_outbox_mail(p_id bigint, p_error text) from public, anon, authenticated, service_role;
grant execute on function app.finish_outbox_mail(p_id bigint, p_error text) to service_role;

CREATE OR REPLACE FUNCTION app.forget_integration_secrets()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform set_config('steward.integration_secrets', '', true);
  return null;
end;
$function$;
revoke all on function app.forget_integration_secrets() from public, anon, authenticated, service_role;
grant execute on function app.forget_integration_secrets() to service_role;

CREATE OR REPLACE FUNCTION app.guard_calendar_feed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' then
    new.token_hash := old.token_hash;
    new.accommodation_id := old.accommodation_id;
    if old.revoked_at is not null then
      new.revoked_at := old.revoked_at;
    end if;
  elsif app.is_app_user() and coalesce(current_setting('steward.calendar_feed_token', true), '') = '' then
    new.token_hash := app.calendar_token_hash(encode(extensions.gen_random_bytes(24), 'hex'));
  end if;
  return new;
end;
$function$;
revoke all on function app.guard_calendar_feed() from public, anon, authenticated, service_role;
grant execute on function app.guard_calendar_feed() to authenticated;
grant execute on function app.guard_calendar_feed() to public;
grant execute on function app.guard_calendar_feed() to service_role;

CREATE OR REPLACE FUNCTION app.guard_user_profile()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.email := lower(new.email);
  if app.is_app_user() then
    if tg_op = 'INSERT' then
      if new.auth_user_id is not null then
        raise exception using errcode = '42501',
          message = 'A profile is linked to a login only when the invitee activates it';
      end if;
    else
      if new.auth_user_id is distinct from old.auth_user_id then
        raise exception using errcode = '42501', message = 'auth_user_id cannot be changed';
      end if;
      if old.auth_user_id = auth.uid()
         and (new.role_id is distinct from old.role_id or new.status is distinct from old.status or new.source is distinct from old.source)
         and not (old.org_name = any (app.orgs_with_access('settings', 'edit', 'Organization'))) then
        raise exception using errcode = '42501', message = 'You cannot change your own role or status';
      end if;
    end if;
  end if;
  if new.is_primary and new.auth_user_id is not null
     and (tg_op = 'INSERT' or not old.is_primary or new.auth_user_id is distinct from old.auth_user_id) then
    perform app.clear_other_primary_profiles(new.auth_user_id, new.id);
  end if;
  return new;
end;
$function$;
revoke all on function app.guard_user_profile() from public, anon, authenticated, service_role;
grant execute on function app.guard_user_profile() to authenticated;
grant execute on function app.guard_user_profile() to service_role;

CREATE OR REPLACE FUNCTION app.history_actor(p_org text)
 RETURNS TABLE(actor_id uuid, actor_name text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.id, p.name from public.user_profiles p
  where p.auth_user_id = auth.uid() and p.org_name = p_org and p.status = 'Active'
  limit 1
$function$;
revoke all on function app.history_actor(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.history_actor(p_org text) to authenticated;
grant execute on function app.history_actor(p_org text) to public;
grant execute on function app.history_actor(p_org text) to service_role;

CREATE OR REPLACE FUNCTION app.history_batch()
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select nullif(current_setting('steward.batch_id', true), '')::uuid
$function$;
revoke all on function app.history_batch() from public, anon, authenticated, service_role;
grant execute on function app.history_batch() to authenticated;
grant execute on function app.history_batch() to public;
grant execute on function app.history_batch() to service_role;

CREATE OR REPLACE FUNCTION app.history_ignored(p_field text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select p_field in ('id', 'short_id', 'org_name', 'created_at', 'created_by', 'last_modified_at', 'last_modified_by',
                     'api_key', 'api_secret', 'webhook_secret')
      or p_field like 'search\_%' or p_field like '%\_search' or p_field like '%\_tsv'
$function$;
revoke all on function app.history_ignored(p_field text) from public, anon, authenticated, service_role;
grant execute on function app.history_ignored(p_field text) to authenticated;
grant execute on function app.history_ignored(p_field text) to public;
grant execute on function app.history_ignored(p_field text) to service_role;

CREATE OR REPLACE FUNCTION app.history_reference_label(p_table regclass, p_column text, p_id text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function app.history_reference_label(p_table regclass, p_column text, p_id text) from public, anon, authenticated, service_role;
grant execute on function app.history_reference_label(p_table regclass, p_column text, p_id text) to authenticated;
grant execute on function app.history_reference_label(p_table regclass, p_column text, p_id text) to public;
grant execute on function app.history_reference_label(p_table regclass, p_column text, p_id text) to service_role;

CREATE OR REPLACE FUNCTION app.history_row(p_row jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select coalesce(pg_catalog.jsonb_object_agg(e.key, e.value), '{}'::jsonb)
  from pg_catalog.jsonb_each(p_row) e
  where not app.history_ignored(e.key) and e.value operator(pg_catalog.<>) 'null'::jsonb
$function$;
revoke all on function app.history_row(p_row jsonb) from public, anon, authenticated, service_role;
grant execute on function app.history_row(p_row jsonb) to authenticated;
grant execute on function app.history_row(p_row jsonb) to public;
grant execute on function app.history_row(p_row jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.history_table(p_table text)
 RETURNS regclass
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_rel regclass := to_regclass(p_table);
begin
  if v_rel is null or not exists (select 1 from app.history_tables where table_name = v_rel) then
    raise exception using errcode = '22023', message = format('%s is not a list that takes bulk changes', p_table);
  end if;
  return v_rel;
end;
$function$;
revoke all on function app.history_table(p_table text) from public, anon, authenticated, service_role;
grant execute on function app.history_table(p_table text) to authenticated;
grant execute on function app.history_table(p_table text) to public;
grant execute on function app.history_table(p_table text) to service_role;

CREATE OR REPLACE FUNCTION app.history_table_fields(p_table oid, OUT ignored text[], OUT plain boolean, OUT org_column boolean)
 RETURNS record
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(a.attname::text) filter (where app.history_ignored(a.attname)), '{}'),
         coalesce(bool_and(t.typtype in ('b', 'e', 'd') and t.typcategory <> 'A'
                           and coalesce(bt.oid, t.oid) not in ('json'::regtype, 'jsonb'::regtype)), true),
         coalesce(bool_or(a.attname = 'org_name'), false)
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_type t on t.oid = a.atttypid
  left join pg_catalog.pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
  where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped
$function$;
revoke all on function app.history_table_fields(p_table oid, OUT ignored text[], OUT plain boolean, OUT org_column boolean) from public, anon, authenticated, service_role;
grant execute on function app.history_table_fields(p_table oid, OUT ignored text[], OUT plain boolean, OUT org_column boolean) to authenticated;
grant execute on function app.history_table_fields(p_table oid, OUT ignored text[], OUT plain boolean, OUT org_column boolean) to service_role;

CREATE OR REPLACE FUNCTION app.history_via()
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(nullif(current_setting('steward.via', true), ''),
                  -- The CSV import's rows (PostgREST names the function called in request.path).
                  case when current_setting('request.path', true) = '/rpc/import_records' then 'import' end,
                  -- A signed-in person's request (the trigger itself runs as the table owner).
                  case when auth.uid() is not null then 'screen' else 'system' end)
$function$;
revoke all on function app.history_via() from public, anon, authenticated, service_role;
grant execute on function app.history_via() to authenticated;
grant execute on function app.history_via() to public;
grant execute on function app.history_via() to service_role;

CREATE OR REPLACE FUNCTION app.ics_text(p_value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select replace(replace(replace(replace(p_value, '\', '\\'), ';', '\;'), ',', '\,'), E'\n', '\n') $function$;
revoke all on function app.ics_text(p_value text) from public, anon, authenticated, service_role;
grant execute on function app.ics_text(p_value text) to authenticated;
grant execute on function app.ics_text(p_value text) to public;
grant execute on function app.ics_text(p_value text) to service_role;

CREATE OR REPLACE FUNCTION app.import_job_write(p_job uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_job crm.import_jobs;
  v_profile uuid;
  v_errors jsonb;
  v_count integer;
  v_phone_type uuid;
  v_email_type uuid;
begin
  -- The caller's own job, locked: staging more rows or cancelling waits until the import is done.
  select * into v_job from crm.import_jobs j where j.id = p_job and j.auth_user_id = auth.uid() for update;
  if v_job.id is null then
    raise exception using errcode = 'P0002', message = 'This import was cancelled or has already finished';
  end if;
  -- The organisation check (app.enforce_org_name) and the insert policy of the CRM's records, once.
  if v_job.org_name = '_system_default_' or not app.is_active_member(v_job.org_name)
     or not v_job.org_name = any (app.orgs_with_access('crm', 'create', 'allowed')) then
    raise exception using errcode = '42501', message = format('You may not add records to the organization %s', v_job.org_name);
  end if;
  -- The audit stamps' person (app.stamp_audit): the caller's Active profile in the organisation.
  v_profile := app.profile_id_in(v_job.org_name);
  if not exists (select 1 from crm.import_rows r where r.job_id = p_job) then
    raise exception using errcode = '22023', message = 'Nothing to import';
  end if;

  select jsonb_agg(jsonb_build_object('line', e.line, 'message', e.message) order by e.line)
    into v_errors
    from (select * from crm.import_errors(p_job) e order by e.line limit 200) e;
  if v_errors is not null then
    raise exception using errcode = '23514', message = 'Import failed: nothing was imported', detail = v_errors::text;
  end if;

  -- History tags every row this call writes as one import batch.
  perform app.begin_batch('import');

  select t.id into v_phone_type from crm.contact_method_types t
   where t.org_name in (v_job.org_name, '_system_default_') and not t.archive and t.kind = 'phone'
   order by (t.org_name = v_job.org_name) desc, (lower(t.name) = 'phone') desc, t.name limit 1;
  select t.id into v_email_type from crm.contact_method_types t
   where t.org_name in (v_job.org_name, '_system_default_') and not t.archive and t.kind = 'email'
   order by (t.org_name = v_job.org_name) desc, (lower(t.name) = 'email') desc, t.name limit 1;

  -- Types and owners are looked up by name among the organisation's own (types: or the platform
  -- defaults, the organisation's first), once per distinct name rather than once per row.
  if v_job.kind = 'contact' then
    insert into crm.contacts (id, short_id, org_name, name, first_name, last_name, type_id, status, description, primary_owner_id, secondary_owner_id,
                              created_at, created_by, last_modified_at, last_modified_by)
    select r.record_id, app.short_id_for(r.record_id), v_job.org_name, btrim(r.name),
           -- Without mapped first and last names they come from the name: first word, the rest.
           coalesce(nullif(btrim(r.first_name), ''), split_part(btrim(r.name), ' ', 1)),
           coalesce(nullif(btrim(r.last_name), ''), nullif(btrim(substr(btrim(r.name), length(split_part(btrim(r.name), ' ', 1)) + 1)), '')),
           ty.id, coalesce(nullif(btrim(r.status), ''), 'Active')::app.record_status, nullif(btrim(r.description), ''), o1.id, o2.id,
           now(), v_profile, clock_timestamp(), v_profile
    from crm.import_rows r
    left join (select distinct on (lower(t.name)) lower(t.name) as key, t.id from crm.contact_types t
                where t.org_name in (v_job.org_name, '_system_default_') and not t.archive
                order by lower(t.name), (t.org_name = v_job.org_name) desc, t.id) ty on ty.key = lower(nullif(btrim(r.type), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o1 on o1.key = lower(nullif(btrim(r.primary_owner), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o2 on o2.key = lower(nullif(btrim(r.secondary_owner), ''))
    where r.job_id = p_job
    order by r.line;
  else
    insert into crm.businesses (id, short_id, org_name, name, dba_name, type_id, status, description, primary_owner_id, secondary_owner_id,
                                created_at, created_by, last_modified_at, last_modified_by)
    select r.record_id, app.short_id_for(r.record_id), v_job.org_name, btrim(r.name), nullif(btrim(r.dba_name), ''),
           ty.id, coalesce(nullif(btrim(r.status), ''), 'Active')::app.record_status, nullif(btrim(r.description), ''), o1.id, o2.id,
           now(), v_profile, clock_timestamp(), v_profile
    from crm.import_rows r
    left join (select distinct on (lower(t.name)) lower(t.name) as key, t.id from crm.business_types t
                where t.org_name in (v_job.org_name, '_system_default_') and not t.archive
                order by lower(t.name), (t.org_name = v_job.org_name) desc, t.id) ty on ty.key = lower(nullif(btrim(r.type), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o1 on o1.key = lower(nullif(btrim(r.primary_owner), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o2 on o2.key = lower(nullif(btrim(r.secondary_owner), ''))
    where r.job_id = p_job
    order by r.line;
  end if;
  get diagnostics v_count = row_count;

  -- One phone and one e-mail per new record, each its primary; kind and label from the type
  -- (app.contact_method_prepare, app.contact_method_label). The values passed crm.import_errors'
  -- check, the one app.contact_method_prepare asks.
  insert into crm.contact_methods (org_name, value, label, type_id, kind, is_primary, business_id, contact_id,
                                   created_at, created_by, last_modified_at, last_modified_by)
  select v_job.org_name, m.value, coalesce(t.name, 'Other'), m.type_id, coalesce(t.kind, 'other'), true,
         case when v_job.kind = 'business' then m.record_id end, case when v_job.kind = 'contact' then m.record_id end,
         now(), v_profile, clock_timestamp(), v_profile
  from (select r.line, r.record_id, btrim(r.phone) as value, v_phone_type as type_id, 1 as part from crm.import_rows r
         where r.job_id = p_job and nullif(btrim(r.phone), '') is not null
        union all
        select r.line, r.record_id, btrim(r.email), v_email_type, 2 from crm.import_rows r
         where r.job_id = p_job and nullif(btrim(r.email), '') is not null) m
  left join crm.contact_method_types t on t.id = m.type_id
  order by m.line, m.part;

  insert into crm.addresses (org_name, is_primary, business_id, contact_id, address_line_1, city, state, zip,
                             created_at, created_by, last_modified_at, last_modified_by)
  select v_job.org_name, true, case when v_job.kind = 'business' then r.record_id end, case when v_job.kind = 'contact' then r.record_id end,
         nullif(btrim(r.address_line_1), ''), nullif(btrim(r.city), ''), nullif(btrim(r.state), ''), nullif(btrim(r.zip), ''),
         now(), v_profile, clock_timestamp(), v_profile
  from crm.import_rows r
  where r.job_id = p_job and btrim(concat(r.address_line_1, r.city, r.state, r.zip)) <> ''
  order by r.line;

  -- The shown phone, e-mail and address of every new record (the statement triggers skip this writer).
  perform app.refresh_shown_contact_methods(array(select r.record_id from crm.import_rows r where r.job_id = p_job));

  perform app.end_batch();
  return v_count;
end;
$function$;
alter function app.import_job_write(p_job uuid) owner to steward_import_writer;
revoke all on function app.import_job_write(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function app.import_job_write(p_job uuid) to authenticated;
grant execute on function app.import_job_write(p_job uuid) to service_role;
comment on function app.import_job_write(p_job uuid) is 'writes an import job''s staged rows as records with the record rules applied once per statement (the per-row triggers skip its role); checks the caller, the job and its rows first';

CREATE OR REPLACE FUNCTION app.import_writer_skip(p_table regclass)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_table in ('crm.contacts'::regclass, 'crm.businesses'::regclass, 'crm.contact_methods'::regclass, 'crm.addresses'::regclass)
              then '(CURRENT_USER <> ''steward_import_writer''::name)' end
$function$;
revoke all on function app.import_writer_skip(p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.import_writer_skip(p_table regclass) to authenticated;
grant execute on function app.import_writer_skip(p_table regclass) to service_role;
comment on function app.import_writer_skip(p_table regclass) is 'the WHEN condition every per-row trigger of a table the CSV import writes carries: the import writer''s rows already carry the rules'' answers';

CREATE OR REPLACE FUNCTION app.install_org_reference_guards()
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  r record;
  v_installed integer := 0;
  v_columns text;
  v_present text;
  v_lookup text;
  v_when text;
begin
  -- One look-up per referenced table (every guarded reference is a single uuid column naming id).
  -- It reads past row-level security (security definer): the caller may not see the other record.
  for r in
    select distinct o.ref_table, app.org_ref_lookup_name(o.ref_table) as lookup
      from app.org_references o
     where o.ref_columns = 'id' and o.ref_types = 'uuid'
  loop
    execute format(
      'create or replace function app.%I(p_id uuid, p_org text) returns boolean '
      'language sql stable security definer set search_path = '''' set enable_seqscan = off as '
      '$body$ select r.org_name::text is distinct from p_org and r.org_name::text <> ''_system_default_'' '
      'from %s r where r.id = p_id $body$',
      r.lookup, r.ref_table);
    execute format('comment on function app.%I(uuid, text) is %L', r.lookup,
      format('whether the %s record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist', r.ref_table));
    -- The guards' WHEN conditions run as the writing role.
    execute format('revoke all on function app.%I(uuid, text) from public, anon', r.lookup);
    execute format('grant execute on function app.%I(uuid, text) to authenticated, service_role, steward_import_writer', r.lookup);
  end loop;

  for r in
    select o.*
      from app.org_references o
     where not exists (select 1 from pg_trigger t where t.tgrelid = o.table_name and t.tgname = o.trigger_name)
     order by o.table_name::text, o.constraint_name
  loop
    v_columns := (select string_agg(quote_ident(c), ', ') from unnest(string_to_array(r.columns, ',')) c);
    -- A reference with a null column refers to nothing (MATCH SIMPLE): nothing to check.
    v_present := (select string_agg(format('new.%I is not null', c), ' and ') from unnest(string_to_array(r.columns, ',')) c);
    v_when := v_present;
    if r.ref_columns = 'id' and r.ref_types = 'uuid' then
      v_lookup := app.org_ref_lookup_name(r.ref_table);
      if r.deferrable then
        -- The audit columns: a signed-in person's write carries the server's stamp; other writers'
        -- values are checked at commit unless the record already exists in the row's organisation.
        v_when := format('%s and not app.is_app_user() and app.%I(new.%I, new.org_name::text) is not false', v_present, v_lookup, r.columns);
      else
        -- Checked now: only a record of another organisation has anything to refuse.
        v_when := format('%s and app.%I(new.%I, new.org_name::text)', v_present, v_lookup, r.columns);
      end if;
    end if;
    -- The CSV import's writer chooses references of the row's organisation itself.
    if app.import_writer_skip(r.table_name) is not null then
      v_when := format('%s and %s', app.import_writer_skip(r.table_name), v_when);
    end if;
    if r.deferrable then
      execute format(
        'create constraint trigger %I after insert or update of %s, org_name on %s deferrable initially deferred for each row '
        'when (%s) execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, v_columns, r.table_name, v_when, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    else
      execute format(
        'create trigger %I before insert or update of %s, org_name on %s for each row '
        'when (%s) execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, v_columns, r.table_name, v_when, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    end if;
    v_installed := v_installed + 1;
  end loop;
  return v_installed;
end;
$function$;
revoke all on function app.install_org_reference_guards() from public, anon, authenticated, service_role;
grant execute on function app.install_org_reference_guards() to authenticated;
grant execute on function app.install_org_reference_guards() to service_role;

CREATE OR REPLACE FUNCTION app.integration_secrets_stash()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(nullif(current_setting('steward.integration_secrets', true), ''), '{}')::jsonb
$function$;
revoke all on function app.integration_secrets_stash() from public, anon, authenticated, service_role;
grant execute on function app.integration_secrets_stash() to service_role;

CREATE OR REPLACE FUNCTION app.integration_updated_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.updated_at := new.last_modified_at;
  return new;
end;
$function$;
revoke all on function app.integration_updated_at() from public, anon, authenticated, service_role;
grant execute on function app.integration_updated_at() to authenticated;
grant execute on function app.integration_updated_at() to public;
grant execute on function app.integration_updated_at() to service_role;

CREATE OR REPLACE FUNCTION app.invalid_invite_code(p_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  update app.invite_codes
     set failed_attempts = failed_attempts + 1,
         expires_at = case when failed_attempts + 1 >= 5 then least(expires_at, now()) else expires_at end
   where email = p_email;
  insert into app.invite_code_requests as r (email, requests, wrong_codes, wrong_codes_day_started_at, wrong_codes_today)
  values (p_email, 0, 1, now(), 1)
  on conflict (email) do update
    set wrong_codes = r.wrong_codes + 1,
        wrong_codes_today = case when r.wrong_codes_day_started_at > now() - interval '1 day' then r.wrong_codes_today + 1 else 1 end,
        wrong_codes_day_started_at = case when r.wrong_codes_day_started_at > now() - interval '1 day' then r.wrong_codes_day_started_at else now() end;
  perform set_config('response.status', '400', true);
  return jsonb_build_object('code', 'ST011', 'message', 'The code is not valid or has expired', 'details', null, 'hint', null);
end;
$function$;
revoke all on function app.invalid_invite_code(p_email text) from public, anon, authenticated, service_role;
grant execute on function app.invalid_invite_code(p_email text) to service_role;

CREATE OR REPLACE FUNCTION app.invitation_for_code(p_email text, p_code text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select c.profile_id
    from app.invite_codes c
    join public.user_profiles p on p.id = c.profile_id
   where c.email = p_email
     and c.expires_at > now()
     and c.failed_attempts < 5
     and c.code_hash = app.invite_code_hash(c.profile_id, p_code)
     and p.status = 'Pending' and p.auth_user_id is null and lower(p.email) = p_email
     and not exists (
       select 1 from app.invite_code_requests r
        where r.email = p_email and r.wrong_codes_day_started_at > now() - interval '1 day' and r.wrong_codes_today >= 20)
   limit 1
$function$;
revoke all on function app.invitation_for_code(p_email text, p_code text) from public, anon, authenticated, service_role;
grant execute on function app.invitation_for_code(p_email text, p_code text) to service_role;

CREATE OR REPLACE FUNCTION app.invite_code_hash(p_profile_id uuid, p_code text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select encode(sha256(convert_to(p_profile_id::text || ':' || btrim(coalesce(p_code, '')), 'UTF8')), 'hex')
$function$;
revoke all on function app.invite_code_hash(p_profile_id uuid, p_code text) from public, anon, authenticated, service_role;
grant execute on function app.invite_code_hash(p_profile_id uuid, p_code text) to service_role;

CREATE OR REPLACE FUNCTION app.is_active_member(p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.user_profiles p
     where p.auth_user_id = auth.uid() and p.org_name = p_org and p.status = 'Active' and p.org_name <> '_system_default_'
  )
$function$;
revoke all on function app.is_active_member(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.is_active_member(p_org text) to authenticated;
grant execute on function app.is_active_member(p_org text) to service_role;
grant execute on function app.is_active_member(p_org text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.is_app_user()
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select current_user in ('authenticated', 'anon')
$function$;
revoke all on function app.is_app_user() from public, anon, authenticated, service_role;
grant execute on function app.is_app_user() to authenticated;
grant execute on function app.is_app_user() to service_role;
grant execute on function app.is_app_user() to steward_import_writer;

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

CREATE OR REPLACE FUNCTION app.keep_organization_name()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.name is distinct from old.name then
    raise exception using errcode = '42501', message = 'The organization name cannot be changed';
  end if;
  return new;
end;
$function$;
revoke all on function app.keep_organization_name() from public, anon, authenticated, service_role;
grant execute on function app.keep_organization_name() to authenticated;
grant execute on function app.keep_organization_name() to service_role;

CREATE OR REPLACE FUNCTION app.list_filter_sql(p_filter jsonb, p_columns text[])
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_parts text[] := '{}';
  v_child jsonb;
  v_part text;
  v_field text := p_filter ->> 'field';
  v_col text;
  v_value text := lower(coalesce(p_filter ->> 'value', ''));
  v_like text := replace(replace(replace(lower(coalesce(p_filter ->> 'value', '')), '\', '\\'), '%', '\%'), '_', '\_');
begin
  if p_filter ? 'and' or p_filter ? 'or' then
    for v_child in select * from jsonb_array_elements(coalesce(p_filter -> 'and', p_filter -> 'or')) loop
      v_part := app.list_filter_sql(v_child, p_columns);
      if v_part is null then
        return null;
      end if;
      v_parts := v_parts || v_part;
    end loop;
    if cardinality(v_parts) = 0 then
      return 'true';
    end if;
    return '(' || array_to_string(v_parts, case when p_filter ? 'and' then ' and ' else ' or ' end) || ')';
  end if;
  if v_field is null or not (v_field = any (p_columns)) then
    return null;
  end if;
  v_col := format('lower(t.%I::text)', v_field);
  return case p_filter ->> 'op'
    when 'contains' then format('%s like %L', v_col, '%' || v_like || '%')
    when 'not_contains' then format('(%1$s is null or %1$s not like %2$L)', v_col, '%' || v_like || '%')
    when 'is' then format('%s = %L', v_col, v_value)
    when 'is_not' then format('(%1$s is null or %1$s <> %2$L)', v_col, v_value)
    when 'is_empty' then format('(%1$s is null or %1$s = %2$L)', v_col, '')
    when 'is_not_empty' then format('%s <> %L', v_col, '')
  end;
end;
$function$;
revoke all on function app.list_filter_sql(p_filter jsonb, p_columns text[]) from public, anon, authenticated, service_role;
grant execute on function app.list_filter_sql(p_filter jsonb, p_columns text[]) to service_role;

CREATE OR REPLACE FUNCTION app.lock_accommodation(p_accommodation_id uuid)
 RETURNS void
 LANGUAGE sql
AS $function$ select pg_advisory_xact_lock(hashtextextended('steward:accommodation:' || p_accommodation_id::text, 0)) $function$;
revoke all on function app.lock_accommodation(p_accommodation_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.lock_accommodation(p_accommodation_id uuid) to authenticated;
grant execute on function app.lock_accommodation(p_accommodation_id uuid) to public;
grant execute on function app.lock_accommodation(p_accommodation_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.lodging_blank_defaults()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  new.archive := coalesce(new.archive, false);
  case tg_table_name
    when 'accommodations' then
      new.additional_data := coalesce(new.additional_data, '{}'::jsonb);
      new.inventory_count := coalesce(new.inventory_count, 1);
      new.tags := coalesce(new.tags, '{}'::text[]);
    when 'reservations' then
      new.all_day := coalesce(new.all_day, false);
      new.deposit_paid := coalesce(new.deposit_paid, false);
      new.adults := coalesce(new.adults, 1);
      new.children := coalesce(new.children, 0);
      new.pets := coalesce(new.pets, 0);
      new.status := coalesce(nullif(btrim(new.status), ''), 'Confirmed');
      new.confirmation := coalesce(nullif(btrim(new.confirmation), ''), upper(substr(md5(gen_random_uuid()::text), 1, 8)));
    when 'accommodation_rates' then
      new.priority := coalesce(new.priority, 0);
      new.qty := coalesce(new.qty, 1);
    else
      null;
  end case;
  return new;
end;
$function$;
revoke all on function app.lodging_blank_defaults() from public, anon, authenticated, service_role;
grant execute on function app.lodging_blank_defaults() to authenticated;
grant execute on function app.lodging_blank_defaults() to public;
grant execute on function app.lodging_blank_defaults() to service_role;

CREATE OR REPLACE FUNCTION app.manages_organization(p_role_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
      from settings.user_role_permissions rp
      join settings.components c on c.id = rp.component_id and c.name = 'settings'
     where rp.role_id = p_role_id and rp.edit_access = 'Organization')
$function$;
revoke all on function app.manages_organization(p_role_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.manages_organization(p_role_id uuid) to authenticated;
grant execute on function app.manages_organization(p_role_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.mark_batch_undone(p_batch_id uuid, p_undo uuid)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into app.history_undone (batch_id, undo_batch_id) values (p_batch_id, p_undo)
$function$;
revoke all on function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) from public, anon, authenticated, service_role;
grant execute on function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) to authenticated;
grant execute on function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) to public;
grant execute on function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) to service_role;

CREATE OR REPLACE FUNCTION app.member_orgs()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(distinct p.org_name), '{}')
  from public.user_profiles p
  where p.auth_user_id = auth.uid() and p.status = 'Active' and p.org_name <> '_system_default_'
$function$;
revoke all on function app.member_orgs() from public, anon, authenticated, service_role;
grant execute on function app.member_orgs() to authenticated;
grant execute on function app.member_orgs() to service_role;

CREATE OR REPLACE FUNCTION app.merge_kind(p_kind text)
 RETURNS regclass
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p_kind
           when 'contacts' then 'crm.contacts'::regclass
           when 'businesses' then 'crm.businesses'::regclass
           when 'households' then 'crm.households'::regclass
         end
$function$;
revoke all on function app.merge_kind(p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.merge_kind(p_kind text) to authenticated;
grant execute on function app.merge_kind(p_kind text) to public;
grant execute on function app.merge_kind(p_kind text) to service_role;

CREATE OR REPLACE FUNCTION app.mirror_spouse()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' and new.spouse_id is not distinct from old.spouse_id then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.spouse_id is not null then
    update crm.contacts set spouse_id = null where id = old.spouse_id and spouse_id = new.id;
  end if;
  if new.spouse_id is not null then
    update crm.contacts set spouse_id = null where spouse_id = new.spouse_id and id <> new.id;
    update crm.contacts set spouse_id = new.id where id = new.spouse_id and spouse_id is distinct from new.id;
  end if;
  return null;
end;
$function$;
revoke all on function app.mirror_spouse() from public, anon, authenticated, service_role;
grant execute on function app.mirror_spouse() to service_role;

CREATE OR REPLACE FUNCTION app.my_org_slugs()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(app.org_slug(o)), '{}') from unnest(app.member_orgs()) as o
$function$;
revoke all on function app.my_org_slugs() from public, anon, authenticated, service_role;
grant execute on function app.my_org_slugs() to authenticated;
grant execute on function app.my_org_slugs() to service_role;

CREATE OR REPLACE FUNCTION app.my_profile_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(p.id), '{}')
  from public.user_profiles p
  where p.auth_user_id = auth.uid() and p.status = 'Active'
$function$;
revoke all on function app.my_profile_ids() from public, anon, authenticated, service_role;
grant execute on function app.my_profile_ids() to authenticated;
grant execute on function app.my_profile_ids() to service_role;

CREATE OR REPLACE FUNCTION app.my_role_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(p.role_id), '{}')
  from public.user_profiles p
  where p.auth_user_id = auth.uid() and p.status = 'Active' and p.role_id is not null
$function$;
revoke all on function app.my_role_ids() from public, anon, authenticated, service_role;
grant execute on function app.my_role_ids() to authenticated;
grant execute on function app.my_role_ids() to service_role;

CREATE OR REPLACE FUNCTION app.notify(p_profile uuid, p_kind text, p_title text, p_body text, p_link text, p_record_table text, p_record_id uuid, p_dedupe_key text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into public.notifications (org_name, profile_id, kind, title, body, link, record_table, record_id, dedupe_key)
  select p.org_name, p.id, p_kind, p_title, p_body, p_link, p_record_table, p_record_id, p_dedupe_key
    from public.user_profiles p
   where p.id = p_profile and p.status = 'Active' and p.org_name <> '_system_default_'
  on conflict (profile_id, dedupe_key) do nothing
$function$;
revoke all on function app.notify(p_profile uuid, p_kind text, p_title text, p_body text, p_link text, p_record_table text, p_record_id uuid, p_dedupe_key text) from public, anon, authenticated, service_role;
grant execute on function app.notify(p_profile uuid, p_kind text, p_title text, p_body text, p_link text, p_record_table text, p_record_id uuid, p_dedupe_key text) to service_role;

CREATE OR REPLACE FUNCTION app.notify_note_mentions()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_actor uuid := app.profile_id_in(new.org_name);
  v_link text;
  v_profile uuid;
begin
  if new.description !~ '@' then
    return null;
  end if;
  v_link := coalesce(
    (select '/contact/' || c.short_id from crm.contacts c where c.id = new.contact_id),
    (select '/business/' || b.short_id from crm.businesses b where b.id = new.business_id),
    (select '/household/' || h.short_id from crm.households h where h.id = new.household_id),
    '/contacts');
  for v_profile in
    with tokens as (
      select distinct lower(m[1]) as token
        from regexp_matches(new.description, '@([A-Za-z0-9_.-]*[A-Za-z0-9_])', 'g') m
    )
    select distinct p.id
      from tokens k
      join public.user_profiles p
        on p.org_name = new.org_name and p.status = 'Active'
       and (lower(p.username) = k.token
            or lower(regexp_replace(p.name, '\s+', '', 'g')) = k.token
            or (lower(p.first_name) = k.token
                and (select count(*) from public.user_profiles q
                      where q.org_name = new.org_name and q.status = 'Active' and lower(q.first_name) = k.token) = 1))
  loop
    if v_profile is distinct from v_actor then
      perform app.notify(v_profile, 'note_mention', 'Mentioned in a note: ' || new.name,
        left(new.description, 200), v_link, 'crm.notes', new.id, 'note_mention:' || new.id);
    end if;
  end loop;
  return null;
end;
$function$;
revoke all on function app.notify_note_mentions() from public, anon, authenticated, service_role;
grant execute on function app.notify_note_mentions() to authenticated;
grant execute on function app.notify_note_mentions() to public;
grant execute on function app.notify_note_mentions() to service_role;

CREATE OR REPLACE FUNCTION app.notify_scheduled(p_now timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_before bigint;
  v_org record;
  v_task ops.tasks;
begin
  select count(*) into v_before from public.notifications;
  for v_org in
    select o.name, app.org_today(o.name, p_now) as today, app.org_timezone(o.name) as tz
      from public.organizations o where o.name <> '_system_default_'
  loop
    for v_task in
      select t.* from ops.tasks t
       where t.org_name = v_org.name and t.assignee_id is not null
         and t.status <> 'Done' and not t.archive and t.due_date <= v_org.today
    loop
      perform app.task_due_notice(v_task, v_org.today);
    end loop;
    perform app.notify(a.caretaker_id, 'reservation_arriving', 'Arriving today: ' || r.name,
             a.name || ', check-in ' || to_char(r.check_in at time zone v_org.tz, 'HH24:MI'),
             '/reservations?stay=' || r.id, 'catalog.reservations', r.id, 'reservation_arriving:' || r.id)
      from catalog.reservations r
      join catalog.accommodations a on a.id = r.accommodation_id
     where r.org_name = v_org.name and a.caretaker_id is not null and not r.archive
       and app.reservation_is_active(r.status)
       and r.check_in >= (v_org.today::timestamp at time zone v_org.tz)
       and r.check_in < ((v_org.today + 1)::timestamp at time zone v_org.tz);
  end loop;
  return (select count(*) from public.notifications) - v_before;
end;
$function$;
revoke all on function app.notify_scheduled(p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.notify_scheduled(p_now timestamp with time zone) to service_role;

CREATE OR REPLACE FUNCTION app.notify_task_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_actor uuid := app.profile_id_in(new.org_name);
  v_today date;
begin
  if new.assignee_id is null or new.archive or new.status = 'Done' then
    return null;
  end if;
  if (tg_op = 'INSERT' or new.assignee_id is distinct from old.assignee_id)
     and v_actor is not null and v_actor <> new.assignee_id then
    perform app.notify(new.assignee_id, 'task_assigned', 'Assigned to you: ' || new.title,
      coalesce((select p.name from public.user_profiles p where p.id = v_actor), 'Someone') || ' assigned you this task'
        || coalesce(', due ' || to_char(new.due_date, 'FMMonth FMDD, YYYY'), '') || '.',
      '/tasks?task=' || new.short_id, 'ops.tasks', new.id, null);
  end if;
  if new.due_date is not null then
    v_today := app.org_today(new.org_name);
    if new.due_date <= v_today then
      perform app.task_due_notice(new, v_today);
    end if;
  end if;
  return null;
end;
$function$;
revoke all on function app.notify_task_change() from public, anon, authenticated, service_role;
grant execute on function app.notify_task_change() to authenticated;
grant execute on function app.notify_task_change() to public;
grant execute on function app.notify_task_change() to service_role;

CREATE OR REPLACE FUNCTION app.object_org(p_bucket text, p_name text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with matches as (
    select o.name, char_length(app.org_slug(o.name)) as slug_length
    from public.organizations o
    where o.name <> '_system_default_'
      and case p_bucket
            when 'organization-assets' then starts_with(p_name, app.org_slug(o.name) || '-')
            when 'accommodations' then split_part(p_name, '/', 1) = app.org_slug(o.name)
            else false
          end
  )
  select m.name
  from matches m
  where m.slug_length = (select max(slug_length) from matches)
    and m.name = any (app.member_orgs())
  order by m.name
  limit 1
$function$;
revoke all on function app.object_org(p_bucket text, p_name text) from public, anon, authenticated, service_role;
grant execute on function app.object_org(p_bucket text, p_name text) to authenticated;
grant execute on function app.object_org(p_bucket text, p_name text) to public;
grant execute on function app.object_org(p_bucket text, p_name text) to service_role;
comment on function app.object_org(p_bucket text, p_name text) is 'the organisation an object belongs to: the one whose storage folder (org slug, unique per organisation) is the longest prefix of the name';

CREATE OR REPLACE FUNCTION app.object_owner_shares_org(p_owner text, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p_owner is null or exists (
    select 1 from public.user_profiles p
    where p.auth_user_id::text = p_owner and p.org_name = p_org and p.status = 'Active')
$function$;
revoke all on function app.object_owner_shares_org(p_owner text, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.object_owner_shares_org(p_owner text, p_org text) to authenticated;
grant execute on function app.object_owner_shares_org(p_owner text, p_org text) to public;
grant execute on function app.object_owner_shares_org(p_owner text, p_org text) to service_role;

CREATE OR REPLACE FUNCTION app.org_component_defaults()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_component settings.components%rowtype;
begin
  select * into v_component from settings.components c where c.id = new.component_id;
  new.name := v_component.name;
  new.description := coalesce(new.description, v_component.description);
  if v_component.name = 'settings' and not new.enabled then
    raise exception using errcode = '23514', message = 'The Settings component cannot be disabled';
  end if;
  return new;
end;
$function$;
revoke all on function app.org_component_defaults() from public, anon, authenticated, service_role;
grant execute on function app.org_component_defaults() to authenticated;
grant execute on function app.org_component_defaults() to service_role;

CREATE OR REPLACE FUNCTION app.org_ref_lookup_name(p_table regclass)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select left('org_ref_other__' || n.nspname || '__' || c.relname, 63)
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.oid = p_table
$function$;
revoke all on function app.org_ref_lookup_name(p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_lookup_name(p_table regclass) to authenticated;
grant execute on function app.org_ref_lookup_name(p_table regclass) to service_role;

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__accommodation_classes(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.accommodation_classes r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__accommodation_classes(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__accommodation_classes(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__accommodation_classes(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__accommodation_classes(p_id uuid, p_org text) is 'whether the catalog.accommodation_classes record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__accommodation_rate_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.accommodation_rate_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__accommodation_rate_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__accommodation_rate_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__accommodation_rate_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__accommodation_rate_types(p_id uuid, p_org text) is 'whether the catalog.accommodation_rate_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__accommodation_rates(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.accommodation_rates r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__accommodation_rates(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__accommodation_rates(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__accommodation_rates(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__accommodation_rates(p_id uuid, p_org text) is 'whether the catalog.accommodation_rates record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__accommodation_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.accommodation_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__accommodation_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__accommodation_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__accommodation_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__accommodation_types(p_id uuid, p_org text) is 'whether the catalog.accommodation_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__accommodations(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.accommodations r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__accommodations(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__accommodations(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__accommodations(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__accommodations(p_id uuid, p_org text) is 'whether the catalog.accommodations record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__amenities(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.amenities r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__amenities(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__amenities(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__amenities(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__amenities(p_id uuid, p_org text) is 'whether the catalog.amenities record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__amenity_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.amenity_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__amenity_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__amenity_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__amenity_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__amenity_types(p_id uuid, p_org text) is 'whether the catalog.amenity_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__product_options(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.product_options r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__product_options(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__product_options(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__product_options(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__product_options(p_id uuid, p_org text) is 'whether the catalog.product_options record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__product_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.product_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__product_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__product_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__product_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__product_types(p_id uuid, p_org text) is 'whether the catalog.product_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__product_variants(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.product_variants r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__product_variants(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__product_variants(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__product_variants(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__product_variants(p_id uuid, p_org text) is 'whether the catalog.product_variants record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__products(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.products r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__products(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__products(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__products(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__products(p_id uuid, p_org text) is 'whether the catalog.products record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__reservation_items(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.reservation_items r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__reservation_items(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__reservation_items(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__reservation_items(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__reservation_items(p_id uuid, p_org text) is 'whether the catalog.reservation_items record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__reservations(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.reservations r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__reservations(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__reservations(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__reservations(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__reservations(p_id uuid, p_org text) is 'whether the catalog.reservations record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__unit_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.unit_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__unit_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__unit_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__unit_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__unit_types(p_id uuid, p_org text) is 'whether the catalog.unit_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__business_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.business_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) to steward_import_writer;
comment on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) is 'whether the crm.business_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__businesses(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.businesses r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) to steward_import_writer;
comment on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) is 'whether the crm.businesses record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.contact_method_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) to steward_import_writer;
comment on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) is 'whether the crm.contact_method_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__contact_methods(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.contact_methods r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__contact_methods(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__contact_methods(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__contact_methods(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__crm__contact_methods(p_id uuid, p_org text) is 'whether the crm.contact_methods record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__contact_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.contact_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) to steward_import_writer;
comment on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) is 'whether the crm.contact_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__contacts(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.contacts r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) to steward_import_writer;
comment on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) is 'whether the crm.contacts record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__crm_file_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.crm_file_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__crm_file_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__crm_file_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__crm_file_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__crm__crm_file_types(p_id uuid, p_org text) is 'whether the crm.crm_file_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__households(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.households r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__households(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__households(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__households(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__households(p_id uuid, p_org text) to steward_import_writer;
comment on function app.org_ref_other__crm__households(p_id uuid, p_org text) is 'whether the crm.households record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__locations(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.locations r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__locations(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__locations(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__locations(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__crm__locations(p_id uuid, p_org text) is 'whether the crm.locations record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__note_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.note_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__note_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__note_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__note_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__crm__note_types(p_id uuid, p_org text) is 'whether the crm.note_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__hr__groups(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from hr.groups r where r.id = p_id $function$;
revoke all on function app.org_ref_other__hr__groups(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__hr__groups(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__hr__groups(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__hr__groups(p_id uuid, p_org text) is 'whether the hr.groups record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__hr__positions(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from hr.positions r where r.id = p_id $function$;
revoke all on function app.org_ref_other__hr__positions(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__hr__positions(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__hr__positions(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__hr__positions(p_id uuid, p_org text) is 'whether the hr.positions record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__hr__shifts(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from hr.shifts r where r.id = p_id $function$;
revoke all on function app.org_ref_other__hr__shifts(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__hr__shifts(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__hr__shifts(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__hr__shifts(p_id uuid, p_org text) is 'whether the hr.shifts record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__hr__staff_profiles(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from hr.staff_profiles r where r.id = p_id $function$;
revoke all on function app.org_ref_other__hr__staff_profiles(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__hr__staff_profiles(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__hr__staff_profiles(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__hr__staff_profiles(p_id uuid, p_org text) is 'whether the hr.staff_profiles record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__ops__projects(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from ops.projects r where r.id = p_id $function$;
revoke all on function app.org_ref_other__ops__projects(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__ops__projects(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__ops__projects(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__ops__projects(p_id uuid, p_org text) is 'whether the ops.projects record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__ops__tasks(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from ops.tasks r where r.id = p_id $function$;
revoke all on function app.org_ref_other__ops__tasks(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__ops__tasks(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__ops__tasks(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__ops__tasks(p_id uuid, p_org text) is 'whether the ops.tasks record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__public__orders(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from public.orders r where r.id = p_id $function$;
revoke all on function app.org_ref_other__public__orders(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__public__orders(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__public__orders(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__public__orders(p_id uuid, p_org text) is 'whether the public.orders record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__public__user_profiles(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from public.user_profiles r where r.id = p_id $function$;
revoke all on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) to steward_import_writer;
comment on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) is 'whether the public.user_profiles record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_reference_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- tg_argv: referencing columns, referenced table (quoted, qualified), referenced columns, their
  -- types, the foreign key's name, the referenced table's own name
  v_columns text[] := string_to_array(tg_argv[0], ',');
  v_ref_table text := tg_argv[1];
  v_ref_columns text[] := string_to_array(tg_argv[2], ',');
  v_ref_types text[] := string_to_array(tg_argv[3], ',');
  v_new jsonb := to_jsonb(new);
  v_old jsonb;
  v_where text := '';
  v_values text[] := '{}';
  v_ref_org text;
  v_found boolean;
  v_check boolean := true;
begin
  if tg_op = 'UPDATE' then
    v_old := to_jsonb(old);
    if v_new -> 'org_name' is not distinct from v_old -> 'org_name'
       and not exists (select 1 from unnest(v_columns) c where v_new -> c is distinct from v_old -> c) then
      v_check := false;
    end if;
  end if;
  if v_check then
    for i in 1 .. array_length(v_columns, 1) loop
      -- MATCH SIMPLE, like the foreign key itself: a null in any column means nothing is referenced.
      if v_new ->> v_columns[i] is null then
        v_check := false;
        exit;
      end if;
      v_where := v_where || case when i > 1 then ' and ' else '' end
        || format('r.%I = ($1)[%s]::%s', v_ref_columns[i], i, v_ref_types[i]);
      v_values := v_values || (v_new ->> v_columns[i]);
    end loop;
  end if;
  if v_check then
    execute format('select true, r.org_name::text from %s r where %s', v_ref_table, v_where)
      into v_found, v_ref_org using v_values;
    -- A missing row is reported by the foreign key itself.
    if v_found and v_ref_org is distinct from (v_new ->> 'org_name') and v_ref_org is distinct from '_system_default_' then
      if auth.uid() is null or v_ref_org = any (app.member_orgs()) then
        raise exception using
          errcode = '23503',
          message = format('%s.%s refers to a record of another organization', tg_table_schema, tg_table_name),
          detail = format('Key (%s) refers to %s, which belongs to another organization.', tg_argv[0], v_ref_table),
          hint = 'Choose a record of the same organization.';
      end if;
      -- Not the caller's organisation: the answer a row that does not exist gets (PostgreSQL leaves
      -- the key out of the detail when row-level security is on, as it is for every app user).
      raise exception using
        errcode = '23503',
        message = format('insert or update on table "%s" violates foreign key constraint "%s"', tg_table_name, tg_argv[4]),
        detail = format('Key is not present in table "%s".', tg_argv[5]);
    end if;
  end if;
  if tg_when = 'BEFORE' then
    return new;
  end if;
  return null;
end;
$function$;
revoke all on function app.org_reference_guard() from public, anon, authenticated, service_role;
grant execute on function app.org_reference_guard() to authenticated;
grant execute on function app.org_reference_guard() to public;
grant execute on function app.org_reference_guard() to service_role;
comment on function app.org_reference_guard() is 'Constraint trigger: a foreign key of an org-owned row may only reference a row of the same organization or of _system_default_.';

CREATE OR REPLACE FUNCTION app.org_timezone(p_org text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_tz text;
begin
  select nullif(btrim(o.timezone), '') into v_tz from public.organizations o where o.name = p_org;
  if v_tz is null then
    return 'UTC';
  end if;
  perform now() at time zone v_tz;
  return v_tz;
exception when others then
  return 'UTC';
end;
$function$;
revoke all on function app.org_timezone(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_timezone(p_org text) to authenticated;
grant execute on function app.org_timezone(p_org text) to public;
grant execute on function app.org_timezone(p_org text) to service_role;

CREATE OR REPLACE FUNCTION app.org_today(p_org text, p_now timestamp with time zone DEFAULT now())
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select (p_now at time zone app.org_timezone(p_org))::date
$function$;
revoke all on function app.org_today(p_org text, p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.org_today(p_org text, p_now timestamp with time zone) to authenticated;
grant execute on function app.org_today(p_org text, p_now timestamp with time zone) to public;
grant execute on function app.org_today(p_org text, p_now timestamp with time zone) to service_role;

CREATE OR REPLACE FUNCTION app.organization_has_manager(p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select not exists (select 1 from public.organizations o where o.name = p_org)
      or exists (
        select 1
          from public.user_profiles p
         where p.org_name = p_org
           and p.status = 'Active'
           and p.auth_user_id is not null
           and app.manages_organization(p.role_id))
$function$;
revoke all on function app.organization_has_manager(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.organization_has_manager(p_org text) to authenticated;
grant execute on function app.organization_has_manager(p_org text) to service_role;

CREATE OR REPLACE FUNCTION app.orgs_with_access(p_component text, p_action text, p_level text)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(p.org_name), '{}')
  from public.user_profiles p
  join settings.components c on c.name = p_component
  join settings.org_components oc
    on oc.org_name = p.org_name and oc.component_id = c.id and oc.enabled
  join settings.user_role_permissions rp on rp.role_id = p.role_id and rp.component_id = c.id
  where p.auth_user_id = auth.uid()
    and p.status = 'Active'
    and p.org_name <> '_system_default_'
    and case p_action
          when 'view' then rp.view_access::text
          when 'edit' then rp.edit_access::text
          when 'delete' then rp.delete_access::text
          when 'create' then rp.create_access::text
        end = p_level
$function$;
revoke all on function app.orgs_with_access(p_component text, p_action text, p_level text) from public, anon, authenticated, service_role;
grant execute on function app.orgs_with_access(p_component text, p_action text, p_level text) to authenticated;
grant execute on function app.orgs_with_access(p_component text, p_action text, p_level text) to service_role;
grant execute on function app.orgs_with_access(p_component text, p_action text, p_level text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.personal_columns()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select array['created_by', 'primary_owner_id', 'secondary_owner_id', 'owner_id', 'assignee_id']
$function$;
revoke all on function app.personal_columns() from public, anon, authenticated, service_role;
grant execute on function app.personal_columns() to authenticated;
grant execute on function app.personal_columns() to public;
grant execute on function app.personal_columns() to service_role;
comment on function app.personal_columns() is 'Columns that make a row someone''s own (Personal access): creator, owners, assignee.';

CREATE OR REPLACE FUNCTION app.personal_sql(p_table regclass, p_alias text DEFAULT NULL::text, p_mine text DEFAULT '(select app.my_profile_ids())::uuid[]'::text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(
    '(' || string_agg(format('%s%I = any (%s)', coalesce(quote_ident(p_alias) || '.', ''), a.attname, p_mine), ' or '
                      order by array_position(app.personal_columns(), a.attname::text)) || ')',
    'false')
  from pg_catalog.pg_attribute a
  where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped
    and a.attname::text = any (app.personal_columns())
$function$;
revoke all on function app.personal_sql(p_table regclass, p_alias text, p_mine text) from public, anon, authenticated, service_role;
grant execute on function app.personal_sql(p_table regclass, p_alias text, p_mine text) to service_role;

CREATE OR REPLACE FUNCTION app.price_stay()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_quote jsonb;
begin
  if not app.is_app_user() or new.price_overridden or new.accommodation_id is null then
    return new;
  end if;
  if tg_op = 'UPDATE'
     and new.accommodation_id is not distinct from old.accommodation_id
     and new.check_in is not distinct from old.check_in and new.check_out is not distinct from old.check_out
     and new.adults is not distinct from old.adults and new.children is not distinct from old.children
     and new.pets is not distinct from old.pets and not (old.price_overridden and not new.price_overridden) then
    return new;
  end if;
  -- A unit the caller cannot see (missing, or another organisation's) is not priced: the foreign key
  -- answers it, the same way for both, so no refusal tells one organisation about another's units.
  if not exists (select 1 from catalog.accommodations a where a.id = new.accommodation_id) then
    return new;
  end if;
  v_quote := catalog.quote_stay(new.accommodation_id, app.stay_day(new.check_in), app.stay_day(new.check_out),
                                new.adults, new.children, new.pets,
                                case when tg_op = 'UPDATE' then app.stay_day(old.created_at) else current_date end);
  if not (v_quote ->> 'ok')::boolean then
    raise exception using errcode = '23514', message = v_quote ->> 'reason';
  end if;
  new.nights := (v_quote ->> 'night_count')::integer;
  new.subtotal := (v_quote ->> 'subtotal')::numeric;
  new.fees_amount := (v_quote ->> 'fees')::numeric;
  new.tax_amount := (v_quote ->> 'tax')::numeric;
  new.total_amount := (v_quote ->> 'total')::numeric;
  new.rate_id := coalesce((v_quote ->> 'rate_id')::uuid, new.rate_id);
  return new;
end;
$function$;
revoke all on function app.price_stay() from public, anon, authenticated, service_role;
grant execute on function app.price_stay() to authenticated;
grant execute on function app.price_stay() to public;
grant execute on function app.price_stay() to service_role;

CREATE OR REPLACE FUNCTION app.profile_id_in(p_org text)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.id
  from public.user_profiles p
  where p.auth_user_id = auth.uid() and p.status = 'Active' and p.org_name = p_org
  limit 1
$function$;
revoke all on function app.profile_id_in(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.profile_id_in(p_org text) to authenticated;
grant execute on function app.profile_id_in(p_org text) to service_role;
grant execute on function app.profile_id_in(p_org text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.raise_double_booking(p_details text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', '23P01', 'message', app.double_booking_message(), 'details', p_details, 'hint', null)::text,
    detail = json_build_object('status', 409, 'headers', json_build_object())::text;
end;
$function$;
revoke all on function app.raise_double_booking(p_details text) from public, anon, authenticated, service_role;
grant execute on function app.raise_double_booking(p_details text) to authenticated;
grant execute on function app.raise_double_booking(p_details text) to public;
grant execute on function app.raise_double_booking(p_details text) to service_role;

CREATE OR REPLACE FUNCTION app.read_rule_sql(p_table regclass)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when not (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = p_table) then 'true'
    else format('(%s) and (%s)',
      coalesce((select string_agg('(' || coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' or ')
                from pg_catalog.pg_policy p
                where p.polrelid = p_table and p.polcmd in ('r', '*') and p.polpermissive
                  and (p.polroles @> array[0::oid] or p.polroles @> array['authenticated'::regrole::oid])), 'false'),
      coalesce((select string_agg('(' || coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' and ')
                from pg_catalog.pg_policy p
                where p.polrelid = p_table and p.polcmd in ('r', '*') and not p.polpermissive
                  and (p.polroles @> array[0::oid] or p.polroles @> array['authenticated'::regrole::oid])), 'true'))
  end
$function$;
revoke all on function app.read_rule_sql(p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.read_rule_sql(p_table regclass) to service_role;

CREATE OR REPLACE FUNCTION app.record_label(p_row jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select coalesce(
    nullif(p_row ->> 'name', ''),
    nullif(p_row ->> 'title', ''),
    case when nullif(p_row ->> 'first_name', '') is null then nullif(p_row ->> 'last_name', '')
         when nullif(p_row ->> 'last_name', '') is null then p_row ->> 'first_name'
         else (p_row ->> 'first_name') || ' ' || (p_row ->> 'last_name') end,
    nullif(p_row ->> 'label', ''),
    nullif(p_row ->> 'guest_name', ''),
    nullif(p_row ->> 'value', ''),
    nullif(p_row ->> 'confirmation_code', ''),
    p_row ->> 'short_id')
$function$;
revoke all on function app.record_label(p_row jsonb) from public, anon, authenticated, service_role;
grant execute on function app.record_label(p_row jsonb) to authenticated;
grant execute on function app.record_label(p_row jsonb) to public;
grant execute on function app.record_label(p_row jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.record_merge(p_rel regclass, p_survivor uuid, p_merged uuid, p_batch uuid, p_fields jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function app.record_merge(p_rel regclass, p_survivor uuid, p_merged uuid, p_batch uuid, p_fields jsonb) from public, anon, authenticated, service_role;
grant execute on function app.record_merge(p_rel regclass, p_survivor uuid, p_merged uuid, p_batch uuid, p_fields jsonb) to authenticated;
grant execute on function app.record_merge(p_rel regclass, p_survivor uuid, p_merged uuid, p_batch uuid, p_fields jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.record_owner_ids(p_row jsonb)
 RETURNS uuid[]
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select array_remove(array[(p_row ->> 'created_by')::uuid, (p_row ->> 'primary_owner_id')::uuid, (p_row ->> 'secondary_owner_id')::uuid,
                            (p_row ->> 'owner_id')::uuid, (p_row ->> 'assignee_id')::uuid], null)
$function$;
revoke all on function app.record_owner_ids(p_row jsonb) from public, anon, authenticated, service_role;
grant execute on function app.record_owner_ids(p_row jsonb) to authenticated;
grant execute on function app.record_owner_ids(p_row jsonb) to public;
grant execute on function app.record_owner_ids(p_row jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.refresh_shown_contact_methods(p_parents uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_parents uuid[] := array(select distinct id from unnest(p_parents) as id where id is not null order by id);
  v_bucket integer;
begin
  for v_bucket in
    select distinct (hashtextextended(id::text, 0) & 1023)::integer as bucket from unnest(v_parents) as id order by bucket
  loop
    perform pg_advisory_xact_lock(hashtext('steward:shown-contact-methods'), v_bucket);
  end loop;

  -- Set-wise, one join per parent column (each by its index): a refresh of 100,000 new records is
  -- a few joins, not 300,000 lookups. Same choice: not archived, the primary first, then the newest.
  with parents as (select unnest(v_parents) as id),
  methods as (
    select p.id as parent_id, cm.id, cm.type_id, cm.is_primary, cm.created_at from parents p join crm.contact_methods cm on cm.contact_id = p.id where not cm.archive
    union all select p.id, cm.id, cm.type_id, cm.is_primary, cm.created_at from parents p join crm.contact_methods cm on cm.business_id = p.id where not cm.archive
    union all select p.id, cm.id, cm.type_id, cm.is_primary, cm.created_at from parents p join crm.contact_methods cm on cm.household_id = p.id where not cm.archive
    union all select p.id, cm.id, cm.type_id, cm.is_primary, cm.created_at from parents p join crm.contact_methods cm on cm.user_id = p.id where not cm.archive
  ),
  typed as (
    select m.parent_id, m.id, t.kind, m.is_primary, m.created_at from methods m join crm.contact_method_types t on t.id = m.type_id
  ),
  shown_method as (
    select distinct on (m.parent_id, m.kind) m.parent_id, m.kind, m.id from typed m
    where m.kind in ('phone', 'email')
    order by m.parent_id, m.kind, m.is_primary desc, m.created_at desc, m.id desc
  ),
  addresses as (
    select p.id as parent_id, a.id, a.is_primary, a.created_at from parents p join crm.addresses a on a.contact_id = p.id where not a.archive
    union all select p.id, a.id, a.is_primary, a.created_at from parents p join crm.addresses a on a.business_id = p.id where not a.archive
    union all select p.id, a.id, a.is_primary, a.created_at from parents p join crm.addresses a on a.household_id = p.id where not a.archive
    union all select p.id, a.id, a.is_primary, a.created_at from parents p join crm.addresses a on a.user_id = p.id where not a.archive
  ),
  shown_address as (
    select distinct on (a.parent_id) a.parent_id, a.id from addresses a
    order by a.parent_id, a.is_primary desc, a.created_at desc, a.id desc
  )
  insert into app.shown_contact_methods (parent_id, phone_id, email_id, address_id)
  select p.id, ph.id, em.id, ad.id
  from parents p
  left join shown_method ph on ph.parent_id = p.id and ph.kind = 'phone'
  left join shown_method em on em.parent_id = p.id and em.kind = 'email'
  left join shown_address ad on ad.parent_id = p.id
  on conflict (parent_id) do update
    set phone_id = excluded.phone_id, email_id = excluded.email_id, address_id = excluded.address_id;
end;
$function$;
revoke all on function app.refresh_shown_contact_methods(p_parents uuid[]) from public, anon, authenticated, service_role;
grant execute on function app.refresh_shown_contact_methods(p_parents uuid[]) to service_role;
grant execute on function app.refresh_shown_contact_methods(p_parents uuid[]) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.refuse_block_over_reservation()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'catalog', 'app', 'extensions'
AS $function$
begin
  perform app.lock_accommodation(new.accommodation_id);
  if exists (
    select 1 from catalog.reservations r
    where r.accommodation_id = new.accommodation_id
      and app.reservation_is_active(r.status)
      and tstzrange(r.check_in, r.check_out, '[)') && tstzrange(new.block_start, new.block_end, '[)')
  ) then
    perform app.raise_double_booking('block-out on accommodation ' || new.accommodation_id || ' overlaps an active reservation');
  end if;
  return new;
end;
$function$;
revoke all on function app.refuse_block_over_reservation() from public, anon, authenticated, service_role;
grant execute on function app.refuse_block_over_reservation() to authenticated;
grant execute on function app.refuse_block_over_reservation() to service_role;

CREATE OR REPLACE FUNCTION app.refuse_history_edit()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'DELETE' and current_setting('steward.deleting_org', true) = 'on' then
    return old;
  end if;
  raise exception using errcode = '42501', message = 'Record history cannot be changed';
end;
$function$;
revoke all on function app.refuse_history_edit() from public, anon, authenticated, service_role;
grant execute on function app.refuse_history_edit() to authenticated;
grant execute on function app.refuse_history_edit() to public;
grant execute on function app.refuse_history_edit() to service_role;

CREATE OR REPLACE FUNCTION app.refuse_reservation_overlap()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'catalog', 'app', 'extensions'
AS $function$
begin
  if new.accommodation_id is null or not app.reservation_is_active(new.status) then
    return new;
  end if;
  perform app.lock_accommodation(new.accommodation_id);
  if exists (
    select 1 from catalog.reservations r
    where r.accommodation_id = new.accommodation_id
      and r.id <> new.id
      and app.reservation_is_active(r.status)
      and tstzrange(r.check_in, r.check_out, '[)') && tstzrange(new.check_in, new.check_out, '[)')
  ) or exists (
    select 1 from catalog.accommodation_blocks b
    where b.accommodation_id = new.accommodation_id
      and tstzrange(b.block_start, b.block_end, '[)') && tstzrange(new.check_in, new.check_out, '[)')
  ) then
    perform app.raise_double_booking('accommodation ' || new.accommodation_id || ', ' || new.check_in || ' to ' || new.check_out);
  end if;
  return new;
end;
$function$;
revoke all on function app.refuse_reservation_overlap() from public, anon, authenticated, service_role;
grant execute on function app.refuse_reservation_overlap() to authenticated;
grant execute on function app.refuse_reservation_overlap() to service_role;

CREATE OR REPLACE FUNCTION app.release_unclaimed_login(p_email text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  delete from auth.users u
   where lower(u.email) = lower(btrim(p_email))
     and u.email_confirmed_at is null
     and u.last_sign_in_at is null
     and u.encrypted_password is null
     and u.invited_at is null
     and u.deleted_at is null
     and not exists (select 1 from public.user_profiles p where p.auth_user_id = u.id);
$function$;
revoke all on function app.release_unclaimed_login(p_email text) from public, anon, authenticated, service_role;
grant execute on function app.release_unclaimed_login(p_email text) to service_role;

CREATE OR REPLACE FUNCTION app.request_client()
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select nullif(btrim(coalesce(h ->> 'cf-connecting-ip', split_part(h ->> 'x-forwarded-for', ',', 1))), '')
    from (select nullif(current_setting('request.headers', true), '')::json as h) request
$function$;
revoke all on function app.request_client() from public, anon, authenticated, service_role;
grant execute on function app.request_client() to service_role;
comment on function app.request_client() is 'the calling client''s address as the API edge reports it, or null outside an API request';

CREATE OR REPLACE FUNCTION app.request_invite_code_uncounted(p_email text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_invite record;
  v_code text;
  v_org text;
begin
  if v_email = '' then
    raise exception using errcode = 'ST001', message = 'Please fill in all required fields';
  end if;
  if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception using errcode = 'ST002', message = 'Please enter a valid email address';
  end if;
  -- Every request writes, invited or not: a transaction that writes waits for its commit to reach
  -- the disk, one that only reads does not, and that difference alone told invited addresses apart.
  insert into app.invite_code_requests as r (email) values (v_email)
  on conflict (email) do update
    set window_started_at = case when r.window_started_at > now() - interval '1 hour' then r.window_started_at else now() end,
        requests = case when r.window_started_at > now() - interval '1 hour' then r.requests + 1 else 1 end;
  for v_invite in
    select p.id, p.org_name, r.role_name, c.window_started_at, c.sends_in_window
      from public.user_profiles p
      left join public.user_roles r on r.id = p.role_id
      left join app.invite_codes c on c.profile_id = p.id
     where lower(p.email) = v_email and p.status = 'Pending' and p.auth_user_id is null
     order by p.created_at, p.id
  loop
    -- At most 5 codes per invitation per hour; beyond that the answer is the same and no mail goes.
    if v_invite.window_started_at is not null and v_invite.window_started_at > now() - interval '1 hour'
       and v_invite.sends_in_window >= 5 then
      continue;
    end if;
    v_code := lpad(((('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint) % 1000000)::text, 6, '0');
    insert into app.invite_codes as c (profile_id, email, code_hash, expires_at, failed_attempts, window_started_at, sends_in_window)
    values (v_invite.id, v_email, app.invite_code_hash(v_invite.id, v_code), now() + interval '1 hour', 0, now(), 1)
    on conflict (profile_id) do update
      set email = excluded.email,
          code_hash = excluded.code_hash,
          expires_at = excluded.expires_at,
          failed_attempts = 0,
          window_started_at = case when c.window_started_at > now() - interval '1 hour' then c.window_started_at else now() end,
          sends_in_window = case when c.window_started_at > now() - interval '1 hour' then c.sends_in_window + 1 else 1 end;
    v_org := v_invite.org_name;
    perform app.enqueue_mail(
      v_email,
      format('Your code to join %s', v_org),
      format(E'%s has invited you to join it on Steward as %s.\n\n'
             'Your code: %s\n\n'
             'To accept, open Steward, choose Get Started, enter this e-mail address, then this code. '
             'The code works for one hour.\n\n'
             'If you did not expect this invitation, you can ignore this e-mail: nothing happens without the code.',
             v_org, coalesce(nullif(v_invite.role_name, ''), 'team member'), v_code),
      null,
      'invite_code',
      v_invite.org_name,
      'public.user_profiles',
      v_invite.id);
  end loop;
end;
$function$;
revoke all on function app.request_invite_code_uncounted(p_email text) from public, anon, authenticated, service_role;
grant execute on function app.request_invite_code_uncounted(p_email text) to service_role;

CREATE OR REPLACE FUNCTION app.require_password(p_password text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if char_length(p_password) < 8 then
    raise exception using errcode = 'ST004', message = 'Password must be at least 8 characters long';
  end if;
  if octet_length(p_password) > 72 then
    raise exception using errcode = 'ST012', message = 'Password must be at most 72 bytes long';
  end if;
end;
$function$;
revoke all on function app.require_password(p_password text) from public, anon, authenticated, service_role;
grant execute on function app.require_password(p_password text) to authenticated;
grant execute on function app.require_password(p_password text) to public;
grant execute on function app.require_password(p_password text) to service_role;

CREATE OR REPLACE FUNCTION app.require_request(p_name text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not app.take_request(p_name) then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'over_request_rate_limit', 'message', 'Request rate limit reached', 'details', null, 'hint', null)::text,
      detail = json_build_object('status', 429, 'headers', json_build_object())::text;
  end if;
end;
$function$;
revoke all on function app.require_request(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.require_request(p_name text) to service_role;

CREATE OR REPLACE FUNCTION app.require_signup_fields(p_email text, p_password text, p_full_name text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if nullif(btrim(coalesce(p_email, '')), '') is null
     or nullif(btrim(coalesce(p_full_name, '')), '') is null
     or coalesce(p_password, '') = '' then
    raise exception using errcode = 'ST001', message = 'Please fill in all required fields';
  end if;
  if btrim(p_email) !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception using errcode = 'ST002', message = 'Please enter a valid email address';
  end if;
  perform app.release_unclaimed_login(p_email);
end;
$function$;
revoke all on function app.require_signup_fields(p_email text, p_password text, p_full_name text) from public, anon, authenticated, service_role;
grant execute on function app.require_signup_fields(p_email text, p_password text, p_full_name text) to authenticated;
grant execute on function app.require_signup_fields(p_email text, p_password text, p_full_name text) to public;
grant execute on function app.require_signup_fields(p_email text, p_password text, p_full_name text) to service_role;

CREATE OR REPLACE FUNCTION app.role_permission_org()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' and new.org_name is null then
    new.org_name := (
      select r.org_name from public.user_roles r
       where r.id = new.role_id
         and (auth.uid() is null or r.org_name = '_system_default_' or r.org_name = any (app.member_orgs())));
  end if;
  return new;
end;
$function$;
revoke all on function app.role_permission_org() from public, anon, authenticated, service_role;
grant execute on function app.role_permission_org() to authenticated;
grant execute on function app.role_permission_org() to service_role;

CREATE OR REPLACE FUNCTION app.run_due_jobs(p_now timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_job app.scheduled_jobs%rowtype;
  v_ran integer := 0;
begin
  for v_job in
    select * from app.scheduled_jobs
    where last_run_at is null or last_run_at + every <= p_now
    order by name
    for update skip locked
  loop
    begin
      execute format('select %s()', v_job.function_name);
      update app.scheduled_jobs set last_run_at = p_now, last_error = null where name = v_job.name;
      v_ran := v_ran + 1;
    exception when others then
      update app.scheduled_jobs set last_run_at = p_now, last_error = sqlerrm where name = v_job.name;
    end;
  end loop;
  return v_ran;
end;
$function$;
revoke all on function app.run_due_jobs(p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.run_due_jobs(p_now timestamp with time zone) to service_role;

CREATE OR REPLACE FUNCTION app.sale_month(p_date date)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$ select date_trunc('month', p_date::timestamp)::date $function$;
revoke all on function app.sale_month(p_date date) from public, anon, authenticated, service_role;
grant execute on function app.sale_month(p_date date) to authenticated;
grant execute on function app.sale_month(p_date date) to public;
grant execute on function app.sale_month(p_date date) to service_role;

CREATE OR REPLACE FUNCTION app.saved_filter_owner()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    if app.is_app_user() then
      new.profile_id := app.profile_id_in(new.org_name);
    end if;
  else
    new.profile_id := old.profile_id;
  end if;
  return new;
end;
$function$;
revoke all on function app.saved_filter_owner() from public, anon, authenticated, service_role;
grant execute on function app.saved_filter_owner() to authenticated;
grant execute on function app.saved_filter_owner() to public;
grant execute on function app.saved_filter_owner() to service_role;

CREATE OR REPLACE FUNCTION app.search_candidates(p_query text, p_org_name text, p_limit integer)
 RETURNS TABLE(kind text, area text, id uuid, rank real, detail text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET "pg_trgm.similarity_threshold" TO '0.25'
 SET "pg_trgm.word_similarity_threshold" TO '0.6'
 SET search_path TO ''
AS $function$
declare
  q text := btrim(regexp_replace(app.search_norm(p_query), '\s+', ' ', 'g'));
  q_like text;
  q_digits text := app.search_digits(p_query);
  by_phone boolean := length(app.search_digits(p_query)) >= 3 and p_query ~ '^[0-9\s()+./-]+$';
  by_email boolean;
  n integer := least(greatest(coalesce(p_limit, 5), 1), 50);
  mine uuid[] := app.my_profile_ids();
  level text;
  lodging_level text;
  -- Every person of the organisation matching the query by name (ids, ranks), when needed.
  people_ids uuid[];
  people_ranks real[];
  by_text constant text := $q$
    select %1$L::text, %2$L::text, x.id, app.search_rank(%4$s, $2), null::text
    from %3$s x
    where x.org_name = $1 and not x.archive
      and %5$s
      and (%4$s operator(extensions.%%) $2 or $2 operator(extensions.<%%) %4$s or %4$s like $5)
    order by 4 desc
    limit $3$q$;
begin
  if length(q) < 2 or p_org_name is null or p_org_name = '_system_default_' then
    return;
  end if;
  by_email := not by_phone and (q ~ '[@.]' or (length(q) >= 4 and q !~ ' '));
  if length(q) >= 3 then
    q_like := '%' || app.search_like(q) || '%';
  end if;

  level := app.search_view_level(p_org_name, 'crm');
  lodging_level := app.search_view_level(p_org_name, 'lodging');
  if lodging_level is not null or level = 'Organization' then
    select coalesce(array_agg(m.id), '{}'), coalesce(array_agg(m.rank), '{}') into people_ids, people_ranks
    from app.search_text_matches('crm.contacts', 'app.search_norm(t.name)', p_org_name, 'true', q, n) m;
  end if;

  if level is not null then
    -- $1 organisation, $2 query, $3 limit, $4 by e-mail, $5 query as LIKE, $6 by phone, $7 digits,
    -- $8 $9 the people found by name when the caller reads them all.
    return query execute format($q$
      with by_name as (
        select m.id, m.rank as r, null::text as d
        from %3$s
      ), by_method as (
        select cm.contact_id as id, 1.5::real as r, cm.value as d
        from crm.contact_methods cm
        join crm.contacts c on c.id = cm.contact_id
        where cm.org_name = $1 and not cm.archive and not c.archive
          and %2$s
          and (($4 and app.search_norm(cm.value) like $5)
               or ($6 and app.search_digits(cm.value) like '%%' || $7 || '%%'))
        limit $3
      )
      select 'contact'::text, 'crm'::text, h.id, max(h.r), max(h.d)
      from (select * from by_name union all select * from by_method) h
      group by h.id$q$,
      null, app.search_read_rule('crm.contacts', 'c', level, mine),
      case when level = 'Organization' then 'unnest($8::uuid[], $9::real[]) as m(id, rank)'
           else format('app.search_text_matches(%L, %L, $1, %L, $2, $3) m', 'crm.contacts', 'app.search_norm(t.name)',
                       app.search_read_rule('crm.contacts', 't', level, mine)) end)
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits, people_ids, people_ranks;

    return query execute format($q$
      with by_name as (
        select m.id, m.rank as r, null::text as d
        from app.search_text_matches('crm.businesses', 'app.search_norm(t.name || '' '' || coalesce(t.dba_name, ''''))', $1, %1$L, $2, $3) m
      ), by_method as (
        select cm.business_id as id, 1.5::real as r, cm.value as d
        from crm.contact_methods cm
        join crm.businesses b on b.id = cm.business_id
        where cm.org_name = $1 and not cm.archive and not b.archive
          and %2$s
          and (($4 and app.search_norm(cm.value) like $5)
               or ($6 and app.search_digits(cm.value) like '%%' || $7 || '%%'))
        limit $3
      )
      select 'business'::text, 'crm'::text, h.id, max(h.r), max(h.d)
      from (select * from by_name union all select * from by_method) h
      group by h.id$q$,
      app.search_read_rule('crm.businesses', 't', level, mine), app.search_read_rule('crm.businesses', 'b', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;

    return query
    select 'household', 'crm', m.id, m.rank, null::text
    from app.search_text_matches('crm.households', 'app.search_norm(t.name)', p_org_name,
                                 app.search_read_rule('crm.households', 't', level, mine), q, n) m;

    -- Organisation users: every member reads the directory; the CRM's enablement decides here.
    return query
    select 'user', 'crm', u.id,
           case when by_phone and app.search_digits(u.phone) like '%' || q_digits || '%' then 1.5::real
                else app.search_rank(app.search_norm(u.name || ' ' || coalesce(u.email::text, '')), q) end,
           case when by_phone and app.search_digits(u.phone) like '%' || q_digits || '%' then u.phone end
    from public.user_profiles u
    where u.org_name = p_org_name and not u.archive
      and ((app.search_norm(u.name || ' ' || coalesce(u.email::text, '')) operator(extensions.%) q
           or q operator(extensions.<%) app.search_norm(u.name || ' ' || coalesce(u.email::text, ''))
           or app.search_norm(u.name || ' ' || coalesce(u.email::text, '')) like q_like)
           or (by_phone and app.search_digits(u.phone) like '%' || q_digits || '%'))
    order by 4 desc
    limit n;
  end if;

  level := app.search_view_level(p_org_name, 'team-portal');
  if level is not null then
    return query execute format($q$
      select 'staff'::text, 'team-portal'::text, s.id,
             case when $6 and app.search_digits(s.phone) like '%%' || $7 || '%%' then 1.5::real
                  else app.search_rank(app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')), $2) end,
             case when $6 and app.search_digits(s.phone) like '%%' || $7 || '%%' then s.phone end
      from hr.staff_profiles s
      where s.org_name = $1 and not s.archive
        and %1$s
        and ((app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')) operator(extensions.%%) $2
             or $2 operator(extensions.<%%) app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, ''))
             or app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')) like $5)
             or ($6 and app.search_digits(s.phone) like '%%' || $7 || '%%'))
      order by 4 desc
      limit $3$q$,
      app.search_read_rule('hr.staff_profiles', 's', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;

  level := lodging_level;
  if level is not null then
    return query execute format(by_text, 'accommodation', 'lodging', 'catalog.accommodations', 'app.search_norm(x.name)',
                                app.search_read_rule('catalog.accommodations', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;

    -- Reservations by their label, confirmation code or guest ($8 $9: the people found by name).
    return query execute format($q$
      with by_text as (
        select r.id, app.search_rank(app.search_norm(r.name || ' ' || r.confirmation), $2) as rk
        from catalog.reservations r
        where r.org_name = $1 and not r.archive
          and %1$s
          and (app.search_norm(r.name || ' ' || r.confirmation) operator(extensions.%%) $2
               or $2 operator(extensions.<%%) app.search_norm(r.name || ' ' || r.confirmation)
               or app.search_norm(r.name || ' ' || r.confirmation) like $5)
        order by 2 desc
        limit $3
      ), by_guest as (
        select r.id, g.rk
        from unnest($8::uuid[], $9::real[]) as g(id, rk)
        join catalog.reservations r on r.contact_id = g.id
        where r.org_name = $1 and not r.archive
          and %1$s
        limit $3
      )
      select 'reservation'::text, 'lodging'::text, h.id, max(h.rk), null::text
      from (select * from by_text union all select * from by_guest) h
      group by h.id$q$,
      app.search_read_rule('catalog.reservations', 'r', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits, people_ids, people_ranks;
  end if;

  level := app.search_view_level(p_org_name, 'catalog');
  if level is not null then
    return query execute format(by_text, 'product', 'catalog', 'catalog.products', $e$app.search_norm(x.name || ' ' || x.sku)$e$,
                                app.search_read_rule('catalog.products', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
    return query execute format(by_text, 'supply', 'catalog', 'catalog.supplies', $e$app.search_norm(x.name || ' ' || coalesce(x.vendor, ''))$e$,
                                app.search_read_rule('catalog.supplies', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;

  level := app.search_view_level(p_org_name, 'operations');
  if level is not null then
    return query execute format(by_text, 'project', 'operations', 'ops.projects', 'app.search_norm(x.name)',
                                app.search_read_rule('ops.projects', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
    return query execute format(by_text, 'task', 'operations', 'ops.tasks', 'app.search_norm(x.title)',
                                app.search_read_rule('ops.tasks', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;
end;
$function$;
revoke all on function app.search_candidates(p_query text, p_org_name text, p_limit integer) from public, anon, authenticated, service_role;
grant execute on function app.search_candidates(p_query text, p_org_name text, p_limit integer) to authenticated;
grant execute on function app.search_candidates(p_query text, p_org_name text, p_limit integer) to service_role;

CREATE OR REPLACE FUNCTION app.search_corrections(p_org_name text, p_word text)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(c.word order by c.closeness desc, c.word), '{}')
  from (select w.word, extensions.similarity(w.word, p_word) as closeness
        from (select distinct s.word
              from unnest(app.search_variants(p_word)) as v(variant)
              join app.search_words s on s.org_name = p_org_name and s.variant = v.variant) w
        where strpos(w.word, p_word) = 0
        order by 2 desc, 1
        limit 8) c
$function$;
revoke all on function app.search_corrections(p_org_name text, p_word text) from public, anon, authenticated, service_role;
grant execute on function app.search_corrections(p_org_name text, p_word text) to service_role;

CREATE OR REPLACE FUNCTION app.search_like(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_')
$function$;
revoke all on function app.search_like(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.search_like(p_text text) to authenticated;
grant execute on function app.search_like(p_text text) to public;
grant execute on function app.search_like(p_text text) to service_role;

CREATE OR REPLACE FUNCTION app.search_rank(p_text text, p_query text)
 RETURNS real
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select (greatest(extensions.similarity(p_text, p_query), extensions.word_similarity(p_query, p_text))
          + case
              when p_text = p_query then 1.0
              when starts_with(p_text, p_query) then 0.6
              when strpos(p_text, ' ' || p_query) > 0 then 0.4
              when strpos(p_text, p_query) > 0 then 0.2
              else 0
            end)::real
$function$;
revoke all on function app.search_rank(p_text text, p_query text) from public, anon, authenticated, service_role;
grant execute on function app.search_rank(p_text text, p_query text) to authenticated;
grant execute on function app.search_rank(p_text text, p_query text) to public;
grant execute on function app.search_rank(p_text text, p_query text) to service_role;

CREATE OR REPLACE FUNCTION app.search_read_rule(p_table regclass, p_alias text, p_level text, p_mine uuid[])
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case p_level
    when 'Organization' then 'true'
    when 'Personal' then app.personal_sql(p_table, p_alias, format('%L::uuid[]', coalesce(p_mine, '{}')))
    else 'false'
  end
$function$;
revoke all on function app.search_read_rule(p_table regclass, p_alias text, p_level text, p_mine uuid[]) from public, anon, authenticated, service_role;
grant execute on function app.search_read_rule(p_table regclass, p_alias text, p_level text, p_mine uuid[]) to service_role;

CREATE OR REPLACE FUNCTION app.search_text_matches(p_table text, p_expr text, p_org_name text, p_filter text, p_query text, p_limit integer)
 RETURNS TABLE(id uuid, rank real)
 LANGUAGE plpgsql
 STABLE
 SET "pg_trgm.similarity_threshold" TO '0.25'
 SET "pg_trgm.word_similarity_threshold" TO '0.4'
 SET max_parallel_workers_per_gather TO '0'
 SET search_path TO ''
AS $function$
declare
  v_words text[] := (select array_agg(w) from unnest(string_to_array(p_query, ' ')) as w where length(w) >= 2);
  v_word text;
  v_fragment text;
  v_corrections text[];
  v_fragments text := '';
  v_corrected text := '';
  v_any_correction boolean := false;
  -- Every word of the query is a word of the organisation or one edit away from one: the fuzzier
  -- steps, which compare texts rather than words, have nothing to add.
  v_all_known boolean := true;
  v_similar text := '';
  v_found integer := 0;
  v_base text;
  v_step text;
  v_seen uuid[] := '{}';
  v_ids uuid[];
  v_ranks real[];
  v_number integer;
begin
  v_base := format('select t.id, app.search_rank(%1$s, %2$L) as rank from %3$s t where t.org_name = %4$L and not t.archive and %5$s',
                   p_expr, p_query, p_table, p_org_name, p_filter);
  foreach v_word in array coalesce(v_words[1:4], '{}') loop
    v_similar := v_similar || format(' and %L operator(extensions.<%%) %s', v_word, p_expr);
    if length(v_word) >= 3 then
      v_fragments := v_fragments || format(' and %s like %L', p_expr, '%' || app.search_like(v_word) || '%');
    else
      -- Two letters match the start of a word only.
      v_fragments := v_fragments || format(' and %L operator(extensions.<%%) %s', v_word, p_expr);
    end if;
  end loop;
  for v_number in 1..4 loop
    -- A query with digits or an @ is a phone, an e-mail or a code: its fragments, never a fuzzy name.
    exit when v_number > 1 and p_query ~ '[0-9@]';
    if v_number = 2 then
      -- The words as typed found too few: each word, or a word of the organisation one edit away.
      foreach v_word in array coalesce(v_words[1:4], '{}') loop
        if length(v_word) >= 3 then
          v_fragment := format('%s like %L', p_expr, '%' || app.search_like(v_word) || '%');
          v_corrections := app.search_corrections(p_org_name, v_word);
          v_any_correction := v_any_correction or cardinality(v_corrections) > 0;
          v_all_known := v_all_known and (cardinality(v_corrections) > 0
            or exists (select 1 from app.search_words s where s.org_name = p_org_name and s.variant = v_word and s.word = v_word));
          v_corrected := v_corrected || format(' and (%s%s)', v_fragment,
            (select string_agg(format(' or %s like %L', p_expr, '%' || app.search_like(c) || '%'), '') from unnest(v_corrections) as c));
        else
          v_corrected := v_corrected || format(' and %L operator(extensions.<%%) %s', v_word, p_expr);
        end if;
      end loop;
    end if;
    v_step := case v_number
      when 1 then nullif(v_fragments, '')
      when 2 then case when v_any_correction then v_corrected end
      when 3 then case when v_found = 0 and not v_all_known then nullif(v_similar, '') end
      when 4 then case when length(p_query) >= 3 and v_found = 0 and not v_all_known
                       then format(' and (%1$s operator(extensions.%%) %2$L or %2$L operator(extensions.<%%) %1$s)', p_expr, p_query) end
    end;
    continue when v_step is null;
    execute format('select coalesce(array_agg(m.id), ''{}''), coalesce(array_agg(m.rank), ''{}'') from (select s.id, s.rank from (%s%s and not (t.id = any (%L::uuid[])) limit 200) s order by s.rank desc limit %s) m',
                   v_base, v_step, v_seen, p_limit - v_found)
      into v_ids, v_ranks;
    return query select u.id, u.rank from unnest(v_ids, v_ranks) as u(id, rank);
    v_seen := v_seen || v_ids;
    v_found := v_found + cardinality(v_ids);
    exit when v_found >= p_limit;
  end loop;
end;
$function$;
revoke all on function app.search_text_matches(p_table text, p_expr text, p_org_name text, p_filter text, p_query text, p_limit integer) from public, anon, authenticated, service_role;
grant execute on function app.search_text_matches(p_table text, p_expr text, p_org_name text, p_filter text, p_query text, p_limit integer) to service_role;

CREATE OR REPLACE FUNCTION app.search_text_words(p_text text)
 RETURNS SETOF text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select w from regexp_split_to_table(app.search_norm(p_text), '[^[:alpha:]]+') as w where length(w) between 3 and 40
$function$;
revoke all on function app.search_text_words(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.search_text_words(p_text text) to authenticated;
grant execute on function app.search_text_words(p_text text) to public;
grant execute on function app.search_text_words(p_text text) to service_role;

CREATE OR REPLACE FUNCTION app.search_variants(p_word text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select array_agg(distinct v.variant)
  from (select p_word as variant
        union all
        select left(p_word, i - 1) || substr(p_word, i + 1) from generate_series(1, length(p_word)) as i) v
$function$;
revoke all on function app.search_variants(p_word text) from public, anon, authenticated, service_role;
grant execute on function app.search_variants(p_word text) to authenticated;
grant execute on function app.search_variants(p_word text) to public;
grant execute on function app.search_variants(p_word text) to service_role;

CREATE OR REPLACE FUNCTION app.search_view_level(p_org_name text, p_component text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when p_org_name = any (app.orgs_with_access(p_component, 'view', 'Organization')) then 'Organization'
    when p_org_name = any (app.orgs_with_access(p_component, 'view', 'Personal')) then 'Personal'
  end
$function$;
revoke all on function app.search_view_level(p_org_name text, p_component text) from public, anon, authenticated, service_role;
grant execute on function app.search_view_level(p_org_name text, p_component text) to authenticated;
grant execute on function app.search_view_level(p_org_name text, p_component text) to service_role;
comment on function app.search_view_level(p_org_name text, p_component text) is 'The caller''s read level for an area in an organisation: Organization, Personal (their own rows, app.personal_sql) or null.';

CREATE OR REPLACE FUNCTION app.search_words_learn()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  execute format($q$
    insert into app.search_words (org_name, variant, word)
    select n.org_name, v.variant, n.word
    from (select distinct r.org_name, w.word
          from new_rows r cross join lateral app.search_text_words(%1$s) as w(word)
          where r.org_name is not null %2$s) n
    cross join lateral unnest(app.search_variants(n.word)) as v(variant)
    where not exists (select 1 from app.search_words s where s.org_name = n.org_name and s.variant = n.word and s.word = n.word)
    on conflict do nothing$q$,
    tg_argv[0],
    case when tg_op = 'UPDATE'
         then format('and not exists (select 1 from old_rows o where o.id = r.id and o.org_name is not distinct from r.org_name and (%s) is not distinct from (%s))',
                     replace(tg_argv[0], 'r.', 'o.'), tg_argv[0])
         else '' end);
  return null;
end;
$function$;
revoke all on function app.search_words_learn() from public, anon, authenticated, service_role;
grant execute on function app.search_words_learn() to service_role;

CREATE OR REPLACE FUNCTION app.secret_last4(p_secret text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when length(p_secret) >= 8 then right(p_secret, 4) end
$function$;
revoke all on function app.secret_last4(p_secret text) from public, anon, authenticated, service_role;
grant execute on function app.secret_last4(p_secret text) to authenticated;
grant execute on function app.secret_last4(p_secret text) to public;
grant execute on function app.secret_last4(p_secret text) to service_role;

CREATE OR REPLACE FUNCTION app.secure_org_table(p_table regclass, p_component text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform app.attach_org_table(p_table);
  perform app.apply_component_policies(p_table, p_component);
  perform app.attach_history(p_table, p_component);
end;
$function$;
revoke all on function app.secure_org_table(p_table regclass, p_component text) from public, anon, authenticated, service_role;
grant execute on function app.secure_org_table(p_table regclass, p_component text) to service_role;

CREATE OR REPLACE FUNCTION app.secure_view(p_view regclass)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  execute format('revoke all on %s from anon, public, authenticated', p_view);
  execute format('grant select on %s to authenticated', p_view);
  execute format('grant select on %s to service_role', p_view);
end;
$function$;
revoke all on function app.secure_view(p_view regclass) from public, anon, authenticated, service_role;
grant execute on function app.secure_view(p_view regclass) to public;
grant execute on function app.secure_view(p_view regclass) to service_role;

CREATE OR REPLACE FUNCTION app.send_stay_confirmation(p_stay catalog.reservations)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_to text;
  v_unit text;
  v_paid numeric(12, 2);
  v_currency text;
  v_guests text;
  v_body text;
begin
  if p_stay.contact_id is null then
    return null;
  end if;
  select m.value into v_to
  from crm.contact_methods m
  where m.contact_id = p_stay.contact_id and m.org_name = p_stay.org_name and not m.archive
    and m.value ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
  order by m.is_primary desc, m.created_at desc
  limit 1;
  if v_to is null then
    return null;
  end if;
  select a.name into v_unit from catalog.accommodations a where a.id = p_stay.accommodation_id;
  select coalesce(sum(case when x.line_type = 'refund' then -1 else 1 end * (x.qty * x.unit_price - x.discount_amount)), 0)
    into v_paid
  from catalog.reservation_payments x where x.reservation_id = p_stay.id and not x.archive;
  select s.currency into v_currency from catalog.lodging_settings s where s.org_name = p_stay.org_name;
  v_currency := coalesce(v_currency, 'USD');
  v_guests := concat_ws(', ',
    p_stay.adults || case when p_stay.adults = 1 then ' adult' else ' adults' end,
    case when p_stay.children > 0 then p_stay.children || case when p_stay.children = 1 then ' child' else ' children' end end,
    case when p_stay.pets > 0 then p_stay.pets || case when p_stay.pets = 1 then ' pet' else ' pets' end end);
  v_body := concat_ws(E'\n',
    format('Your stay with %s is confirmed.', p_stay.org_name),
    '',
    format('Confirmation: %s', p_stay.confirmation),
    format('Accommodation: %s', coalesce(v_unit, '—')),
    format('Check-in: %s', to_char(p_stay.check_in at time zone 'UTC', 'FMDay, FMMonth FMDD, YYYY')),
    format('Check-out: %s', to_char(p_stay.check_out at time zone 'UTC', 'FMDay, FMMonth FMDD, YYYY')),
    format('Guests: %s', v_guests),
    format('Total: %s %s', to_char(coalesce(p_stay.total_amount, 0), 'FM999999990.00'), v_currency),
    format('Balance due: %s %s', to_char(coalesce(p_stay.total_amount, 0) - v_paid, 'FM999999990.00'), v_currency));
  perform app.enqueue_mail(
    v_to,
    format('Your stay is confirmed (%s)', p_stay.confirmation),
    v_body,
    null,
    'stay_confirmation',
    p_stay.org_name,
    'catalog.reservations',
    p_stay.id);
  return lower(btrim(v_to));
end;
$function$;
revoke all on function app.send_stay_confirmation(p_stay catalog.reservations) from public, anon, authenticated, service_role;
grant execute on function app.send_stay_confirmation(p_stay catalog.reservations) to authenticated;
grant execute on function app.send_stay_confirmation(p_stay catalog.reservations) to service_role;

CREATE OR REPLACE FUNCTION app.send_task_digests(p_now timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_person record;
  v_lines text;
  v_mail bigint;
  v_sent integer := 0;
begin
  for v_person in
    select p.id, p.org_name, p.email::text as email, p.name, app.org_today(p.org_name, p_now) as today
      from public.user_profiles p
     where p.task_digest and p.status = 'Active' and p.email is not null and p.org_name <> '_system_default_'
       and (p_now at time zone app.org_timezone(p.org_name))::time >= time '07:00'
       and not exists (select 1 from app.task_digests_sent s
                        where s.profile_id = p.id and s.sent_on = app.org_today(p.org_name, p_now))
  loop
    select string_agg(format('- %s%s (due %s)', case when i.overdue then 'OVERDUE: ' else '' end, i.title,
                             to_char(i.due_date, 'FMMonth FMDD')), E'\n' order by i.due_date, i.title)
      into v_lines
      from app.task_digest_items(v_person.id, v_person.today) i;
    if v_lines is not null then
      v_mail := app.enqueue_mail(v_person.email,
        format('Your tasks for %s — %s', to_char(v_person.today, 'FMMonth FMDD'), v_person.org_name),
        format(E'Hello %s,\n\nThese tasks are due today or overdue:\n\n%s\n\nOpen My work: /tasks?view=mine\n', v_person.name, v_lines),
        null, 'task_digest', v_person.org_name, 'public.user_profiles', v_person.id);
      v_sent := v_sent + 1;
    end if;
    insert into app.task_digests_sent (profile_id, sent_on, mail_id) values (v_person.id, v_person.today, v_mail);
    v_mail := null;
  end loop;
  return v_sent;
end;
$function$;
revoke all on function app.send_task_digests(p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.send_task_digests(p_now timestamp with time zone) to service_role;

CREATE OR REPLACE FUNCTION app.short_id_for(p_id uuid)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
 SET search_path TO ''
AS $function$
  select translate(encode(substring(sha256(uuid_send(p_id)) from 1 for 6), 'base64'), '+/', '-_')
$function$;
revoke all on function app.short_id_for(p_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.short_id_for(p_id uuid) to authenticated;
grant execute on function app.short_id_for(p_id uuid) to service_role;
grant execute on function app.short_id_for(p_id uuid) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.shown_contact_method(p_parent uuid, p_kind text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select cm.id from crm.contact_methods cm join crm.contact_method_types t on t.id = cm.type_id
  where p_parent in (cm.contact_id, cm.business_id, cm.household_id, cm.user_id) and not cm.archive and t.kind = p_kind
  order by cm.is_primary desc, cm.created_at desc, cm.id desc
  limit 1
$function$;
revoke all on function app.shown_contact_method(p_parent uuid, p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.shown_contact_method(p_parent uuid, p_kind text) to service_role;

CREATE OR REPLACE FUNCTION app.shown_contact_method_types_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.refresh_shown_contact_methods(array(
    select x from crm.contact_methods cm, unnest(array[cm.contact_id, cm.business_id, cm.household_id, cm.user_id]) x
    where cm.type_id in (select n.id from new_rows n join old_rows o on o.id = n.id where n.kind is distinct from o.kind)));
  return null;
end;
$function$;
revoke all on function app.shown_contact_method_types_changed() from public, anon, authenticated, service_role;
grant execute on function app.shown_contact_method_types_changed() to service_role;

CREATE OR REPLACE FUNCTION app.shown_contact_methods_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function app.shown_contact_methods_changed() from public, anon, authenticated, service_role;
grant execute on function app.shown_contact_methods_changed() to service_role;

CREATE OR REPLACE FUNCTION app.stamp_audit()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_profile uuid;
  v_app_user boolean := app.is_app_user();
begin
  if v_app_user then
    v_profile := app.profile_id_in(new.org_name);
  end if;
  if tg_op = 'INSERT' then
    if v_app_user then
      new.created_at := now();
      new.created_by := v_profile;
      new.last_modified_at := clock_timestamp();
      new.last_modified_by := v_profile;
    else
      new.created_at := coalesce(new.created_at, now());
      new.last_modified_at := coalesce(new.last_modified_at, new.created_at);
      new.last_modified_by := coalesce(new.last_modified_by, new.created_by);
    end if;
  else
    new.created_at := old.created_at;
    new.created_by := old.created_by;
    new.last_modified_at := greatest(clock_timestamp(), old.last_modified_at + interval '1 microsecond');
    if v_app_user then
      new.last_modified_by := v_profile;
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.stamp_audit() from public, anon, authenticated, service_role;
grant execute on function app.stamp_audit() to authenticated;
grant execute on function app.stamp_audit() to service_role;

CREATE OR REPLACE FUNCTION app.stamp_product_sku()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    new.sku := 'SKU-' || app.short_id_for(new.id);
  else
    new.sku := old.sku;
  end if;
  return new;
end;
$function$;
revoke all on function app.stamp_product_sku() from public, anon, authenticated, service_role;
grant execute on function app.stamp_product_sku() to authenticated;
grant execute on function app.stamp_product_sku() to public;
grant execute on function app.stamp_product_sku() to service_role;

CREATE OR REPLACE FUNCTION app.stamp_short_id()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    new.short_id := app.short_id_for(new.id);
  else
    new.short_id := old.short_id;
  end if;
  return new;
end;
$function$;
revoke all on function app.stamp_short_id() from public, anon, authenticated, service_role;
grant execute on function app.stamp_short_id() to authenticated;
grant execute on function app.stamp_short_id() to service_role;

CREATE OR REPLACE FUNCTION app.stash_integration_secrets()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_stash jsonb := app.integration_secrets_stash();
  v_sent jsonb;
begin
  if tg_op = 'UPDATE' then
    new.id := old.id;
    new.api_key_set := old.api_key_set;
    new.api_key_last4 := old.api_key_last4;
    new.api_secret_set := old.api_secret_set;
    new.api_secret_last4 := old.api_secret_last4;
    new.webhook_secret_set := old.webhook_secret_set;
    new.webhook_secret_last4 := old.webhook_secret_last4;
    -- The update half of an upsert: the insert half of this statement stashed what was sent.
    v_sent := jsonb_build_object(
      'api_key', coalesce(new.api_key, v_stash -> old.id::text ->> 'api_key'),
      'api_secret', coalesce(new.api_secret, v_stash -> old.id::text ->> 'api_secret'),
      'webhook_secret', coalesce(new.webhook_secret, v_stash -> old.id::text ->> 'webhook_secret'));
  else
    new.api_key_set := false;
    new.api_key_last4 := null;
    new.api_secret_set := false;
    new.api_secret_last4 := null;
    new.webhook_secret_set := false;
    new.webhook_secret_last4 := null;
    v_sent := jsonb_build_object('api_key', new.api_key, 'api_secret', new.api_secret, 'webhook_secret', new.webhook_secret);
  end if;

  if v_sent ->> 'api_key' is not null then
    new.api_key_set := nullif(v_sent ->> 'api_key', '') is not null;
    new.api_key_last4 := app.secret_last4(nullif(v_sent ->> 'api_key', ''));
  end if;
  if v_sent ->> 'api_secret' is not null then
    new.api_secret_set := nullif(v_sent ->> 'api_secret', '') is not null;
    new.api_secret_last4 := app.secret_last4(nullif(v_sent ->> 'api_secret', ''));
  end if;
  if v_sent ->> 'webhook_secret' is not null then
    new.webhook_secret_set := nullif(v_sent ->> 'webhook_secret', '') is not null;
    new.webhook_secret_last4 := app.secret_last4(nullif(v_sent ->> 'webhook_secret', ''));
  end if;

  v_sent := jsonb_strip_nulls(v_sent);
  if v_sent <> '{}'::jsonb then
    perform set_config('steward.integration_secrets', jsonb_set(v_stash, array[new.id::text], v_sent)::text, true);
  end if;
  new.api_key := null;
  new.api_secret := null;
  new.webhook_secret := null;
  return new;
end;
$function$;
revoke all on function app.stash_integration_secrets() from public, anon, authenticated, service_role;
grant execute on function app.stash_integration_secrets() to service_role;

CREATE OR REPLACE FUNCTION app.stay_day(p_at timestamp with time zone)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select (p_at at time zone 'UTC')::date $function$;
revoke all on function app.stay_day(p_at timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.stay_day(p_at timestamp with time zone) to authenticated;
grant execute on function app.stay_day(p_at timestamp with time zone) to public;
grant execute on function app.stay_day(p_at timestamp with time zone) to service_role;

CREATE OR REPLACE FUNCTION app.stay_status(p_status text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case regexp_replace(lower(btrim(coalesce(p_status, ''))), '[\s_-]+', ' ', 'g')
    when 'tentative' then 'Tentative' when 'pending' then 'Tentative' when 'on hold' then 'Tentative'
    when 'hold' then 'Tentative' when 'inquiry' then 'Tentative' when 'enquiry' then 'Tentative'
    when 'confirmed' then 'Confirmed' when 'booked' then 'Confirmed' when 'reserved' then 'Confirmed'
    when 'checked in' then 'Checked in' when 'checkedin' then 'Checked in' when 'in house' then 'Checked in' when 'arrived' then 'Checked in'
    when 'checked out' then 'Checked out' when 'checkedout' then 'Checked out' when 'departed' then 'Checked out' when 'completed' then 'Checked out'
    when 'cancelled' then 'Cancelled' when 'canceled' then 'Cancelled'
    when 'no show' then 'No-show' when 'noshow' then 'No-show'
  end
$function$;
revoke all on function app.stay_status(p_status text) from public, anon, authenticated, service_role;
grant execute on function app.stay_status(p_status text) to authenticated;
grant execute on function app.stay_status(p_status text) to public;
grant execute on function app.stay_status(p_status text) to service_role;

CREATE OR REPLACE FUNCTION app.stay_status_flow()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.status := coalesce(app.stay_status(new.status), new.status);
  if tg_op = 'UPDATE' and new.status is distinct from old.status then
    if not ((old.status = 'Tentative' and new.status in ('Confirmed', 'Cancelled'))
         or (old.status = 'Confirmed' and new.status in ('Tentative', 'Checked in', 'Cancelled', 'No-show'))
         or (old.status = 'Checked in' and new.status = 'Checked out')
         or (old.status = 'Cancelled' and new.status in ('Tentative', 'Confirmed'))
         or (old.status = 'No-show' and new.status = 'Confirmed')) then
      raise exception using errcode = '23514',
        message = format('A stay that is %s cannot become %s.', old.status, new.status);
    end if;
    if new.status = 'Cancelled' then
      new.cancellation_at := coalesce(new.cancellation_at, now());
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.stay_status_flow() from public, anon, authenticated, service_role;
grant execute on function app.stay_status_flow() to authenticated;
grant execute on function app.stay_status_flow() to public;
grant execute on function app.stay_status_flow() to service_role;

CREATE OR REPLACE FUNCTION app.store_integration_secrets()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_stash jsonb := app.integration_secrets_stash();
  v_sent jsonb := v_stash -> new.id::text;
begin
  if v_sent is null then
    return null;
  end if;
  insert into app.integration_secrets as s (integration_id, api_key, api_secret, webhook_secret, last_modified_at)
  values (new.id, nullif(v_sent ->> 'api_key', ''), nullif(v_sent ->> 'api_secret', ''), nullif(v_sent ->> 'webhook_secret', ''), now())
  on conflict (integration_id) do update
    set api_key = case when v_sent ? 'api_key' then excluded.api_key else s.api_key end,
        api_secret = case when v_sent ? 'api_secret' then excluded.api_secret else s.api_secret end,
        webhook_secret = case when v_sent ? 'webhook_secret' then excluded.webhook_secret else s.webhook_secret end,
        last_modified_at = excluded.last_modified_at;
  perform set_config('steward.integration_secrets', (v_stash - new.id::text)::text, true);
  return null;
end;
$function$;
revoke all on function app.store_integration_secrets() from public, anon, authenticated, service_role;
grant execute on function app.store_integration_secrets() to service_role;

CREATE OR REPLACE FUNCTION app.take_request(p_name text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_client text := app.request_client();
  v_limit double precision;
  v_taken boolean;
begin
  if v_client is null then
    return true;
  end if;
  select per_five_minutes into v_limit from app.request_limits where name = p_name;
  if v_limit is null then
    raise exception 'unknown request limit %', p_name;
  end if;
  -- A bucket untouched for five minutes is full again, the same as none: cleared as others pass.
  delete from app.request_buckets where name = p_name and refilled_at < now() - interval '5 minutes';
  insert into app.request_buckets as b (name, client, tokens, refilled_at)
  values (p_name, v_client, v_limit - 1, now())
  on conflict (name, client) do update
    set tokens = least(v_limit, b.tokens + extract(epoch from now() - b.refilled_at) * v_limit / 300) - 1,
        refilled_at = now()
    where least(v_limit, b.tokens + extract(epoch from now() - b.refilled_at) * v_limit / 300) >= 1
  returning true into v_taken;
  return coalesce(v_taken, false);
end;
$function$;
revoke all on function app.take_request(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.take_request(p_name text) to service_role;

CREATE OR REPLACE FUNCTION app.task_digest_items(p_profile uuid, p_on date)
 RETURNS TABLE(task_id uuid, short_id text, title text, due_date date, overdue boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select t.id, t.short_id, t.title, t.due_date, t.due_date < p_on
    from ops.tasks t
   where t.assignee_id = p_profile and t.status <> 'Done' and not t.archive
     and t.due_date <= p_on
   order by t.due_date, t.title
$function$;
revoke all on function app.task_digest_items(p_profile uuid, p_on date) from public, anon, authenticated, service_role;
grant execute on function app.task_digest_items(p_profile uuid, p_on date) to service_role;

CREATE OR REPLACE FUNCTION app.task_due_notice(p_task ops.tasks, p_today date)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select app.notify(
    p_task.assignee_id, 'task_due',
    case when p_task.due_date < p_today then 'Overdue: ' else 'Due today: ' end || p_task.title,
    'Due ' || to_char(p_task.due_date, 'FMMonth FMDD, YYYY'),
    '/tasks?task=' || p_task.short_id, 'ops.tasks', p_task.id,
    'task_due:' || p_task.id || ':' || p_today)
$function$;
revoke all on function app.task_due_notice(p_task ops.tasks, p_today date) from public, anon, authenticated, service_role;
grant execute on function app.task_due_notice(p_task ops.tasks, p_today date) to service_role;

CREATE OR REPLACE FUNCTION app.view_grants(p_level text)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(p.org_name || '|' || c.name), '{}')
  from public.user_profiles p
  join settings.user_role_permissions rp on rp.role_id = p.role_id
  join settings.components c on c.id = rp.component_id
  join settings.org_components oc on oc.org_name = p.org_name and oc.component_id = c.id and oc.enabled
  where p.auth_user_id = auth.uid() and p.status = 'Active' and p.org_name <> '_system_default_'
    and rp.view_access::text = p_level
$function$;
revoke all on function app.view_grants(p_level text) from public, anon, authenticated, service_role;
grant execute on function app.view_grants(p_level text) to authenticated;
grant execute on function app.view_grants(p_level text) to public;
grant execute on function app.view_grants(p_level text) to service_role;

CREATE OR REPLACE FUNCTION app.write_history()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_component text := tg_argv[0];
  v_table text := tg_table_schema || '.' || tg_table_name;
  v_via text := app.history_via();
  v_batch uuid := app.history_batch();
  v_fields record;
  v_orgs bigint;
  v_org text;
  v_actor_id uuid;
  v_actor_name text;
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
  else
    -- An inserted or deleted row: its fields, less those never shown and the empty ones.
    v_fields := app.history_table_fields(tg_relid);
    -- The person is the same for every row of an organisation: looked up first. Nearly every
    -- statement writes in one organisation; its rows are then written in one pass, without gathering
    -- them (as jsonb) twice. A row without an organisation has no history, as before.
    if v_fields.org_column then
      if tg_op = 'INSERT' then
        select count(*), min(o.org_name) into v_orgs, v_org from (select distinct n.org_name::text as org_name from new_rows n where n.org_name is not null) o;
      else
        select count(*), min(o.org_name) into v_orgs, v_org from (select distinct n.org_name::text as org_name from old_rows n where n.org_name is not null) o;
      end if;
      if v_orgs = 0 then
        return null;
      end if;
    end if;
    if v_orgs = 1 then
      select a.actor_id, a.actor_name into v_actor_id, v_actor_name from app.history_actor(v_org) a;
      if tg_op = 'INSERT' then
        insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
        select v_org, v_component, v_table, (r.j ->> 'id')::uuid, 'insert', v_via, v_batch,
               case when v_fields.plain then jsonb_strip_nulls(r.j) - v_fields.ignored else app.history_row(r.j) end,
               app.record_label(r.j), v_actor_id, v_actor_name, app.record_owner_ids(r.j)
        -- offset 0: each row becomes jsonb once (a subquery pulled up would repeat it per use).
        from (select to_jsonb(n) as j from new_rows n where n.org_name is not null offset 0) r;
      else
        insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
        select v_org, v_component, v_table, (r.j ->> 'id')::uuid, 'delete', v_via, v_batch,
               case when v_fields.plain then jsonb_strip_nulls(r.j) - v_fields.ignored else app.history_row(r.j) end,
               app.record_label(r.j), v_actor_id, v_actor_name, app.record_owner_ids(r.j)
        from (select to_jsonb(o) as j from old_rows o where o.org_name is not null offset 0) r;
      end if;
    elsif tg_op = 'INSERT' then
      insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
      with touched as (select j ->> 'org_name' as org_name, (j ->> 'id')::uuid as id, j from (select to_jsonb(n) as j from new_rows n) r),
      actors as (
        select o.org_name, a.actor_id, a.actor_name
        from (select distinct org_name from touched) o
        left join lateral app.history_actor(o.org_name) a on true
      )
      select t.org_name, v_component, v_table, t.id, 'insert', v_via, v_batch,
             case when v_fields.plain then jsonb_strip_nulls(t.j) - v_fields.ignored else app.history_row(t.j) end,
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
      select t.org_name, v_component, v_table, t.id, 'delete', v_via, v_batch,
             case when v_fields.plain then jsonb_strip_nulls(t.j) - v_fields.ignored else app.history_row(t.j) end,
             app.record_label(t.j), a.actor_id, a.actor_name, app.record_owner_ids(t.j)
      from touched t join actors a on a.org_name = t.org_name;
    end if;
  end if;
  return null;
end;
$function$;
revoke all on function app.write_history() from public, anon, authenticated, service_role;
grant execute on function app.write_history() to authenticated;
grant execute on function app.write_history() to public;
grant execute on function app.write_history() to service_role;

-- schemas/catalog/functions.sql
-- catalog: functions.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION catalog.check_in_stay(p_reservation_id uuid)
 RETURNS catalog.reservations
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_row catalog.reservations;
begin
  update catalog.reservations set status = 'Checked in' where id = p_reservation_id returning * into v_row;
  if not found then
    raise exception using errcode = 'P0002', message = 'Stay not found.';
  end if;
  return v_row;
end;
$function$;
revoke all on function catalog.check_in_stay(p_reservation_id uuid) from public, anon, authenticated, service_role;
grant execute on function catalog.check_in_stay(p_reservation_id uuid) to authenticated;
grant execute on function catalog.check_in_stay(p_reservation_id uuid) to service_role;

CREATE OR REPLACE FUNCTION catalog.check_out_stay(p_reservation_id uuid)
 RETURNS catalog.reservations
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_row catalog.reservations;
begin
  update catalog.reservations set status = 'Checked out' where id = p_reservation_id returning * into v_row;
  if not found then
    raise exception using errcode = 'P0002', message = 'Stay not found.';
  end if;
  return v_row;
end;
$function$;
revoke all on function catalog.check_out_stay(p_reservation_id uuid) from public, anon, authenticated, service_role;
grant execute on function catalog.check_out_stay(p_reservation_id uuid) to authenticated;
grant execute on function catalog.check_out_stay(p_reservation_id uuid) to service_role;

CREATE OR REPLACE FUNCTION catalog.create_calendar_feed(p_accommodation_id uuid, p_name text DEFAULT NULL::text)
 RETURNS TABLE(id uuid, token text)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_token text := encode(extensions.gen_random_bytes(24), 'hex');
  v_org text;
  v_id uuid;
begin
  select a.org_name into v_org from catalog.accommodations a where a.id = p_accommodation_id;
  if v_org is null then
    raise exception using errcode = 'P0002', message = 'Accommodation not found.';
  end if;
  perform set_config('steward.calendar_feed_token', 'on', true);
  insert into catalog.calendar_feeds (accommodation_id, name, token_hash, org_name)
  values (p_accommodation_id, nullif(btrim(p_name), ''), app.calendar_token_hash(v_token), v_org)
  returning calendar_feeds.id into v_id;
  perform set_config('steward.calendar_feed_token', '', true);
  return query select v_id, v_token;
end;
$function$;
revoke all on function catalog.create_calendar_feed(p_accommodation_id uuid, p_name text) from public, anon, authenticated, service_role;
grant execute on function catalog.create_calendar_feed(p_accommodation_id uuid, p_name text) to authenticated;
grant execute on function catalog.create_calendar_feed(p_accommodation_id uuid, p_name text) to service_role;

CREATE OR REPLACE FUNCTION catalog.desk_day(p_org_name text, p_day date DEFAULT CURRENT_DATE)
 RETURNS TABLE(kind text, id uuid, name text, confirmation text, status text, accommodation_id uuid, accommodation_name text, check_in timestamp with time zone, check_out timestamp with time zone, adults integer, children integer, pets integer, contact_name text, total_amount numeric, balance_due numeric, price_overridden boolean, created_by uuid)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with stay as (
    select r.*
    from catalog.reservations r
    where r.org_name = p_org_name
      and not r.archive
      and r.status not in ('Cancelled', 'No-show')
      and r.check_out >= (p_day::timestamp at time zone 'UTC')
      and r.check_in < ((p_day + 1)::timestamp at time zone 'UTC')
  )
  select case when app.stay_day(s.check_in) = p_day then 'arrival'
              when app.stay_day(s.check_out) = p_day then 'departure'
              else 'in_house' end as kind,
         s.id, s.name, s.confirmation, s.status, s.accommodation_id, a.name,
         s.check_in, s.check_out, s.adults, s.children, s.pets, c.name,
         coalesce(s.total_amount, 0)::numeric(12, 2),
         (coalesce(s.total_amount, 0) - coalesce(p.paid, 0) + coalesce(p.refunded, 0))::numeric(12, 2),
         s.price_overridden,
         s.created_by
  from stay s
  left join catalog.accommodations a on a.id = s.accommodation_id
  left join crm.contacts c on c.id = s.contact_id
  left join lateral (
    select sum(x.qty * x.unit_price - x.discount_amount) filter (where x.line_type in ('deposit', 'payment')) as paid,
           sum(x.qty * x.unit_price - x.discount_amount) filter (where x.line_type = 'refund') as refunded
    from catalog.reservation_payments x
    where x.reservation_id = s.id and not x.archive
  ) p on true
  where app.stay_day(s.check_out) >= p_day
  order by 1, a.name, s.check_in
$function$;
revoke all on function catalog.desk_day(p_org_name text, p_day date) from public, anon, authenticated, service_role;
grant execute on function catalog.desk_day(p_org_name text, p_day date) to authenticated;
grant execute on function catalog.desk_day(p_org_name text, p_day date) to service_role;
comment on function catalog.desk_day(p_org_name text, p_day date) is 'Arrivals, departures and in-house stays of an organisation on a day, with their balance due; as the caller''s read policies allow.';

CREATE OR REPLACE FUNCTION catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer DEFAULT 1, p_children integer DEFAULT 0, p_pets integer DEFAULT 0, p_booked_on date DEFAULT CURRENT_DATE)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_unit record;
  v_settings record;
  v_nights integer := p_check_out - p_check_in;
  v_lines jsonb;
  v_subtotal numeric(12, 2);
  v_fees numeric(12, 2);
  v_tax numeric(12, 2);
  v_reason text;
  v_advance integer := p_check_in - coalesce(p_booked_on, current_date);
  v_adults integer := greatest(coalesce(p_adults, 0), 0);
  v_children integer := greatest(coalesce(p_children, 0), 0);
  v_pets integer := greatest(coalesce(p_pets, 0), 0);
begin
  if p_accommodation_id is null or p_check_in is null or p_check_out is null then
    return jsonb_build_object('ok', false, 'reason', 'Choose an accommodation, a check-in and a check-out.');
  end if;
  if v_nights < 1 then
    return jsonb_build_object('ok', false, 'reason', 'Check-out must be at least one night after check-in.');
  end if;
  if v_nights > 366 then
    return jsonb_build_object('ok', false, 'reason', 'A stay can be at most 366 nights.');
  end if;
  select a.id, a.name, a.org_name, a.class_id, a.base_rate into v_unit
  from catalog.accommodations a where a.id = p_accommodation_id;
  if not found then
    return jsonb_build_object('ok', false, 'reason', 'Accommodation not found.');
  end if;
  select s.tax_percent, s.stay_fee, s.nightly_fee, s.currency into v_settings
  from catalog.lodging_settings s where s.org_name = v_unit.org_name;

  with candidate as (
    select r.id, r.name, r.priority, r.min_stay, r.max_stay, r.min_advance_days, r.max_advance_days,
           r.included_adults, r.included_children, r.included_pets,
           r.additional_adult, r.additional_child, r.additional_pet, r.rate_range,
           array[r.mon, r.tue, r.wed, r.thu, r.fri, r.sat, r.sun] as prices,
           case when r.accommodation_id is not null then 0 when r.class_id is not null then 1 else 2 end as reach
    from catalog.accommodation_rates r
    where r.org_name = v_unit.org_name
      and not r.archive
      and (r.accommodation_id = v_unit.id
           or (r.accommodation_id is null and (r.class_id is null or r.class_id = v_unit.class_id)))
      and r.rate_range && daterange(p_check_in, p_check_out, '[)')
  ),
  night as (
    select d::date as day, extract(isodow from d)::int as dow
    from generate_series(p_check_in, p_check_out - 1, interval '1 day') d
  ),
  priced as (
    select n.day, c.*, c.prices[n.dow] as price
    from night n
    left join lateral (
      select c.* from candidate c
      where c.rate_range @> n.day and c.prices[n.dow] is not null
      order by c.priority desc, c.reach, c.prices[n.dow], c.id
      limit 1
    ) c on true
  ),
  line as (
    select p.day, p.id as rate_id, coalesce(p.name, 'Base rate') as rate_name,
           p.min_stay, p.max_stay, p.min_advance_days, p.max_advance_days,
           coalesce(p.price, v_unit.base_rate)::numeric(12, 2) as price,
           case when p.id is null then 0 else greatest(v_adults - coalesce(p.included_adults, v_adults), 0) end as extra_adults,
           case when p.id is null then 0 else greatest(v_children - coalesce(p.included_children, v_children), 0) end as extra_children,
           case when p.id is null then 0 else greatest(v_pets - coalesce(p.included_pets, v_pets), 0) end as extra_pets,
           coalesce(p.additional_adult, 0) as per_adult, coalesce(p.additional_child, 0) as per_child, coalesce(p.additional_pet, 0) as per_pet
    from priced p
  ),
  amount as (
    select l.*, (l.extra_adults * l.per_adult + l.extra_children * l.per_child + l.extra_pets * l.per_pet)::numeric(12, 2) as extras
    from line l
  )
  select
    jsonb_agg(jsonb_build_object(
      'date', a.day, 'rate_id', a.rate_id, 'rate_name', a.rate_name, 'price', a.price,
      'extra_adults', a.extra_adults, 'extra_children', a.extra_children, 'extra_pets', a.extra_pets,
      'extras', a.extras, 'amount', a.price + a.extras) order by a.day),
    sum(a.price + a.extras),
    (select reason from (
       select case
           when r.min_stay is not null and v_nights < r.min_stay then format('Minimum stay is %s nights for %s', r.min_stay, r.rate_name)
           when r.max_stay is not null and v_nights > r.max_stay then format('Maximum stay is %s nights for %s', r.max_stay, r.rate_name)
           when r.min_advance_days is not null and v_advance < r.min_advance_days then format('%s must be booked at least %s days ahead', r.rate_name, r.min_advance_days)
           when r.max_advance_days is not null and v_advance > r.max_advance_days then format('%s can be booked at most %s days ahead', r.rate_name, r.max_advance_days)
         end as reason, r.first_day
       from (select distinct on (x.rate_id) x.rate_id, x.rate_name, x.min_stay, x.max_stay, x.min_advance_days, x.max_advance_days, x.day as first_day
             from amount x where x.rate_id is not null order by x.rate_id, x.day) r
     ) rules where reason is not null order by first_day limit 1)
  into v_lines, v_subtotal, v_reason
  from amount a;

  if v_reason is not null then
    return jsonb_build_object('ok', false, 'reason', v_reason, 'nights', v_lines, 'night_count', v_nights);
  end if;
  v_fees := coalesce(v_settings.stay_fee, 0) + coalesce(v_settings.nightly_fee, 0) * v_nights;
  v_tax := round(v_subtotal * coalesce(v_settings.tax_percent, 0) / 100, 2);
  return jsonb_build_object(
    'ok', true,
    'reason', null,
    'nights', v_lines,
    'night_count', v_nights,
    'rate_id', v_lines -> 0 ->> 'rate_id',
    'subtotal', v_subtotal,
    'fees', v_fees,
    'tax_percent', coalesce(v_settings.tax_percent, 0),
    'tax', v_tax,
    'total', v_subtotal + v_fees + v_tax,
    'currency', coalesce(v_settings.currency, 'USD'));
end;
$function$;
revoke all on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) from public, anon, authenticated, service_role;
grant execute on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) to authenticated;
grant execute on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) to service_role;
comment on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) is 'The price of a stay from the rates: nightly lines, subtotal, fees, tax and total, or ok=false with the reason it cannot be booked.';

-- schemas/crm/functions.sql
-- crm: functions.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb DEFAULT NULL::jsonb, p_phone jsonb DEFAULT NULL::jsonb, p_email jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_table regclass;
  v_owner text;
  v_unknown text;
  v_columns text;
  v_row jsonb;
  v_id uuid;
  v_part text;
  v_method jsonb;
  v_value text;
  v_type_id uuid;
  v_kind text;
  v_state text;
  v_message text;
  v_detail text;
  v_hint text;
begin
  case p_kind
    when 'business' then v_table := 'crm.businesses'; v_owner := 'business_id';
    when 'contact' then v_table := 'crm.contacts'; v_owner := 'contact_id';
    when 'household' then v_table := 'crm.households'; v_owner := 'household_id';
    when 'user' then v_table := 'public.user_profiles'; v_owner := 'user_id';
    else raise exception using errcode = '22023', message = format('Unknown record kind %s', coalesce(p_kind, 'null'));
  end case;
  if jsonb_typeof(p_record) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'The record must be a JSON object';
  end if;

  -- The record's own columns only; those the database owns (id, audit, organisation) are never taken
  -- from the caller.
  select string_agg(k, ', ' order by k) into v_unknown
    from jsonb_object_keys(p_record) k
   where k in ('id', 'created_at', 'created_by', 'last_modified_at', 'last_modified_by', 'org_name', 'short_id')
      or not exists (select 1 from pg_attribute a
                      where a.attrelid = v_table and a.attname = k and a.attnum > 0 and not a.attisdropped and a.attgenerated = '');
  if v_unknown is not null then
    raise exception using errcode = '22023', message = format('Unknown or read-only fields: %s', v_unknown);
  end if;
  select string_agg(format('%I', k), ', ' order by k) into v_columns from jsonb_object_keys(p_record) k;

  begin
    execute format(
      'insert into %s as t (org_name%s) select $1%s from jsonb_populate_record(null::%s, $2) r returning to_jsonb(t)',
      v_table,
      coalesce(', ' || v_columns, ''),
      coalesce(', ' || (select string_agg(format('r.%I', k), ', ' order by k) from jsonb_object_keys(p_record) k), ''),
      v_table)
      into v_row using p_org_name, p_record;
    v_id := (v_row ->> 'id')::uuid;

    -- The primary address, when any of its lines is filled.
    v_part := 'address';
    if jsonb_typeof(p_address) = 'object'
       and btrim(concat(p_address ->> 'address_line_1', p_address ->> 'address_line_2', p_address ->> 'city',
                        p_address ->> 'state', p_address ->> 'zip', p_address ->> 'country')) <> '' then
      insert into crm.addresses (org_name, is_primary, business_id, contact_id, household_id, user_id,
                                 address_line_1, address_line_2, city, state, zip, country)
      values (p_org_name, true,
              case when v_owner = 'business_id' then v_id end, case when v_owner = 'contact_id' then v_id end,
              case when v_owner = 'household_id' then v_id end, case when v_owner = 'user_id' then v_id end,
              nullif(btrim(p_address ->> 'address_line_1'), ''), nullif(btrim(p_address ->> 'address_line_2'), ''),
              nullif(btrim(p_address ->> 'city'), ''), nullif(btrim(p_address ->> 'state'), ''),
              nullif(btrim(p_address ->> 'zip'), ''), nullif(btrim(p_address ->> 'country'), ''));
    end if;

    -- The primary phone and e-mail, each only when both a value and a type are given; the type must
    -- be of that kind. Their label is the type's name (the contact_methods label trigger).
    foreach v_part in array array['primary phone', 'primary email'] loop
      v_method := case v_part when 'primary phone' then p_phone else p_email end;
      v_kind := case v_part when 'primary phone' then 'phone' else 'email' end;
      v_value := nullif(btrim(coalesce(v_method ->> 'value', '')), '');
      v_type_id := nullif(btrim(coalesce(v_method ->> 'type_id', '')), '')::uuid;
      continue when jsonb_typeof(v_method) is distinct from 'object' or v_value is null or v_type_id is null;
      if exists (select 1 from crm.contact_method_types t
                  where t.id = v_type_id and app.contact_method_kind(t.category, t.name) <> v_kind) then
        raise exception using errcode = '23514', message = format('the type is not a%s %s type', case v_kind when 'email' then 'n' else '' end,
                                                                 case v_kind when 'email' then 'e-mail' else v_kind end);
      end if;
      insert into crm.contact_methods (org_name, value, type_id, is_primary, archive, business_id, contact_id, household_id, user_id)
      values (p_org_name, v_value, v_type_id, true, false,
              case when v_owner = 'business_id' then v_id end, case when v_owner = 'contact_id' then v_id end,
              case when v_owner = 'household_id' then v_id end, case when v_owner = 'user_id' then v_id end);
    end loop;
  exception
    when others then
      get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
      raise exception using
        errcode = v_state,
        message = case when v_part is null then v_message else v_part || ': ' || v_message end,
        detail = coalesce(v_detail, ''),
        hint = coalesce(v_hint, '');
  end;
  return v_row;
end;
$function$;
revoke all on function crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb, p_phone jsonb, p_email jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb, p_phone jsonb, p_email jsonb) to authenticated;
grant execute on function crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb, p_phone jsonb, p_email jsonb) to service_role;
comment on function crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb, p_phone jsonb, p_email jsonb) is 'Add New: one CRM record with its primary address, phone and e-mail, all or nothing; an error names the part that failed.';

CREATE OR REPLACE FUNCTION crm.forget_old_import_jobs()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  delete from crm.import_jobs j where j.auth_user_id = new.auth_user_id and j.created_at < now() - interval '1 day';
  return new;
end;
$function$;
revoke all on function crm.forget_old_import_jobs() from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION crm.import_errors(p_job uuid)
 RETURNS TABLE(line integer, message text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with job as (
    select j.id, j.org_name, j.kind from crm.import_jobs j where j.id = p_job
  ),
  staged as materialized (
    select r.line, r.name, r.type, r.status, r.email, r.phone,
           nullif(btrim(r.type), '') as type_name,
           nullif(btrim(r.primary_owner), '') as owner1,
           nullif(btrim(r.secondary_owner), '') as owner2,
           nullif(btrim(r.status), '') as status_name,
           lower(nullif(btrim(r.email), '')) as email_key
    from crm.import_rows r join job on job.id = r.job_id
  ),
  types as (
    select lower(t.name) as key from crm.contact_types t, job
     where job.kind = 'contact' and t.org_name in (job.org_name, '_system_default_') and not t.archive
    union
    select lower(t.name) from crm.business_types t, job
     where job.kind = 'business' and t.org_name in (job.org_name, '_system_default_') and not t.archive
  ),
  owners as (
    select distinct lower(p.name) as key from public.user_profiles p, job where p.org_name = job.org_name
  )
  select e.line, e.message from (
    select s.line, 'Name is required' as message from staged s where btrim(s.name) = ''
    union all
    select s.line, format('Unknown type "%s"', s.type_name) from staged s
     where s.type_name is not null and lower(s.type_name) not in (select key from types)
    union all
    select s.line, format('Unknown owner "%s"', s.owner1) from staged s
     where s.owner1 is not null and lower(s.owner1) not in (select key from owners)
    union all
    select s.line, format('Unknown owner "%s"', s.owner2) from staged s
     where s.owner2 is not null and lower(s.owner2) not in (select key from owners)
    union all
    select s.line, format('Invalid status "%s"', s.status) from staged s
     where s.status_name is not null and not pg_catalog.pg_input_is_valid(s.status_name, 'app.record_status')
    union all
    select s.line, format('"%s" is not an e-mail address', btrim(s.email)) from staged s
     where s.email_key is not null and app.contact_method_value_problem('email', s.email) is not null
    union all
    select s.line, format('"%s" is not a phone number: %s', btrim(s.phone), app.contact_method_value_problem('phone', s.phone)) from staged s
     where nullif(btrim(s.phone), '') is not null and app.contact_method_value_problem('phone', s.phone) is not null
  ) e
  order by 1, 2
$function$;
revoke all on function crm.import_errors(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function crm.import_errors(p_job uuid) to authenticated;
grant execute on function crm.import_errors(p_job uuid) to service_role;
grant execute on function crm.import_errors(p_job uuid) to steward_import_writer;

CREATE OR REPLACE FUNCTION crm.import_job(p_job uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_count integer;
begin
  if not exists (select 1 from crm.import_jobs j where j.id = p_job) then
    raise exception using errcode = 'P0002', message = 'This import was cancelled or has already finished';
  end if;
  v_count := app.import_job_write(p_job);
  delete from crm.import_jobs j where j.id = p_job;
  return v_count;
end;
$function$;
revoke all on function crm.import_job(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function crm.import_job(p_job uuid) to authenticated;
grant execute on function crm.import_job(p_job uuid) to service_role;

CREATE OR REPLACE FUNCTION crm.import_problems(p_job uuid)
 RETURNS TABLE(line integer, kind text, message text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with job as (
    select j.id, j.org_name, j.kind from crm.import_jobs j where j.id = p_job
  ),
  staged as materialized (
    select r.line,
           lower(nullif(btrim(r.email), '')) as email_key,
           nullif(app.search_digits(nullif(btrim(r.phone), '')), '') as phone_key
    from crm.import_rows r join job on job.id = r.job_id
  ),
  existing as materialized (
    -- The organisation's phones and e-mails of records of the imported kind, keyed as the file's are.
    select case when cm.kind = 'email' then lower(btrim(cm.value)) else app.search_digits(cm.value) end as key,
           cm.kind, coalesce(c.name, b.name) as record_name
    from job
    join crm.contact_methods cm on cm.org_name = job.org_name and not cm.archive and cm.kind in ('phone', 'email')
    left join crm.contacts c on job.kind = 'contact' and c.id = cm.contact_id
    left join crm.businesses b on job.kind = 'business' and b.id = cm.business_id
    where coalesce(c.name, b.name) is not null
      and (cm.kind = 'email' and lower(btrim(cm.value)) in (select email_key from staged)
           or cm.kind = 'phone' and app.search_digits(cm.value) in (select phone_key from staged))
  ),
  duplicates as (
    select s.line, format('Same e-mail as %s', min(e.record_name)) as message
      from staged s join existing e on e.kind = 'email' and e.key = s.email_key group by s.line
    union all
    select s.line, format('Same phone as %s', min(e.record_name))
      from staged s join existing e on e.kind = 'phone' and e.key = s.phone_key group by s.line
    union all
    select s.line, format('Same e-mail as line %s', s.first_line)
      from (select st.line, min(st.line) over (partition by st.email_key) as first_line from staged st where st.email_key is not null) s
     where s.line <> s.first_line
    union all
    select s.line, format('Same phone as line %s', s.first_line)
      from (select st.line, min(st.line) over (partition by st.phone_key) as first_line from staged st where st.phone_key is not null) s
     where s.line <> s.first_line
  )
  select e.line, 'error', e.message from crm.import_errors(p_job) e
  union all
  select line, 'duplicate', message from duplicates
  order by 1, 2 desc, 3
$function$;
revoke all on function crm.import_problems(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function crm.import_problems(p_job uuid) to authenticated;
grant execute on function crm.import_problems(p_job uuid) to service_role;

CREATE OR REPLACE FUNCTION crm.import_records(p_org_name text, p_kind text, p_rows jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_row jsonb;
  v_line integer;
  v_errors jsonb := '[]'::jsonb;
  v_count integer := 0;
  v_id uuid;
  v_type_id uuid;
  v_type text;
  v_owner1 uuid;
  v_owner2 uuid;
  v_name text;
  v_first text;
  v_last text;
  v_phone_type uuid;
  v_email_type uuid;
  v_message text;
begin
  if p_kind not in ('business', 'contact') then
    raise exception using errcode = '22023', message = format('Unknown import kind %s', p_kind);
  end if;
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) = 0 then
    raise exception using errcode = '22023', message = 'Nothing to import';
  end if;
  if jsonb_array_length(p_rows) > 5000 then
    raise exception using errcode = '22023', message = 'At most 5000 rows can be imported at once';
  end if;

  -- The phone and e-mail types new methods get: the organisation's own first, else the shared default.
  select t.id into v_phone_type from crm.contact_method_types t
   where t.org_name in (p_org_name, '_system_default_') and not t.archive and app.contact_method_kind(t.category, t.name) = 'phone'
   order by (t.org_name = p_org_name) desc, (lower(t.name) = 'phone') desc, t.name limit 1;
  select t.id into v_email_type from crm.contact_method_types t
   where t.org_name in (p_org_name, '_system_default_') and not t.archive and app.contact_method_kind(t.category, t.name) = 'email'
   order by (t.org_name = p_org_name) desc, (lower(t.name) = 'email') desc, t.name limit 1;

  for v_row in select value from jsonb_array_elements(p_rows)
  loop
    v_line := coalesce((v_row ->> 'line')::integer, v_count + 2);
    v_name := nullif(btrim(coalesce(v_row ->> 'name', '')), '');
    v_type := nullif(btrim(coalesce(v_row ->> 'type', '')), '');
    v_type_id := null;
    v_owner1 := null;
    v_owner2 := null;
    begin
      if v_name is null then
        raise exception using errcode = '23514', message = 'Name is required';
      end if;
      if v_type is not null then
        if p_kind = 'business' then
          select t.id into v_type_id from crm.business_types t
           where t.org_name in (p_org_name, '_system_default_') and lower(t.name) = lower(v_type) and not t.archive
           order by (t.org_name = p_org_name) desc limit 1;
        else
          select t.id into v_type_id from crm.contact_types t
           where t.org_name in (p_org_name, '_system_default_') and lower(t.name) = lower(v_type) and not t.archive
           order by (t.org_name = p_org_name) desc limit 1;
        end if;
        if v_type_id is null then
          raise exception using errcode = '23514', message = format('Unknown type "%s"', v_type);
        end if;
      end if;
      if nullif(btrim(coalesce(v_row ->> 'primary_owner', '')), '') is not null then
        select p.id into v_owner1 from public.user_profiles p
         where p.org_name = p_org_name and lower(p.name) = lower(btrim(v_row ->> 'primary_owner')) limit 1;
        if v_owner1 is null then
          raise exception using errcode = '23514', message = format('Unknown owner "%s"', btrim(v_row ->> 'primary_owner'));
        end if;
      end if;
      if nullif(btrim(coalesce(v_row ->> 'secondary_owner', '')), '') is not null then
        select p.id into v_owner2 from public.user_profiles p
         where p.org_name = p_org_name and lower(p.name) = lower(btrim(v_row ->> 'secondary_owner')) limit 1;
        if v_owner2 is null then
          raise exception using errcode = '23514', message = format('Unknown owner "%s"', btrim(v_row ->> 'secondary_owner'));
        end if;
      end if;

      if p_kind = 'business' then
        insert into crm.businesses (org_name, name, dba_name, type_id, status, description, primary_owner_id, secondary_owner_id)
        values (p_org_name, v_name, nullif(btrim(coalesce(v_row ->> 'dba_name', '')), ''), v_type_id,
                coalesce(nullif(btrim(coalesce(v_row ->> 'status', '')), ''), 'Active')::app.record_status,
                nullif(btrim(coalesce(v_row ->> 'description', '')), ''), v_owner1, v_owner2)
        returning id into v_id;
      else
        -- Without mapped first and last names they come from the name: first word, the rest.
        v_first := coalesce(nullif(btrim(coalesce(v_row ->> 'first_name', '')), ''), split_part(v_name, ' ', 1));
        v_last := coalesce(nullif(btrim(coalesce(v_row ->> 'last_name', '')), ''),
                           nullif(btrim(substr(v_name, length(split_part(v_name, ' ', 1)) + 1)), ''));
        insert into crm.contacts (org_name, name, first_name, last_name, type_id, status, description, primary_owner_id, secondary_owner_id)
        values (p_org_name, v_name, v_first, v_last, v_type_id,
                coalesce(nullif(btrim(coalesce(v_row ->> 'status', '')), ''), 'Active')::app.record_status,
                nullif(btrim(coalesce(v_row ->> 'description', '')), ''), v_owner1, v_owner2)
        returning id into v_id;
      end if;

      if nullif(btrim(coalesce(v_row ->> 'phone', '')), '') is not null then
        insert into crm.contact_methods (org_name, value, label, type_id, is_primary, business_id, contact_id)
        values (p_org_name, btrim(v_row ->> 'phone'), '', v_phone_type, true,
                case when p_kind = 'business' then v_id end, case when p_kind = 'contact' then v_id end);
      end if;
      if nullif(btrim(coalesce(v_row ->> 'email', '')), '') is not null then
        if btrim(v_row ->> 'email') !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
          raise exception using errcode = '23514', message = format('"%s" is not an e-mail address', btrim(v_row ->> 'email'));
        end if;
        insert into crm.contact_methods (org_name, value, label, type_id, is_primary, business_id, contact_id)
        values (p_org_name, btrim(v_row ->> 'email'), '', v_email_type, true,
                case when p_kind = 'business' then v_id end, case when p_kind = 'contact' then v_id end);
      end if;
      if coalesce(v_row ->> 'address_line_1', v_row ->> 'address_line_2', v_row ->> 'city', v_row ->> 'state', v_row ->> 'zip', v_row ->> 'country') is not null
         and btrim(concat(v_row ->> 'address_line_1', v_row ->> 'address_line_2', v_row ->> 'city', v_row ->> 'state', v_row ->> 'zip', v_row ->> 'country')) <> '' then
        insert into crm.addresses (org_name, is_primary, business_id, contact_id, address_line_1, address_line_2, city, state, zip, country)
        values (p_org_name, true, case when p_kind = 'business' then v_id end, case when p_kind = 'contact' then v_id end,
                nullif(btrim(coalesce(v_row ->> 'address_line_1', '')), ''), nullif(btrim(coalesce(v_row ->> 'address_line_2', '')), ''),
                nullif(btrim(coalesce(v_row ->> 'city', '')), ''), nullif(btrim(coalesce(v_row ->> 'state', '')), ''),
                nullif(btrim(coalesce(v_row ->> 'zip', '')), ''), nullif(btrim(coalesce(v_row ->> 'country', '')), ''));
      end if;
      v_count := v_count + 1;
    exception
      when others then
        get stacked diagnostics v_message = message_text;
        if v_message like '%app.record_status%' then
          v_message := format('Invalid status "%s"', v_row ->> 'status');
        end if;
        v_errors := v_errors || jsonb_build_object('line', v_line, 'message', v_message);
    end;
  end loop;

  if jsonb_array_length(v_errors) > 0 then
    raise exception using errcode = '23514', message = 'Import failed: nothing was imported', detail = v_errors::text;
  end if;
  return v_count;
end;
$function$;
revoke all on function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) to authenticated;
grant execute on function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) to service_role;

CREATE OR REPLACE FUNCTION crm.import_rows_limit()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if (select count(*) from crm.import_rows r where r.job_id in (select distinct n.job_id from new_rows n)) > 100000 then
    raise exception using errcode = '22023', message = 'At most 100,000 rows can be imported at once';
  end if;
  return null;
end;
$function$;
revoke all on function crm.import_rows_limit() from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION crm.merge_records(p_kind text, p_survivor uuid, p_merged uuid, p_values jsonb DEFAULT '{}'::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function crm.merge_records(p_kind text, p_survivor uuid, p_merged uuid, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.merge_records(p_kind text, p_survivor uuid, p_merged uuid, p_values jsonb) to authenticated;

CREATE OR REPLACE FUNCTION crm.my_import_jobs()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(j.id), '{}') from crm.import_jobs j
  where j.auth_user_id = auth.uid() and j.org_name = any (app.member_orgs())
$function$;
revoke all on function crm.my_import_jobs() from public, anon, authenticated, service_role;
grant execute on function crm.my_import_jobs() to authenticated;
grant execute on function crm.my_import_jobs() to service_role;

CREATE OR REPLACE FUNCTION crm.possible_duplicates(p_kind text, p_limit integer DEFAULT 100)
 RETURNS TABLE(a_id uuid, a_label text, b_id uuid, b_label text, reason text)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function crm.possible_duplicates(p_kind text, p_limit integer) from public, anon, authenticated, service_role;
grant execute on function crm.possible_duplicates(p_kind text, p_limit integer) to authenticated;
grant execute on function crm.possible_duplicates(p_kind text, p_limit integer) to public;

CREATE OR REPLACE FUNCTION crm.record_relationships(p_record uuid)
 RETURNS TABLE(source text, source_id uuid, title text, notes text, other_kind text, other_id uuid, other_name text, other_short_id text, created_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with mine as (
    select r.* from crm.relationships r
     where not r.archive
       and p_record in (r.business_id1, r.business_id2, r.contact_id1, r.contact_id2, r.household_id1, r.household_id2)
  ), ends as (
    select m.id, m.title, m.notes, m.created_at, e.kind, e.ref
      from mine m
     cross join lateral (values ('business', m.business_id1), ('business', m.business_id2),
                                ('contact', m.contact_id1), ('contact', m.contact_id2),
                                ('household', m.household_id1), ('household', m.household_id2)) e(kind, ref)
     where e.ref is not null and e.ref <> p_record
  )
  select 'relationship', e.id, e.title, e.notes, e.kind, e.ref,
         coalesce(b.name, c.name, h.name), coalesce(b.short_id, c.short_id, h.short_id), e.created_at
    from ends e
    left join crm.businesses b on e.kind = 'business' and b.id = e.ref
    left join crm.contacts c on e.kind = 'contact' and c.id = e.ref
    left join crm.households h on e.kind = 'household' and h.id = e.ref
  union all
  select 'spouse', me.id, 'Spouse', null, 'contact', sp.id, sp.name, sp.short_id, me.last_modified_at
    from crm.contacts me join crm.contacts sp on sp.id = me.spouse_id
   where me.id = p_record
  union all
  select 'household_' || m.role, h.id, case m.role when 'primary' then 'Primary contact' else 'Secondary contact' end, null,
         'contact', c.id, c.name, c.short_id, h.last_modified_at
    from crm.households h
   cross join lateral (values ('primary', h.primary_contact_id), ('secondary', h.secondary_contact_id)) m(role, contact_id)
    join crm.contacts c on c.id = m.contact_id
   where h.id = p_record
  union all
  select 'household_' || m.role, h.id, case m.role when 'primary' then 'Household (primary contact)' else 'Household (secondary contact)' end, null,
         'household', h.id, h.name, h.short_id, h.last_modified_at
    from crm.households h
   cross join lateral (values ('primary', h.primary_contact_id), ('secondary', h.secondary_contact_id)) m(role, contact_id)
   where m.contact_id = p_record and not h.archive
$function$;
revoke all on function crm.record_relationships(p_record uuid) from public, anon, authenticated, service_role;
grant execute on function crm.record_relationships(p_record uuid) to authenticated;
grant execute on function crm.record_relationships(p_record uuid) to service_role;

-- schemas/ops/functions.sql
-- ops: functions.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION ops.calendar_events(p_org_name text, p_from date, p_to date)
 RETURNS TABLE(kind text, id uuid, title text, detail text, starts_local timestamp without time zone, ends_local timestamp without time zone, all_day boolean, color text, unit text, link text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with z as (
    select app.org_timezone(p_org_name) as tz
  ), w as (
    select (p_from::timestamp at time zone z.tz) as from_at, (p_to::timestamp at time zone z.tz) as to_at, z.tz from z
  )
  select 'reservation', r.id, r.name, coalesce(ty.name, rt.name),
         r.check_in at time zone w.tz, r.check_out at time zone w.tz, r.all_day,
         ty.card_color, a.name, '/reservations?stay=' || r.id
    from w, catalog.reservations r
    left join catalog.accommodations a on a.id = r.accommodation_id
    left join catalog.accommodation_rates rt on rt.id = r.rate_id
    left join catalog.accommodation_rate_types ty on ty.id = rt.type_id
   where r.org_name = p_org_name and not r.archive
     and r.check_in < w.to_at and r.check_out > w.from_at
  union all
  select 'shift', s.id, s.name, s.type,
         s.start_at at time zone w.tz, coalesce(s.end_at, s.start_at) at time zone w.tz, false,
         null, null, '/shift/' || s.short_id
    from w, hr.shifts s
   where s.org_name = p_org_name and not s.archive and s.start_at is not null
     and s.start_at < w.to_at and coalesce(s.end_at, s.start_at) >= w.from_at
  union all
  select 'task', t.id, t.title, t.status,
         t.due_date::timestamp, t.due_date::timestamp, true,
         null, null, '/tasks?task=' || t.short_id
    from ops.tasks t
   where t.org_name = p_org_name and not t.archive and t.due_date >= p_from and t.due_date < p_to
  union all
  select 'project', p.id, p.name, p.status,
         coalesce(p.start_date, p.due_date)::timestamp, coalesce(p.due_date, p.start_date)::timestamp, true,
         null, null, '/projects?project=' || p.short_id
    from ops.projects p
   where p.org_name = p_org_name and not p.archive and (p.start_date is not null or p.due_date is not null)
     and coalesce(p.start_date, p.due_date) < p_to and coalesce(p.due_date, p.start_date) >= p_from
$function$;
revoke all on function ops.calendar_events(p_org_name text, p_from date, p_to date) from public, anon, authenticated, service_role;
grant execute on function ops.calendar_events(p_org_name text, p_from date, p_to date) to authenticated;

-- schemas/public/functions.sql
-- public: functions.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.accommodation_calendar(token text)
 RETURNS public."*/*"
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_text text := app.calendar_ics(token);
begin
  perform set_config('response.headers',
    json_build_array(json_build_object('Content-Type', 'text/calendar; charset=utf-8'),
                     json_build_object('Content-Disposition', 'inline; filename="calendar.ics"'),
                     json_build_object('Cache-Control', 'private, max-age=300'))::text, true);
  return convert_to(v_text, 'UTF8');
end;
$function$;
revoke all on function public.accommodation_calendar(token text) from public, anon, authenticated, service_role;
grant execute on function public.accommodation_calendar(token text) to anon;
grant execute on function public.accommodation_calendar(token text) to authenticated;
grant execute on function public.accommodation_calendar(token text) to service_role;
comment on function public.accommodation_calendar(token text) is 'An accommodation''s busy dates as iCalendar, for the holder of its feed''s secret token; no guest details.';

CREATE OR REPLACE FUNCTION public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text DEFAULT NULL::text, p_phone text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.require_request('token_verifications');
  return app.activate_invite_uncounted(p_email, p_code, p_password, p_full_name, p_title, p_phone);
end;
$function$;
revoke all on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text) from public, anon, authenticated, service_role;
grant execute on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text) to anon;
grant execute on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text) to authenticated;
grant execute on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text) to service_role;

CREATE OR REPLACE FUNCTION public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text DEFAULT NULL::text, p_phone text DEFAULT NULL::text, p_username text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_state text;
  v_message text;
  v_detail text;
  v_hint text;
begin
  if app.request_client() is null then
    return app.create_organization_with_owner(p_email, p_password, p_full_name, p_business_name, p_title, p_phone, p_username);
  end if;
  perform app.require_request('sign_in_sign_ups');
  begin
    return app.create_organization_with_owner(p_email, p_password, p_full_name, p_business_name, p_title, p_phone, p_username);
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
    if v_state not like 'ST%' then
      raise;
    end if;
    perform set_config('response.status', '400', true);
    return jsonb_build_object('code', v_state, 'message', v_message, 'details', nullif(v_detail, ''), 'hint', nullif(v_hint, ''));
  end;
end;
$function$;
revoke all on function public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) from public, anon, authenticated, service_role;
grant execute on function public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) to anon;
grant execute on function public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) to authenticated;
grant execute on function public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) to service_role;
comment on function public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) is 'Apply for Access: a new organisation, its owner role and Active owner; counted against the sign_in_sign_ups request limit';

CREATE OR REPLACE FUNCTION public.bulk_delete(p_table text, p_ids uuid[])
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function public.bulk_delete(p_table text, p_ids uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.bulk_delete(p_table text, p_ids uuid[]) to authenticated;
grant execute on function public.bulk_delete(p_table text, p_ids uuid[]) to service_role;

CREATE OR REPLACE FUNCTION public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb) from public, anon, authenticated, service_role;
grant execute on function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb) to authenticated;
grant execute on function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb) to service_role;

CREATE OR REPLACE FUNCTION public.dashboard_stats(p_org_name text)
 RETURNS TABLE(contacts bigint, businesses bigint, orders bigint, revenue numeric)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select
    (select count(*) from crm.contacts c where c.org_name = p_org_name and not c.archive),
    (select count(*) from crm.businesses b where b.org_name = p_org_name and not b.archive),
    (select count(*) from public.orders o where o.org_name = p_org_name and not o.archive),
    (select coalesce(sum(s.revenue), 0)::numeric(14, 2) from app.sales_by_month s where s.org_name = p_org_name);
$function$;
revoke all on function public.dashboard_stats(p_org_name text) from public, anon, authenticated, service_role;
grant execute on function public.dashboard_stats(p_org_name text) to authenticated;
grant execute on function public.dashboard_stats(p_org_name text) to service_role;
comment on function public.dashboard_stats(p_org_name text) is 'The dashboard''s figures for an organisation: active contacts, businesses and orders, and revenue from active sales; as the caller''s read policies allow.';

CREATE OR REPLACE FUNCTION public.find_pending_invite(p_email text, p_code text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.require_request('token_verifications');
  return app.find_pending_invite_uncounted(p_email, p_code);
end;
$function$;
revoke all on function public.find_pending_invite(p_email text, p_code text) from public, anon, authenticated, service_role;
grant execute on function public.find_pending_invite(p_email text, p_code text) to anon;
grant execute on function public.find_pending_invite(p_email text, p_code text) to authenticated;
grant execute on function public.find_pending_invite(p_email text, p_code text) to service_role;

CREATE OR REPLACE FUNCTION public.global_search(p_query text, p_org_name text, p_limit integer DEFAULT 5)
 RETURNS TABLE(kind text, area text, id uuid, short_id text, title text, detail text, rank real)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select x.kind, x.area, x.id, x.short_id, x.title, x.detail, x.rank
  from (
    select h.kind, h.area, r.id, r.short_id, r.title, coalesce(h.detail, r.detail) as detail, h.rank,
           row_number() over (partition by h.kind order by h.rank desc, r.title) as place
    from (select distinct on (c.kind, c.id) c.* from app.search_candidates(p_query, p_org_name, p_limit) c order by c.kind, c.id, c.rank desc) h
    cross join lateral (
      select c.id, c.short_id, c.name as title, c.status::text as detail from crm.contacts c where h.kind = 'contact' and c.id = h.id
      union all
      select b.id, b.short_id, b.name, coalesce(b.dba_name, b.status::text) from crm.businesses b where h.kind = 'business' and b.id = h.id
      union all
      select hh.id, hh.short_id, hh.name, hh.preferred_addressee from crm.households hh where h.kind = 'household' and hh.id = h.id
      union all
      select u.id, u.short_id, u.name, coalesce(u.title, u.email::text) from public.user_profiles u where h.kind = 'user' and u.id = h.id
      union all
      select s.id, s.short_id, coalesce(nullif(btrim(s.preferred_name), ''), concat_ws(' ', s.legal_first_name, s.legal_last_name)), s.email::text
      from hr.staff_profiles s where h.kind = 'staff' and s.id = h.id
      union all
      select a.id, a.short_id, a.name, a.beds from catalog.accommodations a where h.kind = 'accommodation' and a.id = h.id
      union all
      select rv.id, null::text, rv.name, concat_ws(' · ', rv.confirmation, g.name, to_char(rv.check_in, 'YYYY-MM-DD'))
      from catalog.reservations rv left join crm.contacts g on g.id = rv.contact_id
      where h.kind = 'reservation' and rv.id = h.id
      union all
      select p.id, p.short_id, p.name, p.sku from catalog.products p where h.kind = 'product' and p.id = h.id
      union all
      select sp.id, null::text, sp.name, sp.vendor from catalog.supplies sp where h.kind = 'supply' and sp.id = h.id
      union all
      select pr.id, pr.short_id, pr.name, pr.status from ops.projects pr where h.kind = 'project' and pr.id = h.id
      union all
      select t.id, t.short_id, t.title, t.status from ops.tasks t where h.kind = 'task' and t.id = h.id
    ) r
  ) x
  where x.place <= least(greatest(coalesce(p_limit, 5), 1), 50)
  order by array_position(array['contact', 'business', 'household', 'user', 'staff', 'accommodation', 'reservation', 'product', 'supply', 'project', 'task'], x.kind), x.rank desc, x.title
$function$;
revoke all on function public.global_search(p_query text, p_org_name text, p_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.global_search(p_query text, p_org_name text, p_limit integer) to authenticated;
grant execute on function public.global_search(p_query text, p_org_name text, p_limit integer) to service_role;
comment on function public.global_search(p_query text, p_org_name text, p_limit integer) is 'Global search in one organisation: the best p_limit rows of each kind (contact, business, household, user, staff, accommodation, reservation, product, supply, project, task), ranked; as the caller''s read policies allow, and only for the organisation''s enabled areas.';

CREATE OR REPLACE FUNCTION public.list_page(p_relation text, p_org_names text[] DEFAULT NULL::text[], p_eq jsonb DEFAULT '{}'::jsonb, p_exclude_archived boolean DEFAULT false, p_filter jsonb DEFAULT NULL::jsonb, p_sort jsonb DEFAULT '[]'::jsonb, p_offset integer DEFAULT 0, p_limit integer DEFAULT 200, p_after jsonb DEFAULT NULL::jsonb, p_count text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_source app.list_sources;
  v_where text;
  v_filter text;
  v_key record;
  v_order text := '';
  v_rev text := '';
  v_sort_cols text[] := '{}';
  v_descs boolean[] := '{}';
  v_seek text := '';
  v_limit integer := least(greatest(coalesce(p_limit, 200), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_branch text;
  v_sql text;
  v_ids uuid[];
  v_total bigint;
  v_estimated boolean := false;
  v_plan jsonb;
  v_org text;
  v_rule text;
  v_whole text[] := '{}';
  v_component text;
  v_cols text;
  v_bodies text[] := '{}';
  v_branches text[] := '{}';
  v_all text;
  v_and_filter text;
  v_expected bigint;
  v_found bigint;
  v_read bigint;
  v_done boolean := false;
  -- Where the ways of finding a filtered page change over (settings only tests change, to take each
  -- way on a few rows): a look at the top of the list when more than v_probe_from matches are
  -- expected (always: the planner's guess for a LIKE pattern can be off a hundred times, and the look
  -- costs a few milliseconds); all matches from the trigram index up to v_gather_upto.
  v_probe_from bigint := coalesce(nullif(current_setting('steward.list_page_probe_from', true), '')::bigint, -1);
  v_gather_upto bigint := coalesce(nullif(current_setting('steward.list_page_gather_upto', true), '')::bigint, 50000);
  -- The most rows a look at the top reads (in the sort key's index) before the page is looked for
  -- among the matches instead.
  v_sampled bigint;
  v_sample text;
  v_walk bigint := coalesce(nullif(current_setting('steward.list_page_walk', true), '')::bigint, 30000);
begin
  if auth.uid() is null then
    return null;
  end if;
  select * into v_source from app.list_sources s where s.relation = to_regclass(p_relation);
  if not found or not pg_catalog.has_table_privilege('authenticated', v_source.relation, 'select') then
    return null;
  end if;

  -- The caller's read rule (below, per organisation), then the list's own conditions.
  v_rule := app.read_rule_sql(v_source.base);
  -- A table under the standard policies (app.apply_component_policies) lets a person whose role reads
  -- an organisation at the Organization level read every row of it: for those organisations no row
  -- needs the rule, and a page can come from an index alone.
  v_component := substring(pg_catalog.obj_description(v_source.base, 'pg_class') from '^component: ([a-z-]+)$');
  if v_component is not null then
    v_whole := app.orgs_with_access(v_component, 'view', 'Organization');
  end if;
  v_where := 'true';
  if p_exclude_archived then
    v_where := v_where || case when exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = v_source.base and a.attname = 'archive' and a.attnotnull)
                               then ' and not t.archive' else ' and t.archive is not true' end;
  end if;
  for v_key in select e.key, e.value from jsonb_each(coalesce(p_eq, '{}')) as e loop
    if not (v_key.key = any (v_source.columns)) then
      return null;
    end if;
    v_where := v_where || case when jsonb_typeof(v_key.value) = 'null' then format(' and t.%I is null', v_key.key)
                               else format(' and t.%I = %L', v_key.key, v_key.value #>> '{}') end;
  end loop;
  if p_filter is not null then
    v_filter := app.list_filter_sql(p_filter, v_source.columns);
    if v_filter is null then
      return null;
    end if;
    v_filter := nullif(v_filter, 'true');
  end if;

  for v_key in select e.value ->> 'field' as field, coalesce((e.value ->> 'desc')::boolean, false) as descending
               from jsonb_array_elements(coalesce(p_sort, '[]')) as e loop
    if v_key.field is null or not (v_key.field = any (v_source.columns)) then
      return null;
    end if;
    continue when v_key.field = 'id';
    v_sort_cols := v_sort_cols || v_key.field;
    v_descs := v_descs || v_key.descending;
    v_order := v_order || format('t.%I %s, ', v_key.field, case when v_key.descending then 'desc nulls first' else 'asc nulls last' end);
  end loop;
  v_order := v_order || 't.id asc';

  -- A seek after the last row of the page before: one sort key with no empty values.
  if p_after is not null and cardinality(v_sort_cols) = 1 and (p_after ->> 'id') is not null
     and jsonb_typeof(p_after -> 'values' -> 0) is distinct from 'null'
     and exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = v_source.base and a.attname = v_sort_cols[1] and a.attnotnull) then
    -- key >= last (the index's range), then past the last id among equal keys.
    v_seek := format(' and t.%1$I %2$s= %3$L and (t.%1$I %2$s %3$L or t.id > %4$L::uuid)',
                     v_sort_cols[1], case when v_descs[1] then '<' else '>' end, p_after -> 'values' ->> 0, p_after ->> 'id');
    v_offset := 0;
  elsif p_after is not null and cardinality(v_sort_cols) = 0 and (p_after ->> 'id') is not null then
    v_seek := format(' and t.id > %L::uuid', p_after ->> 'id');
    v_offset := 0;
  end if;

  -- One ordered branch per organisation, merged in order (each walks its (org_name, key, id) index).
  if p_org_names is null then
    v_bodies := array[format('from %s t where (%s) and %s', v_source.base, v_rule, v_where)];
  else
    foreach v_org in array p_org_names loop
      v_bodies := v_bodies || format('from %s t where t.org_name = %L and (%s) and %s', v_source.base, v_org,
                                     case when v_org = any (v_whole) then 'true' else v_rule end, v_where);
    end loop;
  end if;
  if cardinality(v_bodies) = 0 then
    return jsonb_build_object('ids', '[]'::jsonb, 'total', 0, 'estimated', false);
  end if;
  v_cols := coalesce(nullif(array_to_string(array(select format('t.%I', c) from unnest(v_sort_cols) c), ', '), ''), 'null');
  v_and_filter := coalesce(' and ' || v_filter, '');
  -- The whole list (no seek): what is counted, and how many rows the planner expects.
  v_all := array_to_string(array(select format('(select t.id, %s %s%s)', v_cols, b, v_and_filter) from unnest(v_bodies) b), ' union all ');
  if v_filter is not null or p_count is not null then
    execute 'explain (format json) ' || v_all into v_plan;
    v_expected := (v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint;
  end if;
  -- What a count estimate samples: the organisations the planner expects rows of (a sample reads one
  -- block in a hundred of the whole table for each; the shared defaults hold next to no rows).
  v_sample := v_all;
  if v_plan -> 0 -> 'Plan' ->> 'Node Type' = 'Append' and jsonb_array_length(v_plan -> 0 -> 'Plan' -> 'Plans') = cardinality(v_bodies) then
    v_sample := array_to_string(array(
      select format('(select t.id, %s %s%s)', v_cols, u.b, v_and_filter) from unnest(v_bodies) with ordinality as u(b, i)
      where (v_plan -> 0 -> 'Plan' -> 'Plans' -> (u.i::int - 1) ->> 'Plan Rows')::numeric >= 100), ' union all ');
    if v_sample = '' then
      v_sample := v_all;
    end if;
  end if;

  if v_filter is not null and v_expected > v_probe_from and v_offset + v_limit <= 1000 then
    -- Near the top of the list: rows in the sort key's order (from its index), the filter tested on
    -- each, read only until the page is full and at most v_walk rows: the page when the matches are
    -- not rare near the top, found without collecting every match. (Fewer: the page is found among
    -- all matches below, which also counts them.)
    v_branches := array(select format('(select t.id, %s, (%s) as matches %s%s order by %s limit %s)', v_cols, v_filter, b, v_seek, v_order, v_walk) from unnest(v_bodies) b);
    execute format('select coalesce(array_agg(t.id), ''{}''), count(*) from (select t.id from (select * from (%s) t order by %s limit %s) t '
                   'where t.matches order by %s offset %s limit %s) t',
                   array_to_string(v_branches, ' union all '), v_order, v_walk, v_order, v_offset, v_limit)
      into v_ids, v_found;
    v_done := v_found = v_limit;
  end if;

  if not v_done and v_filter is not null and v_expected <= v_gather_upto then
    -- A filter that picks at most a few ten thousand rows: all of them from the trigram index, sorted,
    -- counted exactly on the way. (Walking the sort key's index instead would pass every row sorting
    -- before the matches, and matches cluster: every "Jennifer …" sorts together.)
    perform set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true);
    execute format('select coalesce(array_agg(t.id), ''{}''), max(t.total) from (select t.id, count(*) over () as total from (%s) t order by %s offset %s limit %s) t',
                   v_all, v_order, greatest(coalesce(p_offset, 0), 0), v_limit)
      into v_ids, v_total;
    perform set_config('enable_indexscan', 'on', true), set_config('enable_indexonlyscan', 'on', true);
    if v_total is null and p_count is not null then
      execute format('select count(*) from (%s) c', v_all) into v_total;
    end if;
    return jsonb_build_object('ids', to_jsonb(v_ids), 'total', case when p_count is not null then v_total end, 'estimated', false);
  end if;

  if not v_done then
    -- In the sort key's order, one ordered branch per organisation merged in order.
    v_branches := array(select format('(select t.id, %s %s%s%s order by %s limit %s)', v_cols, b, v_and_filter, v_seek, v_order, v_offset + v_limit) from unnest(v_bodies) b);
    v_sql := format('select coalesce(array_agg(t.id), ''{}'') from (select t.id from (%s) t order by %s offset %s limit %s) t',
                    array_to_string(v_branches, ' union all '), v_order, v_offset, v_limit);
    execute v_sql into v_ids;
  end if;

  -- Counted exactly when asked, or when it is small; past 1,000 an estimate: the planner's for a list
  -- without a filter, and for a filtered one the matches in one block in a hundred, times a hundred
  -- (the planner's guess of a LIKE pattern can be off several times: "martinez" 20,231 for 9,259).
  if p_count = 'estimated' and v_filter is not null and v_expected > 5000 then
    execute format('select count(*) * 100 from (%s) c',
                   replace(v_sample, format('from %s t where', v_source.base), format('from %s t tablesample system (1) repeatable (0) where', v_source.base)))
      into v_sampled;
    if v_sampled >= 5000 then
      return jsonb_build_object('ids', to_jsonb(v_ids), 'total', v_sampled, 'estimated', true);
    end if;
  end if;
  if p_count = 'exact' or (p_count = 'estimated' and (v_expected <= 5000 or v_filter is not null)) then
    execute format('select count(*) from (%s%s) c', v_all, case when p_count = 'estimated' then ' limit 1001' end) into v_total;
  end if;
  if p_count = 'estimated' and v_total > 1000 and v_sampled is null and (v_filter is not null or v_expected <= 1000) then
    execute format('select count(*) * 100 from (%s) c',
                   replace(v_sample, format('from %s t where', v_source.base), format('from %s t tablesample system (1) repeatable (0) where', v_source.base)))
      into v_sampled;
  end if;
  if p_count = 'estimated' and (v_total is null or v_total > 1000) then
    v_total := greatest(1001, coalesce(v_sampled, v_expected));
    v_estimated := true;
  end if;
  return jsonb_build_object('ids', to_jsonb(v_ids), 'total', v_total, 'estimated', v_estimated);
end;
$function$;
revoke all on function public.list_page(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text) from public, anon, authenticated, service_role;
grant execute on function public.list_page(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text) to authenticated;
grant execute on function public.list_page(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text) to service_role;

CREATE OR REPLACE FUNCTION public.list_page_rows(p_relation text, p_org_names text[] DEFAULT NULL::text[], p_eq jsonb DEFAULT '{}'::jsonb, p_exclude_archived boolean DEFAULT false, p_filter jsonb DEFAULT NULL::jsonb, p_sort jsonb DEFAULT '[]'::jsonb, p_offset integer DEFAULT 0, p_limit integer DEFAULT 200, p_after jsonb DEFAULT NULL::jsonb, p_count text DEFAULT NULL::text, p_columns text[] DEFAULT NULL::text[])
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_page jsonb;
  v_relation regclass := to_regclass(p_relation);
  v_row text;
  v_ids uuid[];
  v_rows jsonb;
begin
  v_page := public.list_page(p_relation, p_org_names, p_eq, p_exclude_archived, p_filter, p_sort, p_offset, p_limit, p_after, p_count);
  if v_page is null then
    return null;
  end if;
  if p_columns is null then
    v_row := 'to_jsonb(v)';
  else
    if cardinality(p_columns) = 0 or exists (
      select 1 from unnest(p_columns) as c
      where not exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = v_relation and a.attname = c and a.attnum > 0 and not a.attisdropped)) then
      return null;
    end if;
    -- Only the columns asked for are read (the view's joins for the others are left out), in objects
    -- of at most 40 pairs (a function takes 100 arguments at most).
    select string_agg('jsonb_build_object(' || g.pairs || ')', ' || ') into v_row
    from (select string_agg(format('%L, v.%I', c.name, c.name), ', ' order by c.place) as pairs
          from unnest(p_columns) with ordinality as c(name, place)
          group by (c.place - 1) / 40) g;
  end if;
  v_ids := array(select e::uuid from jsonb_array_elements_text(v_page -> 'ids') as e);
  execute format('select coalesce(jsonb_agg(%s order by array_position($1, v.id)), ''[]'') from %s v where v.id = any ($1)', v_row, v_relation)
    into v_rows using v_ids;
  return v_page || jsonb_build_object('rows', v_rows);
end;
$function$;
revoke all on function public.list_page_rows(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text, p_columns text[]) from public, anon, authenticated, service_role;
grant execute on function public.list_page_rows(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text, p_columns text[]) to authenticated;
grant execute on function public.list_page_rows(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text, p_columns text[]) to service_role;

CREATE OR REPLACE FUNCTION public.mark_all_notifications_read(p_org_name text)
 RETURNS integer
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with marked as (
    update public.notifications set read_at = now()
     where read_at is null and org_name = p_org_name
       and profile_id = any ((select app.my_profile_ids())::uuid[])
    returning 1
  )
  select count(*)::int from marked
$function$;
revoke all on function public.mark_all_notifications_read(p_org_name text) from public, anon, authenticated, service_role;
grant execute on function public.mark_all_notifications_read(p_org_name text) to authenticated;
grant execute on function public.mark_all_notifications_read(p_org_name text) to service_role;

CREATE OR REPLACE FUNCTION public.record_history_page(p_record_id uuid, p_before bigint DEFAULT NULL::bigint, p_limit integer DEFAULT 50)
 RETURNS TABLE(id bigint, created_at timestamp with time zone, action text, via text, batch_id uuid, actor_id uuid, actor_name text, table_name text, record_id uuid, record_label text, changes jsonb, labels jsonb)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select h.id, h.created_at, h.action, h.via, h.batch_id, h.actor_id, h.actor_name, h.table_name, h.record_id, h.record_label, h.changes,
         (select jsonb_object_agg(c.key, jsonb_build_array(
                   app.history_reference_label(h.table_name::regclass, c.key, c.value ->> 0),
                   app.history_reference_label(h.table_name::regclass, c.key, c.value ->> 1)))
            from jsonb_each(case when h.action in ('update', 'archive', 'restore') then h.changes else '{}' end) c
           where c.key like '%\_id' and jsonb_typeof(c.value) = 'array') as labels
  from public.record_history h
  where h.record_id = any (p_record_id || app.attached_record_ids(p_record_id))
    and (p_before is null or h.id < p_before)
  order by h.id desc
  limit least(greatest(coalesce(p_limit, 50), 1), 200)
$function$;
revoke all on function public.record_history_page(p_record_id uuid, p_before bigint, p_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.record_history_page(p_record_id uuid, p_before bigint, p_limit integer) to anon;
grant execute on function public.record_history_page(p_record_id uuid, p_before bigint, p_limit integer) to authenticated;
grant execute on function public.record_history_page(p_record_id uuid, p_before bigint, p_limit integer) to public;
grant execute on function public.record_history_page(p_record_id uuid, p_before bigint, p_limit integer) to service_role;

CREATE OR REPLACE FUNCTION public.record_permissions(p_table text, p_ids uuid[])
 RETURNS TABLE(id uuid, can_edit boolean, can_delete boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_rel regclass;
  v_component text;
begin
  if cardinality(p_ids) > 1000 then
    raise exception using errcode = '22023', message = 'At most 1000 records at a time';
  end if;
  select c.oid::regclass, substring(obj_description(c.oid, 'pg_class') from '^component: ([a-z-]+)$')
    into v_rel, v_component
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname || '.' || c.relname = p_table and c.relkind in ('r', 'p')
    and obj_description(c.oid, 'pg_class') ~ '^component: [a-z-]+$';
  if v_rel is null then
    raise exception using errcode = '42P01', message = format('No component table %s', p_table);
  end if;
  return query execute format(
    'select t.id, coalesce(t.org_name <> ''_system_default_'' and %2$s, false),
            coalesce(t.org_name <> ''_system_default_'' and %3$s, false)
       from %1$s t
      where t.id = any ($1) and (t.org_name = ''_system_default_'' or %4$s)',
    v_rel, app.access_sql(v_component, 'edit', v_rel), app.access_sql(v_component, 'delete', v_rel),
    app.access_sql(v_component, 'view', v_rel))
    using p_ids;
end;
$function$;
revoke all on function public.record_permissions(p_table text, p_ids uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.record_permissions(p_table text, p_ids uuid[]) to authenticated;
grant execute on function public.record_permissions(p_table text, p_ids uuid[]) to service_role;

CREATE OR REPLACE FUNCTION public.record_transactions(p_record uuid)
 RETURNS SETOF public.transactions
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- One scan: the four conditions combine the indexes on contact_id, business_id and household_id
  -- (a BitmapOr), and the members are found once, before it.
  select t.* from public.transactions t
   where not t.archive
     and (t.contact_id = p_record or t.business_id = p_record or t.household_id = p_record
          or t.contact_id = any (array(
               select h.primary_contact_id from crm.households h where h.id = p_record and h.primary_contact_id is not null
               union select h.secondary_contact_id from crm.households h where h.id = p_record and h.secondary_contact_id is not null
               union select coalesce(r.contact_id1, r.contact_id2) from crm.relationships r
                      where not r.archive and p_record in (r.household_id1, r.household_id2) and coalesce(r.contact_id1, r.contact_id2) is not null)))
   order by t.date desc, t.created_at desc
$function$;
revoke all on function public.record_transactions(p_record uuid) from public, anon, authenticated, service_role;
grant execute on function public.record_transactions(p_record uuid) to authenticated;
grant execute on function public.record_transactions(p_record uuid) to service_role;

CREATE OR REPLACE FUNCTION public.request_invite_code(p_email text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.require_request('sign_in_sign_ups');
  perform app.request_invite_code_uncounted(p_email);
end;
$function$;
revoke all on function public.request_invite_code(p_email text) from public, anon, authenticated, service_role;
grant execute on function public.request_invite_code(p_email text) to anon;
grant execute on function public.request_invite_code(p_email text) to authenticated;
grant execute on function public.request_invite_code(p_email text) to service_role;

CREATE OR REPLACE FUNCTION public.revenue_by_month(p_org_name text, p_months integer DEFAULT 12)
 RETURNS TABLE(month date, revenue numeric)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with months as (
    select (app.sale_month(current_date) - make_interval(months => n))::date as month
    from generate_series(0, least(greatest(coalesce(p_months, 12), 1), 60) - 1) as n
  ),
  sales as (
    select s.month, sum(s.revenue) as revenue
    from app.sales_by_month s
    where s.org_name = p_org_name
      and s.month >= (select min(m.month) from months m)
    group by 1
  )
  select m.month, coalesce(s.revenue, 0)::numeric(14, 2) as revenue
  from months m
  left join sales s on s.month = m.month
  order by m.month;
$function$;
revoke all on function public.revenue_by_month(p_org_name text, p_months integer) from public, anon, authenticated, service_role;
grant execute on function public.revenue_by_month(p_org_name text, p_months integer) to authenticated;
grant execute on function public.revenue_by_month(p_org_name text, p_months integer) to service_role;
comment on function public.revenue_by_month(p_org_name text, p_months integer) is 'Sum of sale amounts per month for the last p_months months (security invoker: RLS applies).';

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

-- schemas/request_check/functions.sql
-- request_check: functions.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION request_check.before_request()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform request_check.reject_removed_user();
  if current_setting('request.path', true) = '/rpc/import_job' then
    perform set_config('statement_timeout', '600s', true);
  elsif current_setting('request.path', true) = '/rpc/import_problems' then
    perform set_config('statement_timeout', '120s', true);
  end if;
end;
$function$;
revoke all on function request_check.before_request() from public, anon, authenticated, service_role;
grant execute on function request_check.before_request() to anon;
grant execute on function request_check.before_request() to authenticated;
grant execute on function request_check.before_request() to service_role;

CREATE OR REPLACE FUNCTION request_check.reject_removed_user()
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_sub text := nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub';
begin
  -- The anon and service-role keys name no user.
  if v_sub is null or v_sub = '' then
    return;
  end if;
  if v_sub !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or not exists (
       select 1 from auth.users u
        where u.id = v_sub::uuid
          and u.deleted_at is null
          and (u.banned_until is null or u.banned_until <= now())) then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'user_not_found',
        'message', 'User from sub claim in JWT does not exist or is banned',
        'details', null,
        'hint', 'Sign in again')::text,
      detail = json_build_object(
        'status', 401,
        'headers', json_build_object('WWW-Authenticate', 'Bearer error="invalid_token", error_description="user removed"'))::text;
  end if;
end;
$function$;
revoke all on function request_check.reject_removed_user() from public, anon, authenticated, service_role;
grant execute on function request_check.reject_removed_user() to anon;
grant execute on function request_check.reject_removed_user() to authenticated;
grant execute on function request_check.reject_removed_user() to service_role;

-- schemas/app/views.sql
-- app: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view app.org_references as
 SELECT con.oid AS constraint_oid,
    con.conname::text AS constraint_name,
    con.conrelid::regclass AS table_name,
    con.confrelid::regclass AS ref_table,
    con.condeferrable AS "deferrable",
    ((
        CASE
            WHEN con.condeferrable THEN 'org_ref_guard_'::text
            ELSE 'steward_30_ref_'::text
        END || con.conname::text))::character varying(63)::text AS trigger_name,
    ( SELECT string_agg(a.attname::text, ','::text ORDER BY k.i) AS string_agg
           FROM unnest(con.conkey) WITH ORDINALITY k(attnum, i)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS columns,
    ( SELECT string_agg(a.attname::text, ','::text ORDER BY k.i) AS string_agg
           FROM unnest(con.confkey) WITH ORDINALITY k(attnum, i)
             JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS ref_columns,
    ( SELECT string_agg(format_type(a.atttypid, a.atttypmod), ','::text ORDER BY k.i) AS string_agg
           FROM unnest(con.confkey) WITH ORDINALITY k(attnum, i)
             JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS ref_types,
    ( SELECT c2.relname::text AS relname
           FROM pg_class c2
          WHERE c2.oid = con.confrelid) AS ref_relname
   FROM pg_constraint con
     JOIN pg_class c ON c.oid = con.conrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE con.contype = 'f'::"char" AND (n.nspname <> ALL (ARRAY['pg_catalog'::name, 'information_schema'::name, 'auth'::name, 'storage'::name])) AND con.conparentid = 0::oid AND (EXISTS ( SELECT 1
           FROM pg_attribute a
          WHERE a.attrelid = con.conrelid AND a.attname = 'org_name'::name AND NOT a.attisdropped)) AND (EXISTS ( SELECT 1
           FROM pg_attribute a
          WHERE a.attrelid = con.confrelid AND a.attname = 'org_name'::name AND NOT a.attisdropped)) AND NOT (EXISTS ( SELECT 1
           FROM unnest(con.conkey) k(attnum)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
          WHERE a.attname = 'org_name'::name));
revoke all on table app.org_references from public, anon, authenticated, service_role;

create view app.unguarded_org_references as
 SELECT table_name::text AS table_name,
    constraint_name,
    columns,
    ref_table::text AS ref_table
   FROM app.org_references o
  WHERE NOT (EXISTS ( SELECT 1
           FROM pg_trigger t
          WHERE t.tgrelid = o.table_name::oid AND t.tgname = o.trigger_name));
revoke all on table app.unguarded_org_references from public, anon, authenticated, service_role;

-- schemas/catalog/views.sql
-- catalog: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view catalog.reservations_view with (security_invoker=true) as
 SELECT r.id,
    r.name,
    r.description,
    r.confirmation,
    r.status,
    r.source_channel,
    r.accommodation_id,
    a.name AS accommodation_name,
    r.check_in,
    r.check_out,
    (r.check_in AT TIME ZONE 'UTC'::text)::date AS check_in_date,
    (r.check_out AT TIME ZONE 'UTC'::text)::date AS check_out_date,
    COALESCE(r.nights, (r.check_out AT TIME ZONE 'UTC'::text)::date - (r.check_in AT TIME ZONE 'UTC'::text)::date) AS nights,
    r.all_day,
    r.adults,
    r.children,
    r.pets,
    r.rate_id,
    rt.name AS rate_name,
    rt.type_id AS rate_type_id,
    ty.name AS rate_type_name,
    ty.abbreviation AS rate_type_abbreviation,
    ty.card_color AS rate_type_card_color,
    r.contact_id,
    c.name AS contact_name,
    r.business_id,
    b.name AS business_name,
    r.total_amount,
    r.deposit_paid,
    r.org_name,
    r.archive,
    r.created_at,
    r.created_by,
    r.last_modified_at,
    r.last_modified_by
   FROM catalog.reservations r
     LEFT JOIN catalog.accommodations a ON a.id = r.accommodation_id
     LEFT JOIN catalog.accommodation_rates rt ON rt.id = r.rate_id
     LEFT JOIN catalog.accommodation_rate_types ty ON ty.id = rt.type_id
     LEFT JOIN crm.contacts c ON c.id = r.contact_id
     LEFT JOIN crm.businesses b ON b.id = r.business_id;
revoke all on table catalog.reservations_view from public, anon, authenticated, service_role;
grant select on table catalog.reservations_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.reservations_view to service_role;

create view catalog.stay_balances with (security_invoker=true) as
 SELECT r.id AS reservation_id,
    r.org_name,
    COALESCE(r.total_amount, 0::numeric)::numeric(12,2) AS total_amount,
    COALESCE(p.paid, 0::numeric)::numeric(12,2) AS paid_amount,
    COALESCE(p.refunded, 0::numeric)::numeric(12,2) AS refunded_amount,
    (COALESCE(r.total_amount, 0::numeric) - COALESCE(p.paid, 0::numeric) + COALESCE(p.refunded, 0::numeric))::numeric(12,2) AS balance_due
   FROM catalog.reservations r
     LEFT JOIN LATERAL ( SELECT sum(x.qty * x.unit_price - x.discount_amount) FILTER (WHERE x.line_type = ANY (ARRAY['deposit'::text, 'payment'::text])) AS paid,
            sum(x.qty * x.unit_price - x.discount_amount) FILTER (WHERE x.line_type = 'refund'::text) AS refunded
           FROM catalog.reservation_payments x
          WHERE x.reservation_id = r.id AND NOT x.archive) p ON true;
revoke all on table catalog.stay_balances from public, anon, authenticated, service_role;
grant select on table catalog.stay_balances to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.stay_balances to service_role;

-- schemas/crm/views.sql
-- crm: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view crm.businesses_view with (security_invoker=true) as
 SELECT b.id,
    b.short_id,
    b.name,
    b.dba_name,
    b.description,
    b.image_link,
    b.status,
    b.type_id,
    bt.name AS type_name,
    b.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    b.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    ph.value AS primary_phone,
    ph.label AS primary_phone_label,
    em.value AS primary_email,
    em.label AS primary_email_label,
    ad.address_line_1,
    ad.address_line_2,
    ad.address_line_3,
    ad.city,
    ad.state,
    ad.zip,
    ad.country,
    b.org_name,
    b.archive,
    b.created_at,
    b.created_by,
    cb.name AS created_by_name,
    b.last_modified_at,
    b.last_modified_by,
    mb.name AS last_modified_by_name
   FROM crm.businesses b
     LEFT JOIN crm.business_types bt ON bt.id = b.type_id
     LEFT JOIN public.user_profiles po ON po.id = b.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = b.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = b.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = b.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = b.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id;
revoke all on table crm.businesses_view from public, anon, authenticated, service_role;
grant select on table crm.businesses_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.businesses_view to service_role;

create view crm.contact_methods_view with (security_invoker=true) as
 SELECT cm.id,
    cm.org_name,
    cm.business_id,
    cm.contact_id,
    cm.household_id,
    cm.user_id,
    cm.type_id,
    t.name AS type_name,
    t.category,
    app.contact_method_kind(t.category, t.name) AS kind,
    cm.label,
    cm.value,
    cm.is_primary,
    cm.status,
    cm.status_notes,
    cm.archive,
    cm.created_at,
    cm.created_by,
    cm.last_modified_at,
    cm.last_modified_by
   FROM crm.contact_methods cm
     LEFT JOIN crm.contact_method_types t ON t.id = cm.type_id;
revoke all on table crm.contact_methods_view from public, anon, authenticated, service_role;
grant select on table crm.contact_methods_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contact_methods_view to service_role;

create view crm.contact_methods_email with (security_invoker=true) as
 SELECT id,
    org_name,
    business_id,
    contact_id,
    household_id,
    user_id,
    type_id,
    type_name,
    category,
    kind,
    label,
    value,
    is_primary,
    status,
    status_notes,
    archive,
    created_at,
    created_by,
    last_modified_at,
    last_modified_by
   FROM crm.contact_methods_view
  WHERE kind = 'email'::text;
revoke all on table crm.contact_methods_email from public, anon, authenticated, service_role;
grant select on table crm.contact_methods_email to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contact_methods_email to service_role;

create view crm.other_contact_methods_view with (security_invoker=true) as
 SELECT o.id,
    o.org_name,
    o.business_id,
    o.contact_id,
    o.household_id,
    o.user_id,
    o.type_id,
    t.name AS type_name,
    t.category,
    'other'::text AS kind,
    o.label,
    o.value,
    o.is_primary,
    o.status,
    o.status_notes,
    o.archive,
    o.created_at,
    o.created_by,
    o.last_modified_at,
    o.last_modified_by
   FROM crm.other_contact_methods o
     LEFT JOIN crm.contact_method_types t ON t.id = o.type_id;
revoke all on table crm.other_contact_methods_view from public, anon, authenticated, service_role;
grant select on table crm.other_contact_methods_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.other_contact_methods_view to service_role;

create view crm.contact_methods_other with (security_invoker=true) as
 SELECT v.id,
    v.org_name,
    v.business_id,
    v.contact_id,
    v.household_id,
    v.user_id,
    v.type_id,
    v.type_name,
    v.category,
    v.kind,
    v.label,
    v.value,
    v.is_primary,
    v.status,
    v.status_notes,
    v.archive,
    v.created_at,
    v.created_by,
    v.last_modified_at,
    v.last_modified_by,
    'contact_methods'::text AS source_table
   FROM crm.contact_methods_view v
  WHERE v.kind = 'other'::text
UNION ALL
 SELECT o.id,
    o.org_name,
    o.business_id,
    o.contact_id,
    o.household_id,
    o.user_id,
    o.type_id,
    o.type_name,
    o.category,
    o.kind,
    o.label,
    o.value,
    o.is_primary,
    o.status,
    o.status_notes,
    o.archive,
    o.created_at,
    o.created_by,
    o.last_modified_at,
    o.last_modified_by,
    'other_contact_methods'::text AS source_table
   FROM crm.other_contact_methods_view o;
revoke all on table crm.contact_methods_other from public, anon, authenticated, service_role;
grant select on table crm.contact_methods_other to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contact_methods_other to service_role;

create view crm.contact_methods_phone with (security_invoker=true) as
 SELECT id,
    org_name,
    business_id,
    contact_id,
    household_id,
    user_id,
    type_id,
    type_name,
    category,
    kind,
    label,
    value,
    is_primary,
    status,
    status_notes,
    archive,
    created_at,
    created_by,
    last_modified_at,
    last_modified_by
   FROM crm.contact_methods_view
  WHERE kind = 'phone'::text;
revoke all on table crm.contact_methods_phone from public, anon, authenticated, service_role;
grant select on table crm.contact_methods_phone to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contact_methods_phone to service_role;

create view crm.contacts_view with (security_invoker=true) as
 SELECT c.id,
    c.short_id,
    c.name,
    c.description,
    c.image_link,
    c.status,
    c.type_id,
    ct.name AS type_name,
    c.prefix,
    c.first_name,
    c.middle_name,
    c.last_name,
    c.suffix,
    c.nickname,
    c.alternate_last_name,
    c.date_of_birth,
    c.spouse_id,
    sp.name AS spouse_name,
    sp.short_id AS spouse_short_id,
    c.food_bev_notes,
    c.activities_notes,
    c.height,
    c.weight,
    c.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    c.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    ph.value AS primary_phone,
    ph.label AS primary_phone_label,
    em.value AS primary_email,
    em.label AS primary_email_label,
    ad.address_line_1,
    ad.address_line_2,
    ad.address_line_3,
    ad.city,
    ad.state,
    ad.zip,
    ad.country,
    c.org_name,
    c.archive,
    c.created_at,
    c.created_by,
    cb.name AS created_by_name,
    c.last_modified_at,
    c.last_modified_by,
    mb.name AS last_modified_by_name
   FROM crm.contacts c
     LEFT JOIN crm.contact_types ct ON ct.id = c.type_id
     LEFT JOIN crm.contacts sp ON sp.id = c.spouse_id
     LEFT JOIN public.user_profiles po ON po.id = c.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = c.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = c.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = c.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = c.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id;
revoke all on table crm.contacts_view from public, anon, authenticated, service_role;
grant select on table crm.contacts_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contacts_view to service_role;

create view crm.email_view with (security_invoker=true) as
 SELECT id,
    org_name,
    business_id,
    contact_id,
    household_id,
    user_id,
    type_id,
    type_name,
    category,
    kind,
    label,
    value,
    is_primary,
    status,
    status_notes,
    archive,
    created_at,
    created_by,
    last_modified_at,
    last_modified_by
   FROM crm.contact_methods_view
  WHERE kind = 'email'::text;
revoke all on table crm.email_view from public, anon, authenticated, service_role;
grant select on table crm.email_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.email_view to service_role;

create view crm.households_view with (security_invoker=true) as
 SELECT h.id,
    h.short_id,
    h.name,
    h.description,
    h.image_link,
    h.status,
    h.preferred_addressee,
    h.preferred_salutation,
    h.primary_contact_id,
    pc.name AS primary_contact_name,
    pc.short_id AS primary_contact_short_id,
    h.secondary_contact_id,
    sc.name AS secondary_contact_name,
    sc.short_id AS secondary_contact_short_id,
    h.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    h.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    ph.value AS primary_phone,
    ph.label AS primary_phone_label,
    em.value AS primary_email,
    em.label AS primary_email_label,
    ad.address_line_1,
    ad.address_line_2,
    ad.address_line_3,
    ad.city,
    ad.state,
    ad.zip,
    ad.country,
    h.org_name,
    h.archive,
    h.created_at,
    h.created_by,
    cb.name AS created_by_name,
    h.last_modified_at,
    h.last_modified_by,
    mb.name AS last_modified_by_name
   FROM crm.households h
     LEFT JOIN crm.contacts pc ON pc.id = h.primary_contact_id
     LEFT JOIN crm.contacts sc ON sc.id = h.secondary_contact_id
     LEFT JOIN public.user_profiles po ON po.id = h.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = h.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = h.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = h.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = h.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id;
revoke all on table crm.households_view from public, anon, authenticated, service_role;
grant select on table crm.households_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.households_view to service_role;

create view crm.notes_view with (security_invoker=true) as
 SELECT n.id,
    n.short_id,
    n.name,
    n.description,
    n.label,
    n.status,
    n.important,
    n.file_link,
    n.type_id,
    nt.name AS type_name,
    n.contact_method_id,
    cm.value AS contact_method_value,
    cm.label AS contact_method_label,
    cm.status AS contact_method_status,
    n.contact_id,
    c.name AS contact_name,
    c.short_id AS contact_short_id,
    n.business_id,
    b.name AS business_name,
    b.short_id AS business_short_id,
    n.household_id,
    h.name AS household_name,
    h.short_id AS household_short_id,
    n.org_name,
    n.archive,
    n.created_at,
    n.created_by,
    cb.name AS created_by_name,
    n.last_modified_at,
    n.last_modified_by,
    mb.name AS last_modified_by_name
   FROM crm.notes n
     LEFT JOIN crm.note_types nt ON nt.id = n.type_id
     LEFT JOIN crm.contact_methods cm ON cm.id = n.contact_method_id
     LEFT JOIN crm.contacts c ON c.id = n.contact_id
     LEFT JOIN crm.businesses b ON b.id = n.business_id
     LEFT JOIN crm.households h ON h.id = n.household_id
     LEFT JOIN public.user_profiles cb ON cb.id = n.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = n.last_modified_by;
revoke all on table crm.notes_view from public, anon, authenticated, service_role;
grant select on table crm.notes_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.notes_view to service_role;

create view crm.user_profiles with (security_invoker=true) as
 SELECT id,
    short_id,
    auth_user_id,
    org_name,
    name,
    display_name,
    first_name,
    last_name,
    email,
    phone,
    title,
    status,
    role_id,
    avatar_url,
    is_staff,
    archive
   FROM public.user_profiles p;
revoke all on table crm.user_profiles from public, anon, authenticated, service_role;
grant select on table crm.user_profiles to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.user_profiles to service_role;

-- schemas/hr/views.sql
-- hr: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view hr.positions_view with (security_invoker=true) as
 SELECT p.id,
    p.name,
    p.description,
    p.group_id,
    g.name AS group_name,
    COALESCE(ac.active_assignment_count, 0::bigint) AS active_assignment_count,
    p.org_name,
    p.archive,
    p.created_at,
    p.created_by,
    cb.name AS created_by_name,
    p.last_modified_at,
    p.last_modified_by,
    mb.name AS last_modified_by_name
   FROM hr.positions p
     LEFT JOIN hr.groups g ON g.id = p.group_id
     LEFT JOIN public.user_profiles cb ON cb.id = p.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = p.last_modified_by
     LEFT JOIN LATERAL ( SELECT count(*) AS active_assignment_count
           FROM hr.assignments a
          WHERE a.position_id = p.id AND NOT a.archive AND app.assignment_is_active(a.status, a.end_date)) ac ON true;
revoke all on table hr.positions_view from public, anon, authenticated, service_role;
grant select on table hr.positions_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.positions_view to service_role;

create view hr.shifts_view with (security_invoker=true) as
 SELECT s.id,
    s.short_id,
    s.name,
    s.description,
    s.type,
    s.status,
    s.start_at,
    s.end_at,
    s.position_id,
    p.name AS position_name,
    s.location_id,
    l.label AS location_label,
    COALESCE(s.address_line_1, l.address_line_1) AS address_line_1,
    COALESCE(s.address_line_2, l.address_line_2) AS address_line_2,
    COALESCE(s.city, l.city) AS city,
    COALESCE(s.state, l.state) AS state,
    COALESCE(s.zip, l.zip) AS zip,
    s.contact_phone,
    s.contact_email,
    s.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    s.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    COALESCE(mc.member_count, 0::bigint) AS member_count,
    mc.member_names,
    s.org_name,
    s.archive,
    s.created_at,
    s.created_by,
    cb.name AS created_by_name,
    s.last_modified_at,
    s.last_modified_by,
    mb.name AS last_modified_by_name
   FROM hr.shifts s
     LEFT JOIN hr.positions p ON p.id = s.position_id
     LEFT JOIN crm.locations l ON l.id = s.location_id
     LEFT JOIN public.user_profiles po ON po.id = s.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = s.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = s.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = s.last_modified_by
     LEFT JOIN LATERAL ( SELECT count(*) AS member_count,
            array_agg(COALESCE(NULLIF(btrim(st.preferred_name), ''::text), concat_ws(' '::text, st.legal_first_name, st.legal_last_name)) ORDER BY st.legal_last_name, st.legal_first_name) AS member_names
           FROM hr.shift_members m
             JOIN hr.staff_profiles st ON st.id = m.staff_id
          WHERE m.shift_id = s.id AND NOT m.archive) mc ON true;
revoke all on table hr.shifts_view from public, anon, authenticated, service_role;
grant select on table hr.shifts_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.shifts_view to service_role;

create view hr.staff_profiles_view with (security_invoker=true) as
 SELECT s.id,
    s.short_id,
    COALESCE(NULLIF(btrim(s.preferred_name), ''::text), concat_ws(' '::text, s.legal_first_name, s.legal_last_name)) AS name,
    s.preferred_name,
    s.legal_first_name,
    s.legal_middle_name,
    s.legal_last_name,
    s.avatar_url,
    s.date_of_birth,
    s.timezone,
    s.availability,
    s.certifications,
    s.phone,
    s.email,
    s.status,
    s.hire_date,
    s.document_expiry,
    s.document_expiry IS NOT NULL AND s.document_expiry < CURRENT_DATE AS document_expired,
    s.emergency_contact_name,
    s.emergency_contact_phone,
    s.notes,
    s.user_profile_id,
    up.short_id AS user_profile_short_id,
    aa.assignment_names,
    aa.position_names,
    aa.group_names,
    COALESCE(aa.active_assignment_count, 0::bigint) AS active_assignment_count,
    ns.next_shift_id,
    ns.next_shift_name,
    ns.next_shift_start,
    COALESCE(sc.upcoming_shift_count, 0::bigint) AS upcoming_shift_count,
    s.org_name,
    s.archive,
    s.created_at,
    s.created_by,
    cb.name AS created_by_name,
    s.last_modified_at,
    s.last_modified_by,
    mb.name AS last_modified_by_name
   FROM hr.staff_profiles s
     LEFT JOIN public.user_profiles up ON up.id = s.user_profile_id
     LEFT JOIN public.user_profiles cb ON cb.id = s.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = s.last_modified_by
     LEFT JOIN LATERAL ( SELECT array_agg(COALESCE(a.name, p.name) ORDER BY a.start_date DESC NULLS LAST, a.created_at DESC) AS assignment_names,
            array_agg(DISTINCT p.name) FILTER (WHERE p.name IS NOT NULL) AS position_names,
            array_agg(DISTINCT g.name) FILTER (WHERE g.name IS NOT NULL) AS group_names,
            count(*) AS active_assignment_count
           FROM hr.assignments a
             LEFT JOIN hr.positions p ON p.id = a.position_id
             LEFT JOIN hr.groups g ON g.id = p.group_id
          WHERE a.staff_id = s.id AND NOT a.archive AND app.assignment_is_active(a.status, a.end_date)) aa ON true
     LEFT JOIN LATERAL ( SELECT sh.id AS next_shift_id,
            sh.name AS next_shift_name,
            sh.start_at AS next_shift_start
           FROM hr.shift_members m
             JOIN hr.shifts sh ON sh.id = m.shift_id
          WHERE m.staff_id = s.id AND NOT sh.archive AND sh.start_at >= now()
          ORDER BY sh.start_at
         LIMIT 1) ns ON true
     LEFT JOIN LATERAL ( SELECT count(*) AS upcoming_shift_count
           FROM hr.shift_members m
             JOIN hr.shifts sh ON sh.id = m.shift_id
          WHERE m.staff_id = s.id AND NOT sh.archive AND sh.start_at >= now()) sc ON true;
revoke all on table hr.staff_profiles_view from public, anon, authenticated, service_role;
grant select on table hr.staff_profiles_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.staff_profiles_view to service_role;

create view hr.user_groups_view with (security_invoker=true) as
 SELECT g.id,
    g.name,
    g.description,
    COALESCE(pc.position_count, 0::bigint) AS position_count,
    COALESCE(ac.active_assignment_count, 0::bigint) AS active_assignment_count,
    COALESCE(ac.active_member_count, 0::bigint) AS active_member_count,
    g.org_name,
    g.archive,
    g.created_at,
    g.created_by,
    cb.name AS created_by_name,
    g.last_modified_at,
    g.last_modified_by,
    mb.name AS last_modified_by_name
   FROM hr.groups g
     LEFT JOIN public.user_profiles cb ON cb.id = g.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = g.last_modified_by
     LEFT JOIN LATERAL ( SELECT count(*) AS position_count
           FROM hr.positions p
          WHERE p.group_id = g.id AND NOT p.archive) pc ON true
     LEFT JOIN LATERAL ( SELECT count(*) AS active_assignment_count,
            count(DISTINCT a.staff_id) AS active_member_count
           FROM hr.assignments a
             JOIN hr.positions p ON p.id = a.position_id
          WHERE p.group_id = g.id AND NOT a.archive AND app.assignment_is_active(a.status, a.end_date)) ac ON true;
revoke all on table hr.user_groups_view from public, anon, authenticated, service_role;
grant select on table hr.user_groups_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.user_groups_view to service_role;

-- schemas/ops/views.sql
-- ops: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view ops.tasks_view with (security_invoker=true) as
 SELECT t.id,
    t.short_id,
    t.title,
    t.description,
    t.status,
    t.priority,
    t.project_id,
    t.assignee_id,
    t.due_date,
    t."position",
    t.org_name,
    t.created_at,
    t.created_by,
    t.last_modified_at,
    t.last_modified_by,
    t.archive,
    t.contact_id,
    t.business_id,
    t.household_id,
    t.reservation_id,
    ap.name AS assignee_name,
    COALESCE('Contact: '::text || c.name, 'Business: '::text || b.name, 'Household: '::text || h.name, 'Reservation: '::text || r.name, 'Project: '::text || p.name) AS record_label,
    COALESCE('/contact/'::text || c.short_id, '/business/'::text || b.short_id, '/household/'::text || h.short_id, '/reservations?stay='::text || r.id, '/projects?project='::text || p.short_id) AS record_path
   FROM ops.tasks t
     LEFT JOIN public.user_profiles ap ON ap.id = t.assignee_id
     LEFT JOIN crm.contacts c ON c.id = t.contact_id
     LEFT JOIN crm.businesses b ON b.id = t.business_id
     LEFT JOIN crm.households h ON h.id = t.household_id
     LEFT JOIN catalog.reservations r ON r.id = t.reservation_id
     LEFT JOIN ops.projects p ON p.id = t.project_id;
revoke all on table ops.tasks_view from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.tasks_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.tasks_view to service_role;

create view ops.my_work_view with (security_invoker=true) as
 WITH days AS MATERIALIZED (
         SELECT o.name AS org_name,
            app.org_today(o.name) AS today
           FROM public.organizations o
          WHERE o.name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])
        )
 SELECT t.id,
    t.short_id,
    t.title,
    t.description,
    t.status,
    t.priority,
    t.due_date,
    t.project_id,
    t.org_name,
    t.record_label,
    t.record_path,
        CASE
            WHEN t.due_date IS NULL THEN 'later'::text
            WHEN t.due_date < d.today THEN 'overdue'::text
            WHEN t.due_date = d.today THEN 'today'::text
            ELSE 'later'::text
        END AS due_group
   FROM ops.tasks_view t
     JOIN days d ON d.org_name = t.org_name
  WHERE (t.assignee_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) AND t.status <> 'Done'::text AND NOT t.archive;
revoke all on table ops.my_work_view from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.my_work_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.my_work_view to service_role;

create view ops.open_tasks_view with (security_invoker=true) as
 SELECT t.id,
    t.short_id,
    t.title,
    t.status,
    t.priority,
    t.due_date,
    t.assignee_id,
    p.name AS assignee_name,
    t.contact_id,
    t.business_id,
    t.household_id,
    t.reservation_id,
    t.project_id,
    t.org_name
   FROM ops.tasks t
     LEFT JOIN public.user_profiles p ON p.id = t.assignee_id
  WHERE t.status <> 'Done'::text AND NOT t.archive;
revoke all on table ops.open_tasks_view from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.open_tasks_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.open_tasks_view to service_role;

-- schemas/settings/views.sql
-- settings: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view settings.roles with (security_invoker=true) as
 SELECT id,
    role_name AS name,
    role_name,
    description,
    org_name,
    archive,
    created_at,
    created_by,
    last_modified_at,
    last_modified_by
   FROM public.user_roles r;
revoke all on table settings.roles from public, anon, authenticated, service_role;
grant select on table settings.roles to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.roles to service_role;

create view settings.user_role_permissions_view with (security_invoker=true) as
 SELECT rp.id AS role_permissions_id,
    rp.role_id,
    r.role_name,
    r.description AS role_description,
    rp.component_id,
    c.name AS component_name,
    c.description AS component_description,
    c.component_type,
    rp.create_access,
    rp.view_access,
    rp.edit_access,
    rp.delete_access,
    rp.org_name,
    COALESCE(NOT o.archive, false) AS org_enabled,
    COALESCE(oc.enabled, false) AS org_comp_enabled
   FROM settings.user_role_permissions rp
     JOIN public.user_roles r ON r.id = rp.role_id
     JOIN settings.components c ON c.id = rp.component_id
     LEFT JOIN public.organizations o ON o.name = rp.org_name
     LEFT JOIN settings.org_components oc ON oc.org_name = rp.org_name AND oc.component_id = rp.component_id;
revoke all on table settings.user_role_permissions_view from public, anon, authenticated, service_role;
grant select on table settings.user_role_permissions_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.user_role_permissions_view to service_role;

-- schemas/public/views.sql
-- public: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view public.user_profiles_view with (security_invoker=true) as
 SELECT p.id,
    p.short_id,
    p.auth_user_id,
    p.org_name,
    p.name,
    p.display_name,
    p.first_name,
    p.last_name,
    p.email,
    p.phone,
    p.title,
    p.status,
    p.role_id,
    r.role_name,
    p.group_id,
    g.name AS group_name,
    p.team_name,
    p.is_staff,
    p.source,
    p.invited_by,
    inv.name AS invited_by_name,
    p.joined_at,
    p.username,
    p.timezone,
    p.language,
    p.avatar_url,
    p.is_primary,
    COALESCE(ph.value, p.phone) AS primary_phone,
    ph.label AS primary_phone_label,
    COALESCE(em.value, p.email::text) AS primary_email,
    em.label AS primary_email_label,
    COALESCE(p.address_line_1, ad.address_line_1) AS address_line_1,
    COALESCE(p.address_line_2, ad.address_line_2) AS address_line_2,
    COALESCE(p.city, ad.city) AS city,
    COALESCE(p.state, ad.state) AS state,
    COALESCE(p.zip, ad.zip) AS zip,
    COALESCE(p.country, ad.country) AS country,
    p.archive,
    p.created_at,
    p.created_by,
    cb.name AS created_by_name,
    p.last_modified_at,
    p.last_modified_by,
    mb.name AS last_modified_by_name
   FROM public.user_profiles p
     LEFT JOIN public.user_roles r ON r.id = p.role_id
     LEFT JOIN hr.groups g ON g.id = p.group_id
     LEFT JOIN public.user_profiles inv ON inv.id = p.invited_by
     LEFT JOIN public.user_profiles cb ON cb.id = p.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = p.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = p.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id;
revoke all on table public.user_profiles_view from public, anon, authenticated, service_role;
grant select on table public.user_profiles_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.user_profiles_view to service_role;

create view public.user_role_permissions_view with (security_invoker=true) as
 SELECT role_permissions_id,
    role_id,
    role_name,
    role_description,
    component_id,
    component_name,
    component_description,
    component_type,
    create_access,
    view_access,
    edit_access,
    delete_access,
    org_name,
    org_enabled,
    org_comp_enabled
   FROM settings.user_role_permissions_view;
revoke all on table public.user_role_permissions_view from public, anon, authenticated, service_role;
grant select on table public.user_role_permissions_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.user_role_permissions_view to service_role;

-- schemas/catalog/triggers.sql
-- catalog: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_blocks_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodation_blocks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_blocks_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_blocks_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodation_blocks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_blocks_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodation_blocks FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodation_blocks FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodation_blocks FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_accommodation_blocks_accommodation_id_fkey BEFORE INSERT OR UPDATE OF accommodation_id, org_name ON catalog.accommodation_blocks FOR EACH ROW WHEN (new.accommodation_id IS NOT NULL AND app.org_ref_other__catalog__accommodations(new.accommodation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('accommodation_id', 'catalog.accommodations', 'id', 'uuid', 'accommodation_blocks_accommodation_id_fkey', 'accommodations');

CREATE TRIGGER steward_40_no_block_over_reservation BEFORE INSERT OR UPDATE OF accommodation_id, block_start, block_end ON catalog.accommodation_blocks FOR EACH ROW EXECUTE FUNCTION app.refuse_block_over_reservation();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodation_blocks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodation_blocks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodation_blocks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_classes_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodation_classes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_classes_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_classes_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodation_classes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_classes_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodation_classes FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodation_classes FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodation_classes FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodation_classes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodation_classes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodation_classes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_files_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodation_files DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_files_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_files_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodation_files DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_files_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodation_files FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodation_files FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodation_files FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_accommodation_files_accommodation_id_fkey BEFORE INSERT OR UPDATE OF accommodation_id, org_name ON catalog.accommodation_files FOR EACH ROW WHEN (new.accommodation_id IS NOT NULL AND app.org_ref_other__catalog__accommodations(new.accommodation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('accommodation_id', 'catalog.accommodations', 'id', 'uuid', 'accommodation_files_accommodation_id_fkey', 'accommodations');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodation_files REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodation_files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodation_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_rate_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodation_rate_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_rate_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_rate_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodation_rate_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_rate_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodation_rate_types FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodation_rate_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodation_rate_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodation_rate_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodation_rate_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodation_rate_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_rates_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodation_rates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_rates_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_rates_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodation_rates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_rates_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodation_rates FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodation_rates FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodation_rates FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_accommodation_rates_accommodation_id_fkey BEFORE INSERT OR UPDATE OF accommodation_id, org_name ON catalog.accommodation_rates FOR EACH ROW WHEN (new.accommodation_id IS NOT NULL AND app.org_ref_other__catalog__accommodations(new.accommodation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('accommodation_id', 'catalog.accommodations', 'id', 'uuid', 'accommodation_rates_accommodation_id_fkey', 'accommodations');

CREATE TRIGGER steward_30_ref_accommodation_rates_class_id_fkey BEFORE INSERT OR UPDATE OF class_id, org_name ON catalog.accommodation_rates FOR EACH ROW WHEN (new.class_id IS NOT NULL AND app.org_ref_other__catalog__accommodation_classes(new.class_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('class_id', 'catalog.accommodation_classes', 'id', 'uuid', 'accommodation_rates_class_id_fkey', 'accommodation_classes');

CREATE TRIGGER steward_30_ref_accommodation_rates_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON catalog.accommodation_rates FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__catalog__accommodation_rate_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'catalog.accommodation_rate_types', 'id', 'uuid', 'accommodation_rates_type_id_fkey', 'accommodation_rate_types');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodation_rates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodation_rates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodation_rates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodation_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodation_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodation_types FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodation_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodation_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodation_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodation_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodation_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodations_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodations_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodations_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodations_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodations FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodations FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodations FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_accommodations_caretaker_id_fkey BEFORE INSERT OR UPDATE OF caretaker_id, org_name ON catalog.accommodations FOR EACH ROW WHEN (new.caretaker_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.caretaker_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('caretaker_id', 'public.user_profiles', 'id', 'uuid', 'accommodations_caretaker_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_accommodations_class_id_fkey BEFORE INSERT OR UPDATE OF class_id, org_name ON catalog.accommodations FOR EACH ROW WHEN (new.class_id IS NOT NULL AND app.org_ref_other__catalog__accommodation_classes(new.class_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('class_id', 'catalog.accommodation_classes', 'id', 'uuid', 'accommodations_class_id_fkey', 'accommodation_classes');

CREATE TRIGGER steward_30_ref_accommodations_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON catalog.accommodations FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__catalog__accommodation_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'catalog.accommodation_types', 'id', 'uuid', 'accommodations_type_id_fkey', 'accommodation_types');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON catalog.accommodations FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_amenities_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.amenities DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'amenities_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_amenities_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.amenities DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'amenities_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.amenities FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.amenities FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.amenities FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_amenities_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON catalog.amenities FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__catalog__amenity_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'catalog.amenity_types', 'id', 'uuid', 'amenities_type_id_fkey', 'amenity_types');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.amenities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.amenities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.amenities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_amenity_map_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.amenity_map DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'amenity_map_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_amenity_map_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.amenity_map DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'amenity_map_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.amenity_map FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.amenity_map FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_amenity_map_accommodation_id_fkey BEFORE INSERT OR UPDATE OF accommodation_id, org_name ON catalog.amenity_map FOR EACH ROW WHEN (new.accommodation_id IS NOT NULL AND app.org_ref_other__catalog__accommodations(new.accommodation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('accommodation_id', 'catalog.accommodations', 'id', 'uuid', 'amenity_map_accommodation_id_fkey', 'accommodations');

CREATE TRIGGER steward_30_ref_amenity_map_amenity_id_fkey BEFORE INSERT OR UPDATE OF amenity_id, org_name ON catalog.amenity_map FOR EACH ROW WHEN (new.amenity_id IS NOT NULL AND app.org_ref_other__catalog__amenities(new.amenity_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('amenity_id', 'catalog.amenities', 'id', 'uuid', 'amenity_map_amenity_id_fkey', 'amenities');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.amenity_map REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.amenity_map REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.amenity_map REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_amenity_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.amenity_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'amenity_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_amenity_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.amenity_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'amenity_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.amenity_types FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.amenity_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.amenity_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.amenity_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.amenity_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.amenity_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_calendar_feeds_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.calendar_feeds DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'calendar_feeds_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_calendar_feeds_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.calendar_feeds DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'calendar_feeds_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_guard_calendar_feed BEFORE INSERT OR UPDATE ON catalog.calendar_feeds FOR EACH ROW EXECUTE FUNCTION app.guard_calendar_feed();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.calendar_feeds FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.calendar_feeds FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_calendar_feeds_accommodation_id_fkey BEFORE INSERT OR UPDATE OF accommodation_id, org_name ON catalog.calendar_feeds FOR EACH ROW WHEN (new.accommodation_id IS NOT NULL AND app.org_ref_other__catalog__accommodations(new.accommodation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('accommodation_id', 'catalog.accommodations', 'id', 'uuid', 'calendar_feeds_accommodation_id_fkey', 'accommodations');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.calendar_feeds REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.calendar_feeds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.calendar_feeds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_lodging_settings_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.lodging_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'lodging_settings_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_lodging_settings_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.lodging_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'lodging_settings_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.lodging_settings FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.lodging_settings FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.lodging_settings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.lodging_settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.lodging_settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_option_values_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.product_option_values DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'product_option_values_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_option_values_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.product_option_values DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'product_option_values_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.product_option_values FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.product_option_values FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_product_option_values_option_id_fkey BEFORE INSERT OR UPDATE OF option_id, org_name ON catalog.product_option_values FOR EACH ROW WHEN (new.option_id IS NOT NULL AND app.org_ref_other__catalog__product_options(new.option_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('option_id', 'catalog.product_options', 'id', 'uuid', 'product_option_values_option_id_fkey', 'product_options');

CREATE TRIGGER steward_30_ref_product_option_values_option_value_id_fkey BEFORE INSERT OR UPDATE OF option_value_id, org_name ON catalog.product_option_values FOR EACH ROW WHEN (new.option_value_id IS NOT NULL AND app.org_ref_other__catalog__product_options(new.option_value_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('option_value_id', 'catalog.product_options', 'id', 'uuid', 'product_option_values_option_value_id_fkey', 'product_options');

CREATE TRIGGER steward_30_ref_product_option_values_variant_id_fkey BEFORE INSERT OR UPDATE OF variant_id, org_name ON catalog.product_option_values FOR EACH ROW WHEN (new.variant_id IS NOT NULL AND app.org_ref_other__catalog__product_variants(new.variant_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('variant_id', 'catalog.product_variants', 'id', 'uuid', 'product_option_values_variant_id_fkey', 'product_variants');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.product_option_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.product_option_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.product_option_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_options_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.product_options DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'product_options_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_options_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.product_options DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'product_options_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.product_options FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.product_options FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_product_options_product_id_fkey BEFORE INSERT OR UPDATE OF product_id, org_name ON catalog.product_options FOR EACH ROW WHEN (new.product_id IS NOT NULL AND app.org_ref_other__catalog__products(new.product_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('product_id', 'catalog.products', 'id', 'uuid', 'product_options_product_id_fkey', 'products');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.product_options REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.product_options REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.product_options REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.product_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'product_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.product_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'product_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.product_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.product_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_product_types_product_id_fkey BEFORE INSERT OR UPDATE OF product_id, org_name ON catalog.product_types FOR EACH ROW WHEN (new.product_id IS NOT NULL AND app.org_ref_other__catalog__products(new.product_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('product_id', 'catalog.products', 'id', 'uuid', 'product_types_product_id_fkey', 'products');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.product_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.product_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.product_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_variants_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.product_variants DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'product_variants_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_variants_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.product_variants DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'product_variants_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.product_variants FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.product_variants FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_product_variants_product_id_fkey BEFORE INSERT OR UPDATE OF product_id, org_name ON catalog.product_variants FOR EACH ROW WHEN (new.product_id IS NOT NULL AND app.org_ref_other__catalog__products(new.product_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('product_id', 'catalog.products', 'id', 'uuid', 'product_variants_product_id_fkey', 'products');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.product_variants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.product_variants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.product_variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_products_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.products DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'products_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_products_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.products DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'products_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.products FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.products FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_products_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON catalog.products FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__catalog__product_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'catalog.product_types', 'id', 'uuid', 'products_type_id_fkey', 'product_types');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON catalog.products FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_31_sku BEFORE INSERT OR UPDATE ON catalog.products FOR EACH ROW EXECUTE FUNCTION app.stamp_product_sku();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_reservation_items_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.reservation_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'reservation_items_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_reservation_items_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.reservation_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'reservation_items_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.reservation_items FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.reservation_items FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON catalog.reservation_items FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.reservation_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.reservation_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.reservation_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_reservation_payments_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.reservation_payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'reservation_payments_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_reservation_payments_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.reservation_payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'reservation_payments_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.reservation_payments FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.reservation_payments FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_reservation_payments_reservation_id_fkey BEFORE INSERT OR UPDATE OF reservation_id, org_name ON catalog.reservation_payments FOR EACH ROW WHEN (new.reservation_id IS NOT NULL AND app.org_ref_other__catalog__reservations(new.reservation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('reservation_id', 'catalog.reservations', 'id', 'uuid', 'reservation_payments_reservation_id_fkey', 'reservations');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.reservation_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.reservation_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.reservation_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_reservations_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.reservations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'reservations_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_reservations_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.reservations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'reservations_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_06_status_flow BEFORE INSERT OR UPDATE ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.stay_status_flow();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_reservations_accommodation_id_fkey BEFORE INSERT OR UPDATE OF accommodation_id, org_name ON catalog.reservations FOR EACH ROW WHEN (new.accommodation_id IS NOT NULL AND app.org_ref_other__catalog__accommodations(new.accommodation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('accommodation_id', 'catalog.accommodations', 'id', 'uuid', 'reservations_accommodation_id_fkey', 'accommodations');

CREATE TRIGGER steward_30_ref_reservations_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON catalog.reservations FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'reservations_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_reservations_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON catalog.reservations FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'reservations_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_reservations_project_id_fkey BEFORE INSERT OR UPDATE OF project_id, org_name ON catalog.reservations FOR EACH ROW WHEN (new.project_id IS NOT NULL AND app.org_ref_other__ops__projects(new.project_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('project_id', 'ops.projects', 'id', 'uuid', 'reservations_project_id_fkey', 'projects');

CREATE TRIGGER steward_30_ref_reservations_rate_id_fkey BEFORE INSERT OR UPDATE OF rate_id, org_name ON catalog.reservations FOR EACH ROW WHEN (new.rate_id IS NOT NULL AND app.org_ref_other__catalog__accommodation_rates(new.rate_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('rate_id', 'catalog.accommodation_rates', 'id', 'uuid', 'reservations_rate_id_fkey', 'accommodation_rates');

CREATE TRIGGER steward_35_price_stay BEFORE INSERT OR UPDATE ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.price_stay();

CREATE TRIGGER steward_40_no_double_booking BEFORE INSERT OR UPDATE OF accommodation_id, check_in, check_out, status ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.refuse_reservation_overlap();

CREATE TRIGGER steward_45_confirmation_mail BEFORE INSERT OR UPDATE ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.confirm_stay_mail();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.reservations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.reservations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.reservations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_resource_classes_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.resource_classes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'resource_classes_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_resource_classes_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.resource_classes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'resource_classes_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.resource_classes FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.resource_classes FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.resource_classes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.resource_classes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.resource_classes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_resource_reservations_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.resource_reservations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'resource_reservations_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_resource_reservations_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.resource_reservations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'resource_reservations_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.resource_reservations FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.resource_reservations FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_resource_reservations_reservation_item_id_fkey BEFORE INSERT OR UPDATE OF reservation_item_id, org_name ON catalog.resource_reservations FOR EACH ROW WHEN (new.reservation_item_id IS NOT NULL AND app.org_ref_other__catalog__reservation_items(new.reservation_item_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('reservation_item_id', 'catalog.reservation_items', 'id', 'uuid', 'resource_reservations_reservation_item_id_fkey', 'reservation_items');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.resource_reservations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.resource_reservations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.resource_reservations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_resource_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.resource_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'resource_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_resource_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.resource_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'resource_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.resource_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.resource_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.resource_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.resource_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.resource_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_supplies_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.supplies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'supplies_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_supplies_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.supplies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'supplies_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.supplies FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.supplies FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.supplies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.supplies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.supplies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_unit_conversions_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.unit_conversions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'unit_conversions_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_unit_conversions_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.unit_conversions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'unit_conversions_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.unit_conversions FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.unit_conversions FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_unit_conversions_unit_type_1_fkey BEFORE INSERT OR UPDATE OF unit_type_1, org_name ON catalog.unit_conversions FOR EACH ROW WHEN (new.unit_type_1 IS NOT NULL AND app.org_ref_other__catalog__unit_types(new.unit_type_1, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('unit_type_1', 'catalog.unit_types', 'id', 'uuid', 'unit_conversions_unit_type_1_fkey', 'unit_types');

CREATE TRIGGER steward_30_ref_unit_conversions_unit_type_2_fkey BEFORE INSERT OR UPDATE OF unit_type_2, org_name ON catalog.unit_conversions FOR EACH ROW WHEN (new.unit_type_2 IS NOT NULL AND app.org_ref_other__catalog__unit_types(new.unit_type_2, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('unit_type_2', 'catalog.unit_types', 'id', 'uuid', 'unit_conversions_unit_type_2_fkey', 'unit_types');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.unit_conversions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.unit_conversions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.unit_conversions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_unit_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.unit_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'unit_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_unit_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.unit_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'unit_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.unit_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.unit_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.unit_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.unit_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.unit_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_variant_option_values_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.variant_option_values DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'variant_option_values_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_variant_option_values_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.variant_option_values DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'variant_option_values_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.variant_option_values FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.variant_option_values FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_variant_option_values_option_id_fkey BEFORE INSERT OR UPDATE OF option_id, org_name ON catalog.variant_option_values FOR EACH ROW WHEN (new.option_id IS NOT NULL AND app.org_ref_other__catalog__product_options(new.option_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('option_id', 'catalog.product_options', 'id', 'uuid', 'variant_option_values_option_id_fkey', 'product_options');

CREATE TRIGGER steward_30_ref_variant_option_values_option_value_id_fkey BEFORE INSERT OR UPDATE OF option_value_id, org_name ON catalog.variant_option_values FOR EACH ROW WHEN (new.option_value_id IS NOT NULL AND app.org_ref_other__catalog__product_options(new.option_value_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('option_value_id', 'catalog.product_options', 'id', 'uuid', 'variant_option_values_option_value_id_fkey', 'product_options');

CREATE TRIGGER steward_30_ref_variant_option_values_variant_id_fkey BEFORE INSERT OR UPDATE OF variant_id, org_name ON catalog.variant_option_values FOR EACH ROW WHEN (new.variant_id IS NOT NULL AND app.org_ref_other__catalog__product_variants(new.variant_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('variant_id', 'catalog.product_variants', 'id', 'uuid', 'variant_option_values_variant_id_fkey', 'product_variants');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.variant_option_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.variant_option_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.variant_option_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

-- schemas/crm/triggers.sql
-- crm: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE CONSTRAINT TRIGGER org_ref_guard_addresses_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.addresses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'addresses_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_addresses_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.addresses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'addresses_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_07_one_primary BEFORE INSERT OR UPDATE OF is_primary, archive, contact_id, business_id, household_id, user_id ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.demote_other_primaries();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_addresses_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'addresses_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_addresses_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'addresses_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_addresses_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'addresses_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_addresses_user_id_fkey BEFORE INSERT OR UPDATE OF user_id, org_name ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.user_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.user_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('user_id', 'public.user_profiles', 'id', 'uuid', 'addresses_user_id_fkey', 'user_profiles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.addresses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.addresses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.addresses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_shown_delete AFTER DELETE ON crm.addresses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.shown_contact_methods_changed();

CREATE TRIGGER steward_90_shown_insert AFTER INSERT ON crm.addresses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.shown_contact_methods_changed();

CREATE TRIGGER steward_90_shown_update AFTER UPDATE ON crm.addresses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.shown_contact_methods_changed();

CREATE CONSTRAINT TRIGGER org_ref_guard_business_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.business_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'business_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_business_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.business_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'business_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.business_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.business_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.business_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.business_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.business_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_businesses_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.businesses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'businesses_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_businesses_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.businesses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'businesses_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER search_words_inserted AFTER INSERT ON crm.businesses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || coalesce(r.dba_name, '''')');

CREATE TRIGGER search_words_updated AFTER UPDATE ON crm.businesses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || coalesce(r.dba_name, '''')');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_businesses_primary_owner_id_fkey BEFORE INSERT OR UPDATE OF primary_owner_id, org_name ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.primary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.primary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('primary_owner_id', 'public.user_profiles', 'id', 'uuid', 'businesses_primary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_businesses_secondary_owner_id_fkey BEFORE INSERT OR UPDATE OF secondary_owner_id, org_name ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.secondary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.secondary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('secondary_owner_id', 'public.user_profiles', 'id', 'uuid', 'businesses_secondary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_businesses_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.type_id IS NOT NULL AND app.org_ref_other__crm__business_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'crm.business_types', 'id', 'uuid', 'businesses_type_id_fkey', 'business_types');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.businesses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.businesses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.businesses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_contact_method_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.contact_method_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'contact_method_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_contact_method_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.contact_method_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'contact_method_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.contact_method_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.contact_method_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_80_method_kind AFTER UPDATE ON crm.contact_method_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.contact_method_type_kind_changed();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.contact_method_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.contact_method_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.contact_method_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_shown_kind AFTER UPDATE ON crm.contact_method_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.shown_contact_method_types_changed();

CREATE CONSTRAINT TRIGGER org_ref_guard_contact_methods_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.contact_methods DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'contact_methods_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_contact_methods_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.contact_methods DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'contact_methods_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_label BEFORE INSERT OR UPDATE ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.contact_method_label();

CREATE TRIGGER steward_06_kind BEFORE INSERT OR UPDATE ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.contact_method_prepare();

CREATE TRIGGER steward_07_one_primary BEFORE INSERT OR UPDATE OF is_primary, archive, kind, type_id, contact_id, business_id, household_id, user_id ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.demote_other_primaries();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_contact_methods_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'contact_methods_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_contact_methods_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'contact_methods_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_contact_methods_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'contact_methods_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_contact_methods_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.type_id IS NOT NULL AND app.org_ref_other__crm__contact_method_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'crm.contact_method_types', 'id', 'uuid', 'contact_methods_type_id_fkey', 'contact_method_types');

CREATE TRIGGER steward_30_ref_contact_methods_user_id_fkey BEFORE INSERT OR UPDATE OF user_id, org_name ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.user_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.user_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('user_id', 'public.user_profiles', 'id', 'uuid', 'contact_methods_user_id_fkey', 'user_profiles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.contact_methods REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.contact_methods REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.contact_methods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_shown_delete AFTER DELETE ON crm.contact_methods REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.shown_contact_methods_changed();

CREATE TRIGGER steward_90_shown_insert AFTER INSERT ON crm.contact_methods REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.shown_contact_methods_changed();

CREATE TRIGGER steward_90_shown_update AFTER UPDATE ON crm.contact_methods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.shown_contact_methods_changed();

CREATE CONSTRAINT TRIGGER org_ref_guard_contact_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.contact_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'contact_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_contact_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.contact_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'contact_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.contact_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.contact_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.contact_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.contact_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.contact_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_contacts_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.contacts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'contacts_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_contacts_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.contacts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'contacts_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER search_words_inserted AFTER INSERT ON crm.contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name');

CREATE TRIGGER search_words_updated AFTER UPDATE ON crm.contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_contacts_primary_owner_id_fkey BEFORE INSERT OR UPDATE OF primary_owner_id, org_name ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.primary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.primary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('primary_owner_id', 'public.user_profiles', 'id', 'uuid', 'contacts_primary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_contacts_secondary_owner_id_fkey BEFORE INSERT OR UPDATE OF secondary_owner_id, org_name ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.secondary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.secondary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('secondary_owner_id', 'public.user_profiles', 'id', 'uuid', 'contacts_secondary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_contacts_spouse_id_fkey BEFORE INSERT OR UPDATE OF spouse_id, org_name ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.spouse_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.spouse_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('spouse_id', 'crm.contacts', 'id', 'uuid', 'contacts_spouse_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_contacts_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.type_id IS NOT NULL AND app.org_ref_other__crm__contact_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'crm.contact_types', 'id', 'uuid', 'contacts_type_id_fkey', 'contact_types');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_85_mirror_spouse AFTER INSERT OR UPDATE OF spouse_id ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.mirror_spouse();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_crm_file_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.crm_file_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'crm_file_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_crm_file_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.crm_file_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'crm_file_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.crm_file_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.crm_file_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.crm_file_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.crm_file_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.crm_file_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_crm_files_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.crm_files DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'crm_files_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_crm_files_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.crm_files DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'crm_files_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.crm_files FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.crm_files FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_crm_files_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON crm.crm_files FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'crm_files_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_crm_files_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON crm.crm_files FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'crm_files_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_crm_files_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON crm.crm_files FOR EACH ROW WHEN (new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'crm_files_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_crm_files_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON crm.crm_files FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__crm__crm_file_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'crm.crm_file_types', 'id', 'uuid', 'crm_files_type_id_fkey', 'crm_file_types');

CREATE TRIGGER steward_30_ref_crm_files_user_id_fkey BEFORE INSERT OR UPDATE OF user_id, org_name ON crm.crm_files FOR EACH ROW WHEN (new.user_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.user_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('user_id', 'public.user_profiles', 'id', 'uuid', 'crm_files_user_id_fkey', 'user_profiles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.crm_files REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.crm_files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.crm_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_households_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.households DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'households_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_households_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.households DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'households_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER search_words_inserted AFTER INSERT ON crm.households REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name');

CREATE TRIGGER search_words_updated AFTER UPDATE ON crm.households REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.households FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.households FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_households_primary_contact_id_fkey BEFORE INSERT OR UPDATE OF primary_contact_id, org_name ON crm.households FOR EACH ROW WHEN (new.primary_contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.primary_contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('primary_contact_id', 'crm.contacts', 'id', 'uuid', 'households_primary_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_households_primary_owner_id_fkey BEFORE INSERT OR UPDATE OF primary_owner_id, org_name ON crm.households FOR EACH ROW WHEN (new.primary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.primary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('primary_owner_id', 'public.user_profiles', 'id', 'uuid', 'households_primary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_households_secondary_contact_id_fkey BEFORE INSERT OR UPDATE OF secondary_contact_id, org_name ON crm.households FOR EACH ROW WHEN (new.secondary_contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.secondary_contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('secondary_contact_id', 'crm.contacts', 'id', 'uuid', 'households_secondary_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_households_secondary_owner_id_fkey BEFORE INSERT OR UPDATE OF secondary_owner_id, org_name ON crm.households FOR EACH ROW WHEN (new.secondary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.secondary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('secondary_owner_id', 'public.user_profiles', 'id', 'uuid', 'households_secondary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON crm.households FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.households REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.households REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.households REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER import_jobs_forget_old BEFORE INSERT ON crm.import_jobs FOR EACH ROW EXECUTE FUNCTION crm.forget_old_import_jobs();

CREATE TRIGGER import_rows_limit AFTER INSERT ON crm.import_rows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm.import_rows_limit();

CREATE CONSTRAINT TRIGGER org_ref_guard_locations_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.locations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'locations_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_locations_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.locations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'locations_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.locations FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.locations FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.locations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.locations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.locations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_note_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.note_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'note_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_note_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.note_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'note_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.note_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.note_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.note_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.note_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.note_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_notes_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'notes_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_notes_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'notes_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.notes FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.notes FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_notes_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON crm.notes FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'notes_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_notes_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON crm.notes FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'notes_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_notes_contact_method_id_fkey BEFORE INSERT OR UPDATE OF contact_method_id, org_name ON crm.notes FOR EACH ROW WHEN (new.contact_method_id IS NOT NULL AND app.org_ref_other__crm__contact_methods(new.contact_method_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_method_id', 'crm.contact_methods', 'id', 'uuid', 'notes_contact_method_id_fkey', 'contact_methods');

CREATE TRIGGER steward_30_ref_notes_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON crm.notes FOR EACH ROW WHEN (new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'notes_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_notes_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON crm.notes FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__crm__note_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'crm.note_types', 'id', 'uuid', 'notes_type_id_fkey', 'note_types');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON crm.notes FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.notes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.notes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_notify AFTER INSERT OR UPDATE OF description ON crm.notes FOR EACH ROW EXECUTE FUNCTION app.notify_note_mentions();

CREATE CONSTRAINT TRIGGER org_ref_guard_other_contact_methods_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.other_contact_methods DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'other_contact_methods_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_other_contact_methods_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.other_contact_methods DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'other_contact_methods_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_label BEFORE INSERT OR UPDATE ON crm.other_contact_methods FOR EACH ROW EXECUTE FUNCTION app.contact_method_label();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.other_contact_methods FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.other_contact_methods FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_other_contact_methods_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON crm.other_contact_methods FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'other_contact_methods_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_other_contact_methods_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON crm.other_contact_methods FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'other_contact_methods_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_other_contact_methods_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON crm.other_contact_methods FOR EACH ROW WHEN (new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'other_contact_methods_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_other_contact_methods_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON crm.other_contact_methods FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__crm__contact_method_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'crm.contact_method_types', 'id', 'uuid', 'other_contact_methods_type_id_fkey', 'contact_method_types');

CREATE TRIGGER steward_30_ref_other_contact_methods_user_id_fkey BEFORE INSERT OR UPDATE OF user_id, org_name ON crm.other_contact_methods FOR EACH ROW WHEN (new.user_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.user_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('user_id', 'public.user_profiles', 'id', 'uuid', 'other_contact_methods_user_id_fkey', 'user_profiles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.other_contact_methods REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.other_contact_methods REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.other_contact_methods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_relationships_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.relationships DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'relationships_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_relationships_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.relationships DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'relationships_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.relationships FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.relationships FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_relationships_business_id1_fkey BEFORE INSERT OR UPDATE OF business_id1, org_name ON crm.relationships FOR EACH ROW WHEN (new.business_id1 IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id1, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id1', 'crm.businesses', 'id', 'uuid', 'relationships_business_id1_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_relationships_business_id2_fkey BEFORE INSERT OR UPDATE OF business_id2, org_name ON crm.relationships FOR EACH ROW WHEN (new.business_id2 IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id2, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id2', 'crm.businesses', 'id', 'uuid', 'relationships_business_id2_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_relationships_contact_id1_fkey BEFORE INSERT OR UPDATE OF contact_id1, org_name ON crm.relationships FOR EACH ROW WHEN (new.contact_id1 IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id1, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id1', 'crm.contacts', 'id', 'uuid', 'relationships_contact_id1_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_relationships_contact_id2_fkey BEFORE INSERT OR UPDATE OF contact_id2, org_name ON crm.relationships FOR EACH ROW WHEN (new.contact_id2 IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id2, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id2', 'crm.contacts', 'id', 'uuid', 'relationships_contact_id2_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_relationships_household_id1_fkey BEFORE INSERT OR UPDATE OF household_id1, org_name ON crm.relationships FOR EACH ROW WHEN (new.household_id1 IS NOT NULL AND app.org_ref_other__crm__households(new.household_id1, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id1', 'crm.households', 'id', 'uuid', 'relationships_household_id1_fkey', 'households');

CREATE TRIGGER steward_30_ref_relationships_household_id2_fkey BEFORE INSERT OR UPDATE OF household_id2, org_name ON crm.relationships FOR EACH ROW WHEN (new.household_id2 IS NOT NULL AND app.org_ref_other__crm__households(new.household_id2, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id2', 'crm.households', 'id', 'uuid', 'relationships_household_id2_fkey', 'households');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.relationships REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.relationships REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.relationships REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

-- schemas/hr/triggers.sql
-- hr: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE CONSTRAINT TRIGGER org_ref_guard_assignments_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON hr.assignments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'assignments_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_assignments_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON hr.assignments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'assignments_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON hr.assignments FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON hr.assignments FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_assignments_position_id_fkey BEFORE INSERT OR UPDATE OF position_id, org_name ON hr.assignments FOR EACH ROW WHEN (new.position_id IS NOT NULL AND app.org_ref_other__hr__positions(new.position_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('position_id', 'hr.positions', 'id', 'uuid', 'assignments_position_id_fkey', 'positions');

CREATE TRIGGER steward_30_ref_assignments_staff_id_fkey BEFORE INSERT OR UPDATE OF staff_id, org_name ON hr.assignments FOR EACH ROW WHEN (new.staff_id IS NOT NULL AND app.org_ref_other__hr__staff_profiles(new.staff_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('staff_id', 'hr.staff_profiles', 'id', 'uuid', 'assignments_staff_id_fkey', 'staff_profiles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON hr.assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON hr.assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON hr.assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE CONSTRAINT TRIGGER org_ref_guard_groups_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON hr.groups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'groups_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_groups_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON hr.groups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'groups_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON hr.groups FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON hr.groups FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON hr.groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON hr.groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON hr.groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE CONSTRAINT TRIGGER org_ref_guard_positions_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON hr.positions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'positions_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_positions_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON hr.positions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'positions_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON hr.positions FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON hr.positions FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_positions_group_id_fkey BEFORE INSERT OR UPDATE OF group_id, org_name ON hr.positions FOR EACH ROW WHEN (new.group_id IS NOT NULL AND app.org_ref_other__hr__groups(new.group_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('group_id', 'hr.groups', 'id', 'uuid', 'positions_group_id_fkey', 'groups');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON hr.positions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON hr.positions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON hr.positions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE CONSTRAINT TRIGGER org_ref_guard_shift_members_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON hr.shift_members DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'shift_members_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_shift_members_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON hr.shift_members DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'shift_members_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON hr.shift_members FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON hr.shift_members FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_shift_members_shift_id_fkey BEFORE INSERT OR UPDATE OF shift_id, org_name ON hr.shift_members FOR EACH ROW WHEN (new.shift_id IS NOT NULL AND app.org_ref_other__hr__shifts(new.shift_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('shift_id', 'hr.shifts', 'id', 'uuid', 'shift_members_shift_id_fkey', 'shifts');

CREATE TRIGGER steward_30_ref_shift_members_staff_id_fkey BEFORE INSERT OR UPDATE OF staff_id, org_name ON hr.shift_members FOR EACH ROW WHEN (new.staff_id IS NOT NULL AND app.org_ref_other__hr__staff_profiles(new.staff_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('staff_id', 'hr.staff_profiles', 'id', 'uuid', 'shift_members_staff_id_fkey', 'staff_profiles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON hr.shift_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON hr.shift_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON hr.shift_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE CONSTRAINT TRIGGER org_ref_guard_shifts_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON hr.shifts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'shifts_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_shifts_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON hr.shifts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'shifts_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON hr.shifts FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON hr.shifts FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_shifts_location_id_fkey BEFORE INSERT OR UPDATE OF location_id, org_name ON hr.shifts FOR EACH ROW WHEN (new.location_id IS NOT NULL AND app.org_ref_other__crm__locations(new.location_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('location_id', 'crm.locations', 'id', 'uuid', 'shifts_location_id_fkey', 'locations');

CREATE TRIGGER steward_30_ref_shifts_position_id_fkey BEFORE INSERT OR UPDATE OF position_id, org_name ON hr.shifts FOR EACH ROW WHEN (new.position_id IS NOT NULL AND app.org_ref_other__hr__positions(new.position_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('position_id', 'hr.positions', 'id', 'uuid', 'shifts_position_id_fkey', 'positions');

CREATE TRIGGER steward_30_ref_shifts_primary_owner_id_fkey BEFORE INSERT OR UPDATE OF primary_owner_id, org_name ON hr.shifts FOR EACH ROW WHEN (new.primary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.primary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('primary_owner_id', 'public.user_profiles', 'id', 'uuid', 'shifts_primary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_shifts_secondary_owner_id_fkey BEFORE INSERT OR UPDATE OF secondary_owner_id, org_name ON hr.shifts FOR EACH ROW WHEN (new.secondary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.secondary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('secondary_owner_id', 'public.user_profiles', 'id', 'uuid', 'shifts_secondary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON hr.shifts FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON hr.shifts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON hr.shifts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON hr.shifts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE CONSTRAINT TRIGGER org_ref_guard_staff_profiles_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON hr.staff_profiles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'staff_profiles_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_staff_profiles_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON hr.staff_profiles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'staff_profiles_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON hr.staff_profiles FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON hr.staff_profiles FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_staff_profiles_user_profile_id_fkey BEFORE INSERT OR UPDATE OF user_profile_id, org_name ON hr.staff_profiles FOR EACH ROW WHEN (new.user_profile_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.user_profile_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('user_profile_id', 'public.user_profiles', 'id', 'uuid', 'staff_profiles_user_profile_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON hr.staff_profiles FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON hr.staff_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON hr.staff_profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON hr.staff_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

-- schemas/ops/triggers.sql
-- ops: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE CONSTRAINT TRIGGER org_ref_guard_projects_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON ops.projects DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'projects_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_projects_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON ops.projects DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'projects_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON ops.projects FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON ops.projects FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_projects_owner_id_fkey BEFORE INSERT OR UPDATE OF owner_id, org_name ON ops.projects FOR EACH ROW WHEN (new.owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('owner_id', 'public.user_profiles', 'id', 'uuid', 'projects_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON ops.projects FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON ops.projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON ops.projects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON ops.projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE CONSTRAINT TRIGGER org_ref_guard_subtasks_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON ops.subtasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'subtasks_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_subtasks_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON ops.subtasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'subtasks_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON ops.subtasks FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON ops.subtasks FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_subtasks_task_id_fkey BEFORE INSERT OR UPDATE OF task_id, org_name ON ops.subtasks FOR EACH ROW WHEN (new.task_id IS NOT NULL AND app.org_ref_other__ops__tasks(new.task_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('task_id', 'ops.tasks', 'id', 'uuid', 'subtasks_task_id_fkey', 'tasks');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON ops.subtasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON ops.subtasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON ops.subtasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE CONSTRAINT TRIGGER org_ref_guard_tasks_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON ops.tasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'tasks_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_tasks_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON ops.tasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'tasks_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON ops.tasks FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON ops.tasks FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_tasks_assignee_id_fkey BEFORE INSERT OR UPDATE OF assignee_id, org_name ON ops.tasks FOR EACH ROW WHEN (new.assignee_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.assignee_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('assignee_id', 'public.user_profiles', 'id', 'uuid', 'tasks_assignee_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_tasks_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON ops.tasks FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'tasks_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_tasks_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON ops.tasks FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'tasks_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_tasks_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON ops.tasks FOR EACH ROW WHEN (new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'tasks_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_tasks_project_id_fkey BEFORE INSERT OR UPDATE OF project_id, org_name ON ops.tasks FOR EACH ROW WHEN (new.project_id IS NOT NULL AND app.org_ref_other__ops__projects(new.project_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('project_id', 'ops.projects', 'id', 'uuid', 'tasks_project_id_fkey', 'projects');

CREATE TRIGGER steward_30_ref_tasks_reservation_id_fkey BEFORE INSERT OR UPDATE OF reservation_id, org_name ON ops.tasks FOR EACH ROW WHEN (new.reservation_id IS NOT NULL AND app.org_ref_other__catalog__reservations(new.reservation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('reservation_id', 'catalog.reservations', 'id', 'uuid', 'tasks_reservation_id_fkey', 'reservations');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON ops.tasks FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON ops.tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON ops.tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON ops.tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_notify AFTER INSERT OR UPDATE OF assignee_id, due_date, status, archive ON ops.tasks FOR EACH ROW EXECUTE FUNCTION app.notify_task_change();

-- schemas/public/triggers.sql
-- public: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE TRIGGER steward_30_ref_notifications_profile_id_fkey BEFORE INSERT OR UPDATE OF profile_id, org_name ON public.notifications FOR EACH ROW WHEN (new.profile_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.profile_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('profile_id', 'public.user_profiles', 'id', 'uuid', 'notifications_profile_id_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_orders_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON public.orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'orders_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_orders_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON public.orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'orders_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON public.orders FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON public.orders FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_orders_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON public.orders FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'orders_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_orders_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON public.orders FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'orders_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON public.orders FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON public.orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON public.orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON public.orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE CONSTRAINT TRIGGER org_ref_guard_organizations_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON public.organizations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'organizations_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_organizations_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON public.organizations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'organizations_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_keep_name BEFORE UPDATE ON public.organizations FOR EACH ROW EXECUTE FUNCTION app.keep_organization_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON public.organizations FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_history_append_only BEFORE DELETE OR UPDATE ON public.record_history FOR EACH ROW EXECUTE FUNCTION app.refuse_history_edit();

CREATE CONSTRAINT TRIGGER org_ref_guard_transactions_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON public.transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'transactions_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_transactions_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON public.transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'transactions_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER sales_by_month_delete AFTER DELETE ON public.transactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.count_sales();

CREATE TRIGGER sales_by_month_insert AFTER INSERT ON public.transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.count_sales();

CREATE TRIGGER sales_by_month_update AFTER UPDATE ON public.transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.count_sales();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON public.transactions FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON public.transactions FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_transactions_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON public.transactions FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'transactions_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_transactions_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON public.transactions FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'transactions_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_transactions_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON public.transactions FOR EACH ROW WHEN (new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'transactions_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_transactions_order_id_fkey BEFORE INSERT OR UPDATE OF order_id, org_name ON public.transactions FOR EACH ROW WHEN (new.order_id IS NOT NULL AND app.org_ref_other__public__orders(new.order_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('order_id', 'public.orders', 'id', 'uuid', 'transactions_order_id_fkey', 'orders');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON public.transactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON public.transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON public.transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE CONSTRAINT TRIGGER org_ref_guard_user_profiles_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON public.user_profiles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'user_profiles_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_user_profiles_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON public.user_profiles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'user_profiles_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_guard BEFORE INSERT OR UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION app.guard_user_profile();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_user_profiles_group_id_fkey BEFORE INSERT OR UPDATE OF group_id, org_name ON public.user_profiles FOR EACH ROW WHEN (new.group_id IS NOT NULL AND app.org_ref_other__hr__groups(new.group_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('group_id', 'hr.groups', 'id', 'uuid', 'user_profiles_group_id_fkey', 'groups');

CREATE TRIGGER steward_30_ref_user_profiles_invited_by_fkey BEFORE INSERT OR UPDATE OF invited_by, org_name ON public.user_profiles FOR EACH ROW WHEN (new.invited_by IS NOT NULL AND app.org_ref_other__public__user_profiles(new.invited_by, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('invited_by', 'public.user_profiles', 'id', 'uuid', 'user_profiles_invited_by_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_user_profiles_role_in_org_fkey BEFORE INSERT OR UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION app.org_reference_guard('role_id', 'public.user_roles', 'id', 'uuid', 'user_profiles_role_in_org_fkey', 'user_roles');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON public.user_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON public.user_profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON public.user_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_keep_manager_on_delete AFTER DELETE ON public.user_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.keep_an_organization_manager();

CREATE TRIGGER steward_90_keep_manager_on_update AFTER UPDATE ON public.user_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.keep_an_organization_manager();

CREATE CONSTRAINT TRIGGER org_ref_guard_user_roles_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON public.user_roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'user_roles_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_user_roles_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON public.user_roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'user_roles_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON public.user_roles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON public.user_roles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON public.user_roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

-- schemas/settings/triggers.sql
-- settings: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE CONSTRAINT TRIGGER org_ref_guard_integrations_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.integrations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'integrations_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_integrations_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.integrations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'integrations_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_secrets BEFORE INSERT OR UPDATE ON settings.integrations FOR EACH ROW EXECUTE FUNCTION app.stash_integration_secrets();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.integrations FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.integrations FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_40_updated_at BEFORE INSERT OR UPDATE ON settings.integrations FOR EACH ROW EXECUTE FUNCTION app.integration_updated_at();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON settings.integrations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON settings.integrations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON settings.integrations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_95_secrets AFTER INSERT OR UPDATE ON settings.integrations FOR EACH ROW EXECUTE FUNCTION app.store_integration_secrets();

CREATE TRIGGER steward_96_secrets_forget AFTER INSERT OR UPDATE ON settings.integrations FOR EACH STATEMENT EXECUTE FUNCTION app.forget_integration_secrets();

CREATE CONSTRAINT TRIGGER org_ref_guard_org_branding_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.org_branding DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'org_branding_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_org_branding_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.org_branding DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'org_branding_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.org_branding FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.org_branding FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON settings.org_branding REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON settings.org_branding REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON settings.org_branding REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE CONSTRAINT TRIGGER org_ref_guard_org_components_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.org_components DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'org_components_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_org_components_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.org_components DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'org_components_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_component_defaults BEFORE INSERT OR UPDATE ON settings.org_components FOR EACH ROW EXECUTE FUNCTION app.org_component_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.org_components FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.org_components FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE CONSTRAINT TRIGGER org_ref_guard_saved_filters_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.saved_filters DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'saved_filters_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_saved_filters_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.saved_filters DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'saved_filters_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.saved_filters FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.saved_filters FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_25_owner BEFORE INSERT OR UPDATE ON settings.saved_filters FOR EACH ROW EXECUTE FUNCTION app.saved_filter_owner();

CREATE TRIGGER steward_30_ref_saved_filters_profile_id_fkey BEFORE INSERT OR UPDATE OF profile_id, org_name ON settings.saved_filters FOR EACH ROW WHEN (new.profile_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.profile_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('profile_id', 'public.user_profiles', 'id', 'uuid', 'saved_filters_profile_id_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_user_role_permissions_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.user_role_permissions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'user_role_permissions_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_user_role_permissions_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.user_role_permissions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'user_role_permissions_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_org_from_role BEFORE INSERT ON settings.user_role_permissions FOR EACH ROW EXECUTE FUNCTION app.role_permission_org();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.user_role_permissions FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.user_role_permissions FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_user_role_permissions_role_in_org_fkey BEFORE INSERT OR UPDATE ON settings.user_role_permissions FOR EACH ROW EXECUTE FUNCTION app.org_reference_guard('role_id', 'public.user_roles', 'id', 'uuid', 'user_role_permissions_role_in_org_fkey', 'user_roles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON settings.user_role_permissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON settings.user_role_permissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON settings.user_role_permissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_keep_manager_on_delete AFTER DELETE ON settings.user_role_permissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.keep_an_organization_manager();

CREATE TRIGGER steward_90_keep_manager_on_update AFTER UPDATE ON settings.user_role_permissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.keep_an_organization_manager();

-- schemas/app/policies.sql
-- app: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy org_read on app.sales_by_month
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

-- schemas/catalog/policies.sql
-- catalog: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy org_delete on catalog.accommodation_blocks
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodation_blocks
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodation_blocks
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodation_blocks
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.accommodation_classes
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodation_classes
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodation_classes
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodation_classes
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.accommodation_files
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodation_files
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodation_files
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodation_files
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.accommodation_rate_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodation_rate_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodation_rate_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodation_rate_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.accommodation_rates
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodation_rates
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodation_rates
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodation_rates
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.accommodation_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodation_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodation_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodation_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.accommodations
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodations
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodations
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodations
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.amenities
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.amenities
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.amenities
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.amenities
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.amenity_map
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.amenity_map
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.amenity_map
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.amenity_map
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.amenity_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.amenity_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.amenity_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.amenity_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.calendar_feeds
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.calendar_feeds
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.calendar_feeds
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.calendar_feeds
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.lodging_settings
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.lodging_settings
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.lodging_settings
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.lodging_settings
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.product_option_values
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.product_option_values
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.product_option_values
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.product_option_values
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.product_options
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.product_options
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.product_options
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.product_options
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.product_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.product_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.product_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.product_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.product_variants
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.product_variants
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.product_variants
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.product_variants
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.products
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.products
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.products
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.products
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.reservation_items
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.reservation_items
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.reservation_items
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.reservation_items
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.reservation_payments
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.reservation_payments
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.reservation_payments
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.reservation_payments
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.reservations
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.reservations
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.reservations
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.reservations
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.resource_classes
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.resource_classes
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.resource_classes
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.resource_classes
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.resource_reservations
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.resource_reservations
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.resource_reservations
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.resource_reservations
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.resource_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.resource_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.resource_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.resource_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.supplies
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.supplies
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.supplies
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.supplies
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.unit_conversions
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.unit_conversions
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.unit_conversions
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.unit_conversions
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.unit_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.unit_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.unit_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.unit_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.variant_option_values
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.variant_option_values
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.variant_option_values
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.variant_option_values
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

-- schemas/crm/policies.sql
-- crm: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy org_delete on crm.addresses
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.addresses
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.addresses
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.addresses
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.business_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.business_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.business_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.business_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.businesses
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_insert on crm.businesses
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.businesses
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on crm.businesses
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_delete on crm.contact_method_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.contact_method_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.contact_method_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.contact_method_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.contact_methods
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.contact_methods
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.contact_methods
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.contact_methods
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.contact_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.contact_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.contact_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.contact_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.contacts
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_insert on crm.contacts
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.contacts
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on crm.contacts
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_delete on crm.crm_file_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.crm_file_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.crm_file_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.crm_file_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.crm_files
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.crm_files
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.crm_files
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.crm_files
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.households
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_insert on crm.households
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.households
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on crm.households
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy import_jobs_own on crm.import_jobs
  as permissive
  for all
  to authenticated
  using (auth_user_id = (( SELECT auth.uid() AS uid)) AND (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])))
  with check (auth_user_id = (( SELECT auth.uid() AS uid)) AND (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy import_rows_own on crm.import_rows
  as permissive
  for all
  to authenticated
  using (job_id = ANY ((( SELECT crm.my_import_jobs() AS my_import_jobs))::uuid[]))
  with check (job_id = ANY ((( SELECT crm.my_import_jobs() AS my_import_jobs))::uuid[]));

create policy org_delete on crm.locations
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.locations
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.locations
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.locations
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.note_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.note_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.note_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.note_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.notes
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.notes
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.notes
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.notes
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.other_contact_methods
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.other_contact_methods
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.other_contact_methods
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.other_contact_methods
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.relationships
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.relationships
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.relationships
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.relationships
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

-- schemas/hr/policies.sql
-- hr: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy org_delete on hr.assignments
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on hr.assignments
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on hr.assignments
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on hr.assignments
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on hr.groups
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on hr.groups
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on hr.groups
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on hr.groups
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on hr.positions
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on hr.positions
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on hr.positions
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on hr.positions
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on hr.shift_members
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on hr.shift_members
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on hr.shift_members
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on hr.shift_members
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on hr.shifts
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_insert on hr.shifts
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on hr.shifts
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on hr.shifts
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_delete on hr.staff_profiles
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on hr.staff_profiles
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on hr.staff_profiles
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on hr.staff_profiles
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

-- schemas/ops/policies.sql
-- ops: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy org_delete on ops.projects
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_insert on ops.projects
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on ops.projects
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on ops.projects
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_delete on ops.subtasks
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on ops.subtasks
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on ops.subtasks
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on ops.subtasks
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on ops.tasks
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (assignee_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_insert on ops.tasks
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on ops.tasks
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (assignee_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on ops.tasks
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (assignee_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (assignee_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

-- schemas/public/policies.sql
-- public: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy own_mark_read on public.notifications
  as permissive
  for update
  to authenticated
  using (profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))
  with check (profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]));

create policy own_read on public.notifications
  as permissive
  for select
  to authenticated
  using (profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]));

create policy org_delete on public.orders
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on public.orders
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on public.orders
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on public.orders
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_read on public.organizations
  as permissive
  for select
  to authenticated
  using (name = '_system_default_'::text OR (name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy org_update on public.organizations
  as permissive
  for update
  to authenticated
  using (name <> '_system_default_'::text AND (name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])))
  with check (name <> '_system_default_'::text AND (name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])));

create policy history_read on public.record_history
  as permissive
  for select
  to authenticated
  using ((((org_name || '|'::text) || component) = ANY ((( SELECT app.view_grants('Organization'::text) AS view_grants))::text[])) OR (((org_name || '|'::text) || component) = ANY ((( SELECT app.view_grants('Personal'::text) AS view_grants))::text[])) AND owner_ids && (( SELECT app.my_profile_ids() AS my_profile_ids)));

create policy org_delete on public.transactions
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on public.transactions
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on public.transactions
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on public.transactions
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on public.user_profiles
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on public.user_profiles
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on public.user_profiles
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy org_update on public.user_profiles
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR auth_user_id = (( SELECT auth.uid() AS uid)) AND (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR auth_user_id = (( SELECT auth.uid() AS uid)) AND (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[]))));

create policy org_delete on public.user_roles
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on public.user_roles
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on public.user_roles
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy org_update on public.user_roles
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

-- schemas/settings/policies.sql
-- settings: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy components_read on settings.components
  as permissive
  for select
  to authenticated
  using (true);

create policy org_delete on settings.integrations
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on settings.integrations
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on settings.integrations
  as permissive
  for select
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on settings.integrations
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on settings.org_branding
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on settings.org_branding
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on settings.org_branding
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy org_update on settings.org_branding
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on settings.org_components
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on settings.org_components
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on settings.org_components
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy org_update on settings.org_components
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on settings.saved_filters
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND (profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_insert on settings.saved_filters
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])) AND (profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_read on settings.saved_filters
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) AND (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy org_update on settings.saved_filters
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND (profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))
  with check (org_name <> '_system_default_'::text AND (profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_delete on settings.user_role_permissions
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on settings.user_role_permissions
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on settings.user_role_permissions
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (role_id = ANY ((( SELECT app.my_role_ids() AS my_role_ids))::uuid[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on settings.user_role_permissions
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

-- schemas/storage/policies.sql
-- storage: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy "steward: members delete their organisation's objects" on storage.objects
  as permissive
  for delete
  to authenticated
  using ((bucket_id = ANY (ARRAY['organization-assets'::text, 'accommodations'::text])) AND app.object_org(bucket_id, name) IS NOT NULL AND app.object_owner_shares_org(COALESCE(owner_id, owner::text), app.object_org(bucket_id, name)));

create policy "steward: members read their organisation's objects" on storage.objects
  as permissive
  for select
  to authenticated
  using ((bucket_id = ANY (ARRAY['organization-assets'::text, 'accommodations'::text])) AND app.object_org(bucket_id, name) IS NOT NULL);

create policy "steward: members replace their organisation's objects" on storage.objects
  as permissive
  for update
  to authenticated
  using ((bucket_id = ANY (ARRAY['organization-assets'::text, 'accommodations'::text])) AND app.object_org(bucket_id, name) IS NOT NULL AND app.object_owner_shares_org(COALESCE(owner_id, owner::text), app.object_org(bucket_id, name)))
  with check ((bucket_id = ANY (ARRAY['organization-assets'::text, 'accommodations'::text])) AND app.object_org(bucket_id, name) IS NOT NULL);

create policy "steward: members upload into their organisation" on storage.objects
  as permissive
  for insert
  to authenticated
  with check ((bucket_id = ANY (ARRAY['organization-assets'::text, 'accommodations'::text])) AND app.object_org(bucket_id, name) IS NOT NULL);

-- schemas/privileges.sql
-- default privileges and event triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter default privileges for role postgres in schema app grant execute on functions to authenticated;
alter default privileges for role postgres in schema app grant execute on functions to service_role;

alter default privileges for role postgres in schema catalog grant delete, insert, select, update on tables to authenticated;
alter default privileges for role postgres in schema catalog grant delete, insert, maintain, references, select, trigger, truncate, update on tables to service_role;

alter default privileges for role postgres in schema crm grant delete, insert, select, update on tables to authenticated;
alter default privileges for role postgres in schema crm grant delete, insert, maintain, references, select, trigger, truncate, update on tables to service_role;

alter default privileges for role postgres in schema hr grant delete, insert, select, update on tables to authenticated;
alter default privileges for role postgres in schema hr grant delete, insert, maintain, references, select, trigger, truncate, update on tables to service_role;

alter default privileges for role postgres in schema ops grant delete, insert, select, update on tables to authenticated;
alter default privileges for role postgres in schema ops grant delete, insert, maintain, references, select, trigger, truncate, update on tables to service_role;

alter default privileges for role postgres in schema settings grant delete, insert, select, update on tables to authenticated;
alter default privileges for role postgres in schema settings grant delete, insert, maintain, references, select, trigger, truncate, update on tables to service_role;

-- The rows the squashed migrations inserted.
set session_replication_role = replica;

insert into app.history_tables (table_name, component)
select table_name, component from json_populate_recordset(null::app.history_tables, $rows$[{"table_name":"catalog.accommodation_blocks","component":"lodging"},{"table_name":"catalog.accommodation_classes","component":"lodging"},{"table_name":"catalog.accommodation_files","component":"lodging"},{"table_name":"catalog.accommodation_rate_types","component":"lodging"},{"table_name":"catalog.accommodation_rates","component":"lodging"},{"table_name":"catalog.accommodation_types","component":"lodging"},{"table_name":"catalog.accommodations","component":"lodging"},{"table_name":"catalog.amenities","component":"lodging"},{"table_name":"catalog.amenity_map","component":"lodging"},{"table_name":"catalog.amenity_types","component":"lodging"},{"table_name":"catalog.calendar_feeds","component":"lodging"},{"table_name":"catalog.lodging_settings","component":"lodging"},{"table_name":"catalog.product_option_values","component":"catalog"},{"table_name":"catalog.product_options","component":"catalog"},{"table_name":"catalog.product_types","component":"catalog"},{"table_name":"catalog.product_variants","component":"catalog"},{"table_name":"catalog.products","component":"catalog"},{"table_name":"catalog.reservation_items","component":"lodging"},{"table_name":"catalog.reservation_payments","component":"lodging"},{"table_name":"catalog.reservations","component":"lodging"},{"table_name":"catalog.resource_classes","component":"lodging"},{"table_name":"catalog.resource_reservations","component":"lodging"},{"table_name":"catalog.resource_types","component":"lodging"},{"table_name":"catalog.supplies","component":"catalog"},{"table_name":"catalog.unit_conversions","component":"catalog"},{"table_name":"catalog.unit_types","component":"catalog"},{"table_name":"catalog.variant_option_values","component":"catalog"},{"table_name":"crm.addresses","component":"crm"},{"table_name":"crm.business_types","component":"crm"},{"table_name":"crm.businesses","component":"crm"},{"table_name":"crm.contact_method_types","component":"crm"},{"table_name":"crm.contact_methods","component":"crm"},{"table_name":"crm.contact_types","component":"crm"},{"table_name":"crm.contacts","component":"crm"},{"table_name":"crm.crm_file_types","component":"crm"},{"table_name":"crm.crm_files","component":"crm"},{"table_name":"crm.households","component":"crm"},{"table_name":"crm.locations","component":"crm"},{"table_name":"crm.note_types","component":"crm"},{"table_name":"crm.notes","component":"crm"},{"table_name":"crm.other_contact_methods","component":"crm"},{"table_name":"crm.relationships","component":"crm"},{"table_name":"hr.assignments","component":"team-portal"},{"table_name":"hr.groups","component":"team-portal"},{"table_name":"hr.positions","component":"team-portal"},{"table_name":"hr.shift_members","component":"team-portal"},{"table_name":"hr.shifts","component":"team-portal"},{"table_name":"hr.staff_profiles","component":"team-portal"},{"table_name":"ops.projects","component":"operations"},{"table_name":"ops.subtasks","component":"operations"},{"table_name":"ops.tasks","component":"operations"},{"table_name":"orders","component":"operations"},{"table_name":"settings.integrations","component":"settings"},{"table_name":"settings.org_branding","component":"settings"},{"table_name":"settings.user_role_permissions","component":"settings"},{"table_name":"transactions","component":"operations"},{"table_name":"user_profiles","component":"settings"},{"table_name":"user_roles","component":"settings"}]$rows$);

insert into app.list_sources (relation, base, columns)
select relation, base, columns from json_populate_recordset(null::app.list_sources, $rows$[{"relation":"crm.businesses","base":"crm.businesses","columns":["id","short_id","name","description","status","type_id","primary_owner_id","secondary_owner_id","dba_name","org_name","created_at","created_by","last_modified_at","last_modified_by","archive"]},{"relation":"crm.businesses_view","base":"crm.businesses","columns":["id","short_id","name","dba_name","description","status","type_id","primary_owner_id","secondary_owner_id","org_name","archive","created_at","created_by","last_modified_at","last_modified_by"]},{"relation":"crm.contacts","base":"crm.contacts","columns":["id","short_id","name","description","status","type_id","primary_owner_id","secondary_owner_id","prefix","first_name","middle_name","last_name","suffix","nickname","alternate_last_name","date_of_birth","spouse_id","org_name","created_at","created_by","last_modified_at","last_modified_by","archive"]},{"relation":"crm.contacts_view","base":"crm.contacts","columns":["id","short_id","name","description","status","type_id","prefix","first_name","middle_name","last_name","suffix","nickname","alternate_last_name","date_of_birth","spouse_id","primary_owner_id","secondary_owner_id","org_name","archive","created_at","created_by","last_modified_at","last_modified_by"]},{"relation":"crm.households","base":"crm.households","columns":["id","short_id","name","description","status","primary_owner_id","secondary_owner_id","preferred_addressee","org_name","created_at","created_by","last_modified_at","last_modified_by","archive"]},{"relation":"crm.households_view","base":"crm.households","columns":["id","short_id","name","description","status","preferred_addressee","primary_owner_id","secondary_owner_id","org_name","archive","created_at","created_by","last_modified_at","last_modified_by"]}]$rows$);

insert into app.request_limits (name, per_five_minutes)
select name, per_five_minutes from json_populate_recordset(null::app.request_limits, $rows$[{"name":"sign_in_sign_ups","per_five_minutes":30},{"name":"token_verifications","per_five_minutes":30}]$rows$);

insert into app.scheduled_jobs (name, function_name, every, last_run_at, last_error)
select name, function_name, every, last_run_at, last_error from json_populate_recordset(null::app.scheduled_jobs, $rows$[{"name":"notify_scheduled","function_name":"app.notify_scheduled","every":"00:05:00","last_run_at":null,"last_error":null},{"name":"send_task_digests","function_name":"app.send_task_digests","every":"00:15:00","last_run_at":null,"last_error":null}]$rows$);

insert into catalog.unit_conversions (id, name, description, display_name, unit_type_1, unit_type_2, factor, org_name, created_at, created_by, last_modified_at, last_modified_by, archive)
select id, name, description, display_name, unit_type_1, unit_type_2, factor, org_name, created_at, created_by, last_modified_at, last_modified_by, archive from json_populate_recordset(null::catalog.unit_conversions, $rows$[{"id":"00000000-0000-4000-8016-000000000001","name":"pound-ounce","description":null,"display_name":"Pounds to ounces","unit_type_1":"00000000-0000-4000-8015-000000000002","unit_type_2":"00000000-0000-4000-8015-000000000003","factor":16,"org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8016-000000000002","name":"gallon-liter","description":null,"display_name":"Gallons to liters","unit_type_1":"00000000-0000-4000-8015-000000000004","unit_type_2":"00000000-0000-4000-8015-000000000005","factor":3.78541,"org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false}]$rows$);

insert into catalog.unit_types (id, name, description, display_name, type, abbreviation, org_name, created_at, created_by, last_modified_at, last_modified_by, archive)
select id, name, description, display_name, type, abbreviation, org_name, created_at, created_by, last_modified_at, last_modified_by, archive from json_populate_recordset(null::catalog.unit_types, $rows$[{"id":"00000000-0000-4000-8015-000000000001","name":"each","description":null,"display_name":"Each","type":"count","abbreviation":"ea","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8015-000000000002","name":"pound","description":null,"display_name":"Pound","type":"weight","abbreviation":"lb","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8015-000000000003","name":"ounce","description":null,"display_name":"Ounce","type":"weight","abbreviation":"oz","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8015-000000000004","name":"gallon","description":null,"display_name":"Gallon","type":"volume","abbreviation":"gal","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8015-000000000005","name":"liter","description":null,"display_name":"Liter","type":"volume","abbreviation":"L","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8015-000000000006","name":"box","description":null,"display_name":"Box","type":"count","abbreviation":"box","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8015-000000000007","name":"case","description":null,"display_name":"Case","type":"count","abbreviation":"case","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false}]$rows$);

insert into crm.business_types (id, name, description, org_name, created_at, created_by, last_modified_at, last_modified_by, archive)
select id, name, description, org_name, created_at, created_by, last_modified_at, last_modified_by, archive from json_populate_recordset(null::crm.business_types, $rows$[{"id":"00000000-0000-4000-8010-000000000001","name":"Retail","description":"Shops and stores selling to the public","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8010-000000000002","name":"Food & Beverage","description":"Restaurants, cafés, bakeries and caterers","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8010-000000000003","name":"Professional Services","description":"Accountants, lawyers, consultants","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8010-000000000004","name":"Maker / Artisan","description":"Makers selling handmade goods","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8010-000000000005","name":"Non-Profit","description":"Charities and community organisations","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8010-000000000006","name":"Church / Ministry","description":"Congregations and ministries","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8010-000000000007","name":"Hospitality","description":"Lodging, camps and event venues","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8010-000000000008","name":"Vendor / Supplier","description":"Businesses the organisation buys from","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8010-000000000009","name":"Other","description":null,"org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false}]$rows$);

insert into crm.contact_method_types (id, name, category, description, org_name, created_at, created_by, last_modified_at, last_modified_by, archive)
select id, name, category, description, org_name, created_at, created_by, last_modified_at, last_modified_by, archive from json_populate_recordset(null::crm.contact_method_types, $rows$[{"id":"00000000-0000-4000-8012-000000000001","name":"Phone","category":"phone","description":"Landline or main number","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false,"kind":"phone"},{"id":"00000000-0000-4000-8012-000000000002","name":"Mobile","category":"phone","description":"Mobile / cell phone","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false,"kind":"phone"},{"id":"00000000-0000-4000-8012-000000000003","name":"Work Phone","category":"phone","description":"Office number","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false,"kind":"phone"},{"id":"00000000-0000-4000-8012-000000000004","name":"Email","category":"email","description":"Personal or main e-mail","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false,"kind":"email"},{"id":"00000000-0000-4000-8012-000000000005","name":"Work Email","category":"email","description":"Office e-mail","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false,"kind":"email"},{"id":"00000000-0000-4000-8012-000000000006","name":"Fax","category":"other","description":null,"org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false,"kind":"other"},{"id":"00000000-0000-4000-8012-000000000007","name":"Website","category":"web","description":null,"org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false,"kind":"other"},{"id":"00000000-0000-4000-8012-000000000008","name":"Facebook","category":"social","description":null,"org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false,"kind":"other"},{"id":"00000000-0000-4000-8012-000000000009","name":"Instagram","category":"social","description":null,"org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false,"kind":"other"},{"id":"00000000-0000-4000-8012-000000000010","name":"LinkedIn","category":"social","description":null,"org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false,"kind":"other"},{"id":"00000000-0000-4000-8012-000000000011","name":"Other","category":"other","description":null,"org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false,"kind":"other"}]$rows$);

insert into crm.contact_types (id, name, description, org_name, created_at, created_by, last_modified_at, last_modified_by, archive)
select id, name, description, org_name, created_at, created_by, last_modified_at, last_modified_by, archive from json_populate_recordset(null::crm.contact_types, $rows$[{"id":"00000000-0000-4000-8011-000000000001","name":"Customer","description":"Buys from the organisation","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8011-000000000002","name":"Prospect","description":"May become a customer","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8011-000000000003","name":"Vendor","description":"Supplies the organisation","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8011-000000000004","name":"Member","description":"Member of the organisation or congregation","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8011-000000000005","name":"Volunteer","description":"Gives time to the organisation","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8011-000000000006","name":"Donor","description":"Gives money or goods","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8011-000000000007","name":"Partner","description":"Works alongside the organisation","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8011-000000000008","name":"Other","description":null,"org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false}]$rows$);

insert into crm.crm_file_types (id, name, description, org_name, created_at, created_by, last_modified_at, last_modified_by, archive)
select id, name, description, org_name, created_at, created_by, last_modified_at, last_modified_by, archive from json_populate_recordset(null::crm.crm_file_types, $rows$[{"id":"00000000-0000-4000-8014-000000000001","name":"Document","description":"General document","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8014-000000000002","name":"Image","description":"Photo or picture","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8014-000000000003","name":"Contract","description":"Signed agreement","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8014-000000000004","name":"Invoice","description":"Bill sent or received","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8014-000000000005","name":"Receipt","description":"Proof of payment","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8014-000000000006","name":"Other","description":null,"org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false}]$rows$);

insert into crm.note_types (id, name, description, org_name, created_at, created_by, last_modified_at, last_modified_by, archive)
select id, name, description, org_name, created_at, created_by, last_modified_at, last_modified_by, archive from json_populate_recordset(null::crm.note_types, $rows$[{"id":"00000000-0000-4000-8013-000000000001","name":"General","description":null,"org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8013-000000000002","name":"Call","description":"Phone conversation","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8013-000000000003","name":"Meeting","description":"In-person or video meeting","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8013-000000000004","name":"Email","description":"E-mail exchange","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8013-000000000005","name":"Follow-up","description":"Something to come back to","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"00000000-0000-4000-8013-000000000006","name":"Visit","description":"Site or home visit","org_name":"_system_default_","created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false}]$rows$);

insert into public.organizations (id, name, display_name, description, type, email, phone, address_line_1, address_line_2, city, state, zip, country, website, timezone, language, logo_url, created_at, created_by, last_modified_at, last_modified_by, archive)
select id, name, display_name, description, type, email, phone, address_line_1, address_line_2, city, state, zip, country, website, timezone, language, logo_url, created_at, created_by, last_modified_at, last_modified_by, archive from json_populate_recordset(null::public.organizations, $rows$[{"id":"00000000-0000-4000-8000-000000000001","name":"_system_default_","org_name":"_system_default_","display_name":"System defaults","description":"Shared defaults visible to every organisation","type":null,"email":null,"phone":null,"address_line_1":null,"address_line_2":null,"city":null,"state":null,"zip":null,"country":null,"website":null,"timezone":null,"language":null,"logo_url":null,"created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false}]$rows$);

insert into settings.components (id, name, display_name, description, component_type, created_at, last_modified_at)
select id, name, display_name, description, component_type, created_at, last_modified_at from json_populate_recordset(null::settings.components, $rows$[{"id":"00000000-0000-4000-8001-000000000001","name":"crm","display_name":"CRM","description":"Businesses, contacts, households and organisation users","component_type":"remote","created_at":"2026-11-28T19:10:06.610166+00:00","last_modified_at":"2026-11-28T19:10:06.610166+00:00"},{"id":"00000000-0000-4000-8001-000000000002","name":"catalog","display_name":"Catalog","description":"Supplies, inventory and products","component_type":"remote","created_at":"2026-11-28T19:10:06.610166+00:00","last_modified_at":"2026-11-28T19:10:06.610166+00:00"},{"id":"00000000-0000-4000-8001-000000000003","name":"lodging","display_name":"Lodging","description":"Reservation timeline, accommodations, rates and lodging settings","component_type":"remote","created_at":"2026-11-28T19:10:06.610166+00:00","last_modified_at":"2026-11-28T19:10:06.610166+00:00"},{"id":"00000000-0000-4000-8001-000000000004","name":"team-portal","display_name":"Team Portal","description":"Staff directory, groups, positions, assignments and shifts","component_type":"remote","created_at":"2026-11-28T19:10:06.610166+00:00","last_modified_at":"2026-11-28T19:10:06.610166+00:00"},{"id":"00000000-0000-4000-8001-000000000005","name":"operations","display_name":"Operations","description":"Projects, tasks, lists, calendar, forms, orders and transactions","component_type":"remote","created_at":"2026-11-28T19:10:06.610166+00:00","last_modified_at":"2026-11-28T19:10:06.610166+00:00"},{"id":"00000000-0000-4000-8001-000000000006","name":"settings","display_name":"Settings","description":"Organisation, branding, components, integrations, roles and users","component_type":"remote","created_at":"2026-11-28T19:10:06.610166+00:00","last_modified_at":"2026-11-28T19:10:06.610166+00:00"}]$rows$);

insert into settings.org_branding (id, org_name, logo_url, primary_color, secondary_color, accent_color, background_color, card_color, border_color, button_color, button_text_color, text_color, link_color, font_family, header_font, paragraph_font, custom_css, created_at, created_by, last_modified_at, last_modified_by, archive)
select id, org_name, logo_url, primary_color, secondary_color, accent_color, background_color, card_color, border_color, button_color, button_text_color, text_color, link_color, font_family, header_font, paragraph_font, custom_css, created_at, created_by, last_modified_at, last_modified_by, archive from json_populate_recordset(null::settings.org_branding, $rows$[{"id":"00000000-0000-4000-8002-000000000001","org_name":"_system_default_","logo_url":null,"primary_color":"#325286","secondary_color":"#c65657","accent_color":"#6693db","background_color":"#ffffff","card_color":"#e2eaf9","border_color":"#c65655","button_color":"#c65655","button_text_color":"#ffffff","text_color":"#1f2937","link_color":"#6593db","font_family":"Inter","header_font":"Merriweather","paragraph_font":"Roboto","custom_css":null,"created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false}]$rows$);

insert into settings.org_components (id, org_name, component_id, name, description, enabled, created_at, created_by, last_modified_at, last_modified_by, archive)
select id, org_name, component_id, name, description, enabled, created_at, created_by, last_modified_at, last_modified_by, archive from json_populate_recordset(null::settings.org_components, $rows$[{"id":"144e6242-3f85-41ea-a9a1-fb89233e0db5","org_name":"_system_default_","component_id":"00000000-0000-4000-8001-000000000005","name":"operations","description":"Projects, tasks, lists, calendar, forms, orders and transactions","enabled":true,"created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"2f9cb225-a632-46c3-997c-db8d3a331497","org_name":"_system_default_","component_id":"00000000-0000-4000-8001-000000000003","name":"lodging","description":"Reservation timeline, accommodations, rates and lodging settings","enabled":true,"created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"4556500c-2acd-4213-86a2-bfaf4b74d1bd","org_name":"_system_default_","component_id":"00000000-0000-4000-8001-000000000006","name":"settings","description":"Organisation, branding, components, integrations, roles and users","enabled":true,"created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"83e7374d-1874-4c48-84fc-28448e9caee3","org_name":"_system_default_","component_id":"00000000-0000-4000-8001-000000000004","name":"team-portal","description":"Staff directory, groups, positions, assignments and shifts","enabled":true,"created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"c1fdcdd6-4a81-46f2-8013-f1d6c45983b7","org_name":"_system_default_","component_id":"00000000-0000-4000-8001-000000000001","name":"crm","description":"Businesses, contacts, households and organisation users","enabled":true,"created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false},{"id":"fe821809-c6db-4c18-8758-ddc8a6812d12","org_name":"_system_default_","component_id":"00000000-0000-4000-8001-000000000002","name":"catalog","description":"Supplies, inventory and products","enabled":true,"created_at":"2026-11-28T19:10:06.610166+00:00","created_by":null,"last_modified_at":"2026-11-28T19:10:06.610166+00:00","last_modified_by":null,"archive":false}]$rows$);

insert into storage.buckets (id, name, owner, owner_id, created_at, updated_at, public, avif_autodetection, file_size_limit, allowed_mime_types, type)
select id, name, owner, owner_id, created_at, updated_at, public, avif_autodetection, file_size_limit, allowed_mime_types, type from json_populate_recordset(null::storage.buckets, $rows$[{"id":"accommodations","name":"accommodations","owner":null,"owner_id":null,"created_at":"2026-11-28T19:10:06.606035+00:00","updated_at":"2026-11-28T19:10:06.606035+00:00","public":true,"avif_autodetection":false,"file_size_limit":10485760,"allowed_mime_types":["image/png","image/jpeg","image/gif","image/webp","application/pdf"],"type":"STANDARD"},{"id":"organization-assets","name":"organization-assets","owner":null,"owner_id":null,"created_at":"2026-11-28T19:10:06.606035+00:00","updated_at":"2026-11-28T19:10:06.606035+00:00","public":true,"avif_autodetection":false,"file_size_limit":5242880,"allowed_mime_types":["image/png","image/jpeg","image/gif","image/webp","image/svg+xml","application/pdf"],"type":"STANDARD"}]$rows$);

set session_replication_role = origin;
