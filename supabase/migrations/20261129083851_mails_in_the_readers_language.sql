-- mails in the readers language: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop function app.booking_mail(p_stay catalog.reservations, p_subject text, p_intro text, p_token text);

drop function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric);

alter table app.online_bookings add column language text;
comment on table app.online_bookings is 'a stay a guest booked on the public booking page: the quote they accepted, the deposit and how it is paid, the hash of their link''s token and how long an unconfirmed request holds; written and read by the booking functions only';
comment on column app.online_bookings.deposit_paid_at is 'when the card payment provider reported the deposit paid (the payment itself is a catalog.reservation_payments row)';
comment on column app.online_bookings.language is 'the language the guest booked in (en, es), in which every mail of the booking is written; null for a booking made before it was kept (its mails are in the organisation''s language)';
revoke all on table app.online_bookings from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.online_bookings to service_role;

alter table app.online_bookings add constraint online_bookings_language_check CHECK (language = ANY (ARRAY['en'::text, 'es'::text]));

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
  select s.currency, s.bank_details, s.booking_hold_hours into v_currency, v_bank, v_hold_hours
  from catalog.lodging_settings s where s.org_name = p_stay.org_name;
  v_currency := coalesce(v_currency, 'USD');
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

CREATE OR REPLACE FUNCTION app.mail_count(p_locale text, p_key text, p_count numeric)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  -- English and Spanish both say one of a thing for exactly 1, else many.
  select format(app.mail_words(p_locale, 'count.' || p_key || case when p_count = 1 then '.one' else '.other' end), p_count)
$function$;
revoke all on function app.mail_count(p_locale text, p_key text, p_count numeric) from public, anon, authenticated, service_role;
comment on function app.mail_count(p_locale text, p_key text, p_count numeric) is 'a number of things in a mail, in the locale: "1 adult", "2 adults", "2 adultos"';

CREATE OR REPLACE FUNCTION app.mail_date(p_locale text, p_day date, p_style text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
declare
  v_month text;
begin
  if p_day is null then
    return null;
  end if;
  if p_locale = 'es' then
    -- As Intl writes them for es: "lunes, 3 de febrero de 2027", "3 de febrero de 2027", "3 de febrero".
    v_month := format('%s de %s', extract(day from p_day)::int,
      (array['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'])[extract(month from p_day)::int]);
    return case p_style
      when 'weekday' then format('%s, %s de %s',
        (array['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'])[extract(dow from p_day)::int + 1], v_month, extract(year from p_day)::int)
      when 'long' then format('%s de %s', v_month, extract(year from p_day)::int)
      when 'day' then v_month
    end;
  end if;
  return case p_style
    when 'weekday' then to_char(p_day, 'FMDay, FMMonth FMDD, YYYY')
    when 'long' then to_char(p_day, 'FMMonth FMDD, YYYY')
    when 'day' then to_char(p_day, 'FMMonth FMDD')
  end;
end;
$function$;
revoke all on function app.mail_date(p_locale text, p_day date, p_style text) from public, anon, authenticated, service_role;
comment on function app.mail_date(p_locale text, p_day date, p_style text) is 'a day in a mail, in the locale: weekday ("Monday, February 1, 2027" / "lunes, 1 de febrero de 2027"), long ("February 1, 2027") or day ("February 1")';

CREATE OR REPLACE FUNCTION app.mail_locale(p_org_name text, p_language text DEFAULT NULL::text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- A tag's language ('es-MX' is 'es'); the first candidate Steward speaks, else English.
  select coalesce((
    select l.code
      from (values (1, p_language), (2, (select o.language from public.organizations o where o.org_name = p_org_name))) c(n, tag)
      cross join lateral (select lower(split_part(replace(btrim(c.tag), '_', '-'), '-', 1)) as code) l
     where l.code in ('en', 'es')
     order by c.n
     limit 1), 'en')
$function$;
revoke all on function app.mail_locale(p_org_name text, p_language text) from public, anon, authenticated, service_role;
comment on function app.mail_locale(p_org_name text, p_language text) is 'the language a mail of the organisation is written in: the reader''s (a guest''s choice on the booking page, a member''s profile) when Steward speaks it, else the organisation''s (Org Data), else English';

CREATE OR REPLACE FUNCTION app.mail_money(p_locale text, p_amount numeric, p_currency text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
declare
  v_amount numeric := coalesce(p_amount, 0);
  v_currency text := upper(coalesce(p_currency, 'USD'));
  v_digits int;
  v_rounded numeric;
  v_whole text;
begin
  if p_locale = 'es' then
    -- As Intl.NumberFormat('es', {style: 'currency'}) writes it: "1234,50 €", "12.345,50 US$" (no
    -- thousands separator below 10 000), the currency's own decimals, a no-break space before its symbol.
    v_digits := case
      when v_currency = any (array['AFN', 'ALL', 'BIF', 'CLP', 'COP', 'DJF', 'GNF', 'HUF', 'IDR', 'IQD', 'IRR', 'ISK', 'JPY', 'KMF', 'KPW', 'KRW',
                                   'LAK', 'LBP', 'MGA', 'MMK', 'PKR', 'PYG', 'RWF', 'SLL', 'SOS', 'SYP', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF', 'YER']) then 0
      when v_currency = any (array['BHD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']) then 3
      else 2 end;
    v_rounded := round(abs(v_amount), v_digits);
    v_whole := trunc(v_rounded)::text;
    if length(v_whole) >= 5 then
      v_whole := regexp_replace(v_whole, '(\d)(?=(\d{3})+$)', '\1.', 'g');
    end if;
    return case when v_amount < 0 then '-' else '' end || v_whole
      || case when v_digits > 0 then ',' || lpad(((v_rounded - trunc(v_rounded)) * power(10::numeric, v_digits))::bigint::text, v_digits, '0') else '' end
      || E'\u00a0' || coalesce(('{"EUR": "€", "USD": "US$", "THB": "฿", "VND": "₫", "XCG": "Cg.", "XPF": "CFPF"}'::jsonb) ->> v_currency, v_currency);
  end if;
  return to_char(v_amount, 'FM999999990.00') || ' ' || v_currency;
end;
$function$;
revoke all on function app.mail_money(p_locale text, p_amount numeric, p_currency text) from public, anon, authenticated, service_role;
comment on function app.mail_money(p_locale text, p_amount numeric, p_currency text) is 'an amount in a mail, in the locale and the currency: "1234.50 EUR" in English as the mails always wrote it, "1234,50 €" in Spanish as Intl writes it for es';

CREATE OR REPLACE FUNCTION app.mail_phrases()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  -- Every phrase of the mails the database writes, in each language Steward speaks (the English as the
  -- mails always said it). A phrase's %s are filled by format(), in the same order in every language.
  select $words${
    "booking.requested.subject": {"en": "We have your booking request", "es": "Hemos recibido tu solicitud de reserva"},
    "booking.requested.intro": {"en": "Thank you: %s has your booking request and will confirm it within %s. Nothing is charged until then.",
                                "es": "Gracias: %s ha recibido tu solicitud de reserva y la confirmará en un plazo de %s. No se cobra nada hasta entonces."},
    "booking.confirmed.subject": {"en": "Your stay is confirmed", "es": "Tu estancia está confirmada"},
    "booking.confirmed.intro": {"en": "Your stay with %s is confirmed.", "es": "Tu estancia en %s está confirmada."},
    "booking.cancelled.subject": {"en": "Your booking is cancelled", "es": "Tu reserva está cancelada"},
    "booking.cancelled.intro": {"en": "Your booking with %s is cancelled, as you asked.", "es": "Tu reserva en %s está cancelada, como pediste."},
    "booking.lapsed.subject": {"en": "Your booking request has lapsed", "es": "Tu solicitud de reserva ha caducado"},
    "booking.lapsed.intro": {"en": "%s could not confirm your booking request in time, so the dates are free again. You have not been charged.",
                             "es": "%s no pudo confirmar tu solicitud de reserva a tiempo, así que las fechas vuelven a estar libres. No se te ha cobrado nada."},
    "booking.declined.subject": {"en": "Your booking request was declined", "es": "Tu solicitud de reserva ha sido rechazada"},
    "booking.declined.intro": {"en": "Sorry: %s cannot take your booking request for these dates. You have not been charged.",
                               "es": "Lo sentimos: %s no puede aceptar tu solicitud de reserva para estas fechas. No se te ha cobrado nada."},
    "booking.paid.subject": {"en": "Your deposit is paid", "es": "Tu depósito está pagado"},
    "booking.paid.intro": {"en": "Thank you: %s received your deposit of %s.", "es": "Gracias: %s ha recibido tu depósito de %s."},
    "booking.link": {"en": "See or cancel your booking: %s", "es": "Consulta o cancela tu reserva: %s"},
    "deposit.paid": {"en": "Deposit paid: %s by card", "es": "Depósito pagado: %s con tarjeta"},
    "deposit.bank_transfer": {"en": "Deposit due: %s by bank transfer, reference %s", "es": "Depósito pendiente: %s por transferencia bancaria, referencia %s"},
    "deposit.card_link": {"en": "Deposit due: %s by card (the payment link is on your booking's page)",
                          "es": "Depósito pendiente: %s con tarjeta (el enlace de pago está en la página de tu reserva)"},
    "deposit.on_arrival": {"en": "Deposit due: %s on arrival", "es": "Depósito pendiente: %s a la llegada"},
    "stay.confirmation": {"en": "Confirmation: %s", "es": "Confirmación: %s"},
    "stay.accommodation": {"en": "Accommodation: %s", "es": "Alojamiento: %s"},
    "stay.check_in": {"en": "Check-in: %s", "es": "Llegada: %s"},
    "stay.check_out": {"en": "Check-out: %s", "es": "Salida: %s"},
    "stay.guests": {"en": "Guests: %s", "es": "Huéspedes: %s"},
    "stay.total": {"en": "Total: %s", "es": "Total: %s"},
    "stay.balance_due": {"en": "Balance due: %s", "es": "Saldo pendiente: %s"},
    "count.hour.one": {"en": "%s hour", "es": "%s hora"},
    "count.hour.other": {"en": "%s hours", "es": "%s horas"},
    "count.adult.one": {"en": "%s adult", "es": "%s adulto"},
    "count.adult.other": {"en": "%s adults", "es": "%s adultos"},
    "count.child.one": {"en": "%s child", "es": "%s niño"},
    "count.child.other": {"en": "%s children", "es": "%s niños"},
    "count.pet.one": {"en": "%s pet", "es": "%s mascota"},
    "count.pet.other": {"en": "%s pets", "es": "%s mascotas"},
    "digest.subject": {"en": "Your tasks for %s — %s", "es": "Tus tareas del %s — %s"},
    "digest.body": {"en": "Hello %s,\n\nThese tasks are due today or overdue:\n\n%s\n\nOpen My work: /tasks?view=mine\n",
                    "es": "Hola, %s:\n\nEstas tareas vencen hoy o están vencidas:\n\n%s\n\nAbre Mi trabajo: /tasks?view=mine\n"},
    "digest.task": {"en": "- %s%s (due %s)", "es": "- %s%s (vence el %s)"},
    "digest.overdue": {"en": "OVERDUE: ", "es": "VENCIDA: "},
    "invite.subject": {"en": "Your code to join %s", "es": "Tu código para unirte a %s"},
    "invite.body": {"en": "%s\n\nYour code: %s\n\nThis code accepts only the invitation from %s. If other organisations have invited this address, each has sent its own e-mail with its own code: use the code of the one you want to join.\n\nTo accept, open Steward, choose Get Started, enter this e-mail address, then this code. The code works for one hour.\n\nIf you did not expect this invitation, you can ignore this e-mail: nothing happens without the code.",
                    "es": "%s\n\nTu código: %s\n\nEste código acepta solo la invitación de %s. Si otras organizaciones han invitado a esta dirección, cada una ha enviado su propio correo con su propio código: usa el código de la organización a la que quieras unirte.\n\nPara aceptar, abre Steward, elige Empezar, escribe esta dirección de correo y después este código. El código sirve durante una hora.\n\nSi no esperabas esta invitación, puedes ignorar este correo: no ocurre nada sin el código."},
    "invite.by_organization": {"en": "%s has invited you to join it on Steward as %s.", "es": "%s te ha invitado a unirte a ella en Steward como %s."},
    "invite.by_person": {"en": "%s invited you to join %s on Steward as %s.", "es": "%s te ha invitado a unirte a %s en Steward como %s."},
    "invite.team_member": {"en": "team member", "es": "miembro del equipo"}
  }$words$::jsonb
$function$;
revoke all on function app.mail_phrases() from public, anon, authenticated, service_role;
comment on function app.mail_phrases() is 'the words of every mail the database writes, each phrase in English and Spanish (read through app.mail_words; a language added here is added for every mail)';

CREATE OR REPLACE FUNCTION app.mail_words(p_locale text, p_key text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
declare
  v_phrase jsonb := app.mail_phrases() -> p_key;
begin
  if v_phrase is null then
    raise exception 'No mail phrase %', p_key;
  end if;
  return coalesce(v_phrase ->> p_locale, v_phrase ->> 'en');
end;
$function$;
revoke all on function app.mail_words(p_locale text, p_key text) from public, anon, authenticated, service_role;
comment on function app.mail_words(p_locale text, p_key text) is 'a phrase of a mail (app.mail_phrases) in the locale, in English for a language it lacks; an unknown phrase is an error, never a key in a mail';

CREATE OR REPLACE FUNCTION public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text DEFAULT NULL::text)
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
  -- The language the guest booked in, when Steward speaks it (else the organisation's): every mail of the booking is in it.
  insert into app.online_bookings (reservation_id, token_hash, guest_email, quote, deposit_due, payment_method, payment_reference, hold_until, language)
  values (v_stay.id, app.calendar_token_hash(v_token), v_email, v_quote - 'ok' - 'reason', v_deposit,
    coalesce(v_settings.deposit_method, 'on_arrival'),
    case when coalesce(v_settings.deposit_method, 'on_arrival') = 'bank_transfer' then 'BOOKING ' || v_stay.confirmation end,
    case when v_status = 'Tentative' then now() + make_interval(hours => coalesce(v_settings.booking_hold_hours, 24)) end,
    app.mail_locale(v_org, p_language));
  if v_status = 'Confirmed' then
    perform app.booking_mail(v_stay, 'confirmed', v_token);
  else
    perform app.booking_mail(v_stay, 'requested', v_token);
  end if;
  return app.booking_view((select b from app.online_bookings b where b.reservation_id = v_stay.id)) || jsonb_build_object('token', v_token);
end;
$function$;
revoke all on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) from public, anon, authenticated, service_role;
grant execute on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) to anon;
grant execute on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) to authenticated;
grant execute on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) to service_role;
comment on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) is 'A guest books a unit from the public page: checked again (dates, party, contact details, the unit is the organisation''s and still free, the price the guest saw is the quote''s), then a stay (Tentative, or Confirmed for an instant class) with the guest as a contact (by e-mail, else new), the quote stored, and the guest e-mailed a link to their booking, in the language they booked in (p_language: en or es; any other, the organisation''s). A unit taken meanwhile answers gone=true with what is still free. Counted against the booking_requests request limit.';

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
      perform app.booking_mail(new, 'lapsed', null);
    elsif new.cancellation_reason is distinct from 'Cancelled by the guest' then
      perform app.booking_mail(new, 'declined', null);
    end if;
  end if;
  return null;
end;
$function$;
revoke all on function app.online_booking_status_mail() from public, anon, authenticated, service_role;
grant execute on function app.online_booking_status_mail() to service_role;
comment on function app.online_booking_status_mail() is 'after the desk answers an online booking request: the hold ends, and a declined (or lapsed) request is e-mailed to the guest (a confirmed one gets the desk''s confirmation e-mail)';

CREATE OR REPLACE FUNCTION app.request_invite_code_uncounted(p_email text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_invite record;
  v_code text;
  v_inviter text;
  v_role text;
  v_locale text;
begin
  if v_email = '' then
    raise exception using errcode = 'ST001', message = 'Please fill in all required fields';
  end if;
  if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception using errcode = 'ST002', message = 'Please enter a valid email address';
  end if;
  -- Every request writes, invited or not: a transaction that writes waits for its commit to reach
  -- the disk, one that only reads does not, and that difference alone told invited addresses apart.
  -- The row also serialises requests for one address, so two draws of the address never race.
  insert into app.invite_code_requests as r (email) values (v_email)
  on conflict (email) do update
    set window_started_at = case when r.window_started_at > now() - interval '1 hour' then r.window_started_at else now() end,
        requests = case when r.window_started_at > now() - interval '1 hour' then r.requests + 1 else 1 end;
  -- One mail per invitation, each with its own code naming its organisation and who invited: the
  -- person accepts the one whose code they enter.
  for v_invite in
    select p.id, p.org_name, r.role_name, c.window_started_at, c.sends_in_window
      from public.user_profiles p
      left join public.user_roles r on r.id = p.role_id
      left join app.invite_codes c on c.profile_id = p.id
     where lower(p.email) = v_email and p.status = 'Pending' and p.auth_user_id is null
     order by p.created_at, p.id
  loop
    -- At most 5 codes per invitation per hour; beyond that the answer is the same and no mail goes.
    if v_invite.window_started_at is not null and v_invite.window_started_at > now() - interval '1 hour'
       and v_invite.sends_in_window >= 5 then
      continue;
    end if;
    -- Nor past the organisation's mail quota: the answer stays the same, so it tells nobody of the invitation.
    if app.mail_quota_reached(v_invite.org_name) then
      continue;
    end if;
    -- A code names one invitation: drawn again while another invitation of the address holds it
    -- (the unique key invite_codes_email_code_key states the same).
    loop
      v_code := lpad(((('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint) % 1000000)::text, 6, '0');
      exit when not exists (
        select 1 from app.invite_codes c
         where c.email = v_email and c.code_hash = app.invite_code_hash(v_email, v_code) and c.profile_id <> v_invite.id);
    end loop;
    insert into app.invite_codes as c (profile_id, email, code_hash, expires_at, failed_attempts, window_started_at, sends_in_window)
    values (v_invite.id, v_email, app.invite_code_hash(v_email, v_code), now() + interval '1 hour', 0, now(), 1)
    on conflict (profile_id) do update
      set email = excluded.email,
          code_hash = excluded.code_hash,
          expires_at = excluded.expires_at,
          failed_attempts = 0,
          window_started_at = case when c.window_started_at > now() - interval '1 hour' then c.window_started_at else now() end,
          sends_in_window = case when c.window_started_at > now() - interval '1 hour' then c.sends_in_window + 1 else 1 end;
    v_inviter := app.invitation_inviter(v_invite.id);
    -- In the organisation's language: the invited person has no profile of their own yet.
    v_locale := app.mail_locale(v_invite.org_name);
    v_role := coalesce(nullif(v_invite.role_name, ''), app.mail_words(v_locale, 'invite.team_member'));
    perform app.enqueue_mail(
      v_email,
      format(app.mail_words(v_locale, 'invite.subject'), v_invite.org_name),
      format(app.mail_words(v_locale, 'invite.body'),
             case when v_inviter is null
                  then format(app.mail_words(v_locale, 'invite.by_organization'), v_invite.org_name, v_role)
                  else format(app.mail_words(v_locale, 'invite.by_person'), v_inviter, v_invite.org_name, v_role)
             end,
             v_code, v_invite.org_name),
      null,
      'invite_code',
      v_invite.org_name,
      'public.user_profiles',
      v_invite.id);
  end loop;
end;
$function$;
revoke all on function app.request_invite_code_uncounted(p_email text) from public, anon, authenticated, service_role;
grant execute on function app.request_invite_code_uncounted(p_email text) to service_role;

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
  select s.currency into v_currency from catalog.lodging_settings s where s.org_name = p_stay.org_name;
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

CREATE OR REPLACE FUNCTION app.send_task_digests(p_now timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_person record;
  v_lines text;
  v_mail bigint;
  v_sent integer := 0;
begin
  for v_person in
    select p.id, p.org_name, p.email::text as email, p.name, app.org_today(p.org_name, p_now) as today,
           app.mail_locale(p.org_name, p.language) as locale
      from public.user_profiles p
     where p.task_digest and p.status = 'Active' and p.email is not null and p.org_name <> '_system_default_'
       and (p_now at time zone app.org_timezone(p.org_name))::time >= time '07:00'
       and not exists (select 1 from app.task_digests_sent s
                        where s.profile_id = p.id and s.sent_on = app.org_today(p.org_name, p_now))
  loop
    -- An organisation that has sent its quota of mails gets its digests on a later run (not marked
    -- sent), and holds up no other organisation's.
    if app.mail_quota_reached(v_person.org_name) then
      continue;
    end if;
    -- In the member's own language, else the organisation's.
    select string_agg(format(app.mail_words(v_person.locale, 'digest.task'),
                             case when i.overdue then app.mail_words(v_person.locale, 'digest.overdue') else '' end, i.title,
                             app.mail_date(v_person.locale, i.due_date, 'day')), E'\n' order by i.due_date, i.title)
      into v_lines
      from app.task_digest_items(v_person.id, v_person.today) i;
    if v_lines is not null then
      v_mail := app.enqueue_mail(v_person.email,
        format(app.mail_words(v_person.locale, 'digest.subject'), app.mail_date(v_person.locale, v_person.today, 'day'), v_person.org_name),
        format(app.mail_words(v_person.locale, 'digest.body'), v_person.name, v_lines),
        null, 'task_digest', v_person.org_name, 'public.user_profiles', v_person.id);
      v_sent := v_sent + 1;
    end if;
    insert into app.task_digests_sent (profile_id, sent_on, mail_id) values (v_person.id, v_person.today, v_mail);
    v_mail := null;
  end loop;
  return v_sent;
end;
$function$;
revoke all on function app.send_task_digests(p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.send_task_digests(p_now timestamp with time zone) to service_role;

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
  perform app.booking_mail(v_stay, 'cancelled', null);
  return app.booking_view(v_booking);
end;
$function$;
revoke all on function public.booking_cancel(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.booking_cancel(p_token text) to anon;
grant execute on function public.booking_cancel(p_token text) to authenticated;
grant execute on function public.booking_cancel(p_token text) to service_role;
comment on function public.booking_cancel(p_token text) is 'The guest cancels their online booking from their link, within the organisation''s cancellation rule (lodging_settings.booking_cancel_days); the guest is e-mailed. Counted against the booking_requests request limit.';

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
  perform app.booking_mail(v_stay, 'paid', null);
  return jsonb_build_object('ok', true, 'payment_id', v_payment);
end;
$function$;
revoke all on function public.booking_payment_record(p_reservation_id uuid, p_provider text, p_event_id text, p_amount numeric, p_currency text, p_reference text) from public, anon, authenticated, service_role;
grant execute on function public.booking_payment_record(p_reservation_id uuid, p_provider text, p_event_id text, p_amount numeric, p_currency text, p_reference text) to service_role;
comment on function public.booking_payment_record(p_reservation_id uuid, p_provider text, p_event_id text, p_amount numeric, p_currency text, p_reference text) is 'Server side only (the payments function, after verifying the provider''s signed webhook): the deposit of an online booking paid by card, recorded as a reservation payment exactly once per provider event (app.payment_events) and once per booking; the guest is e-mailed.';
