-- Money on a stay and the front desk's day.
--
-- * catalog.reservation_payments lines are a deposit, a payment or a refund (line_type), each worth
--   qty × unit_price − discount_amount, with when and how it was paid.
-- * catalog.stay_balances: per stay, its total, what was paid (deposits and payments), refunded, and
--   the balance due (total − paid + refunded). Derived on every read, never stored.
-- * catalog.desk_day(org, day): the desk's list for a day — arrivals (check-in that day), departures
--   (check-out that day) and in-house guests (staying through it), not cancelled or no-show, each with
--   its unit, guests, status and balance due. Security invoker.

update catalog.reservation_payments set line_type = lower(btrim(line_type)) where line_type <> lower(btrim(line_type));
update catalog.reservation_payments set line_type = 'payment' where line_type not in ('deposit', 'payment', 'refund');

alter table catalog.reservation_payments
  add column paid_at timestamptz not null default now(),
  add column method text,
  add column notes text,
  add constraint reservation_payments_line_type_known check (line_type in ('deposit', 'payment', 'refund')),
  add constraint reservation_payments_amount_positive check (qty > 0 and unit_price >= 0 and discount_amount >= 0 and qty * unit_price - discount_amount > 0);

create view catalog.stay_balances with (security_invoker = true) as
select r.id as reservation_id, r.org_name,
       coalesce(r.total_amount, 0)::numeric(12, 2) as total_amount,
       coalesce(p.paid, 0)::numeric(12, 2) as paid_amount,
       coalesce(p.refunded, 0)::numeric(12, 2) as refunded_amount,
       (coalesce(r.total_amount, 0) - coalesce(p.paid, 0) + coalesce(p.refunded, 0))::numeric(12, 2) as balance_due
from catalog.reservations r
left join lateral (
  select sum(x.qty * x.unit_price - x.discount_amount) filter (where x.line_type in ('deposit', 'payment')) as paid,
         sum(x.qty * x.unit_price - x.discount_amount) filter (where x.line_type = 'refund') as refunded
  from catalog.reservation_payments x
  where x.reservation_id = r.id and not x.archive
) p on true;

do $$
begin
  perform app.secure_view('catalog.stay_balances');
end;
$$;

create function catalog.desk_day(p_org_name text, p_day date default current_date)
returns table (
  kind text, id uuid, name text, confirmation text, status text,
  accommodation_id uuid, accommodation_name text,
  check_in timestamptz, check_out timestamptz, adults integer, children integer, pets integer,
  contact_name text, total_amount numeric, balance_due numeric, price_overridden boolean
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
         s.price_overridden
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
