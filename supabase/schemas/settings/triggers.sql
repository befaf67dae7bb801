-- settings: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE CONSTRAINT TRIGGER org_ref_guard_custom_fields_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.custom_fields DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'custom_fields_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_custom_fields_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.custom_fields DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'custom_fields_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.custom_fields FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_15_custom_field BEFORE INSERT OR DELETE OR UPDATE ON settings.custom_fields FOR EACH ROW EXECUTE FUNCTION app.custom_field_check();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.custom_fields FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_80_custom_field_moved AFTER UPDATE OF sensitive ON settings.custom_fields FOR EACH ROW WHEN (old.sensitive IS DISTINCT FROM new.sensitive) EXECUTE FUNCTION app.custom_field_moved();

CREATE TRIGGER steward_85_custom_sort_keys_delete AFTER DELETE ON settings.custom_fields FOR EACH ROW EXECUTE FUNCTION app.custom_field_sort_keys();

CREATE TRIGGER steward_85_custom_sort_keys_update AFTER UPDATE OF field_type, sensitive ON settings.custom_fields FOR EACH ROW WHEN (old.field_type IS DISTINCT FROM new.field_type OR old.sensitive IS DISTINCT FROM new.sensitive) EXECUTE FUNCTION app.custom_field_sort_keys();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON settings.custom_fields REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON settings.custom_fields REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON settings.custom_fields REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE CONSTRAINT TRIGGER org_ref_guard_integrations_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.integrations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'integrations_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_integrations_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.integrations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'integrations_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_secrets BEFORE INSERT OR UPDATE ON settings.integrations FOR EACH ROW EXECUTE FUNCTION app.stash_integration_secrets();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.integrations FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.integrations FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_40_updated_at BEFORE INSERT OR UPDATE ON settings.integrations FOR EACH ROW EXECUTE FUNCTION app.integration_updated_at();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON settings.integrations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON settings.integrations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON settings.integrations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_95_secrets AFTER INSERT OR UPDATE ON settings.integrations FOR EACH ROW EXECUTE FUNCTION app.store_integration_secrets();

CREATE TRIGGER steward_96_secrets_forget AFTER INSERT OR UPDATE ON settings.integrations FOR EACH STATEMENT EXECUTE FUNCTION app.forget_integration_secrets();

CREATE CONSTRAINT TRIGGER org_ref_guard_org_branding_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.org_branding DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'org_branding_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_org_branding_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.org_branding DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'org_branding_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.org_branding FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.org_branding FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON settings.org_branding REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON settings.org_branding REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON settings.org_branding REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE CONSTRAINT TRIGGER org_ref_guard_org_components_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.org_components DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'org_components_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_org_components_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.org_components DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'org_components_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_component_defaults BEFORE INSERT OR UPDATE ON settings.org_components FOR EACH ROW EXECUTE FUNCTION app.org_component_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.org_components FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.org_components FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_keep_settings_on_delete AFTER DELETE ON settings.org_components REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.keep_settings_component();

CREATE CONSTRAINT TRIGGER org_ref_guard_saved_filters_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.saved_filters DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'saved_filters_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_saved_filters_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.saved_filters DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'saved_filters_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.saved_filters FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.saved_filters FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_25_owner BEFORE INSERT OR UPDATE ON settings.saved_filters FOR EACH ROW EXECUTE FUNCTION app.saved_filter_owner();

CREATE TRIGGER steward_30_ref_saved_filters_profile_id_fkey BEFORE INSERT OR UPDATE OF profile_id, org_name ON settings.saved_filters FOR EACH ROW WHEN (new.profile_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.profile_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('profile_id', 'public.user_profiles', 'id', 'uuid', 'saved_filters_profile_id_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_user_role_permissions_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.user_role_permissions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'user_role_permissions_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_user_role_permissions_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.user_role_permissions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'user_role_permissions_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_org_from_role BEFORE INSERT ON settings.user_role_permissions FOR EACH ROW EXECUTE FUNCTION app.role_permission_org();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.user_role_permissions FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.user_role_permissions FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_user_role_permissions_role_in_org_fkey BEFORE INSERT OR UPDATE ON settings.user_role_permissions FOR EACH ROW EXECUTE FUNCTION app.org_reference_guard('role_id', 'public.user_roles', 'id', 'uuid', 'user_role_permissions_role_in_org_fkey', 'user_roles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON settings.user_role_permissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON settings.user_role_permissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON settings.user_role_permissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_keep_manager_on_delete AFTER DELETE ON settings.user_role_permissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.keep_an_organization_manager();

CREATE TRIGGER steward_90_keep_manager_on_update AFTER UPDATE ON settings.user_role_permissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.keep_an_organization_manager();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.mail_templates FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.mail_templates FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.mail_settings FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.mail_settings FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON settings.mail_templates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON settings.mail_templates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON settings.mail_templates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON settings.mail_settings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON settings.mail_settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON settings.mail_settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE CONSTRAINT TRIGGER org_ref_guard_mail_settings_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.mail_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (((new.created_by IS NOT NULL) AND (NOT app.is_app_user()) AND (app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE))) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'mail_settings_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_mail_settings_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.mail_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (((new.last_modified_by IS NOT NULL) AND (NOT app.is_app_user()) AND (app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE))) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'mail_settings_last_modified_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_mail_templates_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.mail_templates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (((new.created_by IS NOT NULL) AND (NOT app.is_app_user()) AND (app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE))) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'mail_templates_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_mail_templates_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.mail_templates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (((new.last_modified_by IS NOT NULL) AND (NOT app.is_app_user()) AND (app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE))) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'mail_templates_last_modified_by_fkey', 'user_profiles');
