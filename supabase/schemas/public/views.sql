-- public: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view public.user_profiles_view with (security_invoker=true) as
 SELECT p.id,
    p.short_id,
    p.auth_user_id,
    p.org_name,
    p.name,
    p.display_name,
    p.first_name,
    p.last_name,
    p.email,
    p.phone,
    p.title,
    p.status,
    p.role_id,
    r.role_name,
    p.group_id,
    g.name AS group_name,
    p.team_name,
    p.is_staff,
    p.source,
    p.invited_by,
    inv.name AS invited_by_name,
    p.joined_at,
    p.username,
    p.timezone,
    p.language,
    p.avatar_url,
    p.is_primary,
    COALESCE(ph.value, p.phone) AS primary_phone,
    ph.label AS primary_phone_label,
    COALESCE(em.value, p.email::text) AS primary_email,
    em.label AS primary_email_label,
    COALESCE(p.address_line_1, ad.address_line_1) AS address_line_1,
    COALESCE(p.address_line_2, ad.address_line_2) AS address_line_2,
    COALESCE(p.city, ad.city) AS city,
    COALESCE(p.state, ad.state) AS state,
    COALESCE(p.zip, ad.zip) AS zip,
    COALESCE(p.country, ad.country) AS country,
    p.archive,
    p.created_at,
    p.created_by,
    cb.name AS created_by_name,
    p.last_modified_at,
    p.last_modified_by,
    mb.name AS last_modified_by_name
   FROM public.user_profiles p
     LEFT JOIN public.user_roles r ON r.id = p.role_id
     LEFT JOIN hr.groups g ON g.id = p.group_id
     LEFT JOIN public.user_profiles inv ON inv.id = p.invited_by
     LEFT JOIN public.user_profiles cb ON cb.id = p.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = p.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = p.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id;
revoke all on table public.user_profiles_view from public, anon, authenticated, service_role;
grant select on table public.user_profiles_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.user_profiles_view to service_role;

create view public.user_role_permissions_view with (security_invoker=true) as
 SELECT role_permissions_id,
    role_id,
    role_name,
    role_description,
    component_id,
    component_name,
    component_description,
    component_type,
    create_access,
    view_access,
    edit_access,
    delete_access,
    org_name,
    org_enabled,
    org_comp_enabled
   FROM settings.user_role_permissions_view;
revoke all on table public.user_role_permissions_view from public, anon, authenticated, service_role;
grant select on table public.user_role_permissions_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.user_role_permissions_view to service_role;
