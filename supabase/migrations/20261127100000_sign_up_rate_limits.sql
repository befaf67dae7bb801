-- The product's own sign-up and invitation paths meet the same rate limits as auth's.
--
-- Apply for Access creates a login and an organisation in the database (public.apply_for_access,
-- called through PostgREST), so auth's [auth.rate_limit] sign_in_sign_ups never saw it: one client
-- could create any number of organisations and logins, and learn with each refusal (ST006 "A user
-- with this email already exists", ST005 for a name) which addresses have accounts, without limit.
-- The invitation functions were limited per address only. Now, per client address and as auth counts
-- them (a bucket that holds the limit and refills over five minutes; a refused request takes nothing):
--
-- * sign_in_sign_ups: apply_for_access and request_invite_code (it mails, as /otp does) — every
--   request, the refused ones too (ST005, ST006, …);
-- * token_verifications: find_pending_invite and activate_invite (they check a mailed code, as
--   /verify does).
--
-- Past a limit the answer is 429 {"code": "over_request_rate_limit", "message": "Request rate limit
-- reached"}. The limits are rows of app.request_limits, 30 per five minutes each by default —
-- supabase/config.toml's [auth.rate_limit] values, which a hosted project runs with; the local stack
-- writes config.toml's values (or the raised test values) there at every start.
--
-- The client address is the one the API's edge reports: cf-connecting-ip when present (hosted
-- Supabase), else the first x-forwarded-for address (the local gateway sets it to the connecting
-- address and drops any the client sent). A call with neither — SQL run directly by the database
-- owner or the service — is not counted.

create table app.request_limits (
  name text primary key check (name in ('sign_in_sign_ups', 'token_verifications')),
  per_five_minutes integer not null check (per_five_minutes > 0)
);
insert into app.request_limits (name, per_five_minutes) values ('sign_in_sign_ups', 30), ('token_verifications', 30);
revoke all on app.request_limits from anon, authenticated, public;
grant all on app.request_limits to service_role;
comment on table app.request_limits is 'requests per client address per five minutes for the sign-up and invitation functions (config.toml [auth.rate_limit])';

create table app.request_buckets (
  name text not null,
  client text not null,
  tokens double precision not null,
  refilled_at timestamptz not null,
  primary key (name, client)
);
-- Buckets untouched for five minutes are cleared as requests pass, found through this index.
create index request_buckets_refilled_at_idx on app.request_buckets (name, refilled_at);
revoke all on app.request_buckets from anon, authenticated, public;
grant all on app.request_buckets to service_role;
comment on table app.request_buckets is 'what is left of each client address''s request limit, as of refilled_at';

create function app.request_client() returns text
  language sql stable
  set search_path = ''
as $$
  select nullif(btrim(coalesce(h ->> 'cf-connecting-ip', split_part(h ->> 'x-forwarded-for', ',', 1))), '')
    from (select nullif(current_setting('request.headers', true), '')::json as h) request
$$;
comment on function app.request_client() is 'the calling client''s address as the API edge reports it, or null outside an API request';

-- Takes one request from the caller's bucket of limit p_name; false (and nothing taken) when it is empty.
create function app.take_request(p_name text) returns boolean
  language plpgsql
  set search_path = ''
as $$
declare
  v_client text := app.request_client();
  v_limit double precision;
  v_taken boolean;
begin
  if v_client is null then
    return true;
  end if;
  select per_five_minutes into v_limit from app.request_limits where name = p_name;
  if v_limit is null then
    raise exception 'unknown request limit %', p_name;
  end if;
  -- A bucket untouched for five minutes is full again, the same as none: cleared as others pass.
  delete from app.request_buckets where name = p_name and refilled_at < now() - interval '5 minutes';
  insert into app.request_buckets as b (name, client, tokens, refilled_at)
  values (p_name, v_client, v_limit - 1, now())
  on conflict (name, client) do update
    set tokens = least(v_limit, b.tokens + extract(epoch from now() - b.refilled_at) * v_limit / 300) - 1,
        refilled_at = now()
    where least(v_limit, b.tokens + extract(epoch from now() - b.refilled_at) * v_limit / 300) >= 1
  returning true into v_taken;
  return coalesce(v_taken, false);
end;
$$;

-- Refuses the request past a limit (raised: a refused request takes nothing, so nothing to keep).
create function app.require_request(p_name text) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  if not app.take_request(p_name) then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'over_request_rate_limit', 'message', 'Request rate limit reached', 'details', null, 'hint', null)::text,
      detail = json_build_object('status', 429, 'headers', json_build_object())::text;
  end if;
end;
$$;

-- Apply for Access: the work moves to app.create_organization_with_owner; public.apply_for_access
-- counts the request and keeps it counted when the work is refused by a rule (the rule error is then
-- returned with its code and status 400, as PostgREST answers it, instead of raised).
alter function public.apply_for_access(text, text, text, text, text, text, text) set schema app;
alter function app.apply_for_access(text, text, text, text, text, text, text) rename to create_organization_with_owner;
revoke all on function app.create_organization_with_owner(text, text, text, text, text, text, text) from public, anon, authenticated;

create function public.apply_for_access(
  p_email text,
  p_password text,
  p_full_name text,
  p_business_name text,
  p_title text default null,
  p_phone text default null,
  p_username text default null)
  returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_state text;
  v_message text;
  v_detail text;
  v_hint text;
begin
  if app.request_client() is null then
    return app.create_organization_with_owner(p_email, p_password, p_full_name, p_business_name, p_title, p_phone, p_username);
  end if;
  perform app.require_request('sign_in_sign_ups');
  begin
    return app.create_organization_with_owner(p_email, p_password, p_full_name, p_business_name, p_title, p_phone, p_username);
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
    if v_state not like 'ST%' then
      raise;
    end if;
    perform set_config('response.status', '400', true);
    return jsonb_build_object('code', v_state, 'message', v_message, 'details', nullif(v_detail, ''), 'hint', nullif(v_hint, ''));
  end;
end;
$$;
revoke all on function public.apply_for_access(text, text, text, text, text, text, text) from public;
grant execute on function public.apply_for_access(text, text, text, text, text, text, text) to anon, authenticated, service_role;
comment on function public.apply_for_access(text, text, text, text, text, text, text) is
  'Apply for Access: a new organisation, its owner role and Active owner; counted against the sign_in_sign_ups request limit';

-- The invitation functions: the same work, counted first.
alter function public.request_invite_code(text) rename to request_invite_code_uncounted;
alter function public.request_invite_code_uncounted(text) set schema app;
revoke all on function app.request_invite_code_uncounted(text) from public, anon, authenticated;
create function public.request_invite_code(p_email text) returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform app.require_request('sign_in_sign_ups');
  perform app.request_invite_code_uncounted(p_email);
end;
$$;

alter function public.find_pending_invite(text, text) rename to find_pending_invite_uncounted;
alter function public.find_pending_invite_uncounted(text, text) set schema app;
revoke all on function app.find_pending_invite_uncounted(text, text) from public, anon, authenticated;
create function public.find_pending_invite(p_email text, p_code text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform app.require_request('token_verifications');
  return app.find_pending_invite_uncounted(p_email, p_code);
end;
$$;

alter function public.activate_invite(text, text, text, text, text, text) rename to activate_invite_uncounted;
alter function public.activate_invite_uncounted(text, text, text, text, text, text) set schema app;
revoke all on function app.activate_invite_uncounted(text, text, text, text, text, text) from public, anon, authenticated;
create function public.activate_invite(
  p_email text,
  p_code text,
  p_password text,
  p_full_name text,
  p_title text default null,
  p_phone text default null)
  returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform app.require_request('token_verifications');
  return app.activate_invite_uncounted(p_email, p_code, p_password, p_full_name, p_title, p_phone);
end;
$$;

revoke all on function public.request_invite_code(text) from public;
revoke all on function public.find_pending_invite(text, text) from public;
revoke all on function public.activate_invite(text, text, text, text, text, text) from public;
grant execute on function public.request_invite_code(text) to anon, authenticated, service_role;
grant execute on function public.find_pending_invite(text, text) to anon, authenticated, service_role;
grant execute on function public.activate_invite(text, text, text, text, text, text) to anon, authenticated, service_role;

revoke all on function app.request_client() from public, anon, authenticated;
revoke all on function app.take_request(text) from public, anon, authenticated;
revoke all on function app.require_request(text) from public, anon, authenticated;

notify pgrst, 'reload schema';
