-- A stay's status is one of six values with a fixed flow:
--
--   Tentative → Confirmed → Checked in → Checked out
--   Tentative or Confirmed → Cancelled;  Confirmed → No-show;  Confirmed → Tentative
--   Cancelled → Tentative or Confirmed, No-show → Confirmed (reinstated, if the unit is still free)
--
-- Checked out is final. Cancelled and No-show stays do not hold the unit: the
-- no-double-booking rule (exclusion constraint and triggers) counts only the other four.
-- Existing free text is mapped to the nearest value ('Checked In', 'in-house' → 'Checked in',
-- 'canceled' → 'Cancelled', …); anything else becomes Confirmed and keeps its old text in the notes.
-- Writes are normalised the same way, so 'checked in' from an import is stored as 'Checked in'.
-- catalog.check_in_stay / catalog.check_out_stay are the desk's one-click moves (security invoker:
-- the caller's edit rights apply).

create function app.stay_status(p_status text) returns text
  language sql immutable
  set search_path = ''
as $$
  select case regexp_replace(lower(btrim(coalesce(p_status, ''))), '[\s_-]+', ' ', 'g')
    when 'tentative' then 'Tentative' when 'pending' then 'Tentative' when 'on hold' then 'Tentative'
    when 'hold' then 'Tentative' when 'inquiry' then 'Tentative' when 'enquiry' then 'Tentative'
    when 'confirmed' then 'Confirmed' when 'booked' then 'Confirmed' when 'reserved' then 'Confirmed'
    when 'checked in' then 'Checked in' when 'checkedin' then 'Checked in' when 'in house' then 'Checked in' when 'arrived' then 'Checked in'
    when 'checked out' then 'Checked out' when 'checkedout' then 'Checked out' when 'departed' then 'Checked out' when 'completed' then 'Checked out'
    when 'cancelled' then 'Cancelled' when 'canceled' then 'Cancelled'
    when 'no show' then 'No-show' when 'noshow' then 'No-show'
  end
$$;

-- Existing rows: the nearest value, or Confirmed with the old text kept.
alter table catalog.reservations disable trigger user;
update catalog.reservations
   set status_notes = case when app.stay_status(status) is null
                           then concat_ws(' · ', nullif(btrim(status_notes), ''), 'Status was: ' || status) else status_notes end,
       status = coalesce(app.stay_status(status), 'Confirmed')
 where status is distinct from coalesce(app.stay_status(status), 'Confirmed');
alter table catalog.reservations enable trigger user;

-- The exclusion constraint is rebuilt on the new meaning of "active".
alter table catalog.reservations drop constraint reservations_no_double_booking;

create or replace function app.reservation_is_active(p_status text)
returns boolean
language sql
immutable
as $$ select coalesce(p_status, '') not in ('Cancelled', 'No-show') $$;

alter table catalog.reservations
  add constraint reservations_status_known
    check (status in ('Tentative', 'Confirmed', 'Checked in', 'Checked out', 'Cancelled', 'No-show')),
  add constraint reservations_no_double_booking
    exclude using gist (
      accommodation_id with =,
      tstzrange(check_in, check_out, '[)') with &&
    ) where (accommodation_id is not null and app.reservation_is_active(status));

create function app.stay_status_flow() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.status := coalesce(app.stay_status(new.status), new.status);
  if tg_op = 'UPDATE' and new.status is distinct from old.status then
    if not ((old.status = 'Tentative' and new.status in ('Confirmed', 'Cancelled'))
         or (old.status = 'Confirmed' and new.status in ('Tentative', 'Checked in', 'Cancelled', 'No-show'))
         or (old.status = 'Checked in' and new.status = 'Checked out')
         or (old.status = 'Cancelled' and new.status in ('Tentative', 'Confirmed'))
         or (old.status = 'No-show' and new.status = 'Confirmed')) then
      raise exception using errcode = '23514',
        message = format('A stay that is %s cannot become %s.', old.status, new.status);
    end if;
    if new.status = 'Cancelled' then
      new.cancellation_at := coalesce(new.cancellation_at, now());
    end if;
  end if;
  return new;
end;
$$;

create trigger steward_06_status_flow
  before insert or update on catalog.reservations
  for each row execute function app.stay_status_flow();

create function catalog.check_in_stay(p_reservation_id uuid) returns catalog.reservations
  language plpgsql
  security invoker
  set search_path = ''
as $$
declare
  v_row catalog.reservations;
begin
  update catalog.reservations set status = 'Checked in' where id = p_reservation_id returning * into v_row;
  if not found then
    raise exception using errcode = 'P0002', message = 'Stay not found.';
  end if;
  return v_row;
end;
$$;

create function catalog.check_out_stay(p_reservation_id uuid) returns catalog.reservations
  language plpgsql
  security invoker
  set search_path = ''
as $$
declare
  v_row catalog.reservations;
begin
  update catalog.reservations set status = 'Checked out' where id = p_reservation_id returning * into v_row;
  if not found then
    raise exception using errcode = 'P0002', message = 'Stay not found.';
  end if;
  return v_row;
end;
$$;

revoke execute on function catalog.check_in_stay(uuid) from public, anon;
revoke execute on function catalog.check_out_stay(uuid) from public, anon;
grant execute on function catalog.check_in_stay(uuid) to authenticated, service_role;
grant execute on function catalog.check_out_stay(uuid) to authenticated, service_role;
