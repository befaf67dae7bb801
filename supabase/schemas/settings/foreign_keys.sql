-- settings: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table settings.custom_fields add constraint custom_fields_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.custom_fields add constraint custom_fields_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.custom_fields add constraint custom_fields_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.integrations add constraint integrations_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.integrations add constraint integrations_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.integrations add constraint integrations_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.org_branding add constraint org_branding_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.org_branding add constraint org_branding_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.org_branding add constraint org_branding_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.org_components add constraint org_components_component_id_fkey FOREIGN KEY (component_id) REFERENCES settings.components(id) ON DELETE CASCADE;

alter table settings.org_components add constraint org_components_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.org_components add constraint org_components_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.org_components add constraint org_components_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.saved_filters add constraint saved_filters_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.saved_filters add constraint saved_filters_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.saved_filters add constraint saved_filters_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.saved_filters add constraint saved_filters_profile_id_fkey FOREIGN KEY (profile_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table settings.user_role_permissions add constraint user_role_permissions_component_id_fkey FOREIGN KEY (component_id) REFERENCES settings.components(id) ON DELETE CASCADE;

alter table settings.user_role_permissions add constraint user_role_permissions_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.user_role_permissions add constraint user_role_permissions_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.user_role_permissions add constraint user_role_permissions_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.user_role_permissions add constraint user_role_permissions_role_in_org_fkey FOREIGN KEY (role_id, org_name) REFERENCES public.user_roles(id, org_name) ON DELETE CASCADE;

alter table settings.mail_templates add constraint mail_templates_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.mail_templates add constraint mail_templates_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.mail_templates add constraint mail_templates_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.mail_settings add constraint mail_settings_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.mail_settings add constraint mail_settings_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.mail_settings add constraint mail_settings_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;
