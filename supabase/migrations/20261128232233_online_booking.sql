-- online booking: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

alter table app.request_limits drop constraint request_limits_name_check;

create table app.online_bookings (
  reservation_id uuid not null,
  token_hash text not null,
  guest_email text not null,
  quote jsonb not null,
  deposit_due numeric(12,2) not null,
  payment_method text not null,
  payment_reference text,
  hold_until timestamp with time zone,
  created_at timestamp with time zone default now() not null
);
comment on table app.online_bookings is 'a stay a guest booked on the public booking page: the quote they accepted, the deposit and how it is paid, the hash of their link''s token and how long an unconfirmed request holds; written and read by the booking functions only';
revoke all on table app.online_bookings from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.online_bookings to service_role;

alter table catalog.accommodation_classes add column booking_instant boolean default false not null;
alter table catalog.accommodation_classes enable row level security;
comment on table catalog.accommodation_classes is 'component: lodging';
comment on column catalog.accommodation_classes.booking_instant is 'online booking: a guest''s booking of this class is confirmed at once (otherwise it waits for the desk)';
revoke all on table catalog.accommodation_classes from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.accommodation_classes to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.accommodation_classes to service_role;

alter table catalog.lodging_settings add column booking_hold_hours integer default 24 not null;
alter table catalog.lodging_settings add column booking_cancel_days integer default 2 not null;
alter table catalog.lodging_settings add column deposit_percent numeric(5,2) default 0 not null;
alter table catalog.lodging_settings add column deposit_method text default 'on_arrival'::text not null;
alter table catalog.lodging_settings add column bank_details text;
alter table catalog.lodging_settings enable row level security;
comment on table catalog.lodging_settings is 'component: lodging';
comment on column catalog.lodging_settings.booking_hold_hours is 'online booking: hours an unconfirmed request holds its unit before it lapses';
comment on column catalog.lodging_settings.booking_cancel_days is 'online booking: a guest may cancel from the link in the mail until this many days before check-in';
comment on column catalog.lodging_settings.deposit_method is 'how an online booking''s deposit is paid: on_arrival, bank_transfer (with the stay''s reference) or card_link (the payment provider)';
revoke all on table catalog.lodging_settings from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.lodging_settings to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.lodging_settings to service_role;

alter table app.online_bookings add constraint online_bookings_payment_method_check CHECK (payment_method = ANY (ARRAY['on_arrival'::text, 'bank_transfer'::text, 'card_link'::text]));

alter table app.online_bookings add constraint online_bookings_pkey PRIMARY KEY (reservation_id);

alter table app.online_bookings add constraint online_bookings_token_hash_key UNIQUE (token_hash);

alter table catalog.lodging_settings add constraint lodging_settings_booking_cancel_days_check CHECK (booking_cancel_days >= 0 AND booking_cancel_days <= 365);

alter table catalog.lodging_settings add constraint lodging_settings_booking_hold_hours_check CHECK (booking_hold_hours >= 1 AND booking_hold_hours <= 720);

alter table catalog.lodging_settings add constraint lodging_settings_deposit_method_check CHECK (deposit_method = ANY (ARRAY['on_arrival'::text, 'bank_transfer'::text, 'card_link'::text]));

alter table catalog.lodging_settings add constraint lodging_settings_deposit_percent_check CHECK (deposit_percent >= 0::numeric AND deposit_percent <= 100::numeric);

alter table app.request_limits add constraint request_limits_name_check CHECK (name = ANY (ARRAY['sign_in_sign_ups'::text, 'token_verifications'::text, 'booking_searches'::text, 'booking_requests'::text]));

CREATE INDEX online_bookings_hold_until_idx ON app.online_bookings USING btree (hold_until) WHERE (hold_until IS NOT NULL);

alter table app.online_bookings add constraint online_bookings_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES catalog.reservations(id) ON DELETE CASCADE;

CREATE OR REPLACE FUNCTION app.booking_link(p_org text, p_token text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select rtrim(coalesce(nullif(current_setting('steward.site_url', true), ''), 'http://localhost:3000'), '/')
         || '/book/' || app.url_segment(p_org) || '/stay/' || p_token
$function$;
revoke all on function app.booking_link(p_org text, p_token text) from public, anon, authenticated, service_role;
grant execute on function app.booking_link(p_org text, p_token text) to service_role;
comment on function app.booking_link(p_org text, p_token text) is 'the guest''s own page of an online booking, on the site steward.site_url names';

CREATE OR REPLACE FUNCTION app.booking_mail(p_stay catalog.reservations, p_subject text, p_intro text, p_token text)
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
  v_payment text;
begin
  select * into v_booking from app.online_bookings b where b.reservation_id = p_stay.id;
  if v_booking is null then
    return;
  end if;
  select a.name into v_unit from catalog.accommodations a where a.id = p_stay.accommodation_id;
  select s.currency, s.bank_details into v_currency, v_bank from catalog.lodging_settings s where s.org_name = p_stay.org_name;
  v_currency := coalesce(v_currency, 'USD');
  v_payment := case
    when v_booking.deposit_due <= 0 then null
    when v_booking.payment_method = 'bank_transfer' then
      format('Deposit due: %s %s by bank transfer, reference %s%s', to_char(v_booking.deposit_due, 'FM999999990.00'), v_currency,
             v_booking.payment_reference, case when v_bank is not null then E'\n' || v_bank else '' end)
    when v_booking.payment_method = 'card_link' then
      format('Deposit due: %s %s by card (the payment link is on your booking''s page)', to_char(v_booking.deposit_due, 'FM999999990.00'), v_currency)
    else format('Deposit due: %s %s on arrival', to_char(v_booking.deposit_due, 'FM999999990.00'), v_currency)
  end;
  perform app.enqueue_mail(
    v_booking.guest_email,
    format('%s (%s)', p_subject, p_stay.confirmation),
    concat_ws(E'\n',
      p_intro,
      '',
      format('Confirmation: %s', p_stay.confirmation),
      format('Accommodation: %s', coalesce(v_unit, '—')),
      format('Check-in: %s', to_char(p_stay.check_in at time zone 'UTC', 'FMDay, FMMonth FMDD, YYYY')),
      format('Check-out: %s', to_char(p_stay.check_out at time zone 'UTC', 'FMDay, FMMonth FMDD, YYYY')),
      format('Total: %s %s', to_char(coalesce(p_stay.total_amount, 0), 'FM999999990.00'), v_currency),
      v_payment,
      case when p_token is not null then E'\n' || format('See or cancel your booking: %s', app.booking_link(p_stay.org_name, p_token)) end),
    null,
    'online_booking',
    p_stay.org_name,
    'catalog.reservations',
    p_stay.id);
end;
$function$;
revoke all on function app.booking_mail(p_stay catalog.reservations, p_subject text, p_intro text, p_token text) from public, anon, authenticated, service_role;
grant execute on function app.booking_mail(p_stay catalog.reservations, p_subject text, p_intro text, p_token text) to service_role;
comment on function app.booking_mail(p_stay catalog.reservations, p_subject text, p_intro text, p_token text) is 'an e-mail about an online booking to its guest, through the outbox: the stay, the total, the deposit and how it is paid, and (given the token) the link to the guest''s page';

CREATE OR REPLACE FUNCTION app.booking_offers(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(x.offer order by (x.offer -> 'quote' ->> 'total')::numeric, x.offer ->> 'name'), '[]'::jsonb)
  from (
    select jsonb_build_object(
             'accommodation_id', a.id, 'name', a.name, 'description', a.description, 'class_name', cl.name,
             'beds', a.beds, 'capacity', a.capacity, 'image_url', a.image_url,
             'instant', coalesce(cl.booking_instant, false),
             'quote', q - 'ok' - 'reason' - 'rate_id',
             'deposit_due', round((q ->> 'total')::numeric * coalesce(s.deposit_percent, 0) / 100, 2)) as offer
    from catalog.accommodations a
    left join catalog.accommodation_classes cl on cl.id = a.class_id
    left join catalog.lodging_settings s on s.org_name = a.org_name
    cross join lateral catalog.quote_stay(a.id, p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0), current_date) q
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
      and (q ->> 'ok')::boolean
  ) x
$function$;
revoke all on function app.booking_offers(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) from public, anon, authenticated, service_role;
grant execute on function app.booking_offers(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to service_role;
comment on function app.booking_offers(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) is 'the units of an organisation free for the dates that sleep the party, each priced by catalog.quote_stay (the desk''s quote) with the deposit due; cheapest first';

CREATE OR REPLACE FUNCTION app.booking_org(p_org text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select o.org_name
  from public.organizations o
  join settings.components c on c.name = 'booking'
  join settings.org_components oc on oc.org_name = o.org_name and oc.component_id = c.id and oc.enabled
  where o.org_name = p_org and o.org_name <> '_system_default_'
$function$;
revoke all on function app.booking_org(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.booking_org(p_org text) to service_role;
comment on function app.booking_org(p_org text) is 'the organisation a public booking page names, when it has enabled the booking component; null otherwise';

CREATE OR REPLACE FUNCTION app.booking_stay_problem(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_window integer;
begin
  if p_check_in is null or p_check_out is null then
    return 'Choose a check-in and a check-out date.';
  end if;
  if p_check_out <= p_check_in then
    return 'Check-out must be after check-in.';
  end if;
  if p_check_in < current_date then
    return 'Check-in cannot be in the past.';
  end if;
  if p_check_out - p_check_in > 30 then
    return 'A stay booked online can be at most 30 nights.';
  end if;
  select coalesce(max(r.max_advance_days), 365) into v_window
  from catalog.accommodation_rates r where r.org_name = p_org and not r.archive and r.max_advance_days is not null;
  if p_check_in > current_date + v_window then
    return format('Bookings open at most %s days ahead.', v_window);
  end if;
  if p_adults is null or p_adults < 1 then
    return 'At least one adult must stay.';
  end if;
  if p_adults > 99 or coalesce(p_children, 0) not between 0 and 99 or coalesce(p_pets, 0) not between 0 and 20 then
    return 'Enter the number of adults, children and pets.';
  end if;
  return null;
end;
$function$;
revoke all on function app.booking_stay_problem(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) from public, anon, authenticated, service_role;
grant execute on function app.booking_stay_problem(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to service_role;
comment on function app.booking_stay_problem(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) is 'why a guest''s dates and party cannot be searched or booked (the message the booking page shows), or null';

CREATE OR REPLACE FUNCTION app.booking_stay_range(p_check_in date, p_check_out date)
 RETURNS tstzrange
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select tstzrange((p_check_in + time '16:00') at time zone 'UTC', (p_check_out + time '11:00') at time zone 'UTC', '[)') $function$;
revoke all on function app.booking_stay_range(p_check_in date, p_check_out date) from public, anon, authenticated, service_role;
grant execute on function app.booking_stay_range(p_check_in date, p_check_out date) to service_role;
comment on function app.booking_stay_range(p_check_in date, p_check_out date) is 'the time an online booking holds its unit: from 16:00 on the check-in day to 11:00 on the check-out day (UTC, as the desk''s days are)';

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
    'currency', coalesce(s.currency, 'USD'),
    'deposit_due', p_booking.deposit_due,
    'payment_method', p_booking.payment_method,
    'payment_reference', p_booking.payment_reference,
    'bank_details', case when p_booking.payment_method = 'bank_transfer' then s.bank_details end,
    'hold_until', p_booking.hold_until,
    'cancel_until', app.stay_day(r.check_in) - coalesce(s.booking_cancel_days, 2),
    'can_cancel', r.status in ('Tentative', 'Confirmed') and current_date <= app.stay_day(r.check_in) - coalesce(s.booking_cancel_days, 2))
  from catalog.reservations r
  left join catalog.accommodations a on a.id = r.accommodation_id
  left join catalog.lodging_settings s on s.org_name = r.org_name
  where r.id = p_booking.reservation_id
$function$;
revoke all on function app.booking_view(p_booking app.online_bookings) from public, anon, authenticated, service_role;
grant execute on function app.booking_view(p_booking app.online_bookings) to service_role;
comment on function app.booking_view(p_booking app.online_bookings) is 'what the guest''s own page shows of an online booking';

CREATE OR REPLACE FUNCTION app.lapse_booking_requests()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_count integer;
begin
  with lapsed as (
    select b.reservation_id from app.online_bookings b
    join catalog.reservations r on r.id = b.reservation_id
    where b.hold_until is not null and b.hold_until <= now() and r.status = 'Tentative'
    for update of r skip locked
  )
  update catalog.reservations r
     set status = 'Cancelled', cancellation_reason = 'Not confirmed in time'
    from lapsed l where r.id = l.reservation_id;
  get diagnostics v_count = row_count;
  return v_count;
end;
$function$;
revoke all on function app.lapse_booking_requests() from public, anon, authenticated, service_role;
grant execute on function app.lapse_booking_requests() to service_role;
comment on function app.lapse_booking_requests() is 'scheduled: online booking requests the desk has not confirmed within the organisation''s hold time are cancelled (the guest is e-mailed), freeing their unit';

CREATE OR REPLACE FUNCTION app.online_booking_status_mail()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from app.online_bookings b where b.reservation_id = new.id) then
    return null;
  end if;
  if new.status <> 'Tentative' then
    update app.online_bookings set hold_until = null where reservation_id = new.id and hold_until is not null;
  end if;
  if old.status = 'Tentative' and new.status = 'Cancelled' then
    if new.cancellation_reason = 'Not confirmed in time' then
      perform app.booking_mail(new, 'Your booking request has lapsed', format('%s could not confirm your booking request in time, so the dates are free again. You have not been charged.', new.org_name), null);
    elsif new.cancellation_reason is distinct from 'Cancelled by the guest' then
      perform app.booking_mail(new, 'Your booking request was declined', format('Sorry: %s cannot take your booking request for these dates. You have not been charged.', new.org_name), null);
    end if;
  end if;
  return null;
end;
$function$;
revoke all on function app.online_booking_status_mail() from public, anon, authenticated, service_role;
grant execute on function app.online_booking_status_mail() to service_role;
comment on function app.online_booking_status_mail() is 'after the desk answers an online booking request: the hold ends, and a declined (or lapsed) request is e-mailed to the guest (a confirmed one gets the desk''s confirmation e-mail)';

CREATE OR REPLACE FUNCTION app.url_segment(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(string_agg(case when t.ch ~ '^[A-Za-z0-9._~-]$' then t.ch
                                  else regexp_replace(upper(encode(convert_to(t.ch, 'UTF8'), 'hex')), '(..)', '%\1', 'g') end,
                             '' order by t.i), '')
  from regexp_split_to_table(p_text, '') with ordinality as t(ch, i)
$function$;
revoke all on function app.url_segment(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.url_segment(p_text text) to service_role;
comment on function app.url_segment(p_text text) is 'text percent-encoded for one segment of a URL path (RFC 3986 unreserved characters kept)';

CREATE OR REPLACE FUNCTION public.booking_cancel(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
  v_view jsonb;
  v_stay catalog.reservations;
begin
  perform app.require_request('booking_requests');
  if p_token ~ '^[0-9a-f]{48}$' then
    select * into v_booking from app.online_bookings b where b.token_hash = app.calendar_token_hash(p_token);
  end if;
  if v_booking.reservation_id is null then
    return jsonb_build_object('ok', false, 'reason', 'This booking link is not valid.');
  end if;
  perform 1 from catalog.reservations r where r.id = v_booking.reservation_id for update;
  v_view := app.booking_view(v_booking);
  if v_view ->> 'status' not in ('Tentative', 'Confirmed') then
    return v_view || jsonb_build_object('ok', false, 'reason', format('This booking is %s.', lower(v_view ->> 'status')));
  end if;
  if not (v_view ->> 'can_cancel')::boolean then
    return v_view || jsonb_build_object('ok', false,
      'reason', format('This booking can be cancelled online only until %s. Please contact %s.',
                       to_char((v_view ->> 'cancel_until')::date, 'FMMonth FMDD, YYYY'), v_view ->> 'org_name'));
  end if;
  update catalog.reservations set status = 'Cancelled', cancellation_reason = 'Cancelled by the guest'
  where id = v_booking.reservation_id
  returning * into v_stay;
  perform app.booking_mail(v_stay, 'Your booking is cancelled', format('Your booking with %s is cancelled, as you asked.', v_stay.org_name), null);
  return app.booking_view(v_booking);
end;
$function$;
revoke all on function public.booking_cancel(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.booking_cancel(p_token text) to anon;
grant execute on function public.booking_cancel(p_token text) to authenticated;
grant execute on function public.booking_cancel(p_token text) to service_role;
comment on function public.booking_cancel(p_token text) is 'The guest cancels their online booking from their link, within the organisation''s cancellation rule (lodging_settings.booking_cancel_days); the guest is e-mailed. Counted against the booking_requests request limit.';

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
    return jsonb_build_object('ok', false, 'reason', 'Online booking is not available here.');
  end if;
  return (
    select jsonb_build_object(
      'ok', true,
      'org_name', o.org_name,
      'display_name', coalesce(nullif(btrim(o.display_name), ''), o.org_name),
      'logo_url', coalesce(b.logo_url, o.logo_url),
      'branding', jsonb_strip_nulls(jsonb_build_object(
        'primary_color', b.primary_color, 'background_color', b.background_color, 'text_color', b.text_color,
        'button_color', b.button_color, 'button_text_color', b.button_text_color, 'link_color', b.link_color,
        'font_family', b.font_family)),
      'currency', coalesce(s.currency, 'USD'),
      'deposit_percent', coalesce(s.deposit_percent, 0),
      'deposit_method', coalesce(s.deposit_method, 'on_arrival'),
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
comment on function public.booking_page(p_org text) is 'The public booking page of an organisation that enabled online booking: its name, logo and colours, currency, deposit and cancellation rule; nothing else. Counted against the booking_searches request limit.';

CREATE OR REPLACE FUNCTION public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
  v_problem text;
  v_unit record;
  v_settings record;
  v_quote jsonb;
  v_name text := btrim(coalesce(p_name, ''));
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_phone text := nullif(btrim(coalesce(p_phone, '')), '');
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_contact uuid;
  v_status text;
  v_stay catalog.reservations;
  v_token text := encode(extensions.gen_random_bytes(24), 'hex');
  v_deposit numeric(12, 2);
  v_range tstzrange;
begin
  perform app.require_request('booking_requests');
  v_org := app.booking_org(p_org);
  if v_org is null then
    return jsonb_build_object('ok', false, 'reason', 'Online booking is not available here.');
  end if;
  v_problem := app.booking_stay_problem(v_org, p_check_in, p_check_out, p_adults, p_children, p_pets);
  if v_problem is not null then
    return jsonb_build_object('ok', false, 'reason', v_problem);
  end if;
  if v_name = '' or length(v_name) > 200 then
    return jsonb_build_object('ok', false, 'reason', 'Enter your name.', 'field', 'name');
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 254 then
    return jsonb_build_object('ok', false, 'reason', 'Enter a valid e-mail address.', 'field', 'email');
  end if;
  if v_phone is not null and v_phone !~ '^\+?[0-9 ().-]{5,40}$' then
    return jsonb_build_object('ok', false, 'reason', 'Enter a valid phone number, or leave it empty.', 'field', 'phone');
  end if;
  if length(coalesce(v_note, '')) > 2000 then
    return jsonb_build_object('ok', false, 'reason', 'A note can be at most 2000 characters.', 'field', 'note');
  end if;
  select a.id, a.name, a.capacity, a.class_id, coalesce(cl.booking_instant, false) as instant into v_unit
  from catalog.accommodations a left join catalog.accommodation_classes cl on cl.id = a.class_id
  where a.id = p_accommodation_id and a.org_name = v_org and not a.archive and a.inventory_count > 0;
  if v_unit.id is null then
    return jsonb_build_object('ok', false, 'reason', 'This unit cannot be booked here.');
  end if;
  if v_unit.capacity is not null and p_adults + coalesce(p_children, 0) > v_unit.capacity then
    return jsonb_build_object('ok', false, 'reason', format('%s sleeps at most %s guests.', v_unit.name, v_unit.capacity));
  end if;
  -- One booking of a unit at a time: the second of two guests racing for it waits here, then finds it taken.
  perform app.lock_accommodation(v_unit.id);
  v_range := app.booking_stay_range(p_check_in, p_check_out);
  if exists (select 1 from catalog.reservations r
             where r.accommodation_id = v_unit.id and app.reservation_is_active(r.status)
               and tstzrange(r.check_in, r.check_out, '[)') && v_range)
     or exists (select 1 from catalog.accommodation_blocks b
                where b.accommodation_id = v_unit.id and tstzrange(b.block_start, b.block_end, '[)') && v_range) then
    return jsonb_build_object('ok', false, 'gone', true,
      'reason', format('Sorry, %s has just been booked for those dates. Here is what is still free.', v_unit.name),
      'offers', app.booking_offers(v_org, p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0)));
  end if;
  v_quote := catalog.quote_stay(v_unit.id, p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0), current_date);
  if not (v_quote ->> 'ok')::boolean then
    return jsonb_build_object('ok', false, 'reason', v_quote ->> 'reason');
  end if;
  if p_total is null or p_total <> (v_quote ->> 'total')::numeric then
    return jsonb_build_object('ok', false, 'price_changed', true, 'quote', v_quote - 'ok' - 'reason' - 'rate_id',
      'reason', format('The price for these dates is %s %s; check it and confirm again.',
                       to_char((v_quote ->> 'total')::numeric, 'FM999999990.00'), v_quote ->> 'currency'));
  end if;
  select s.deposit_percent, s.deposit_method, s.booking_hold_hours into v_settings
  from catalog.lodging_settings s where s.org_name = v_org;
  v_deposit := round((v_quote ->> 'total')::numeric * coalesce(v_settings.deposit_percent, 0) / 100, 2);

  -- The guest as a contact: the organisation's contact with this e-mail address, else a new one.
  select m.contact_id into v_contact
  from crm.contact_methods m join crm.contacts c on c.id = m.contact_id
  where m.org_name = v_org and lower(btrim(m.value)) = v_email and not m.archive and not c.archive
  order by m.is_primary desc, m.created_at
  limit 1;
  if v_contact is null then
    insert into crm.contacts (org_name, name, description)
    values (v_org, v_name, 'Booked online') returning id into v_contact;
    insert into crm.contact_methods (org_name, contact_id, value, label, is_primary)
    values (v_org, v_contact, v_email, 'Email', true);
    if v_phone is not null then
      insert into crm.contact_methods (org_name, contact_id, value, label, is_primary)
      values (v_org, v_contact, v_phone, 'Phone', false);
    end if;
  end if;

  v_status := case when v_unit.instant then 'Confirmed' else 'Tentative' end;
  insert into catalog.reservations (org_name, name, accommodation_id, rate_id, source_channel, status, status_notes, contact_id,
    check_in, check_out, nights, adults, children, pets, subtotal, tax_amount, fees_amount, total_amount, deposit_amount,
    other_notes, confirmation_sent_at, confirmation_sent_to)
  values (v_org, v_name, v_unit.id, (v_quote ->> 'rate_id')::uuid, 'Online booking', v_status,
    case when v_status = 'Tentative' then 'Booked online: waiting for the desk to confirm' else 'Booked online' end,
    v_contact, lower(v_range), upper(v_range), (v_quote ->> 'night_count')::integer, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0),
    (v_quote ->> 'subtotal')::numeric, (v_quote ->> 'tax')::numeric, (v_quote ->> 'fees')::numeric, (v_quote ->> 'total')::numeric,
    v_deposit, v_note,
    case when v_status = 'Confirmed' then now() end, case when v_status = 'Confirmed' then v_email end)
  returning * into v_stay;
  insert into app.online_bookings (reservation_id, token_hash, guest_email, quote, deposit_due, payment_method, payment_reference, hold_until)
  values (v_stay.id, app.calendar_token_hash(v_token), v_email, v_quote - 'ok' - 'reason', v_deposit,
    coalesce(v_settings.deposit_method, 'on_arrival'),
    case when coalesce(v_settings.deposit_method, 'on_arrival') = 'bank_transfer' then 'BOOKING ' || v_stay.confirmation end,
    case when v_status = 'Tentative' then now() + make_interval(hours => coalesce(v_settings.booking_hold_hours, 24)) end);
  if v_status = 'Confirmed' then
    perform app.booking_mail(v_stay, 'Your stay is confirmed', format('Your stay with %s is confirmed.', v_org), v_token);
  else
    perform app.booking_mail(v_stay, 'We have your booking request',
      format('Thank you: %s has your booking request and will confirm it within %s hours. Nothing is charged until then.', v_org, coalesce(v_settings.booking_hold_hours, 24)),
      v_token);
  end if;
  return app.booking_view((select b from app.online_bookings b where b.reservation_id = v_stay.id)) || jsonb_build_object('token', v_token);
end;
$function$;
revoke all on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric) from public, anon, authenticated, service_role;
grant execute on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric) to anon;
grant execute on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric) to authenticated;
grant execute on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric) to service_role;
comment on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric) is 'A guest books a unit from the public page: checked again (dates, party, contact details, the unit is the organisation''s and still free, the price the guest saw is the quote''s), then a stay (Tentative, or Confirmed for an instant class) with the guest as a contact (by e-mail, else new), the quote stored, and the guest e-mailed a link to their booking. A unit taken meanwhile answers gone=true with what is still free. Counted against the booking_requests request limit.';

CREATE OR REPLACE FUNCTION public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer DEFAULT 1, p_children integer DEFAULT 0, p_pets integer DEFAULT 0)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
  v_problem text;
  v_offers jsonb;
begin
  perform app.require_request('booking_searches');
  v_org := app.booking_org(p_org);
  if v_org is null then
    return jsonb_build_object('ok', false, 'reason', 'Online booking is not available here.');
  end if;
  v_problem := app.booking_stay_problem(v_org, p_check_in, p_check_out, p_adults, p_children, p_pets);
  if v_problem is not null then
    return jsonb_build_object('ok', false, 'reason', v_problem);
  end if;
  v_offers := app.booking_offers(v_org, p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0));
  return jsonb_build_object('ok', true, 'offers', v_offers,
    'reason', case when jsonb_array_length(v_offers) = 0 then 'Nothing is free for those dates and guests. Try other dates or fewer guests.' end);
end;
$function$;
revoke all on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) from public, anon, authenticated, service_role;
grant execute on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to anon;
grant execute on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to authenticated;
grant execute on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to service_role;
comment on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) is 'The units free for the dates that sleep the party, priced as the desk prices them (catalog.quote_stay), with the deposit due; or the reason the search is refused. Counted against the booking_searches request limit.';

CREATE OR REPLACE FUNCTION public.booking_stay(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
begin
  perform app.require_request('booking_searches');
  if p_token ~ '^[0-9a-f]{48}$' then
    select * into v_booking from app.online_bookings b where b.token_hash = app.calendar_token_hash(p_token);
  end if;
  if v_booking.reservation_id is null then
    return jsonb_build_object('ok', false, 'reason', 'This booking link is not valid.');
  end if;
  return app.booking_view(v_booking);
end;
$function$;
revoke all on function public.booking_stay(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.booking_stay(p_token text) to anon;
grant execute on function public.booking_stay(p_token text) to authenticated;
grant execute on function public.booking_stay(p_token text) to service_role;
comment on function public.booking_stay(p_token text) is 'The guest''s own page of an online booking, for the holder of the link''s token; no account.';

CREATE TRIGGER steward_91_online_booking_status AFTER UPDATE OF status ON catalog.reservations FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION app.online_booking_status_mail();

-- Data: the public booking page's request limits (per client address per five minutes), and the
-- scheduler's job that lapses booking requests the desk did not confirm within the hold time.
insert into app.request_limits (name, per_five_minutes) values ('booking_searches', 300), ('booking_requests', 20)
on conflict (name) do nothing;

insert into app.scheduled_jobs (name, function_name, every) values ('lapse_booking_requests', 'app.lapse_booking_requests', interval '5 minutes')
on conflict (name) do nothing;
