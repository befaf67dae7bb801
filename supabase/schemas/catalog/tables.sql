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
  archive boolean default false not null,
  booking_instant boolean default false not null
);
alter table catalog.accommodation_classes enable row level security;
comment on column catalog.accommodation_classes.booking_instant is 'online booking: a guest''s booking of this class is confirmed at once (otherwise it waits for the desk)';
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
  caretaker_id uuid,
  custom jsonb default '{}'::jsonb not null
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

CREATE INDEX accommodations_custom_idx ON catalog.accommodations USING gin (custom);

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
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  booking_hold_hours integer default 24 not null,
  booking_cancel_days integer default 2 not null,
  deposit_percent numeric(5,2) default 0 not null,
  deposit_method text default 'on_arrival'::text not null,
  bank_details text
);
alter table catalog.lodging_settings enable row level security;
comment on column catalog.lodging_settings.booking_hold_hours is 'online booking: hours an unconfirmed request holds its unit before it lapses';
comment on column catalog.lodging_settings.booking_cancel_days is 'online booking: a guest may cancel from the link in the mail until this many days before check-in';
comment on column catalog.lodging_settings.deposit_method is 'how an online booking''s deposit is paid: on_arrival, bank_transfer (with the stay''s reference) or card_link (the payment provider)';
comment on table catalog.lodging_settings is 'component: lodging';
revoke all on table catalog.lodging_settings from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.lodging_settings to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.lodging_settings to service_role;

alter table catalog.lodging_settings add constraint lodging_settings_booking_cancel_days_check CHECK (booking_cancel_days >= 0 AND booking_cancel_days <= 365);

alter table catalog.lodging_settings add constraint lodging_settings_booking_hold_hours_check CHECK (booking_hold_hours >= 1 AND booking_hold_hours <= 720);

alter table catalog.lodging_settings add constraint lodging_settings_deposit_method_check CHECK (deposit_method = ANY (ARRAY['on_arrival'::text, 'bank_transfer'::text, 'card_link'::text]));

alter table catalog.lodging_settings add constraint lodging_settings_deposit_percent_check CHECK (deposit_percent >= 0::numeric AND deposit_percent <= 100::numeric);

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
  archive boolean default false not null,
  custom jsonb default '{}'::jsonb not null
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

CREATE INDEX products_custom_idx ON catalog.products USING gin (custom);

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
  confirmation_sent_to text,
  custom jsonb default '{}'::jsonb not null
);
alter table catalog.reservations enable row level security;
comment on table catalog.reservations is 'component: lodging';
comment on column catalog.reservations.price_overridden is 'the amounts were typed by hand: the stay is not priced from the rates';
comment on column catalog.reservations.confirmation_sent_at is 'when the confirmation e-mail was queued (set by the database)';
revoke all on table catalog.reservations from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.reservations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.reservations to service_role;
grant select on table catalog.reservations to steward_mail_writer;

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

CREATE INDEX reservations_custom_idx ON catalog.reservations USING gin (custom);

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
  archive boolean default false not null,
  custom jsonb default '{}'::jsonb not null
);
alter table catalog.supplies enable row level security;
comment on table catalog.supplies is 'component: catalog';
revoke all on table catalog.supplies from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.supplies to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.supplies to service_role;

alter table catalog.supplies add constraint supplies_amounts_not_negative CHECK (COALESCE(unit_qty, 0::numeric) >= 0::numeric AND COALESCE(last_cost, 0::numeric) >= 0::numeric);

alter table catalog.supplies add constraint supplies_name_present CHECK (btrim(name) <> ''::text);

alter table catalog.supplies add constraint supplies_pkey PRIMARY KEY (id);

CREATE INDEX supplies_custom_idx ON catalog.supplies USING gin (custom);

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
