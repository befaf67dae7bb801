-- The desk's day names who booked each stay (created_by): under Personal edit a person may move only
-- their own stays, and the desk shows the check-in and check-out buttons on those alone. Same rows and
-- order as before; one more column at the end.
drop function catalog.desk_day(text, date);

create function catalog.desk_day(p_org_name text, p_day date default current_date)
returns table (
  kind text, id uuid, name text, confirmation text, status text,
  accommodation_id uuid, accommodation_name text,
  check_in timestamptz, check_out timestamptz, adults integer, children integer, pets integer,
  contact_name text, total_amount numeric, balance_due numeric, price_overridden boolean,
  created_by uuid
)
  language sql
  stable
  security invoker
  set search_path = ''
as $$
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
$$;

comment on function catalog.desk_day(text, date) is
  'Arrivals, departures and in-house stays of an organisation on a day, with their balance due; as the caller''s read policies allow.';
revoke execute on function catalog.desk_day(text, date) from public, anon;
grant execute on function catalog.desk_day(text, date) to authenticated, service_role;
