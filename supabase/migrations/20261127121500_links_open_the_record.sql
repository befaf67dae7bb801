-- Every link to a stay or a project opens that stay or project, and a stay arriving today is told
-- only while it still holds its unit.
--
-- * A stay opens at /reservations?stay=<id> (the timeline at its day, its booking form open), a
--   project at /projects?project=<short id> (its editor open). Tasks about them (ops.tasks_view's
--   record_path), the calendar's items (ops.calendar_events) and the arrival notice link there
--   instead of to the whole list.
-- * The arrival notice goes to the person who looks after the unit (catalog.accommodations.caretaker_id,
--   set in Lodging Settings), for stays that hold the unit: not cancelled and not no-show
--   (app.reservation_is_active, the rule the double-booking check follows).

create or replace view ops.tasks_view with (security_invoker = true) as
select t.*,
       ap.name as assignee_name,
       coalesce('Contact: ' || c.name, 'Business: ' || b.name, 'Household: ' || h.name,
                'Reservation: ' || r.name, 'Project: ' || p.name) as record_label,
       coalesce('/contact/' || c.short_id, '/business/' || b.short_id, '/household/' || h.short_id,
                '/reservations?stay=' || r.id, '/projects?project=' || p.short_id) as record_path
  from ops.tasks t
  left join public.user_profiles ap on ap.id = t.assignee_id
  left join crm.contacts c on c.id = t.contact_id
  left join crm.businesses b on b.id = t.business_id
  left join crm.households h on h.id = t.household_id
  left join catalog.reservations r on r.id = t.reservation_id
  left join ops.projects p on p.id = t.project_id;

create or replace function ops.calendar_events(p_org_name text, p_from date, p_to date)
returns table (
  kind text, id uuid, title text, detail text,
  starts_local timestamp, ends_local timestamp, all_day boolean,
  color text, unit text, link text
)
  language sql stable security invoker
  set search_path = ''
as $$
  with z as (
    select app.org_timezone(p_org_name) as tz
  ), w as (
    select (p_from::timestamp at time zone z.tz) as from_at, (p_to::timestamp at time zone z.tz) as to_at, z.tz from z
  )
  select 'reservation', r.id, r.name, coalesce(ty.name, rt.name),
         r.check_in at time zone w.tz, r.check_out at time zone w.tz, r.all_day,
         ty.card_color, a.name, '/reservations?stay=' || r.id
    from w, catalog.reservations r
    left join catalog.accommodations a on a.id = r.accommodation_id
    left join catalog.accommodation_rates rt on rt.id = r.rate_id
    left join catalog.accommodation_rate_types ty on ty.id = rt.type_id
   where r.org_name = p_org_name and not r.archive
     and r.check_in < w.to_at and r.check_out > w.from_at
  union all
  select 'shift', s.id, s.name, s.type,
         s.start_at at time zone w.tz, coalesce(s.end_at, s.start_at) at time zone w.tz, false,
         null, null, '/shift/' || s.short_id
    from w, hr.shifts s
   where s.org_name = p_org_name and not s.archive and s.start_at is not null
     and s.start_at < w.to_at and coalesce(s.end_at, s.start_at) >= w.from_at
  union all
  select 'task', t.id, t.title, t.status,
         t.due_date::timestamp, t.due_date::timestamp, true,
         null, null, '/tasks?task=' || t.short_id
    from ops.tasks t
   where t.org_name = p_org_name and not t.archive and t.due_date >= p_from and t.due_date < p_to
  union all
  select 'project', p.id, p.name, p.status,
         coalesce(p.start_date, p.due_date)::timestamp, coalesce(p.due_date, p.start_date)::timestamp, true,
         null, null, '/projects?project=' || p.short_id
    from ops.projects p
   where p.org_name = p_org_name and not p.archive and (p.start_date is not null or p.due_date is not null)
     and coalesce(p.start_date, p.due_date) < p_to and coalesce(p.due_date, p.start_date) >= p_from
$$;

create or replace function app.notify_scheduled(p_now timestamptz default now()) returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_before bigint;
  v_org record;
  v_task ops.tasks;
begin
  select count(*) into v_before from public.notifications;
  for v_org in
    select o.name, app.org_today(o.name, p_now) as today, app.org_timezone(o.name) as tz
      from public.organizations o where o.name <> '_system_default_'
  loop
    for v_task in
      select t.* from ops.tasks t
       where t.org_name = v_org.name and t.assignee_id is not null
         and t.status <> 'Done' and not t.archive and t.due_date <= v_org.today
    loop
      perform app.task_due_notice(v_task, v_org.today);
    end loop;
    perform app.notify(a.caretaker_id, 'reservation_arriving', 'Arriving today: ' || r.name,
             a.name || ', check-in ' || to_char(r.check_in at time zone v_org.tz, 'HH24:MI'),
             '/reservations?stay=' || r.id, 'catalog.reservations', r.id, 'reservation_arriving:' || r.id)
      from catalog.reservations r
      join catalog.accommodations a on a.id = r.accommodation_id
     where r.org_name = v_org.name and a.caretaker_id is not null and not r.archive
       and app.reservation_is_active(r.status)
       and r.check_in >= (v_org.today::timestamp at time zone v_org.tz)
       and r.check_in < ((v_org.today + 1)::timestamp at time zone v_org.tz);
  end loop;
  return (select count(*) from public.notifications) - v_before;
end;
$$;
revoke all on function app.notify_scheduled(timestamptz) from public, anon, authenticated;

-- Notices already written keep working: they open the stay itself.
update public.notifications
   set link = '/reservations?stay=' || record_id
 where kind = 'reservation_arriving' and record_id is not null and link = '/reservations';
