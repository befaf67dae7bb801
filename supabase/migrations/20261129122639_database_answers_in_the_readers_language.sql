-- database answers in the readers language: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.booking_closed(p_status text)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select app.refusal('booking.closed', 'This booking is {status}.', jsonb_build_object('status', case p_status
    when 'Cancelled' then app.refusal('booking.status.cancelled', 'cancelled')
    when 'Checked in' then app.refusal('booking.status.checkedIn', 'checked in')
    when 'Checked out' then app.refusal('booking.status.checkedOut', 'checked out')
    when 'No-show' then app.refusal('booking.status.noShow', 'no-show')
    else to_jsonb(lower(p_status)) end))
$function$;
revoke all on function app.booking_closed(p_status text) from public, anon, authenticated, service_role;
comment on function app.booking_closed(p_status text) is 'why a guest can no longer change or pay an online booking: "This booking is cancelled." and the like, its status named for the guest''s language';

CREATE OR REPLACE FUNCTION app.refusal_list(p_refusals jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
declare
  v_refusal jsonb;
begin
  if coalesce(jsonb_typeof(p_refusals), 'null') <> 'array' or jsonb_array_length(p_refusals) = 0 then
    return null;
  end if;
  -- From the last: each reason before the ones after it ("A; B; C" is A then "B; C").
  v_refusal := p_refusals -> -1;
  for v_n in reverse jsonb_array_length(p_refusals) - 2 .. 0 loop
    v_refusal := app.refusal('reasons.more', '{reason}; {more}', jsonb_build_object('reason', p_refusals -> v_n, 'more', v_refusal));
  end loop;
  return v_refusal;
end;
$function$;
revoke all on function app.refusal_list(p_refusals jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refusal_list(p_refusals jsonb) to authenticated;
grant execute on function app.refusal_list(p_refusals jsonb) to service_role;
comment on function app.refusal_list(p_refusals jsonb) is 'several refusals (app.refusal) as one, each in its order, joined by "; " (what a quote that several rates stop says); null for none, the refusal itself for one';

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
    "deposit.checkout": {"en": "Deposit for %s, %s – %s (%s)", "es": "Depósito de %s, %s – %s (%s)"},
    "deposit.your_stay": {"en": "your stay", "es": "tu estancia"},
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
comment on function app.mail_phrases() is 'the words of every mail the database writes, each phrase in English and Spanish (read through app.mail_words); a language added here is one a mail is written in once app.mail_locale (and app.online_bookings.language''s check) name it too, with its days and amounts in app.mail_date and app.mail_money';

CREATE OR REPLACE FUNCTION app.price_stay()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
    perform app.refuse('23514', v_quote -> 'refusal');
  end if;
  new.nights := (v_quote ->> 'night_count')::integer;
  new.subtotal := (v_quote ->> 'subtotal')::numeric;
  new.fees_amount := (v_quote ->> 'fees')::numeric;
  new.tax_amount := (v_quote ->> 'tax')::numeric;
  new.total_amount := (v_quote ->> 'total')::numeric;
  new.rate_id := coalesce((v_quote ->> 'rate_id')::uuid, new.rate_id);
  return new;
end;
$function$;
revoke all on function app.price_stay() from public, anon, authenticated, service_role;
grant execute on function app.price_stay() to authenticated;
grant execute on function app.price_stay() to service_role;
grant execute on function app.price_stay() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.refusal(p_id text, p_message text, p_values jsonb DEFAULT '{}'::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
declare
  v_message text := p_message;
  v_values text[] := '{}';
  v_entry record;
begin
  -- Each {name} of the English takes its value, in one pass (a value that holds "{other}" stays as it
  -- is); a value that is itself a refusal reads as its message, a day ({"date": "2027-01-04"}) as
  -- "January 4, 2027" and an amount ({"amount": 12.5, "currency": "USD"}) as "12.50 USD": the page
  -- writes those two in the reader's language (libs' databaseMessage).
  for v_entry in select e.key, e.value from jsonb_each(coalesce(p_values, '{}'::jsonb)) e loop
    v_values := v_values || case jsonb_typeof(v_entry.value)
      when 'null' then ''
      when 'string' then v_entry.value #>> '{}'
      when 'object' then coalesce(v_entry.value ->> 'message',
        to_char((v_entry.value ->> 'date')::date, 'FMMonth FMDD, YYYY'),
        to_char((v_entry.value ->> 'amount')::numeric, 'FM999999990.00') || ' ' || (v_entry.value ->> 'currency'), '')
      else v_entry.value::text end;
    v_message := replace(v_message, '{' || v_entry.key || '}', chr(1) || cardinality(v_values) || chr(2));
  end loop;
  for v_n in 1 .. cardinality(v_values) loop
    v_message := replace(v_message, chr(1) || v_n || chr(2), v_values[v_n]);
  end loop;
  return jsonb_build_object('id', p_id, 'message', v_message, 'values', coalesce(p_values, '{}'::jsonb));
end;
$function$;
revoke all on function app.refusal(p_id text, p_message text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to authenticated;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to service_role;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to steward_import_writer;
comment on function app.refusal(p_id text, p_message text, p_values jsonb) is 'a message a person reads in their language: {id, message (the English with each {name} replaced by its value), values}; libs'' catalogue has it as db.<id> (docs/architecture.md, Database refusals)';

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
           coalesce(s.currency, 'USD') as currency
    from unit u
    cross join stay st
    join total t on t.unit_id = u.id
    left join reason r on r.unit_id = u.id
    left join catalog.lodging_settings s on s.org_name = u.org_name
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
    return app.refusal_answer(app.refusal('booking.linkInvalid', 'This booking link is not valid.'));
  end if;
  perform 1 from catalog.reservations r where r.id = v_booking.reservation_id for update;
  v_view := app.booking_view(v_booking);
  if v_view ->> 'status' not in ('Tentative', 'Confirmed') then
    return v_view || app.refusal_answer(app.booking_closed(v_view ->> 'status'));
  end if;
  if not (v_view ->> 'can_cancel')::boolean then
    return v_view || app.refusal_answer(app.refusal('booking.cancelTooLate', 'This booking can be cancelled online only until {until}. Please contact {org}.',
      jsonb_build_object('until', jsonb_build_object('date', v_view -> 'cancel_until'), 'org', v_view ->> 'org_name')));
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

CREATE OR REPLACE FUNCTION public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
  v_refusal jsonb;
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
    return app.refusal_answer(app.refusal('booking.notAvailable', 'Online booking is not available here.'));
  end if;
  v_refusal := app.booking_stay_refusal(v_org, p_check_in, p_check_out, p_adults, p_children, p_pets);
  if v_refusal is not null then
    return app.refusal_answer(v_refusal);
  end if;
  if v_name = '' or length(v_name) > 200 then
    return app.refusal_answer(app.refusal('booking.nameRequired', 'Enter your name.')) || jsonb_build_object('field', 'name');
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 254 then
    return app.refusal_answer(app.refusal('booking.emailInvalid', 'Enter a valid e-mail address.')) || jsonb_build_object('field', 'email');
  end if;
  if v_phone is not null and v_phone !~ '^\+?[0-9 ().-]{5,40}$' then
    return app.refusal_answer(app.refusal('booking.phoneInvalid', 'Enter a valid phone number, or leave it empty.')) || jsonb_build_object('field', 'phone');
  end if;
  if length(coalesce(v_note, '')) > 2000 then
    return app.refusal_answer(app.refusal('booking.noteTooLong', 'A note can be at most 2000 characters.')) || jsonb_build_object('field', 'note');
  end if;
  select a.id, a.name, a.capacity, a.class_id, coalesce(cl.booking_instant, false) as instant into v_unit
  from catalog.accommodations a left join catalog.accommodation_classes cl on cl.id = a.class_id
  where a.id = p_accommodation_id and a.org_name = v_org and not a.archive and a.inventory_count > 0;
  if v_unit.id is null then
    return app.refusal_answer(app.refusal('booking.unitNotBookable', 'This unit cannot be booked here.'));
  end if;
  if v_unit.capacity is not null and p_adults + coalesce(p_children, 0) > v_unit.capacity then
    return app.refusal_answer(app.refusal('booking.overCapacity', '{unit} sleeps at most {capacity} guests.', jsonb_build_object('unit', v_unit.name, 'capacity', v_unit.capacity)));
  end if;
  -- One booking of a unit at a time: the second of two guests racing for it waits here, then finds it taken.
  perform app.lock_accommodation(v_unit.id);
  v_range := app.booking_stay_range(p_check_in, p_check_out);
  if exists (select 1 from catalog.reservations r
             where r.accommodation_id = v_unit.id and app.reservation_is_active(r.status)
               and tstzrange(r.check_in, r.check_out, '[)') && v_range)
     or exists (select 1 from catalog.accommodation_blocks b
                where b.accommodation_id = v_unit.id and tstzrange(b.block_start, b.block_end, '[)') && v_range) then
    return app.refusal_answer(app.refusal('booking.justBooked', 'Sorry, {unit} has just been booked for those dates. Here is what is still free.', jsonb_build_object('unit', v_unit.name)))
      || jsonb_build_object('gone', true,
      'offers', app.booking_offers(v_org, p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0)));
  end if;
  v_quote := catalog.quote_stay(v_unit.id, p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0), current_date);
  if not (v_quote ->> 'ok')::boolean then
    return jsonb_build_object('ok', false, 'reason', v_quote ->> 'reason', 'refusal', v_quote -> 'refusal', 'reasons', v_quote -> 'reasons');
  end if;
  if p_total is null or p_total <> (v_quote ->> 'total')::numeric then
    return app.refusal_answer(app.refusal('booking.priceChanged', 'The price for these dates is {total}; check it and confirm again.',
             jsonb_build_object('total', jsonb_build_object('amount', (v_quote ->> 'total')::numeric, 'currency', v_quote ->> 'currency'))))
           || jsonb_build_object('price_changed', true, 'quote', v_quote - 'ok' - 'reason' - 'rate_id');
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
