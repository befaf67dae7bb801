-- sensitive access in one query: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.custom_sensitive_kinds_at(p_level text)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- 'kind:organisation' for every record kind whose area the caller edits at this level in that
  -- organisation (app.orgs_with_access's rule), in one query: a list page reads it once for the
  -- sensitive values on it, where one app.orgs_with_access call per kind took ten times as long.
  select coalesce(array_agg(k.kind || ':' || p.org_name), '{}')
  from unnest(array['contact', 'business', 'household', 'accommodation', 'reservation', 'project', 'task',
                    'product', 'supply', 'staff']) as k(kind)
  join settings.components c on c.name = app.custom_record_component(k.kind)
  join public.user_profiles p on p.auth_user_id = auth.uid() and p.status = 'Active' and p.org_name <> '_system_default_'
  join settings.org_components oc on oc.org_name = p.org_name and oc.component_id = c.id and oc.enabled
  join settings.user_role_permissions rp on rp.role_id = p.role_id and rp.component_id = c.id
  where rp.edit_access::text = p_level
$function$;
revoke all on function app.custom_sensitive_kinds_at(p_level text) from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION app.custom_sensitive_personal()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- 'kind:organisation' where the caller edits the kind's area at the Personal level: the sensitive
  -- values of their own records there (app.custom_record_is_mine).
  select app.custom_sensitive_kinds_at('Personal')
$function$;
revoke all on function app.custom_sensitive_personal() from public, anon, authenticated, service_role;
grant execute on function app.custom_sensitive_personal() to authenticated;
grant execute on function app.custom_sensitive_personal() to service_role;
grant execute on function app.custom_sensitive_personal() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_sensitive_readable()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- 'kind:organisation' for every record kind whose area the caller edits at the Organization level
  -- in that organisation: the sensitive values they may read and write on every record (at the
  -- Personal level, on their own records: app.custom_sensitive_personal).
  select app.custom_sensitive_kinds_at('Organization')
$function$;
revoke all on function app.custom_sensitive_readable() from public, anon, authenticated, service_role;
grant execute on function app.custom_sensitive_readable() to authenticated;
grant execute on function app.custom_sensitive_readable() to service_role;
grant execute on function app.custom_sensitive_readable() to steward_import_writer;
