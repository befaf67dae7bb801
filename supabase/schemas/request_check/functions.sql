-- request_check: functions.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION request_check.before_request()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform request_check.reject_removed_user();
  if current_setting('request.path', true) = '/rpc/import_job' then
    perform set_config('statement_timeout', '600s', true);
  elsif current_setting('request.path', true) in ('/rpc/import_problems', '/rpc/send_to_many') then
    -- A mail to many writes a message, its links, token and outbox row for each of up to 50,000 records.
    perform set_config('statement_timeout', '120s', true);
  end if;
end;
$function$;
revoke all on function request_check.before_request() from public, anon, authenticated, service_role;
grant execute on function request_check.before_request() to anon;
grant execute on function request_check.before_request() to authenticated;
grant execute on function request_check.before_request() to service_role;

CREATE OR REPLACE FUNCTION request_check.reject_removed_user()
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function request_check.reject_removed_user() from public, anon, authenticated, service_role;
grant execute on function request_check.reject_removed_user() to anon;
grant execute on function request_check.reject_removed_user() to authenticated;
grant execute on function request_check.reject_removed_user() to service_role;
