-- quote skips stopped rates: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

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

  -- Every rate that reaches the unit and the stay's dates, with the stay-wide condition that stops it
  -- (null when the stay meets them all). A night takes the highest-priority rate that prices its weekday
  -- and is not stopped; a rate that is stopped is skipped for the next one.
  with candidate as (
    select r.id, r.name, r.priority, r.min_stay, r.max_stay, r.min_advance_days, r.max_advance_days,
           r.included_adults, r.included_children, r.included_pets,
           r.additional_adult, r.additional_child, r.additional_pet, r.rate_range,
           array[r.mon, r.tue, r.wed, r.thu, r.fri, r.sat, r.sun] as prices,
           case when r.accommodation_id is not null then 0 when r.class_id is not null then 1 else 2 end as reach,
           case
             when r.min_stay is not null and v_nights < r.min_stay then format('Minimum stay is %s nights for %s', r.min_stay, r.name)
             when r.max_stay is not null and v_nights > r.max_stay then format('Maximum stay is %s nights for %s', r.max_stay, r.name)
             when r.min_advance_days is not null and v_advance < r.min_advance_days then format('%s must be booked at least %s days ahead', r.name, r.min_advance_days)
             when r.max_advance_days is not null and v_advance > r.max_advance_days then format('%s can be booked at most %s days ahead', r.name, r.max_advance_days)
           end as stop
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
    select n.day, n.dow, c.*, c.prices[n.dow] as price
    from night n
    left join lateral (
      select c.* from candidate c
      where c.rate_range @> n.day and c.prices[n.dow] is not null and c.stop is null
      order by c.priority desc, c.reach, c.prices[n.dow], c.id
      limit 1
    ) c on true
  ),
  -- Rates price a night, but the stay meets none of their conditions: the stay is not priced, and the
  -- reason names each of those rates with the condition that stopped it, highest priority first.
  stopped as (
    select distinct on (c.id) c.id, c.stop, c.priority, c.reach
    from priced p
    join candidate c on c.rate_range @> p.day and c.prices[p.dow] is not null
    where p.id is null
    order by c.id
  ),
  line as (
    select p.day, p.id as rate_id, coalesce(p.name, 'Base rate') as rate_name,
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
    (select string_agg(s.stop, '; ' order by s.priority desc, s.reach, s.stop) from stopped s)
  into v_lines, v_subtotal, v_reason
  from amount a;

  if v_reason is not null then
    return jsonb_build_object('ok', false, 'reason', v_reason, 'night_count', v_nights);
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
comment on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) is 'The price of a stay from the rates: each night at the highest-priority rate whose conditions the stay meets (a rate whose minimum/maximum stay or advance days rule the stay out is skipped for the next), the unit''s base rate where no rate prices the night; nightly lines, subtotal, fees, tax and total, or ok=false naming each rate and the condition that stopped it.';
