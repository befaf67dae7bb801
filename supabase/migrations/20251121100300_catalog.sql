-- Catalogue and lodging: supplies, products and their options and variants, units,
-- accommodations with their types, classes, amenities, files, blocks, rate types and rates,
-- reservations (plus resource reservations, reservation items and payments), and
-- catalog.reservations_view for the reservation timeline.
-- Supplies, products and units belong to the 'catalog' component; everything about lodging and
-- reservations to 'lodging'.

---------------------------------------------------------------------------------------------------
-- Catalogue
---------------------------------------------------------------------------------------------------

create table catalog.supplies (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint supplies_name_present check (btrim(name) <> ''),
  description text,
  category text,
  unit_type text,
  unit_qty numeric(12, 3),
  last_cost numeric(12, 2),
  last_purchase_date date,
  vendor text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint supplies_amounts_not_negative check (coalesce(unit_qty, 0) >= 0 and coalesce(last_cost, 0) >= 0)
);

create table catalog.unit_types (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint unit_types_name_present check (btrim(name) <> ''),
  description text,
  display_name text,
  type text,
  abbreviation text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table catalog.unit_conversions (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint unit_conversions_name_present check (btrim(name) <> ''),
  description text,
  display_name text,
  unit_type_1 uuid references catalog.unit_types (id) on delete cascade,
  -- A conversion needs its other unit and the factor: 1 unit_type_1 = factor × unit_type_2.
  unit_type_2 uuid references catalog.unit_types (id) on delete cascade,
  factor numeric,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint unit_conversions_factor_positive check (factor is null or factor > 0)
);

create table catalog.products (
  id uuid primary key default gen_random_uuid(),
  short_id text not null constraint products_short_id_key unique,
  -- Read-only like short_id: derived from the id (see app.stamp_product_sku).
  sku text not null,
  type_id uuid,
  status text not null default 'Active' constraint products_status_present check (btrim(status) <> ''),
  name text not null constraint products_name_present check (btrim(name) <> ''),
  description text,
  image_url text,
  tags text[] not null default '{}',
  price numeric(12, 2),
  compare_at_price numeric(12, 2),
  cost numeric(12, 2),
  track_inventory boolean not null default false,
  allow_backorder boolean not null default false,
  weight_grams numeric(12, 2),
  length_cm numeric(12, 2),
  width_cm numeric(12, 2),
  height_cm numeric(12, 2),
  hs_code text,
  country_of_origin text,
  has_variants boolean not null default false,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint products_prices_not_negative check (coalesce(price, 0) >= 0 and coalesce(compare_at_price, 0) >= 0 and coalesce(cost, 0) >= 0)
);

create table catalog.product_types (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint product_types_name_present check (btrim(name) <> ''),
  product_id uuid references catalog.products (id) on delete cascade,
  position integer not null default 0,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

alter table catalog.products
  add constraint products_type_id_fkey foreign key (type_id) references catalog.product_types (id) on delete set null;

create table catalog.product_variants (
  id uuid primary key default gen_random_uuid(),
  product_id uuid references catalog.products (id) on delete cascade,
  name text not null constraint product_variants_name_present check (btrim(name) <> ''),
  description text,
  price numeric(12, 2),
  tax_code text,
  requires_fulfillment boolean not null default true,
  shippable boolean not null default true,
  track_inventory boolean not null default false,
  allows_subscription boolean not null default false,
  attributes jsonb not null default '{}',
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

-- One value of a product option ("Size" → "Large"); option_id groups the values of one option.
create table catalog.product_options (
  id uuid primary key default gen_random_uuid(),
  product_id uuid references catalog.products (id) on delete cascade,
  option_id uuid,
  value text not null constraint product_options_value_present check (btrim(value) <> ''),
  position integer not null default 0,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table catalog.product_option_values (
  id uuid primary key default gen_random_uuid(),
  variant_id uuid not null references catalog.product_variants (id) on delete cascade,
  option_id uuid references catalog.product_options (id) on delete cascade,
  option_value_id uuid references catalog.product_options (id) on delete cascade,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table catalog.variant_option_values (
  id uuid primary key default gen_random_uuid(),
  variant_id uuid not null references catalog.product_variants (id) on delete cascade,
  option_id uuid references catalog.product_options (id) on delete cascade,
  option_value_id uuid references catalog.product_options (id) on delete cascade,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create function app.stamp_product_sku() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.sku := 'SKU-' || app.short_id_for(new.id);
  else
    new.sku := old.sku;
  end if;
  return new;
end;
$$;

create trigger steward_31_sku before insert or update on catalog.products
  for each row execute function app.stamp_product_sku();

---------------------------------------------------------------------------------------------------
-- Lodging
---------------------------------------------------------------------------------------------------

create table catalog.accommodation_classes (
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

create table catalog.accommodation_types (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text,
  discount_amount numeric(12, 2),
  -- Allowed stay lengths in nights, e.g. [1,14].
  stay_range int4range,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table catalog.amenity_types (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint amenity_types_name_present check (btrim(name) <> ''),
  description text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table catalog.amenities (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint amenities_name_present check (btrim(name) <> ''),
  description text,
  type_id uuid references catalog.amenity_types (id) on delete set null,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table catalog.accommodations (
  id uuid primary key default gen_random_uuid(),
  short_id text not null constraint accommodations_short_id_key unique,
  name text not null constraint accommodations_name_present check (btrim(name) <> ''),
  description text,
  policies text,
  additional_data jsonb not null default '{}',
  capacity integer constraint accommodations_capacity_positive check (capacity is null or capacity > 0),
  class_id uuid references catalog.accommodation_classes (id) on delete set null,
  type_id uuid references catalog.accommodation_types (id) on delete set null,
  beds text,
  base_rate numeric(12, 2) not null constraint accommodations_base_rate_not_negative check (base_rate >= 0),
  housekeeping_notes text,
  inventory_count integer not null default 1 constraint accommodations_inventory_not_negative check (inventory_count >= 0),
  image_url text,
  tags text[] not null default '{}',
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table catalog.amenity_map (
  id uuid primary key default gen_random_uuid(),
  accommodation_id uuid not null references catalog.accommodations (id) on delete cascade,
  amenity_id uuid not null references catalog.amenities (id) on delete cascade,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint amenity_map_pair_key unique (accommodation_id, amenity_id)
);

create table catalog.accommodation_blocks (
  id uuid primary key default gen_random_uuid(),
  accommodation_id uuid not null references catalog.accommodations (id) on delete cascade,
  block_start timestamptz not null,
  block_end timestamptz not null,
  notes text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint accommodation_blocks_ordered check (block_end > block_start)
);

create table catalog.accommodation_files (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text,
  url text,
  accommodation_id uuid not null references catalog.accommodations (id) on delete cascade,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table catalog.accommodation_rate_types (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text,
  -- Shown on timeline blocks: the label suffix and the block's background.
  abbreviation text,
  card_color app.hex_color,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table catalog.accommodation_rates (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint accommodation_rates_name_present check (btrim(name) <> ''),
  description text,
  start_date date,
  end_date date,
  type_id uuid references catalog.accommodation_rate_types (id) on delete set null,
  mon numeric(12, 2),
  tue numeric(12, 2),
  wed numeric(12, 2),
  thu numeric(12, 2),
  fri numeric(12, 2),
  sat numeric(12, 2),
  sun numeric(12, 2),
  included_adults integer,
  included_children integer,
  included_pets integer,
  additional_adult numeric(12, 2),
  additional_child numeric(12, 2),
  additional_pet numeric(12, 2),
  class_id uuid references catalog.accommodation_classes (id) on delete set null,
  accommodation_id uuid references catalog.accommodations (id) on delete cascade,
  priority integer not null default 0,
  min_stay integer,
  max_stay integer,
  min_advance_days integer,
  max_advance_days integer,
  rate_range daterange generated always as (daterange(start_date, end_date, '[]')) stored,
  qty numeric(12, 2) not null default 1,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint accommodation_rates_dates_ordered check (end_date is null or start_date is null or end_date >= start_date),
  constraint accommodation_rates_stay_ordered check (max_stay is null or min_stay is null or max_stay >= min_stay)
);

create table catalog.reservations (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint reservations_name_present check (btrim(name) <> ''),
  description text,
  accommodation_id uuid references catalog.accommodations (id) on delete set null,
  rate_id uuid references catalog.accommodation_rates (id) on delete set null,
  activity_id uuid,
  project_id uuid references ops.projects (id) on delete set null,
  source_channel text,
  confirmation text not null default upper(substr(md5(gen_random_uuid()::text), 1, 8))
    constraint reservations_confirmation_present check (btrim(confirmation) <> ''),
  status text not null default 'Confirmed',
  status_notes text,
  business_id uuid references crm.businesses (id) on delete set null,
  contact_id uuid references crm.contacts (id) on delete set null,
  check_in timestamptz not null,
  check_out timestamptz not null,
  all_day boolean not null default false,
  nights integer,
  adults integer not null default 1 constraint reservations_adults_not_negative check (adults >= 0),
  children integer not null default 0 constraint reservations_children_not_negative check (children >= 0),
  pets integer not null default 0 constraint reservations_pets_not_negative check (pets >= 0),
  max_occupancy_ok boolean,
  subtotal numeric(12, 2),
  tax_amount numeric(12, 2),
  fees_amount numeric(12, 2),
  total_amount numeric(12, 2),
  refunded_amount numeric(12, 2),
  deposit_amount numeric(12, 2),
  deposit_paid boolean not null default false,
  policies text,
  cancellation_at timestamptz,
  cancellation_reason text,
  room_notes text,
  food_bev_notes text,
  other_notes text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint reservations_ordered check (check_out > check_in)
);

create table catalog.resource_classes (
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

create table catalog.resource_types (
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

create table catalog.reservation_items (
  id uuid primary key default gen_random_uuid(),
  short_id text not null constraint reservation_items_short_id_key unique,
  name text,
  description text,
  policies text,
  additional_data jsonb not null default '{}',
  capacity integer,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table catalog.resource_reservations (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint resource_reservations_name_present check (btrim(name) <> ''),
  description text,
  reservation_item_id uuid references catalog.reservation_items (id) on delete set null,
  source_channel text,
  status text,
  status_notes text,
  reserved_start timestamptz,
  reserved_end timestamptz,
  subtotal numeric(12, 2),
  tax_amount numeric(12, 2),
  fees_amount numeric(12, 2),
  total_amount numeric(12, 2),
  policies text,
  cancellation_at timestamptz,
  cancellation_reason text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint resource_reservations_ordered check (reserved_end is null or reserved_start is null or reserved_end > reserved_start)
);

create table catalog.reservation_payments (
  id uuid primary key default gen_random_uuid(),
  reservation_id uuid not null references catalog.reservations (id) on delete cascade,
  line_type text not null constraint reservation_payments_line_type_present check (btrim(line_type) <> ''),
  source_schema text,
  source_table text,
  source_id uuid,
  qty numeric(12, 3) not null default 1,
  unit_price numeric(12, 2) not null,
  discount_amount numeric(12, 2) not null default 0,
  tax_code_id uuid,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create index accommodation_rates_accommodation_idx on catalog.accommodation_rates (accommodation_id);
create index reservations_accommodation_idx on catalog.reservations (accommodation_id);
create index reservations_window_idx on catalog.reservations (org_name, check_in, check_out);
create index reservation_payments_reservation_idx on catalog.reservation_payments (reservation_id);

do $$
declare
  v_table text;
begin
  foreach v_table in array array[
    'catalog.supplies', 'catalog.unit_types', 'catalog.unit_conversions', 'catalog.products',
    'catalog.product_types', 'catalog.product_variants', 'catalog.product_options',
    'catalog.product_option_values', 'catalog.variant_option_values']
  loop
    perform app.add_audit_foreign_keys(v_table::regclass);
    perform app.secure_org_table(v_table::regclass, 'catalog');
    execute format('create index on %s (org_name)', v_table);
  end loop;
  foreach v_table in array array[
    'catalog.accommodation_classes', 'catalog.accommodation_types', 'catalog.amenity_types',
    'catalog.amenities', 'catalog.accommodations', 'catalog.amenity_map', 'catalog.accommodation_blocks',
    'catalog.accommodation_files', 'catalog.accommodation_rate_types', 'catalog.accommodation_rates',
    'catalog.reservations', 'catalog.resource_classes', 'catalog.resource_types',
    'catalog.reservation_items', 'catalog.resource_reservations', 'catalog.reservation_payments']
  loop
    perform app.add_audit_foreign_keys(v_table::regclass);
    perform app.secure_org_table(v_table::regclass, 'lodging');
    execute format('create index on %s (org_name)', v_table);
  end loop;
end;
$$;

---------------------------------------------------------------------------------------------------
-- Reservation timeline
---------------------------------------------------------------------------------------------------

-- One row per reservation with what a timeline block shows. Dates are the UTC calendar days the
-- timeline positions blocks on.
create view catalog.reservations_view with (security_invoker = true) as
select r.id, r.name, r.description, r.confirmation, r.status, r.source_channel,
       r.accommodation_id, a.name as accommodation_name,
       r.check_in, r.check_out,
       (r.check_in at time zone 'UTC')::date as check_in_date,
       (r.check_out at time zone 'UTC')::date as check_out_date,
       coalesce(r.nights, (r.check_out at time zone 'UTC')::date - (r.check_in at time zone 'UTC')::date) as nights,
       r.all_day, r.adults, r.children, r.pets,
       r.rate_id, rt.name as rate_name,
       rt.type_id as rate_type_id, ty.name as rate_type_name,
       ty.abbreviation as rate_type_abbreviation, ty.card_color as rate_type_card_color,
       r.contact_id, c.name as contact_name, r.business_id, b.name as business_name,
       r.total_amount, r.deposit_paid,
       r.org_name, r.archive, r.created_at, r.created_by, r.last_modified_at, r.last_modified_by
from catalog.reservations r
left join catalog.accommodations a on a.id = r.accommodation_id
left join catalog.accommodation_rates rt on rt.id = r.rate_id
left join catalog.accommodation_rate_types ty on ty.id = rt.type_id
left join crm.contacts c on c.id = r.contact_id
left join crm.businesses b on b.id = r.business_id;

do $$
begin
  perform app.secure_view('catalog.reservations_view');
end;
$$;
