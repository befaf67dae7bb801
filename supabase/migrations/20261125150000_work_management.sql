-- Work that gets done: tasks with an owner, a date and a record they are about; what a person has to
-- do (My work); a calendar of everything dated; notifications per person and a daily digest.
--
-- 1. Tasks link to a contact, business, household or reservation (and, as before, a project); the
--    screens set one. The references stay inside the organisation (app.install_org_reference_guards, below).
-- 2. "Today" is the organisation's day: organizations.timezone (Org Data), UTC when unset or unknown.
-- 3. public.notifications: one row per person and event, written only by the database — triggers for
--    events (a task assigned to you by someone else, your task due today or overdue, a note that
--    mentions you) and one scheduled function for time (due today, a stay arriving today at a unit
--    you look after). A person reads and marks read only their own rows.
-- 4. The daily digest of due and overdue tasks, opt-in per person (user_profiles.task_digest), goes
--    through the mail outbox from a scheduled security definer function.
-- 5. ops.calendar_events(from, to): reservations, shifts, task due dates and project dates in a
--    window, security invoker, so row-level security (and the components the organisation enabled)
--    decide what a person sees.

---------------------------------------------------------------------------------------------------
-- The organisation's day
---------------------------------------------------------------------------------------------------

-- The organisation's time zone if Postgres knows it, else UTC.
create function app.org_timezone(p_org text) returns text
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  v_tz text;
begin
  select nullif(btrim(o.timezone), '') into v_tz from public.organizations o where o.name = p_org;
  if v_tz is null then
    return 'UTC';
  end if;
  perform now() at time zone v_tz;
  return v_tz;
exception when others then
  return 'UTC';
end;
$$;

create function app.org_today(p_org text, p_now timestamptz default now()) returns date
  language sql stable
  set search_path = ''
as $$
  select (p_now at time zone app.org_timezone(p_org))::date
$$;

grant execute on function app.org_timezone(text) to authenticated, service_role;
grant execute on function app.org_today(text, timestamptz) to authenticated, service_role;

---------------------------------------------------------------------------------------------------
-- Tasks: the record a task is about, and who looks after a unit
---------------------------------------------------------------------------------------------------

alter table ops.tasks
  add column contact_id uuid references crm.contacts (id) on delete set null,
  add column business_id uuid references crm.businesses (id) on delete set null,
  add column household_id uuid references crm.households (id) on delete set null,
  add column reservation_id uuid references catalog.reservations (id) on delete set null;

create index tasks_contact_idx on ops.tasks (contact_id);
create index tasks_business_idx on ops.tasks (business_id);
create index tasks_household_idx on ops.tasks (household_id);
create index tasks_reservation_idx on ops.tasks (reservation_id);
create index tasks_assignee_idx on ops.tasks (assignee_id);
-- My work and the scheduler read open tasks by person and by day.
create index tasks_open_by_assignee on ops.tasks (assignee_id, due_date) where status <> 'Done' and not archive;
create index tasks_open_by_due on ops.tasks (due_date) where status <> 'Done' and not archive and assignee_id is not null;

-- The staff member who looks after a unit: told when a stay arrives there today.
alter table catalog.accommodations
  add column caretaker_id uuid references public.user_profiles (id) on delete set null;
create index accommodations_caretaker_idx on catalog.accommodations (caretaker_id);

-- The digest is opt-in, per person (My profile).
alter table public.user_profiles
  add column task_digest boolean not null default false;

-- Computed fields PostgREST serves beside a task's columns (`select=*,assignee_name,record_label,record_path`).
create function ops.assignee_name(t ops.tasks) returns text
  language sql stable
  set search_path = ''
as $$
  select p.name from public.user_profiles p where p.id = t.assignee_id
$$;

create function ops.record_label(t ops.tasks) returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    (select 'Contact: ' || c.name from crm.contacts c where c.id = t.contact_id),
    (select 'Business: ' || b.name from crm.businesses b where b.id = t.business_id),
    (select 'Household: ' || h.name from crm.households h where h.id = t.household_id),
    (select 'Reservation: ' || r.name from catalog.reservations r where r.id = t.reservation_id),
    (select 'Project: ' || p.name from ops.projects p where p.id = t.project_id))
$$;

-- Where the record opens in the product.
create function ops.record_path(t ops.tasks) returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    (select '/contact/' || c.short_id from crm.contacts c where c.id = t.contact_id),
    (select '/business/' || b.short_id from crm.businesses b where b.id = t.business_id),
    (select '/household/' || h.short_id from crm.households h where h.id = t.household_id),
    (select '/reservations' from catalog.reservations r where r.id = t.reservation_id),
    (select '/projects' from ops.projects p where p.id = t.project_id))
$$;

grant execute on function ops.assignee_name(ops.tasks), ops.record_label(ops.tasks), ops.record_path(ops.tasks) to authenticated;

-- A record's open tasks, one row per task and the record it is about: what a record's page lists.
create view ops.open_tasks_view with (security_invoker = true) as
select t.id, t.short_id, t.title, t.status, t.priority, t.due_date, t.assignee_id,
       p.name as assignee_name,
       t.contact_id, t.business_id, t.household_id, t.reservation_id, t.project_id,
       t.org_name
  from ops.tasks t
  left join public.user_profiles p on p.id = t.assignee_id
 where t.status <> 'Done' and not t.archive;
grant select on ops.open_tasks_view to authenticated;

-- My work: the caller's open tasks with where they fall in the organisation's day.
create view ops.my_work_view with (security_invoker = true) as
select t.id, t.short_id, t.title, t.description, t.status, t.priority, t.due_date, t.project_id,
       t.org_name, ops.record_label(t) as record_label, ops.record_path(t) as record_path,
       case
         when t.due_date is null then 'later'
         when t.due_date < app.org_today(t.org_name) then 'overdue'
         when t.due_date = app.org_today(t.org_name) then 'today'
         else 'later'
       end as due_group
  from ops.tasks t
 where t.assignee_id = any ((select app.my_profile_ids())::uuid[])
   and t.status <> 'Done'
   and not t.archive;
grant select on ops.my_work_view to authenticated;

---------------------------------------------------------------------------------------------------
-- Notifications
---------------------------------------------------------------------------------------------------

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  org_name text not null references public.organizations (name) on delete cascade,
  -- The person told: their profile in that organisation.
  profile_id uuid not null references public.user_profiles (id) on delete cascade,
  kind text not null
    constraint notifications_kind_check check (kind in ('task_assigned', 'task_due', 'reservation_arriving', 'note_mention')),
  title text not null constraint notifications_title_present check (btrim(title) <> ''),
  body text,
  -- Where the record opens in the product.
  link text not null constraint notifications_link_path check (link ~ '^/[^/]'),
  record_table text,
  record_id uuid,
  -- One notice per event: a due task once a day, an arrival once.
  dedupe_key text,
  created_at timestamptz not null default now(),
  read_at timestamptz
);

comment on table public.notifications is
  'what a person should know: written by database triggers and app.notify_scheduled(); each person reads and marks read only their own rows';

create unique index notifications_dedupe_key on public.notifications (profile_id, dedupe_key);
-- The bell's count reads only this.
create index notifications_unread on public.notifications (profile_id, org_name) where read_at is null;
create index notifications_recent on public.notifications (profile_id, created_at desc);
create index notifications_org_idx on public.notifications (org_name);

alter table public.notifications enable row level security;
revoke all on public.notifications from anon, authenticated, public;
grant select on public.notifications to authenticated;
grant update (read_at) on public.notifications to authenticated;
grant all on public.notifications to service_role;

create policy own_read on public.notifications for select to authenticated
  using (profile_id = any ((select app.my_profile_ids())::uuid[]));
create policy own_mark_read on public.notifications for update to authenticated
  using (profile_id = any ((select app.my_profile_ids())::uuid[]))
  with check (profile_id = any ((select app.my_profile_ids())::uuid[]));

-- The one way a notification is written: to an Active profile, in its organisation, once per key.
create function app.notify(
  p_profile uuid,
  p_kind text,
  p_title text,
  p_body text,
  p_link text,
  p_record_table text,
  p_record_id uuid,
  p_dedupe_key text default null
) returns void
  language sql security definer
  set search_path = ''
as $$
  insert into public.notifications (org_name, profile_id, kind, title, body, link, record_table, record_id, dedupe_key)
  select p.org_name, p.id, p_kind, p_title, p_body, p_link, p_record_table, p_record_id, p_dedupe_key
    from public.user_profiles p
   where p.id = p_profile and p.status = 'Active' and p.org_name <> '_system_default_'
  on conflict (profile_id, dedupe_key) do nothing
$$;
revoke all on function app.notify(uuid, text, text, text, text, text, uuid, text) from public, anon, authenticated;

-- Marks every unread notification of the caller in one organisation read; returns how many.
create function public.mark_all_notifications_read(p_org_name text) returns integer
  language sql security invoker
  set search_path = ''
as $$
  with marked as (
    update public.notifications set read_at = now()
     where read_at is null and org_name = p_org_name
       and profile_id = any ((select app.my_profile_ids())::uuid[])
    returning 1
  )
  select count(*)::int from marked
$$;
revoke all on function public.mark_all_notifications_read(text) from public, anon;
grant execute on function public.mark_all_notifications_read(text) to authenticated;

create function app.task_due_notice(p_task ops.tasks, p_today date) returns void
  language sql security definer
  set search_path = ''
as $$
  select app.notify(
    p_task.assignee_id, 'task_due',
    case when p_task.due_date < p_today then 'Overdue: ' else 'Due today: ' end || p_task.title,
    'Due ' || to_char(p_task.due_date, 'FMMonth FMDD, YYYY'),
    '/tasks?task=' || p_task.short_id, 'ops.tasks', p_task.id,
    'task_due:' || p_task.id || ':' || p_today)
$$;
revoke all on function app.task_due_notice(ops.tasks, date) from public, anon, authenticated;

-- A task assigned to someone by someone else; an open task of yours due today or overdue.
create function app.notify_task_change() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_actor uuid := app.profile_id_in(new.org_name);
  v_today date;
begin
  if new.assignee_id is null or new.archive or new.status = 'Done' then
    return null;
  end if;
  if (tg_op = 'INSERT' or new.assignee_id is distinct from old.assignee_id)
     and v_actor is not null and v_actor <> new.assignee_id then
    perform app.notify(new.assignee_id, 'task_assigned', 'Assigned to you: ' || new.title,
      coalesce((select p.name from public.user_profiles p where p.id = v_actor), 'Someone') || ' assigned you this task'
        || coalesce(', due ' || to_char(new.due_date, 'FMMonth FMDD, YYYY'), '') || '.',
      '/tasks?task=' || new.short_id, 'ops.tasks', new.id, null);
  end if;
  if new.due_date is not null then
    v_today := app.org_today(new.org_name);
    if new.due_date <= v_today then
      perform app.task_due_notice(new, v_today);
    end if;
  end if;
  return null;
end;
$$;

create trigger steward_90_notify after insert or update of assignee_id, due_date, status, archive on ops.tasks
  for each row execute function app.notify_task_change();

-- "@name" in a note: the organisation's Active members whose username, whole name without spaces or
-- (when only one member has it) first name matches, case-insensitively. Told once per note.
create function app.notify_note_mentions() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_actor uuid := app.profile_id_in(new.org_name);
  v_link text;
  v_profile uuid;
begin
  if new.description !~ '@' then
    return null;
  end if;
  v_link := coalesce(
    (select '/contact/' || c.short_id from crm.contacts c where c.id = new.contact_id),
    (select '/business/' || b.short_id from crm.businesses b where b.id = new.business_id),
    (select '/household/' || h.short_id from crm.households h where h.id = new.household_id),
    '/contacts');
  for v_profile in
    with tokens as (
      select distinct lower(m[1]) as token
        from regexp_matches(new.description, '@([A-Za-z0-9_.-]*[A-Za-z0-9_])', 'g') m
    )
    select distinct p.id
      from tokens k
      join public.user_profiles p
        on p.org_name = new.org_name and p.status = 'Active'
       and (lower(p.username) = k.token
            or lower(regexp_replace(p.name, '\s+', '', 'g')) = k.token
            or (lower(p.first_name) = k.token
                and (select count(*) from public.user_profiles q
                      where q.org_name = new.org_name and q.status = 'Active' and lower(q.first_name) = k.token) = 1))
  loop
    if v_profile is distinct from v_actor then
      perform app.notify(v_profile, 'note_mention', 'Mentioned in a note: ' || new.name,
        left(new.description, 200), v_link, 'crm.notes', new.id, 'note_mention:' || new.id);
    end if;
  end loop;
  return null;
end;
$$;

create trigger steward_90_notify after insert or update of description on crm.notes
  for each row execute function app.notify_note_mentions();

-- Time-based notices, for every organisation's own day: open tasks due today or overdue (once a day
-- per task), stays arriving today at a unit someone looks after (once per stay).
create function app.notify_scheduled(p_now timestamptz default now()) returns integer
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
             '/reservations', 'catalog.reservations', r.id, 'reservation_arriving:' || r.id)
      from catalog.reservations r
      join catalog.accommodations a on a.id = r.accommodation_id
     where r.org_name = v_org.name and a.caretaker_id is not null and not r.archive
       and r.status not ilike 'cancel%'
       and r.check_in >= (v_org.today::timestamp at time zone v_org.tz)
       and r.check_in < ((v_org.today + 1)::timestamp at time zone v_org.tz);
  end loop;
  return (select count(*) from public.notifications) - v_before;
end;
$$;
revoke all on function app.notify_scheduled(timestamptz) from public, anon, authenticated;

insert into app.scheduled_jobs (name, function_name, every)
values ('notify_scheduled', 'app.notify_scheduled', interval '5 minutes');

---------------------------------------------------------------------------------------------------
-- The daily digest
---------------------------------------------------------------------------------------------------

-- A person's tasks for the digest of a day: open, assigned to them, due that day or before.
create function app.task_digest_items(p_profile uuid, p_on date)
returns table (task_id uuid, short_id text, title text, due_date date, overdue boolean)
  language sql stable security definer
  set search_path = ''
as $$
  select t.id, t.short_id, t.title, t.due_date, t.due_date < p_on
    from ops.tasks t
   where t.assignee_id = p_profile and t.status <> 'Done' and not t.archive
     and t.due_date <= p_on
   order by t.due_date, t.title
$$;
revoke all on function app.task_digest_items(uuid, date) from public, anon, authenticated;

create table app.task_digests_sent (
  profile_id uuid not null references public.user_profiles (id) on delete cascade,
  sent_on date not null,
  mail_id bigint,
  primary key (profile_id, sent_on)
);
revoke all on app.task_digests_sent from anon, authenticated, public;

-- From 07:00 in the organisation's time zone, once a day, to each person who asked for it and has
-- something due; nothing is sent on a day with nothing due.
create function app.send_task_digests(p_now timestamptz default now()) returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_person record;
  v_lines text;
  v_mail bigint;
  v_sent integer := 0;
begin
  for v_person in
    select p.id, p.org_name, p.email::text as email, p.name, app.org_today(p.org_name, p_now) as today
      from public.user_profiles p
     where p.task_digest and p.status = 'Active' and p.email is not null and p.org_name <> '_system_default_'
       and (p_now at time zone app.org_timezone(p.org_name))::time >= time '07:00'
       and not exists (select 1 from app.task_digests_sent s
                        where s.profile_id = p.id and s.sent_on = app.org_today(p.org_name, p_now))
  loop
    select string_agg(format('- %s%s (due %s)', case when i.overdue then 'OVERDUE: ' else '' end, i.title,
                             to_char(i.due_date, 'FMMonth FMDD')), E'\n' order by i.due_date, i.title)
      into v_lines
      from app.task_digest_items(v_person.id, v_person.today) i;
    if v_lines is not null then
      v_mail := app.enqueue_mail(v_person.email,
        format('Your tasks for %s — %s', to_char(v_person.today, 'FMMonth FMDD'), v_person.org_name),
        format(E'Hello %s,\n\nThese tasks are due today or overdue:\n\n%s\n\nOpen My work: /tasks?view=mine\n', v_person.name, v_lines),
        null, 'task_digest', v_person.org_name, 'public.user_profiles', v_person.id);
      v_sent := v_sent + 1;
    end if;
    insert into app.task_digests_sent (profile_id, sent_on, mail_id) values (v_person.id, v_person.today, v_mail);
    v_mail := null;
  end loop;
  return v_sent;
end;
$$;
revoke all on function app.send_task_digests(timestamptz) from public, anon, authenticated;

insert into app.scheduled_jobs (name, function_name, every)
values ('send_task_digests', 'app.send_task_digests', interval '15 minutes');

---------------------------------------------------------------------------------------------------
-- The calendar
---------------------------------------------------------------------------------------------------

-- Everything dated in [p_from, p_to) (days of the organisation's calendar), as the caller may see it:
-- security invoker, so each table's row-level security applies, and with it the components the
-- organisation enabled. starts_local/ends_local are wall-clock times in the organisation's time zone.
create function ops.calendar_events(p_org_name text, p_from date, p_to date)
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
         ty.card_color, a.name, '/reservations'
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
         null, null, '/projects'
    from ops.projects p
   where p.org_name = p_org_name and not p.archive and (p.start_date is not null or p.due_date is not null)
     and coalesce(p.start_date, p.due_date) < p_to and coalesce(p.due_date, p.start_date) >= p_from
$$;
revoke all on function ops.calendar_events(text, date, date) from public, anon;
grant execute on function ops.calendar_events(text, date, date) to authenticated;

create index tasks_org_due_idx on ops.tasks (org_name, due_date) where not archive;
create index shifts_org_start_idx on hr.shifts (org_name, start_at) where not archive;

-- The new references stay inside the organisation.
select app.install_org_reference_guards();
