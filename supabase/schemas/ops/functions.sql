-- ops: functions.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION ops.calendar_events(p_org_name text, p_from date, p_to date)
 RETURNS TABLE(kind text, id uuid, title text, detail text, starts_local timestamp without time zone, ends_local timestamp without time zone, all_day boolean, color text, unit text, link text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function ops.calendar_events(p_org_name text, p_from date, p_to date) from public, anon, authenticated, service_role;
grant execute on function ops.calendar_events(p_org_name text, p_from date, p_to date) to authenticated;
