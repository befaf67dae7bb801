-- A removed user loses access at once. An access token stays valid until it expires (an hour), so
-- a user who is deleted (soft or hard) or banned would otherwise go on reading and writing their
-- organisation's rows until then. PostgREST calls this function before every request (its
-- db-pre-request, set below through the in-database configuration PostgREST reads at start and on
-- `NOTIFY pgrst, 'reload config'` — hosted Supabase's PostgREST reads it the same way); a token
-- whose user is gone or banned is answered 401. One primary-key lookup per request.
-- The local stack's auth and storage services make the same check (supabase/local).
-- It lives in a schema of its own: PostgREST calls it as anon too, and anon has no business in `app`.
create schema request_check;
revoke all on schema request_check from public;
grant usage on schema request_check to anon, authenticated, service_role;

create function request_check.reject_removed_user() returns void
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  v_sub text := nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub';
begin
  -- The anon and service-role keys name no user.
  if v_sub is null or v_sub = '' then
    return;
  end if;
  if v_sub !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or not exists (
       select 1 from auth.users u
        where u.id = v_sub::uuid
          and u.deleted_at is null
          and (u.banned_until is null or u.banned_until <= now())) then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'user_not_found',
        'message', 'User from sub claim in JWT does not exist or is banned',
        'details', null,
        'hint', 'Sign in again')::text,
      detail = json_build_object(
        'status', 401,
        'headers', json_build_object('WWW-Authenticate', 'Bearer error="invalid_token", error_description="user removed"'))::text;
  end if;
end;
$$;

revoke all on function request_check.reject_removed_user() from public;
grant execute on function request_check.reject_removed_user() to anon, authenticated, service_role;

alter role authenticator set pgrst.db_pre_request to 'request_check.reject_removed_user';
notify pgrst, 'reload config';
