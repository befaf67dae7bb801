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

create table settings.custom_fields (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  record_kind text not null,
  label text not null,
  help_text text,
  field_type text not null,
  link_kind text,
  required boolean default false not null,
  default_value jsonb,
  "position" integer not null,
  archive boolean default false not null,
  sensitive boolean default false not null,
  choices jsonb default '[]'::jsonb not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid
);
alter table settings.custom_fields enable row level security;
comment on table settings.custom_fields is 'component: settings (every member reads)';
revoke all on table settings.custom_fields from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.custom_fields to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.custom_fields to service_role;

alter table settings.custom_fields add constraint custom_fields_choices_array CHECK (jsonb_typeof(choices) = 'array'::text);

alter table settings.custom_fields add constraint custom_fields_field_type_check CHECK (field_type = ANY (ARRAY['short_text'::text, 'long_text'::text, 'number'::text, 'currency'::text, 'date'::text, 'boolean'::text, 'single_choice'::text, 'multiple_choice'::text, 'email'::text, 'phone'::text, 'url'::text, 'link'::text]));

alter table settings.custom_fields add constraint custom_fields_label_present CHECK (btrim(label) <> ''::text AND length(label) <= 80);

alter table settings.custom_fields add constraint custom_fields_link_kind_check CHECK ((field_type = 'link'::text) = (link_kind IS NOT NULL) AND (link_kind IS NULL OR (link_kind = ANY (ARRAY['contact'::text, 'business'::text, 'household'::text]))));

alter table settings.custom_fields add constraint custom_fields_pkey PRIMARY KEY (id);

alter table settings.custom_fields add constraint custom_fields_record_kind_check CHECK (record_kind = ANY (ARRAY['contact'::text, 'business'::text, 'household'::text, 'accommodation'::text, 'reservation'::text, 'project'::text, 'task'::text, 'product'::text, 'supply'::text, 'staff'::text]));

CREATE UNIQUE INDEX custom_fields_label_key ON settings.custom_fields USING btree (org_name, record_kind, lower(label)) WHERE (NOT archive);

CREATE INDEX custom_fields_org_kind_idx ON settings.custom_fields USING btree (org_name, record_kind, "position");

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
grant select on table settings.integrations to steward_mail_writer;

alter table settings.integrations add constraint integrations_name_present CHECK (btrim(name) <> ''::text);

alter table settings.integrations add constraint integrations_pkey PRIMARY KEY (id);

alter table settings.integrations add constraint integrations_type_check CHECK (type = ANY (ARRAY['stripe'::text, 'square'::text, 'etsy'::text, 'woocommerce'::text, 'webhook'::text, 'custom'::text, 'smtp'::text]));

alter table settings.integrations add constraint integrations_smtp_url CHECK (type <> 'smtp'::text OR base_url ~ '^smtps?://[^\s/:@]+(:[0-9]{1,5})?/?$'::text);

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
  archive boolean default false not null,
  columns jsonb,
  shared boolean default false not null
);
alter table settings.saved_filters enable row level security;
comment on table settings.saved_filters is 'component: settings (a saved view: private to the owning profile, or shared with the organisation)';
comment on column settings.saved_filters.columns is 'The list columns the view shows (field names, in order); null: the view leaves the columns as they are.';
comment on column settings.saved_filters.shared is 'Every member of the organisation sees the view; its owner and Settings edit (Organization) change it.';
revoke all on table settings.saved_filters from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.saved_filters to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.saved_filters to service_role;

alter table settings.saved_filters add constraint saved_filters_columns_list CHECK (columns IS NULL OR (jsonb_typeof(columns) = 'array'::text AND jsonb_array_length(columns) <= 200));

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

create table settings.mail_templates (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  name text not null,
  subject text not null,
  body text not null,
  archive boolean default false not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid
);

alter table settings.mail_templates enable row level security;

comment on table settings.mail_templates is 'component: settings (every member reads)';

revoke all on table settings.mail_templates from public, anon, authenticated, service_role;

grant delete, insert, select, update on table settings.mail_templates to authenticated;

grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.mail_templates to service_role;

alter table settings.mail_templates add constraint mail_templates_pkey PRIMARY KEY (id);

alter table settings.mail_templates add constraint mail_templates_name_present CHECK (btrim(name) <> ''::text AND length(name) <= 120);

alter table settings.mail_templates add constraint mail_templates_subject_check CHECK (subject !~ '[\r\n]'::text AND length(subject) <= 300);

CREATE INDEX mail_templates_org_name_idx ON settings.mail_templates USING btree (org_name);

CREATE UNIQUE INDEX mail_templates_name_key ON settings.mail_templates USING btree (org_name, lower(name)) WHERE (NOT archive);

CREATE INDEX mail_templates_created_by_idx ON settings.mail_templates USING btree (created_by);

CREATE INDEX mail_templates_last_modified_by_idx ON settings.mail_templates USING btree (last_modified_by);

create table settings.mail_settings (
  org_name text not null,
  signature text default ''::text not null,
  from_name text,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  id uuid default gen_random_uuid() not null
);

alter table settings.mail_settings enable row level security;

comment on table settings.mail_settings is 'component: settings (every member reads)';

revoke all on table settings.mail_settings from public, anon, authenticated, service_role;

grant delete, insert, select, update on table settings.mail_settings to authenticated;

grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.mail_settings to service_role;
grant select on table settings.mail_settings to steward_mail_writer;

alter table settings.mail_settings add constraint mail_settings_pkey PRIMARY KEY (org_name);

alter table settings.mail_settings add constraint mail_settings_from_name_check CHECK (from_name !~ '[\r\n<>"]'::text AND length(from_name) <= 120);

alter table settings.mail_settings add constraint mail_settings_signature_check CHECK (length(signature) <= 4000);

CREATE UNIQUE INDEX mail_settings_id_key ON settings.mail_settings USING btree (id);

CREATE INDEX mail_settings_created_by_idx ON settings.mail_settings USING btree (created_by);

CREATE INDEX mail_settings_last_modified_by_idx ON settings.mail_settings USING btree (last_modified_by);
