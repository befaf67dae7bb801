-- When a member confirms a stay (it becomes Confirmed, or is booked as Confirmed), its contact gets a
-- confirmation e-mail through the mail outbox (app.enqueue_mail) in the same transaction: dates, unit,
-- guests, total and balance due. The stay records when and to whom it went. A stay without a contact
-- or a contact without an e-mail address is confirmed all the same, with nothing sent. Loads by the
-- service (the seed, imports) send nothing.
--
-- The row trigger runs as the member (it only decides); app.send_stay_confirmation runs as the
-- database owner, the only one that reads every contact's address and writes the outbox. It lives in
-- the app schema, which the API does not serve.

alter table catalog.reservations
  add column confirmation_sent_at timestamptz,
  add column confirmation_sent_to text;
comment on column catalog.reservations.confirmation_sent_at is 'when the confirmation e-mail was queued (set by the database)';

create function app.send_stay_confirmation(p_stay catalog.reservations) returns text
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_to text;
  v_unit text;
  v_paid numeric(12, 2);
  v_currency text;
  v_guests text;
  v_body text;
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
  v_guests := concat_ws(', ',
    p_stay.adults || case when p_stay.adults = 1 then ' adult' else ' adults' end,
    case when p_stay.children > 0 then p_stay.children || case when p_stay.children = 1 then ' child' else ' children' end end,
    case when p_stay.pets > 0 then p_stay.pets || case when p_stay.pets = 1 then ' pet' else ' pets' end end);
  v_body := concat_ws(E'\n',
    format('Your stay with %s is confirmed.', p_stay.org_name),
    '',
    format('Confirmation: %s', p_stay.confirmation),
    format('Accommodation: %s', coalesce(v_unit, '—')),
    format('Check-in: %s', to_char(p_stay.check_in at time zone 'UTC', 'FMDay, FMMonth FMDD, YYYY')),
    format('Check-out: %s', to_char(p_stay.check_out at time zone 'UTC', 'FMDay, FMMonth FMDD, YYYY')),
    format('Guests: %s', v_guests),
    format('Total: %s %s', to_char(coalesce(p_stay.total_amount, 0), 'FM999999990.00'), v_currency),
    format('Balance due: %s %s', to_char(coalesce(p_stay.total_amount, 0) - v_paid, 'FM999999990.00'), v_currency));
  perform app.enqueue_mail(
    v_to,
    format('Your stay is confirmed (%s)', p_stay.confirmation),
    v_body,
    null,
    'stay_confirmation',
    p_stay.org_name,
    'catalog.reservations',
    p_stay.id);
  return lower(btrim(v_to));
end;
$$;

revoke all on function app.send_stay_confirmation(catalog.reservations) from public, anon;
grant execute on function app.send_stay_confirmation(catalog.reservations) to authenticated;

create function app.confirm_stay_mail() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  v_to text;
begin
  if tg_op = 'UPDATE' then
    -- Set by the database only.
    new.confirmation_sent_at := old.confirmation_sent_at;
    new.confirmation_sent_to := old.confirmation_sent_to;
  elsif app.is_app_user() then
    new.confirmation_sent_at := null;
    new.confirmation_sent_to := null;
  end if;
  if app.is_app_user() and new.status = 'Confirmed' and (tg_op = 'INSERT' or old.status is distinct from 'Confirmed') then
    v_to := app.send_stay_confirmation(new);
    if v_to is not null then
      new.confirmation_sent_to := v_to;
      new.confirmation_sent_at := now();
    end if;
  end if;
  return new;
end;
$$;

-- After the price (35) and the double-booking check (40): the mail carries the final amounts, and a
-- refused stay rolls the mail back with it.
create trigger steward_45_confirmation_mail
  before insert or update on catalog.reservations
  for each row execute function app.confirm_stay_mail();
