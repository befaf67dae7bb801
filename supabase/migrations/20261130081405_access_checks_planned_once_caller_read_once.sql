-- access checks planned once caller read once: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.custom_sensitive_kinds_at(p_level text)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
  -- 'kind:organisation' for every record kind whose area the caller edits at this level in that
  -- organisation (app.orgs_with_access's rule), in one query: a list page reads it once for the
  -- sensitive values on it, where one app.orgs_with_access call per kind took ten times as long.
  -- One plan for both levels, as app.orgs_with_access.
  select coalesce(array_agg(k.kind || ':' || p.org_name), '{}')
  from unnest(array['contact', 'business', 'household', 'accommodation', 'reservation', 'project', 'task',
                    'product', 'supply', 'staff']) as k(kind)
  join settings.components c on c.name = app.custom_record_component(k.kind)
  join public.user_profiles p on p.auth_user_id = (select auth.uid()) and p.status = 'Active' and p.org_name <> '_system_default_'
  join settings.org_components oc on oc.org_name = p.org_name and oc.component_id = c.id and oc.enabled
  join settings.user_role_permissions rp on rp.role_id = p.role_id and rp.component_id = c.id
  where rp.edit_access::text = p_level
$function$;
revoke all on function app.custom_sensitive_kinds_at(p_level text) from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION app.is_active_member(p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.user_profiles p
     where p.auth_user_id = (select auth.uid()) and p.org_name = p_org and p.status = 'Active' and p.org_name <> '_system_default_'
  )
$function$;
revoke all on function app.is_active_member(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.is_active_member(p_org text) to authenticated;
grant execute on function app.is_active_member(p_org text) to service_role;
grant execute on function app.is_active_member(p_org text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.member_orgs()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(distinct p.org_name), '{}')
  from public.user_profiles p
  where p.auth_user_id = (select auth.uid()) and p.status = 'Active' and p.org_name <> '_system_default_'
$function$;
revoke all on function app.member_orgs() from public, anon, authenticated, service_role;
grant execute on function app.member_orgs() to authenticated;
grant execute on function app.member_orgs() to service_role;

CREATE OR REPLACE FUNCTION app.my_profile_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(p.id), '{}')
  from public.user_profiles p
  where p.auth_user_id = (select auth.uid()) and p.status = 'Active'
$function$;
revoke all on function app.my_profile_ids() from public, anon, authenticated, service_role;
grant execute on function app.my_profile_ids() to authenticated;
grant execute on function app.my_profile_ids() to service_role;

CREATE OR REPLACE FUNCTION app.my_role_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(p.role_id), '{}')
  from public.user_profiles p
  where p.auth_user_id = (select auth.uid()) and p.status = 'Active' and p.role_id is not null
$function$;
revoke all on function app.my_role_ids() from public, anon, authenticated, service_role;
grant execute on function app.my_role_ids() to authenticated;
grant execute on function app.my_role_ids() to service_role;

CREATE OR REPLACE FUNCTION app.orgs_with_access(p_component text, p_action text, p_level text)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
  -- One plan whatever the arguments (the row rules of every table call it, a list page a dozen times):
  -- its tables are small and their best plan the same for every component, action and level, so each
  -- pooled connection plans it once rather than for each of its first five calls. The caller is read
  -- once, `(select auth.uid())`, as in the other access helpers: Postgres scans a table this small
  -- whole, and a bare auth.uid() parses the request's claims again for every row.
  select coalesce(array_agg(p.org_name), '{}')
  from public.user_profiles p
  join settings.components c on c.name = p_component
  join settings.org_components oc
    on oc.org_name = p.org_name and oc.component_id = c.id and oc.enabled
  join settings.user_role_permissions rp on rp.role_id = p.role_id and rp.component_id = c.id
  where p.auth_user_id = (select auth.uid())
    and p.status = 'Active'
    and p.org_name <> '_system_default_'
    and case p_action
          when 'view' then rp.view_access::text
          when 'edit' then rp.edit_access::text
          when 'delete' then rp.delete_access::text
          when 'create' then rp.create_access::text
        end = p_level
$function$;
revoke all on function app.orgs_with_access(p_component text, p_action text, p_level text) from public, anon, authenticated, service_role;
grant execute on function app.orgs_with_access(p_component text, p_action text, p_level text) to authenticated;
grant execute on function app.orgs_with_access(p_component text, p_action text, p_level text) to service_role;
grant execute on function app.orgs_with_access(p_component text, p_action text, p_level text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.profile_id_in(p_org text)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.id
  from public.user_profiles p
  where p.auth_user_id = (select auth.uid()) and p.status = 'Active' and p.org_name = p_org
  limit 1
$function$;
revoke all on function app.profile_id_in(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.profile_id_in(p_org text) to authenticated;
grant execute on function app.profile_id_in(p_org text) to service_role;
grant execute on function app.profile_id_in(p_org text) to steward_import_writer;
grant execute on function app.profile_id_in(p_org text) to steward_mail_writer;

CREATE OR REPLACE FUNCTION app.view_grants(p_level text)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(p.org_name || '|' || c.name), '{}')
  from public.user_profiles p
  join settings.user_role_permissions rp on rp.role_id = p.role_id
  join settings.components c on c.id = rp.component_id
  join settings.org_components oc on oc.org_name = p.org_name and oc.component_id = c.id and oc.enabled
  where p.auth_user_id = (select auth.uid()) and p.status = 'Active' and p.org_name <> '_system_default_'
    and rp.view_access::text = p_level
$function$;
revoke all on function app.view_grants(p_level text) from public, anon, authenticated, service_role;
grant execute on function app.view_grants(p_level text) to authenticated;
grant execute on function app.view_grants(p_level text) to service_role;
grant execute on function app.view_grants(p_level text) to steward_import_writer;
