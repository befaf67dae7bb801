-- Signed-in users need EXECUTE only on the helpers their policies, triggers and views call; the
-- wiring helpers that run DDL are for migrations.
revoke execute on function app.access_sql(text, text) from authenticated;
revoke execute on function app.attach_org_table(regclass) from authenticated;
revoke execute on function app.apply_component_policies(regclass, text) from authenticated;
revoke execute on function app.secure_org_table(regclass, text) from authenticated;
revoke execute on function app.add_audit_foreign_keys(regclass) from authenticated;
revoke execute on function app.secure_view(regclass) from authenticated;
revoke execute on function app.apply_member_readable_policies(regclass, text) from authenticated;

-- Which component governs the tables with hand-written rules (see supabase/README.md).
comment on table public.organizations is 'component: settings (members read their organisation; created by apply_for_access)';
comment on table public.user_roles is 'component: settings (every member reads)';
comment on table public.user_profiles is 'component: settings (every member reads; users edit their own profile)';
comment on table settings.org_components is 'component: settings (every member reads)';
comment on table settings.user_role_permissions is 'component: settings (members read their own role)';
comment on table settings.org_branding is 'component: settings (every member reads)';
comment on table settings.integrations is 'component: settings (read needs settings edit rights)';
comment on table settings.components is 'platform catalogue: read-only';
