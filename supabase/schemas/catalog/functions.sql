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
    perform app.refuse('P0002', 'stay.notFound', 'Stay not found.');
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
    perform app.refuse('P0002', 'stay.notFound', 'Stay not found.');
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
    perform app.refuse('P0002', 'accommodation.notFound', 'Accommodation not found.');
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
  v_nights integer := p_check_out - p_check_in;
  v_quote jsonb;
  v_refusal jsonb;
begin
  if p_accommodation_id is null or p_check_in is null or p_check_out is null then
    v_refusal := app.refusal('quote.stayRequired', 'Choose an accommodation, a check-in and a check-out.');
  elsif v_nights < 1 then
    v_refusal := app.refusal('quote.oneNight', 'Check-out must be at least one night after check-in.');
  elsif v_nights > 366 then
    v_refusal := app.refusal('quote.tooLong', 'A stay can be at most 366 nights.');
  else
    select q.quote into v_quote
    from catalog.quote_stays(array[p_accommodation_id], p_check_in, p_check_out, p_adults, p_children, p_pets, p_booked_on) q;
    if v_quote is not null then
      return v_quote;
    end if;
    v_refusal := app.refusal('quote.unitNotFound', 'Accommodation not found.');
  end if;
  -- Refused as catalog.quote_stays refuses: the English, the refusal and its list of reasons.
  return jsonb_build_object('ok', false, 'reason', v_refusal ->> 'message', 'refusal', v_refusal, 'reasons', jsonb_build_array(v_refusal));
end;
$function$;
revoke all on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) from public, anon, authenticated, service_role;
grant execute on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) to authenticated;
grant execute on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) to service_role;
comment on function catalog.quote_stay(p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_booked_on date) is 'The price of a stay from the rates: each night at the highest-priority rate whose conditions the stay meets (a rate whose minimum/maximum stay or advance days rule the stay out is skipped for the next), the unit''s base rate where no rate prices the night; nightly lines, subtotal, fees, tax and total, or ok=false naming each rate and the condition that stopped it: the English reason, reasons (each an app.refusal, highest priority first) and refusal (them as one, app.refusal_list) for the reader''s language.';

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
             when r.min_stay is not null and st.nights < r.min_stay
               then app.refusal('rate.minStay', 'Minimum stay is {nights} nights for {rate}', jsonb_build_object('nights', r.min_stay, 'rate', r.name))
             when r.max_stay is not null and st.nights > r.max_stay
               then app.refusal('rate.maxStay', 'Maximum stay is {nights} nights for {rate}', jsonb_build_object('nights', r.max_stay, 'rate', r.name))
             when r.min_advance_days is not null and st.advance < r.min_advance_days
               then app.refusal('rate.minAdvance', '{rate} must be booked at least {days} days ahead', jsonb_build_object('rate', r.name, 'days', r.min_advance_days))
             when r.max_advance_days is not null and st.advance > r.max_advance_days
               then app.refusal('rate.maxAdvance', '{rate} can be booked at most {days} days ahead', jsonb_build_object('rate', r.name, 'days', r.max_advance_days))
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
    select s.unit_id, jsonb_agg(s.stop order by s.priority desc, s.reach, s.stop ->> 'message') as reasons
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
    select u.id as unit_id, t.lines, t.subtotal, case when r.reasons is not null then app.refusal_list(r.reasons) end as refusal, r.reasons, st.nights,
           (coalesce(s.stay_fee, 0) + coalesce(s.nightly_fee, 0) * st.nights)::numeric(12, 2) as fees,
           coalesce(s.tax_percent, 0) as tax_percent,
           round(t.subtotal * coalesce(s.tax_percent, 0) / 100, 2)::numeric(12, 2) as tax,
           coalesce(o.currency, 'USD') as currency
    from unit u
    cross join stay st
    join total t on t.unit_id = u.id
    left join reason r on r.unit_id = u.id
    left join catalog.lodging_settings s on s.org_name = u.org_name
    left join public.organizations o on o.name = u.org_name
  )
  select m.unit_id,
         case when m.refusal is not null
           then jsonb_build_object('ok', false, 'reason', m.refusal ->> 'message', 'refusal', m.refusal, 'reasons', m.reasons, 'night_count', m.nights)
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
