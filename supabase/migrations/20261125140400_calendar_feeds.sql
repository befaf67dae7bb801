-- An iCalendar (.ics) feed per accommodation at a secret URL, for channel managers and staff phones.
--
-- * catalog.calendar_feeds: a feed of one unit. Only the SHA-256 of its token is stored; the token
--   itself is shown once, when catalog.create_calendar_feed makes it. Setting revoked_at (or deleting
--   the row) turns the URL off for good.
-- * public.accommodation_calendar(token): the feed, served by PostgREST to the anon role as
--   text/calendar whatever the client's Accept header says (calendar apps differ): the function
--   returns PostgREST's "any" media type handler, the domain "*/*", and names the type in
--   response.headers. A calendar app subscribes to
--     {api}/rest/v1/rpc/accommodation_calendar?token=…&apikey={anon key}
--   It holds the unit's busy dates only — its stays that are not cancelled or no-show, and its
--   block-outs, from 60 days back to two years ahead — as all-day events named 'Busy' or 'Blocked':
--   no guest names, no amounts, no ids. A wrong or revoked token is refused with 404.

create table catalog.calendar_feeds (
  id uuid primary key default gen_random_uuid(),
  accommodation_id uuid not null references catalog.accommodations (id) on delete cascade,
  name text,
  token_hash text not null constraint calendar_feeds_token_hash_key unique,
  revoked_at timestamptz,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);
create index calendar_feeds_accommodation_idx on catalog.calendar_feeds (accommodation_id);
create index calendar_feeds_org_name_idx on catalog.calendar_feeds (org_name);

do $$
begin
  perform app.add_audit_foreign_keys('catalog.calendar_feeds'::regclass);
  perform app.secure_org_table('catalog.calendar_feeds'::regclass, 'lodging');
end;
$$;

-- The hash is the database's: a client can neither choose nor change it (a feed a member writes
-- directly gets the hash of a token nobody holds), and a revoked feed stays revoked.
create function app.guard_calendar_feed() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new.token_hash := old.token_hash;
    new.accommodation_id := old.accommodation_id;
    if old.revoked_at is not null then
      new.revoked_at := old.revoked_at;
    end if;
  elsif app.is_app_user() and coalesce(current_setting('steward.calendar_feed_token', true), '') = '' then
    new.token_hash := app.calendar_token_hash(encode(extensions.gen_random_bytes(24), 'hex'));
  end if;
  return new;
end;
$$;

create trigger steward_05_guard_calendar_feed
  before insert or update on catalog.calendar_feeds
  for each row execute function app.guard_calendar_feed();

create function app.calendar_token_hash(p_token text) returns text
  language sql immutable
  set search_path = ''
as $$ select encode(extensions.digest(convert_to(p_token, 'UTF8'), 'sha256'), 'hex') $$;

-- Security invoker: the caller needs the lodging create right, and sees the unit under their read policies.
create function catalog.create_calendar_feed(p_accommodation_id uuid, p_name text default null)
returns table (id uuid, token text)
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  v_token text := encode(extensions.gen_random_bytes(24), 'hex');
  v_org text;
  v_id uuid;
begin
  select a.org_name into v_org from catalog.accommodations a where a.id = p_accommodation_id;
  if v_org is null then
    raise exception using errcode = 'P0002', message = 'Accommodation not found.';
  end if;
  perform set_config('steward.calendar_feed_token', 'on', true);
  insert into catalog.calendar_feeds (accommodation_id, name, token_hash, org_name)
  values (p_accommodation_id, nullif(btrim(p_name), ''), app.calendar_token_hash(v_token), v_org)
  returning calendar_feeds.id into v_id;
  perform set_config('steward.calendar_feed_token', '', true);
  return query select v_id, v_token;
end;
$$;

revoke execute on function catalog.create_calendar_feed(uuid, text) from public, anon;
grant execute on function catalog.create_calendar_feed(uuid, text) to authenticated, service_role;

create domain public."*/*" as bytea;

-- One iCalendar text line, escaped (RFC 5545 §3.3.11).
create function app.ics_text(p_value text) returns text
  language sql immutable
  set search_path = ''
as $$ select replace(replace(replace(replace(p_value, '\', '\\'), ';', '\;'), ',', '\,'), E'\n', '\n') $$;

-- The feed's text for a token; refused with 404 when the token is wrong or revoked. Runs as the
-- database owner (the anon role reads no lodging table); the app schema is not served by the API.
create function app.calendar_ics(token text) returns text
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  v_feed record;
  v_lines text[];
begin
  if token ~ '^[0-9a-f]{48}$' then
    select f.id, f.accommodation_id, a.name as unit_name into v_feed
    from catalog.calendar_feeds f
    join catalog.accommodations a on a.id = f.accommodation_id
    where f.token_hash = app.calendar_token_hash(token) and f.revoked_at is null and not f.archive;
  end if;
  if not coalesce(token ~ '^[0-9a-f]{48}$', false) or v_feed is null then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'PGRST116', 'message', 'Calendar feed not found.', 'details', null, 'hint', null)::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  select array_agg(line order by sort, line_no) into v_lines
  from (
    select 0 as sort, n as line_no, l as line
    from unnest(array[
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Steward//Lodging//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
      'X-WR-CALNAME:' || app.ics_text(v_feed.unit_name)]) with ordinality as t(l, n)
    union all
    select 1, e.n * 10 + k, v
    from (
      select row_number() over (order by busy.starts, busy.uid) as n, busy.*
      from (
        select md5('stay:' || r.id::text) as uid, app.stay_day(r.check_in) as starts,
               greatest(app.stay_day(r.check_out), app.stay_day(r.check_in) + 1) as ends, 'Busy' as summary
        from catalog.reservations r
        where r.accommodation_id = v_feed.accommodation_id and not r.archive
          and app.reservation_is_active(r.status)
          and r.check_out > now() - interval '60 days' and r.check_in < now() + interval '2 years'
        union all
        select md5('block:' || b.id::text), app.stay_day(b.block_start),
               greatest(app.stay_day(b.block_end), app.stay_day(b.block_start) + 1), 'Blocked'
        from catalog.accommodation_blocks b
        where b.accommodation_id = v_feed.accommodation_id and not b.archive
          and b.block_end > now() - interval '60 days' and b.block_start < now() + interval '2 years'
      ) busy
    ) e
    cross join lateral unnest(array[
      'BEGIN:VEVENT',
      'UID:' || e.uid || '@steward',
      'DTSTAMP:' || to_char(now() at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"'),
      'DTSTART;VALUE=DATE:' || to_char(e.starts, 'YYYYMMDD'),
      'DTEND;VALUE=DATE:' || to_char(e.ends, 'YYYYMMDD'),
      'SUMMARY:' || e.summary,
      'TRANSP:OPAQUE',
      'END:VEVENT']) with ordinality as ev(v, k)
    union all
    select 2, 0, 'END:VCALENDAR'
  ) lines;
  return array_to_string(v_lines, E'\r\n') || E'\r\n';
end;
$$;
revoke all on function app.calendar_ics(text) from public, anon, authenticated;

-- Security definer: the anon role has no use of the app schema.
create function public.accommodation_calendar(token text) returns public."*/*"
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  v_text text := app.calendar_ics(token);
begin
  perform set_config('response.headers',
    json_build_array(json_build_object('Content-Type', 'text/calendar; charset=utf-8'),
                     json_build_object('Content-Disposition', 'inline; filename="calendar.ics"'),
                     json_build_object('Cache-Control', 'private, max-age=300'))::text, true);
  return convert_to(v_text, 'UTF8');
end;
$$;

comment on function public.accommodation_calendar(text) is
  'An accommodation''s busy dates as iCalendar, for the holder of its feed''s secret token; no guest details.';
revoke execute on function public.accommodation_calendar(text) from public;
grant execute on function public.accommodation_calendar(text) to anon, authenticated, service_role;

-- The new org-owned references (the feeds' unit, the settings' and feeds' audit columns) get their
-- organisation guards.
select app.install_org_reference_guards();
