-- booking page knows the language: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

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
    'can_cancel', r.status in ('Tentative', 'Confirmed') and current_date <= app.stay_day(r.check_in) - coalesce(s.booking_cancel_days, 2),
    -- The language the guest booked in: their page speaks it, as their mails do, on any device.
    'language', p_booking.language)
  from catalog.reservations r
  left join catalog.accommodations a on a.id = r.accommodation_id
  left join catalog.lodging_settings s on s.org_name = r.org_name
  where r.id = p_booking.reservation_id
$function$;
revoke all on function app.booking_view(p_booking app.online_bookings) from public, anon, authenticated, service_role;
grant execute on function app.booking_view(p_booking app.online_bookings) to service_role;
comment on function app.booking_view(p_booking app.online_bookings) is 'what the guest''s own page shows of an online booking';
