-- auth: functions that columns, checks and indexes call.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION auth.uid()
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$ select auth.request_claim('sub')::uuid $function$;
revoke all on function auth.uid() from public, anon, authenticated, service_role;
grant execute on function auth.uid() to anon;
grant execute on function auth.uid() to authenticated;
grant execute on function auth.uid() to public;
grant execute on function auth.uid() to service_role;
grant execute on function auth.uid() to steward_import_writer;
