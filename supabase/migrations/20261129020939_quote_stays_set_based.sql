-- quote stays set based: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION catalog.quote_stays(p_accommodation_ids uuid[], p_check_in date, p_check_out date, p_adults integer DEFAULT 1, p_children integer DEFAULT 0, p_pets integer DEFAULT 0, p_booked_on date DEFAULT CURRENT_DATE)
 RETURNS TABLE(accommodation_id uuid, quote jsonb)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
  -- Every unit at once, in one statement (a search prices dozens of units): every rate that reaches a
  -- unit and the stay's dates, with the stay-wide condition that stops it (null when the stay meets
  -- them all). A night takes the highest-priority rate that prices its weekday and is not stopped; a
  -- rate that is stopped is skipped for the next one.
  with stay as (
    select p_check_out - p_check_in as nights,
           p_check_in - coalesce(p_booked_on, current_date) as advance,
           greatest(coalesce(p_adults, 0), 0) as adults,
           greatest(coalesce(p_children, 0), 0) as children,
           greatest(coalesce(p_pets, 0), 0) as pets
  ),
  unit as (
    select a.id, a.org_name, a.class_id, a.base_rate
    from catalog.accommodations a
    where a.id = any(p_accommodation_ids)
  ),
  candidate as (
    select u.id as unit_id, r.id, r.name, r.priority,
           r.included_adults, r.included_children, r.included_pets,
           r.additional_adult, r.additional_child, r.additional_pet, r.rate_range,
           array[r.mon, r.tue, r.wed, r.thu, r.fri, r.sat, r.sun] as prices,
           case when r.accommodation_id is not null then 0 when r.class_id is not null then 1 else 2 end as reach,
           case
             when r.min_stay is not null and st.nights < r.min_stay then format('Minimum stay is %s nights for %s', r.min_stay, r.name)
             when r.max_stay is not null and st.nights > r.max_stay then format('Maximum stay is %s nights for %s', r.max_stay, r.name)
             when r.min_advance_days is not null and st.advance < r.min_advance_days then format('%s must be booked at least %s days ahead', r.name, r.min_advance_days)
             when r.max_advance_days is not null and st.advance > r.max_advance_days then format('%s can be booked at most %s days ahead', r.name, r.max_advance_days)
           end as stop
    from unit u
    cross join stay st
    join catalog.accommodation_rates r
      on r.org_name = u.org_name
     and not r.archive
     and (r.accommodation_id = u.id or (r.accommodation_id is null and (r.class_id is null or r.class_id = u.class_id)))
     and r.rate_range && daterange(p_check_in, p_check_out, '[)')
  ),
  night as (
    select d::date as day, extract(isodow from d)::int as dow
    from generate_series(p_check_in, p_check_out - 1, interval '1 day') d
  ),
  -- Each unit's night at its best rate: one join and one sort for every unit and night.
  priced as (
    select distinct on (u.id, n.day)
           u.id as unit_id, u.base_rate, n.day, n.dow, c.id as rate_id, c.name, c.prices[n.dow] as price,
           c.included_adults, c.included_children, c.included_pets, c.additional_adult, c.additional_child, c.additional_pet
    from unit u
    cross join night n
    left join candidate c
      on c.unit_id = u.id and c.rate_range @> n.day and c.prices[n.dow] is not null and c.stop is null
    order by u.id, n.day, c.priority desc, c.reach, c.prices[n.dow], c.id
  ),
  -- Rates price a night, but the stay meets none of their conditions: the stay is not priced, and the
  -- reason names each of those rates with the condition that stopped it, highest priority first.
  stopped as (
    select distinct on (p.unit_id, c.id) p.unit_id, c.stop, c.priority, c.reach
    from priced p
    join candidate c on c.unit_id = p.unit_id and c.rate_range @> p.day and c.prices[p.dow] is not null
    where p.rate_id is null
    order by p.unit_id, c.id
  ),
  reason as (
    select s.unit_id, string_agg(s.stop, '; ' order by s.priority desc, s.reach, s.stop) as text
    from stopped s
    group by s.unit_id
  ),
  line as (
    select p.unit_id, p.day, p.rate_id, coalesce(p.name, 'Base rate') as rate_name,
           coalesce(p.price, p.base_rate)::numeric(12, 2) as price,
           case when p.rate_id is null then 0 else greatest(st.adults - coalesce(p.included_adults, st.adults), 0) end as extra_adults,
           case when p.rate_id is null then 0 else greatest(st.children - coalesce(p.included_children, st.children), 0) end as extra_children,
           case when p.rate_id is null then 0 else greatest(st.pets - coalesce(p.included_pets, st.pets), 0) end as extra_pets,
           coalesce(p.additional_adult, 0) as per_adult, coalesce(p.additional_child, 0) as per_child, coalesce(p.additional_pet, 0) as per_pet
    from priced p
    cross join stay st
  ),
  amount as (
    select l.*, (l.extra_adults * l.per_adult + l.extra_children * l.per_child + l.extra_pets * l.per_pet)::numeric(12, 2) as extras
    from line l
  ),
  total as (
    select a.unit_id,
           jsonb_agg(jsonb_build_object(
             'date', a.day, 'rate_id', a.rate_id, 'rate_name', a.rate_name, 'price', a.price,
             'extra_adults', a.extra_adults, 'extra_children', a.extra_children, 'extra_pets', a.extra_pets,
             'extras', a.extras, 'amount', a.price + a.extras) order by a.day) as lines,
           sum(a.price + a.extras)::numeric(12, 2) as subtotal
    from amount a
    group by a.unit_id
  ),
  money as (
    select u.id as unit_id, t.lines, t.subtotal, r.text as reason, st.nights,
           (coalesce(s.stay_fee, 0) + coalesce(s.nightly_fee, 0) * st.nights)::numeric(12, 2) as fees,
           coalesce(s.tax_percent, 0) as tax_percent,
           round(t.subtotal * coalesce(s.tax_percent, 0) / 100, 2)::numeric(12, 2) as tax,
           coalesce(s.currency, 'USD') as currency
    from unit u
    cross join stay st
    join total t on t.unit_id = u.id
    left join reason r on r.unit_id = u.id
    left join catalog.lodging_settings s on s.org_name = u.org_name
  )
  select m.unit_id,
         case when m.reason is not null then jsonb_build_object('ok', false, 'reason', m.reason, 'night_count', m.nights)
         else jsonb_build_object(
           'ok', true,
           'reason', null,
           'nights', m.lines,
           'night_count', m.nights,
           'rate_id', m.lines -> 0 ->> 'rate_id',
           'subtotal', m.subtotal,
           'fees', m.fees,
           'tax_percent', m.tax_percent,
           'tax', m.tax,
           'total', m.subtotal + m.fees + m.tax,
           'currency', m.currency)
         end
  from money m
$function$;
revoke all on function catalog.quote_stays(p_accommodation_ids uuid[], p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) from public, anon, authenticated, service_role;
grant execute on function catalog.quote_stays(p_accommodation_ids uuid[], p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) to authenticated;
grant execute on function catalog.quote_stays(p_accommodation_ids uuid[], p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) to service_role;
comment on function catalog.quote_stays(p_accommodation_ids uuid[], p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) is 'catalog.quote_stay for many units in one set-based statement (what a search of free units prices): one row per unit found, with the quote catalog.quote_stay answers for it. The dates must make 1 to 366 nights (quote_stay checks them).';

CREATE OR REPLACE FUNCTION app.booking_offers(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- The free units that sleep the party first, then all of them priced in one statement (quote_stays).
  with free as (
    select a.id, a.name, a.description, a.beds, a.capacity, a.image_url, cl.name as class_name, coalesce(cl.booking_instant, false) as instant
    from catalog.accommodations a
    left join catalog.accommodation_classes cl on cl.id = a.class_id
    where a.org_name = p_org and not a.archive and a.inventory_count > 0
      and (a.capacity is null or a.capacity >= p_adults + coalesce(p_children, 0))
      and not exists (
        select 1 from catalog.reservations r
        where r.accommodation_id = a.id and app.reservation_is_active(r.status)
          and tstzrange(r.check_in, r.check_out, '[)') && app.booking_stay_range(p_check_in, p_check_out))
      and not exists (
        select 1 from catalog.accommodation_blocks b
        where b.accommodation_id = a.id
          and tstzrange(b.block_start, b.block_end, '[)') && app.booking_stay_range(p_check_in, p_check_out))
  ),
  priced as (
    select q.accommodation_id, q.quote
    from catalog.quote_stays((select coalesce(array_agg(f.id), '{}') from free f), p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0), current_date) q
  )
  select coalesce(jsonb_agg(x.offer order by (x.offer -> 'quote' ->> 'total')::numeric, x.offer ->> 'name'), '[]'::jsonb)
  from (
    select jsonb_build_object(
             'accommodation_id', f.id, 'name', f.name, 'description', f.description, 'class_name', f.class_name,
             'beds', f.beds, 'capacity', f.capacity, 'image_url', f.image_url,
             'instant', f.instant,
             'quote', p.quote - 'ok' - 'reason' - 'rate_id',
             'deposit_due', round((p.quote ->> 'total')::numeric * coalesce(s.deposit_percent, 0) / 100, 2)) as offer
    from free f
    join priced p on p.accommodation_id = f.id
    left join catalog.lodging_settings s on s.org_name = p_org
    where (p.quote ->> 'ok')::boolean
  ) x
$function$;
revoke all on function app.booking_offers(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) from public, anon, authenticated, service_role;
grant execute on function app.booking_offers(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to service_role;
comment on function app.booking_offers(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) is 'the units of an organisation free for the dates that sleep the party, each priced by catalog.quote_stay (the desk''s quote) with the deposit due; cheapest first';

CREATE OR REPLACE FUNCTION catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer DEFAULT 1, p_children integer DEFAULT 0, p_pets integer DEFAULT 0, p_booked_on date DEFAULT CURRENT_DATE)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_nights integer := p_check_out - p_check_in;
  v_quote jsonb;
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
  select q.quote into v_quote
  from catalog.quote_stays(array[p_accommodation_id], p_check_in, p_check_out, p_adults, p_children, p_pets, p_booked_on) q;
  return coalesce(v_quote, jsonb_build_object('ok', false, 'reason', 'Accommodation not found.'));
end;
$function$;
revoke all on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) from public, anon, authenticated, service_role;
grant execute on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) to authenticated;
grant execute on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) to service_role;
comment on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) is 'The price of a stay from the rates: each night at the highest-priority rate whose conditions the stay meets (a rate whose minimum/maximum stay or advance days rule the stay out is skipped for the next), the unit''s base rate where no rate prices the night; nightly lines, subtotal, fees, tax and total, or ok=false naming each rate and the condition that stopped it.';
