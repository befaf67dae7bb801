-- invite code days per client: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

create table app.invite_code_wrong_days (
  email text not null,
  client text not null,
  day_started_at timestamp with time zone default now() not null,
  wrong_today integer default 0 not null
);
comment on table app.invite_code_wrong_days is 'wrong invitation codes per address and client in its current day: past 20, that client''s codes for the address are refused until the day has passed (another client''s, the invitee''s, are not)';
revoke all on table app.invite_code_wrong_days from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.invite_code_wrong_days to service_role;

alter table app.invite_code_requests drop column wrong_codes_day_started_at;
alter table app.invite_code_requests drop column wrong_codes_today;
comment on table app.invite_code_requests is 'requests for invitation codes per address and hour, written for every request so invited and other addresses cost the same';
revoke all on table app.invite_code_requests from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.invite_code_requests to service_role;

alter table app.invite_code_wrong_days add constraint invite_code_wrong_days_pkey PRIMARY KEY (email, client);

CREATE OR REPLACE FUNCTION app.invalid_invite_code(p_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  update app.invite_codes
     set failed_attempts = failed_attempts + 1,
         expires_at = case when failed_attempts + 1 >= 5 then least(expires_at, now()) else expires_at end
   where email = p_email;
  insert into app.invite_code_requests as r (email, requests, wrong_codes)
  values (p_email, 0, 1)
  on conflict (email) do update set wrong_codes = r.wrong_codes + 1;
  -- The day's count is the guessing client's: nobody's wrong codes refuse the invitee's right one.
  insert into app.invite_code_wrong_days as d (email, client, day_started_at, wrong_today)
  values (p_email, coalesce(app.request_client(), ''), now(), 1)
  on conflict (email, client) do update
    set wrong_today = case when d.day_started_at > now() - interval '1 day' then d.wrong_today + 1 else 1 end,
        day_started_at = case when d.day_started_at > now() - interval '1 day' then d.day_started_at else now() end;
  perform set_config('response.status', '400', true);
  return jsonb_build_object('code', 'ST011', 'message', 'The code is not valid or has expired', 'details', null, 'hint', null);
end;
$function$;
revoke all on function app.invalid_invite_code(p_email text) from public, anon, authenticated, service_role;
grant execute on function app.invalid_invite_code(p_email text) to service_role;

CREATE OR REPLACE FUNCTION app.invitation_for_code(p_email text, p_code text, p_invitation uuid DEFAULT NULL::uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- (email, code_hash) is unique: a code names at most one invitation of the address.
  select c.profile_id
    from app.invite_codes c
    join public.user_profiles p on p.id = c.profile_id
   where c.email = p_email
     and c.code_hash = app.invite_code_hash(p_email, p_code)
     and (p_invitation is null or c.profile_id = p_invitation)
     and c.expires_at > now()
     and c.failed_attempts < 5
     and p.status = 'Pending' and p.auth_user_id is null and lower(p.email) = p_email
     and not exists (
       select 1 from app.invite_code_wrong_days d
        where d.email = p_email and d.client = coalesce(app.request_client(), '')
          and d.day_started_at > now() - interval '1 day' and d.wrong_today >= 20)
$function$;
revoke all on function app.invitation_for_code(p_email text, p_code text, p_invitation uuid) from public, anon, authenticated, service_role;
grant execute on function app.invitation_for_code(p_email text, p_code text, p_invitation uuid) to service_role;
