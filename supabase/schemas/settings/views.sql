-- settings: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view settings.roles with (security_invoker=true) as
 SELECT id,
    role_name AS name,
    role_name,
    description,
    org_name,
    archive,
    created_at,
    created_by,
    last_modified_at,
    last_modified_by
   FROM public.user_roles r;
revoke all on table settings.roles from public, anon, authenticated, service_role;
grant select on table settings.roles to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.roles to service_role;

create view settings.user_role_permissions_view with (security_invoker=true) as
 SELECT rp.id AS role_permissions_id,
    rp.role_id,
    r.role_name,
    r.description AS role_description,
    rp.component_id,
    c.name AS component_name,
    c.description AS component_description,
    c.component_type,
    rp.create_access,
    rp.view_access,
    rp.edit_access,
    rp.delete_access,
    rp.org_name,
    COALESCE(NOT o.archive, false) AS org_enabled,
    COALESCE(oc.enabled, false) AS org_comp_enabled
   FROM settings.user_role_permissions rp
     JOIN public.user_roles r ON r.id = rp.role_id
     JOIN settings.components c ON c.id = rp.component_id
     LEFT JOIN public.organizations o ON o.name = rp.org_name
     LEFT JOIN settings.org_components oc ON oc.org_name = rp.org_name AND oc.component_id = rp.component_id;
revoke all on table settings.user_role_permissions_view from public, anon, authenticated, service_role;
grant select on table settings.user_role_permissions_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.user_role_permissions_view to service_role;
