-- online booking card payment: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

create table app.payment_events (
  provider text not null,
  event_id text not null,
  reservation_id uuid not null,
  payment_id uuid,
  received_at timestamp with time zone default now() not null
);
comment on table app.payment_events is 'each payment provider event applied to an online booking, once: a provider sending the same event again (a webhook retried) finds it here and changes nothing';
revoke all on table app.payment_events from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.payment_events to service_role;

alter table app.online_bookings add column deposit_paid_at timestamp with time zone;
comment on table app.online_bookings is 'a stay a guest booked on the public booking page: the quote they accepted, the deposit and how it is paid, the hash of their link''s token and how long an unconfirmed request holds; written and read by the booking functions only';
comment on column app.online_bookings.deposit_paid_at is 'when the card payment provider reported the deposit paid (the payment itself is a catalog.reservation_payments row)';
revoke all on table app.online_bookings from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.online_bookings to service_role;

alter table app.payment_events add constraint payment_events_pkey PRIMARY KEY (provider, event_id);

alter table app.payment_events add constraint payment_events_provider_check CHECK (provider = ANY (ARRAY['stripe'::text, 'test'::text]));

CREATE INDEX payment_events_reservation_id_idx ON app.payment_events USING btree (reservation_id);

alter table app.payment_events add constraint payment_events_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES catalog.reservations(id) ON DELETE CASCADE;

CREATE OR REPLACE FUNCTION app.booking_card_keys(p_org text)
 RETURNS app.integration_secrets
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select k.*
  from settings.integrations i
  join app.integration_secrets k on k.integration_id = i.id
  where i.org_name = p_org and i.type = 'stripe' and i.is_active and not i.archive
    and k.api_secret is not null and k.webhook_secret is not null
  order by i.last_modified_at desc, i.id
  limit 1
$function$;
revoke all on function app.booking_card_keys(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.booking_card_keys(p_org text) to service_role;
comment on function app.booking_card_keys(p_org text) is 'the organisation''s card payment keys (its active Stripe integration with a secret key and a webhook signing secret, Settings → Integrations), or null: card payment is switched on exactly when this is not null';

CREATE OR REPLACE FUNCTION app.booking_deposit_method(p_org text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when coalesce(s.deposit_method, 'on_arrival') = 'card_link' and (app.booking_card_keys(p_org)).integration_id is null then 'on_arrival'
    else coalesce(s.deposit_method, 'on_arrival')
  end
  from (select 1) one
  left join catalog.lodging_settings s on s.org_name = p_org
$function$;
revoke all on function app.booking_deposit_method(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.booking_deposit_method(p_org text) to service_role;
comment on function app.booking_deposit_method(p_org text) is 'how an online booking''s deposit is paid: the organisation''s choice (lodging_settings.deposit_method), except that a card-payment link falls back to on arrival while no card payment keys are entered';

CREATE OR REPLACE FUNCTION public.booking_payment_keys(p_reservation_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object('secret_key', k.api_secret, 'webhook_secret', k.webhook_secret)
  from catalog.reservations r
  join app.online_bookings b on b.reservation_id = r.id
  cross join lateral app.booking_card_keys(r.org_name) k
  where r.id = p_reservation_id and k.integration_id is not null
$function$;
revoke all on function public.booking_payment_keys(p_reservation_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.booking_payment_keys(p_reservation_id uuid) to service_role;
comment on function public.booking_payment_keys(p_reservation_id uuid) is 'Server side only: the payment keys of the organisation an online booking belongs to, to verify a provider''s webhook about it; null when there is no such booking or no keys.';

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
  v_currency := coalesce((select s.currency from catalog.lodging_settings s where s.org_name = v_stay.org_name), 'USD');
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
  perform app.booking_mail(v_stay, 'Your deposit is paid',
    format('Thank you: %s received your deposit of %s %s.', v_stay.org_name, to_char(p_amount, 'FM999999990.00'), v_currency), null);
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
begin
  if p_token ~ '^[0-9a-f]{48}$' then
    select * into v_booking from app.online_bookings b where b.token_hash = app.calendar_token_hash(p_token);
  end if;
  if v_booking.reservation_id is null then
    return jsonb_build_object('ok', false, 'reason', 'This booking link is not valid.');
  end if;
  select * into v_stay from catalog.reservations r where r.id = v_booking.reservation_id;
  if v_booking.payment_method <> 'card_link' or v_booking.deposit_due <= 0 then
    return jsonb_build_object('ok', false, 'reason', 'This booking has no deposit to pay by card.');
  end if;
  if v_booking.deposit_paid_at is not null then
    return jsonb_build_object('ok', false, 'reason', 'The deposit for this booking is already paid.');
  end if;
  if v_stay.status not in ('Tentative', 'Confirmed') then
    return jsonb_build_object('ok', false, 'reason', format('This booking is %s.', lower(v_stay.status)));
  end if;
  v_keys := app.booking_card_keys(v_stay.org_name);
  if v_keys.integration_id is null then
    return jsonb_build_object('ok', false, 'reason', format('Card payment is not available at the moment. Please contact %s.', v_stay.org_name));
  end if;
  return jsonb_build_object(
    'ok', true,
    'reservation_id', v_stay.id,
    'org_name', v_stay.org_name,
    'confirmation', v_stay.confirmation,
    'description', format('Deposit for %s, %s – %s (%s)', coalesce((select a.name from catalog.accommodations a where a.id = v_stay.accommodation_id), 'your stay'),
                          to_char(app.stay_day(v_stay.check_in), 'FMMon FMDD'), to_char(app.stay_day(v_stay.check_out), 'FMMon FMDD, YYYY'), v_stay.confirmation),
    'amount', v_booking.deposit_due,
    'currency', coalesce((select s.currency from catalog.lodging_settings s where s.org_name = v_stay.org_name), 'USD'),
    'email', v_booking.guest_email,
    'return_url', app.booking_link(v_stay.org_name, p_token),
    'secret_key', v_keys.api_secret,
    'webhook_secret', v_keys.webhook_secret);
end;
$function$;
revoke all on function public.booking_payment_start(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.booking_payment_start(p_token text) to service_role;
comment on function public.booking_payment_start(p_token text) is 'Server side only (the payments function, as service role): what a card payment of an online booking''s deposit needs (amount, currency, description, the guest''s page to return to) and the organisation''s payment keys; or why the deposit cannot be paid by card.';

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
    when v_booking.deposit_paid_at is not null then
      format('Deposit paid: %s %s by card', to_char(v_booking.deposit_due, 'FM999999990.00'), v_currency)
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
    'deposit_paid_at', p_booking.deposit_paid_at,
    'can_pay', p_booking.payment_method = 'card_link' and p_booking.deposit_due > 0 and p_booking.deposit_paid_at is null
               and r.status in ('Tentative', 'Confirmed') and (app.booking_card_keys(r.org_name)).integration_id is not null,
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
  select s.deposit_percent, app.booking_deposit_method(v_org) as deposit_method, s.booking_hold_hours into v_settings
  from (select 1) one left join catalog.lodging_settings s on s.org_name = v_org;
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
