-- org currency only: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

-- Data (by hand): Org Data's currency becomes the organisation's only one. An organisation that chose a
-- currency in Lodging Settings while its Org Data still said the default USD keeps the lodging one (its
-- desk, folios and guests' payments were in it); one that set Org Data keeps Org Data's.
update public.organizations o set currency = s.currency
from catalog.lodging_settings s
where s.org_name = o.name and o.currency = 'USD' and s.currency <> 'USD';

alter table catalog.lodging_settings drop constraint lodging_settings_currency_code;

alter table catalog.lodging_settings drop column currency;
alter table catalog.lodging_settings enable row level security;
comment on table catalog.lodging_settings is 'component: lodging';
comment on column catalog.lodging_settings.booking_hold_hours is 'online booking: hours an unconfirmed request holds its unit before it lapses';
comment on column catalog.lodging_settings.booking_cancel_days is 'online booking: a guest may cancel from the link in the mail until this many days before check-in';
comment on column catalog.lodging_settings.deposit_method is 'how an online booking''s deposit is paid: on_arrival, bank_transfer (with the stay''s reference) or card_link (the payment provider)';
revoke all on table catalog.lodging_settings from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.lodging_settings to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.lodging_settings to service_role;

CREATE OR REPLACE FUNCTION app.booking_mail(p_stay catalog.reservations, p_mail text, p_token text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
  v_unit text;
  v_currency text;
  v_bank text;
  v_hold_hours integer;
  v_locale text;
  v_deposit text;
  v_payment text;
begin
  select * into v_booking from app.online_bookings b where b.reservation_id = p_stay.id;
  if v_booking is null then
    return;
  end if;
  select a.name into v_unit from catalog.accommodations a where a.id = p_stay.accommodation_id;
  select s.bank_details, s.booking_hold_hours into v_bank, v_hold_hours
  from catalog.lodging_settings s where s.org_name = p_stay.org_name;
  v_currency := coalesce((select o.currency from public.organizations o where o.name = p_stay.org_name), 'USD');
  -- The language the guest booked in (stored with the booking), else the organisation's.
  v_locale := app.mail_locale(p_stay.org_name, v_booking.language);
  v_deposit := app.mail_money(v_locale, v_booking.deposit_due, v_currency);
  v_payment := case
    when v_booking.deposit_due <= 0 then null
    when v_booking.deposit_paid_at is not null then format(app.mail_words(v_locale, 'deposit.paid'), v_deposit)
    when v_booking.payment_method = 'bank_transfer' then
      format(app.mail_words(v_locale, 'deposit.bank_transfer'), v_deposit, v_booking.payment_reference)
        || case when v_bank is not null then E'\n' || v_bank else '' end
    when v_booking.payment_method = 'card_link' then format(app.mail_words(v_locale, 'deposit.card_link'), v_deposit)
    else format(app.mail_words(v_locale, 'deposit.on_arrival'), v_deposit)
  end;
  perform app.enqueue_mail(
    v_booking.guest_email,
    format('%s (%s)', app.mail_words(v_locale, 'booking.' || p_mail || '.subject'), p_stay.confirmation),
    concat_ws(E'\n',
      case p_mail
        when 'requested' then format(app.mail_words(v_locale, 'booking.requested.intro'), p_stay.org_name, app.mail_count(v_locale, 'hour', coalesce(v_hold_hours, 24)))
        when 'paid' then format(app.mail_words(v_locale, 'booking.paid.intro'), p_stay.org_name, v_deposit)
        else format(app.mail_words(v_locale, 'booking.' || p_mail || '.intro'), p_stay.org_name)
      end,
      '',
      format(app.mail_words(v_locale, 'stay.confirmation'), p_stay.confirmation),
      format(app.mail_words(v_locale, 'stay.accommodation'), coalesce(v_unit, '—')),
      format(app.mail_words(v_locale, 'stay.check_in'), app.mail_date(v_locale, (p_stay.check_in at time zone 'UTC')::date, 'weekday')),
      format(app.mail_words(v_locale, 'stay.check_out'), app.mail_date(v_locale, (p_stay.check_out at time zone 'UTC')::date, 'weekday')),
      format(app.mail_words(v_locale, 'stay.total'), app.mail_money(v_locale, p_stay.total_amount, v_currency)),
      v_payment,
      case when p_token is not null then E'\n' || format(app.mail_words(v_locale, 'booking.link'), app.booking_link(p_stay.org_name, p_token)) end),
    null,
    'online_booking',
    p_stay.org_name,
    'catalog.reservations',
    p_stay.id);
end;
$function$;
revoke all on function app.booking_mail(p_stay catalog.reservations, p_mail text, p_token text) from public, anon, authenticated, service_role;
grant execute on function app.booking_mail(p_stay catalog.reservations, p_mail text, p_token text) to service_role;
comment on function app.booking_mail(p_stay catalog.reservations, p_mail text, p_token text) is 'an e-mail about an online booking to its guest, through the outbox, in the language the guest booked in (else the organisation''s): which mail (requested, confirmed, cancelled, lapsed, declined, paid), the stay, the total, the deposit and how it is paid, and (given the token) the link to the guest''s page';

CREATE OR REPLACE FUNCTION app.booking_view(p_booking app.online_bookings)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'ok', true,
    'org_name', r.org_name,
    'confirmation', r.confirmation,
    'status', r.status,
    'accommodation', a.name,
    'check_in', app.stay_day(r.check_in),
    'check_out', app.stay_day(r.check_out),
    'adults', r.adults, 'children', r.children, 'pets', r.pets,
    'quote', p_booking.quote,
    'total', r.total_amount,
    'currency', coalesce(o.currency, 'USD'),
    'deposit_due', p_booking.deposit_due,
    'payment_method', p_booking.payment_method,
    'payment_reference', p_booking.payment_reference,
    'bank_details', case when p_booking.payment_method = 'bank_transfer' then s.bank_details end,
    'hold_until', p_booking.hold_until,
    'deposit_paid_at', p_booking.deposit_paid_at,
    'can_pay', p_booking.payment_method = 'card_link' and p_booking.deposit_due > 0 and p_booking.deposit_paid_at is null
               and r.status in ('Tentative', 'Confirmed') and (app.booking_card_keys(r.org_name)).integration_id is not null,
    'cancel_until', app.stay_day(r.check_in) - coalesce(s.booking_cancel_days, 2),
    'can_cancel', r.status in ('Tentative', 'Confirmed') and current_date <= app.stay_day(r.check_in) - coalesce(s.booking_cancel_days, 2),
    -- The language the guest booked in: their page speaks it, as their mails do, on any device.
    'language', p_booking.language)
  from catalog.reservations r
  left join catalog.accommodations a on a.id = r.accommodation_id
  left join catalog.lodging_settings s on s.org_name = r.org_name
  left join public.organizations o on o.name = r.org_name
  where r.id = p_booking.reservation_id
$function$;
revoke all on function app.booking_view(p_booking app.online_bookings) from public, anon, authenticated, service_role;
grant execute on function app.booking_view(p_booking app.online_bookings) to service_role;
comment on function app.booking_view(p_booking app.online_bookings) is 'what the guest''s own page shows of an online booking';

CREATE OR REPLACE FUNCTION app.message_merge_values(p_kind text, p_ids uuid[], p_org text)
 RETURNS TABLE(id uuid, email text, merge jsonb)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- The merge fields of many records at once (one statement): the person's, the organisation's, a
  -- stay's; {{unsubscribe_url}} is empty here, each mail's own link is added by its sender.
  select p.id, p.email,
         jsonb_build_object('first_name', p.first_name, 'last_name', p.last_name, 'full_name', p.full_name,
                            'email', coalesce(p.email, ''), 'organization.name', o.label, 'unsubscribe_url', '')
         || case when p_kind = 'reservation' then jsonb_build_object(
              'stay.check_in', to_char(r.check_in at time zone coalesce(o.tz, 'UTC'), 'FMMonth FMDD, YYYY'),
              'stay.check_out', to_char(r.check_out at time zone coalesce(o.tz, 'UTC'), 'FMMonth FMDD, YYYY'),
              'stay.total', to_char(coalesce(r.total_amount, 0), 'FM999999990.00') || ' ' || coalesce(o.currency, 'USD'),
              'stay.unit', coalesce(a.name, ''))
            else '{}'::jsonb end
  from app.message_people(p_kind, p_ids) p
  cross join (select (select coalesce(nullif(o.display_name, ''), o.name) from public.organizations o where o.name = p_org) as label,
                     (select o.currency from public.organizations o where o.name = p_org) as currency,
                     app.org_timezone(p_org) as tz) o
  left join catalog.reservations r on p_kind = 'reservation' and r.id = p.id
  left join catalog.accommodations a on a.id = r.accommodation_id
$function$;
revoke all on function app.message_merge_values(p_kind text, p_ids uuid[], p_org text) from public, anon, authenticated, service_role;
grant execute on function app.message_merge_values(p_kind text, p_ids uuid[], p_org text) to service_role;

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
  v_locale text;
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
  select o.currency into v_currency from public.organizations o where o.name = p_stay.org_name;
  v_currency := coalesce(v_currency, 'USD');
  -- The language the guest booked in when the stay came from the booking page, else the organisation's.
  v_locale := app.mail_locale(p_stay.org_name, (select b.language from app.online_bookings b where b.reservation_id = p_stay.id));
  v_guests := concat_ws(', ',
    app.mail_count(v_locale, 'adult', p_stay.adults),
    case when p_stay.children > 0 then app.mail_count(v_locale, 'child', p_stay.children) end,
    case when p_stay.pets > 0 then app.mail_count(v_locale, 'pet', p_stay.pets) end);
  v_body := concat_ws(E'\n',
    format(app.mail_words(v_locale, 'booking.confirmed.intro'), p_stay.org_name),
    '',
    format(app.mail_words(v_locale, 'stay.confirmation'), p_stay.confirmation),
    format(app.mail_words(v_locale, 'stay.accommodation'), coalesce(v_unit, '—')),
    format(app.mail_words(v_locale, 'stay.check_in'), app.mail_date(v_locale, (p_stay.check_in at time zone 'UTC')::date, 'weekday')),
    format(app.mail_words(v_locale, 'stay.check_out'), app.mail_date(v_locale, (p_stay.check_out at time zone 'UTC')::date, 'weekday')),
    format(app.mail_words(v_locale, 'stay.guests'), v_guests),
    format(app.mail_words(v_locale, 'stay.total'), app.mail_money(v_locale, p_stay.total_amount, v_currency)),
    format(app.mail_words(v_locale, 'stay.balance_due'), app.mail_money(v_locale, coalesce(p_stay.total_amount, 0) - v_paid, v_currency)));
  perform app.enqueue_mail(
    v_to,
    format('%s (%s)', app.mail_words(v_locale, 'booking.confirmed.subject'), p_stay.confirmation),
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

CREATE OR REPLACE FUNCTION public.booking_page(p_org text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
begin
  perform app.require_request('booking_searches');
  v_org := app.booking_org(p_org);
  if v_org is null then
    return app.refusal_answer(app.refusal('booking.notAvailable', 'Online booking is not available here.'));
  end if;
  return (
    select jsonb_build_object(
      'ok', true,
      'org_name', o.org_name,
      'display_name', coalesce(nullif(btrim(o.display_name), ''), o.org_name),
      'language', nullif(btrim(o.language), ''),
      'logo_url', coalesce(b.logo_url, o.logo_url),
      'branding', jsonb_strip_nulls(jsonb_build_object(
        'primary_color', b.primary_color, 'background_color', b.background_color, 'text_color', b.text_color,
        'button_color', b.button_color, 'button_text_color', b.button_text_color, 'link_color', b.link_color,
        'font_family', b.font_family)),
      'currency', o.currency,
      'deposit_percent', coalesce(s.deposit_percent, 0),
      'deposit_method', app.booking_deposit_method(o.org_name),
      'cancel_days', coalesce(s.booking_cancel_days, 2),
      'hold_hours', coalesce(s.booking_hold_hours, 24),
      'pets', exists (select 1 from catalog.accommodation_rates r where r.org_name = o.org_name and not r.archive and r.additional_pet is not null))
    from public.organizations o
    left join settings.org_branding b on b.org_name = o.org_name and not b.archive
    left join catalog.lodging_settings s on s.org_name = o.org_name
    where o.org_name = v_org
    limit 1);
end;
$function$;
revoke all on function public.booking_page(p_org text) from public, anon, authenticated, service_role;
grant execute on function public.booking_page(p_org text) to anon;
grant execute on function public.booking_page(p_org text) to authenticated;
grant execute on function public.booking_page(p_org text) to service_role;
comment on function public.booking_page(p_org text) is 'The public booking page of an organisation that enabled online booking: its name, language, logo and colours, currency, deposit and cancellation rule; nothing else. Counted against the booking_searches request limit.';

CREATE OR REPLACE FUNCTION public.booking_payment_record(p_reservation_id uuid, p_provider text, p_event_id text, p_amount numeric, p_currency text, p_reference text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
  v_stay catalog.reservations;
  v_currency text;
  v_payment uuid;
begin
  if p_provider is null or p_provider not in ('stripe', 'test') or coalesce(btrim(p_event_id), '') = '' or length(p_event_id) > 255 then
    return jsonb_build_object('ok', false, 'reason', 'A payment needs its provider and the provider''s event id.');
  end if;
  select * into v_booking from app.online_bookings b where b.reservation_id = p_reservation_id for update;
  if v_booking.reservation_id is null then
    return jsonb_build_object('ok', false, 'reason', 'No online booking has this reference.');
  end if;
  -- The same event again (a webhook retried): applied once already, nothing changes.
  if exists (select 1 from app.payment_events e where e.provider = p_provider and e.event_id = p_event_id) then
    return jsonb_build_object('ok', true, 'duplicate', true);
  end if;
  select * into v_stay from catalog.reservations r where r.id = p_reservation_id;
  v_currency := coalesce((select o.currency from public.organizations o where o.name = v_stay.org_name), 'USD');
  if p_amount is null or p_amount <> v_booking.deposit_due or upper(coalesce(p_currency, '')) <> v_currency then
    return jsonb_build_object('ok', false, 'reason', format('The amount paid (%s %s) is not the deposit due (%s %s).',
      coalesce(to_char(p_amount, 'FM999999990.00'), '—'), upper(coalesce(p_currency, '')), to_char(v_booking.deposit_due, 'FM999999990.00'), v_currency));
  end if;
  if v_booking.deposit_paid_at is null then
    insert into catalog.reservation_payments (org_name, reservation_id, line_type, qty, unit_price, discount_amount, method, notes, source_schema, source_table)
    values (v_stay.org_name, v_stay.id, 'deposit', 1, p_amount, 0, 'Card (online)',
            format('Online booking deposit, paid by card (%s %s)', p_provider, coalesce(p_reference, p_event_id)), 'app', 'payment_events')
    returning id into v_payment;
    update app.online_bookings set deposit_paid_at = now() where reservation_id = v_stay.id;
  end if;
  insert into app.payment_events (provider, event_id, reservation_id, payment_id) values (p_provider, p_event_id, v_stay.id, v_payment);
  if v_payment is null then
    return jsonb_build_object('ok', true, 'already_paid', true);
  end if;
  perform app.booking_mail(v_stay, 'paid', null);
  return jsonb_build_object('ok', true, 'payment_id', v_payment);
end;
$function$;
revoke all on function public.booking_payment_record(p_reservation_id uuid, p_provider text, p_event_id text, p_amount numeric, p_currency text, p_reference text) from public, anon, authenticated, service_role;
grant execute on function public.booking_payment_record(p_reservation_id uuid, p_provider text, p_event_id text, p_amount numeric, p_currency text, p_reference text) to service_role;
comment on function public.booking_payment_record(p_reservation_id uuid, p_provider text, p_event_id text, p_amount numeric, p_currency text, p_reference text) is 'Server side only (the payments function, after verifying the provider''s signed webhook): the deposit of an online booking paid by card, recorded as a reservation payment exactly once per provider event (app.payment_events) and once per booking; the guest is e-mailed.';

CREATE OR REPLACE FUNCTION public.booking_payment_start(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
  v_stay catalog.reservations;
  v_keys app.integration_secrets;
  v_locale text;
begin
  if p_token ~ '^[0-9a-f]{48}$' then
    select * into v_booking from app.online_bookings b where b.token_hash = app.calendar_token_hash(p_token);
  end if;
  if v_booking.reservation_id is null then
    return app.refusal_answer(app.refusal('booking.linkInvalid', 'This booking link is not valid.'));
  end if;
  select * into v_stay from catalog.reservations r where r.id = v_booking.reservation_id;
  if v_booking.payment_method <> 'card_link' or v_booking.deposit_due <= 0 then
    return app.refusal_answer(app.refusal('booking.noCardDeposit', 'This booking has no deposit to pay by card.'));
  end if;
  if v_booking.deposit_paid_at is not null then
    return app.refusal_answer(app.refusal('booking.depositPaid', 'The deposit for this booking is already paid.'));
  end if;
  if v_stay.status not in ('Tentative', 'Confirmed') then
    return app.refusal_answer(app.booking_closed(v_stay.status));
  end if;
  v_keys := app.booking_card_keys(v_stay.org_name);
  v_locale := app.mail_locale(v_stay.org_name, v_booking.language);
  if v_keys.integration_id is null then
    return app.refusal_answer(app.refusal('booking.cardUnavailable', 'Card payment is not available at the moment. Please contact {org}.', jsonb_build_object('org', v_stay.org_name)));
  end if;
  return jsonb_build_object(
    'ok', true,
    'reservation_id', v_stay.id,
    'org_name', v_stay.org_name,
    'confirmation', v_stay.confirmation,
    -- Shown to the guest on the provider's page: in the language they booked in.
    'description', format(app.mail_words(v_locale, 'deposit.checkout'),
                          coalesce((select a.name from catalog.accommodations a where a.id = v_stay.accommodation_id), app.mail_words(v_locale, 'deposit.your_stay')),
                          app.mail_date(v_locale, app.stay_day(v_stay.check_in), 'day'), app.mail_date(v_locale, app.stay_day(v_stay.check_out), 'long'), v_stay.confirmation),
    'amount', v_booking.deposit_due,
    'currency', coalesce((select o.currency from public.organizations o where o.name = v_stay.org_name), 'USD'),
    'email', v_booking.guest_email,
    'return_url', app.booking_link(v_stay.org_name, p_token),
    'secret_key', v_keys.api_secret,
    'webhook_secret', v_keys.webhook_secret);
end;
$function$;
revoke all on function public.booking_payment_start(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.booking_payment_start(p_token text) to service_role;
comment on function public.booking_payment_start(p_token text) is 'Server side only (the payments function, as service role): what a card payment of an online booking''s deposit needs (amount, currency, description, the guest''s page to return to) and the organisation''s payment keys; or why the deposit cannot be paid by card.';
