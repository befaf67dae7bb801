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
  archive boolean default false not null,
  currency text default 'USD'::text not null
);
alter table public.organizations enable row level security;
comment on table public.organizations is 'component: settings (members read their organisation; created by apply_for_access)';
revoke all on table public.organizations from public, anon, authenticated, service_role;
grant select on table public.organizations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.organizations to service_role;
grant select on table public.organizations to steward_mail_writer;
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
grant update (currency) on table public.organizations to authenticated;

alter table public.organizations add constraint organizations_currency_format CHECK (currency ~ '^[A-Z]{3}$'::text);

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

alter table public.record_history add constraint record_history_action_check CHECK (action = ANY (ARRAY['insert'::text, 'update'::text, 'archive'::text, 'restore'::text, 'delete'::text, 'merge'::text, 'erase'::text]));

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
