-- A stay priced from the rates.
--
-- * catalog.lodging_settings: one row per organisation with what a stay costs on top of its nights —
--   the tax rate (percent of the nights' subtotal), a fee per stay and a fee per night — and the
--   currency the desk shows.
-- * catalog.quote_stay(...): the price of a stay (accommodation, check-in and check-out days, adults,
--   children, pets). Each night takes the applicable rate: the rates of the unit's organisation that
--   name the unit, or its class, or neither; whose date range holds the night; that have a price for
--   the night's weekday; the highest priority first (a rate for the unit before one for its class
--   before one for every unit, then the lower price). A night no rate prices is charged the unit's
--   base rate. Guests over those a rate includes are charged its additional adult/child/pet price per
--   night. Each rate used must allow the stay's length (min/max stay) and how far ahead it is booked
--   (min/max advance days); otherwise the quote says why, e.g. 'Minimum stay is 2 nights for Cabin
--   member rate'. Security invoker: the caller's read policies apply to the unit, rates and settings.
-- * A stay written by a member is priced by the same function when its unit, dates or guests change,
--   and refused with the quote's reason; `price_overridden` keeps the amounts typed by hand (and skips
--   the rules), and says so wherever the stay is shown.

create table catalog.lodging_settings (
  id uuid primary key default gen_random_uuid(),
  org_name text not null constraint lodging_settings_org_name_key unique
    references public.organizations (name) on delete cascade,
  tax_percent numeric(6, 3) not null default 0 constraint lodging_settings_tax_range check (tax_percent between 0 and 100),
  stay_fee numeric(12, 2) not null default 0 constraint lodging_settings_stay_fee_not_negative check (stay_fee >= 0),
  nightly_fee numeric(12, 2) not null default 0 constraint lodging_settings_nightly_fee_not_negative check (nightly_fee >= 0),
  currency text not null default 'USD' constraint lodging_settings_currency_code check (currency ~ '^[A-Z]{3}$'),
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

do $$
begin
  perform app.add_audit_foreign_keys('catalog.lodging_settings'::regclass);
  perform app.secure_org_table('catalog.lodging_settings'::regclass, 'lodging');
end;
$$;

alter table catalog.reservations
  add column price_overridden boolean not null default false;
comment on column catalog.reservations.price_overridden is 'the amounts were typed by hand: the stay is not priced from the rates';

-- Rates are looked up per organisation and unit or class.
create index accommodation_rates_lookup_idx on catalog.accommodation_rates (org_name, priority desc) where not archive;

create function catalog.quote_stay(
  p_accommodation_id uuid,
  p_check_in date,
  p_check_out date,
  p_adults integer default 1,
  p_children integer default 0,
  p_pets integer default 0,
  p_booked_on date default current_date
) returns jsonb
  language plpgsql
  stable
  security invoker
  set search_path = ''
as $$
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
$$;

comment on function catalog.quote_stay(uuid, date, date, integer, integer, integer, date) is
  'The price of a stay from the rates: nightly lines, subtotal, fees, tax and total, or ok=false with the reason it cannot be booked.';
revoke execute on function catalog.quote_stay(uuid, date, date, integer, integer, integer, date) from public, anon;
grant execute on function catalog.quote_stay(uuid, date, date, integer, integer, integer, date) to authenticated, service_role;

-- The calendar days a stay covers, as the timeline draws them (UTC).
create function app.stay_day(p_at timestamptz) returns date
  language sql immutable
  set search_path = ''
as $$ select (p_at at time zone 'UTC')::date $$;

-- A member's write prices the stay from the rates (unless its price is overridden) and is refused
-- with the quote's reason. Loads and imports by the service keep the amounts they bring.
create function app.price_stay() returns trigger
  language plpgsql
  set search_path = ''
as $$
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
$$;

create trigger steward_35_price_stay
  before insert or update on catalog.reservations
  for each row execute function app.price_stay();
