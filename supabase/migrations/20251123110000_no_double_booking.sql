-- No double booking (issue 10): an accommodation holds at most one active reservation at any moment,
-- and never a reservation inside one of its block-outs.
--
-- * Reservation against reservation: an exclusion constraint on (accommodation_id, [check_in,
--   check_out)) over the rows that are not cancelled. Half-open ranges, so a stay that ends at 11:00
--   and the next that starts at 16:00 the same day (a turnover) do not collide.
-- * Reservation against block-out: two tables cannot share one exclusion constraint, so a trigger on
--   each side checks the other. Both triggers first take a transaction-scoped advisory lock on the
--   accommodation, so two concurrent writes for the same unit are serialised: the second sees the
--   first's committed row and is refused with the same clear message.
-- Refusals are raised the PostgREST way (SQLSTATE 'PGRST' with a JSON message) so the API answers
-- 409 Conflict with code 23P01 (exclusion_violation) and the clear message below; PostgREST 12 would
-- answer a plain 23P01 with 400.

create extension if not exists btree_gist with schema extensions;

-- The message the API and the timeline's editor show.
create or replace function app.double_booking_message()
returns text
language sql
immutable
as $$ select 'This accommodation is already booked or blocked out for part of those dates.'::text $$;

create or replace function app.reservation_is_active(p_status text)
returns boolean
language sql
immutable
as $$ select coalesce(lower(btrim(p_status)), '') not in ('cancelled', 'canceled') $$;

alter table catalog.reservations
  add constraint reservations_no_double_booking
  exclude using gist (
    accommodation_id with =,
    tstzrange(check_in, check_out, '[)') with &&
  ) where (accommodation_id is not null and app.reservation_is_active(status));

create or replace function app.raise_double_booking(p_details text)
returns void
language plpgsql
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', '23P01', 'message', app.double_booking_message(), 'details', p_details, 'hint', null)::text,
    detail = json_build_object('status', 409, 'headers', json_build_object())::text;
end;
$$;

-- Serialises every booking-relevant write on one accommodation for the rest of the transaction.
create or replace function app.lock_accommodation(p_accommodation_id uuid)
returns void
language sql
volatile
as $$ select pg_advisory_xact_lock(hashtextextended('steward:accommodation:' || p_accommodation_id::text, 0)) $$;

-- Security definer: the check must see every row on the unit, whatever the caller may read.
create or replace function app.refuse_reservation_overlap()
returns trigger
language plpgsql
security definer
set search_path = pg_catalog, catalog, app, extensions
as $$
begin
  if new.accommodation_id is null or not app.reservation_is_active(new.status) then
    return new;
  end if;
  perform app.lock_accommodation(new.accommodation_id);
  if exists (
    select 1 from catalog.reservations r
    where r.accommodation_id = new.accommodation_id
      and r.id <> new.id
      and app.reservation_is_active(r.status)
      and tstzrange(r.check_in, r.check_out, '[)') && tstzrange(new.check_in, new.check_out, '[)')
  ) or exists (
    select 1 from catalog.accommodation_blocks b
    where b.accommodation_id = new.accommodation_id
      and tstzrange(b.block_start, b.block_end, '[)') && tstzrange(new.check_in, new.check_out, '[)')
  ) then
    perform app.raise_double_booking('accommodation ' || new.accommodation_id || ', ' || new.check_in || ' to ' || new.check_out);
  end if;
  return new;
end;
$$;

create trigger steward_40_no_double_booking
  before insert or update of accommodation_id, check_in, check_out, status on catalog.reservations
  for each row execute function app.refuse_reservation_overlap();

create or replace function app.refuse_block_over_reservation()
returns trigger
language plpgsql
security definer
set search_path = pg_catalog, catalog, app, extensions
as $$
begin
  perform app.lock_accommodation(new.accommodation_id);
  if exists (
    select 1 from catalog.reservations r
    where r.accommodation_id = new.accommodation_id
      and app.reservation_is_active(r.status)
      and tstzrange(r.check_in, r.check_out, '[)') && tstzrange(new.block_start, new.block_end, '[)')
  ) then
    perform app.raise_double_booking('block-out on accommodation ' || new.accommodation_id || ' overlaps an active reservation');
  end if;
  return new;
end;
$$;

create trigger steward_40_no_block_over_reservation
  before insert or update of accommodation_id, block_start, block_end on catalog.accommodation_blocks
  for each row execute function app.refuse_block_over_reservation();

revoke all on function app.refuse_reservation_overlap() from public;
revoke all on function app.refuse_block_over_reservation() from public;

-- The timeline reads block-outs per unit and window.
create index accommodation_blocks_window_idx on catalog.accommodation_blocks (accommodation_id, block_start, block_end);
