-- crm: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE CONSTRAINT TRIGGER org_ref_guard_addresses_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.addresses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'addresses_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_addresses_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.addresses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'addresses_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_07_one_primary BEFORE INSERT OR UPDATE OF is_primary, archive, contact_id, business_id, household_id, user_id ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.demote_other_primaries();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_addresses_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'addresses_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_addresses_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'addresses_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_addresses_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'addresses_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_addresses_user_id_fkey BEFORE INSERT OR UPDATE OF user_id, org_name ON crm.addresses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.user_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.user_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('user_id', 'public.user_profiles', 'id', 'uuid', 'addresses_user_id_fkey', 'user_profiles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.addresses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.addresses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.addresses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_shown_delete AFTER DELETE ON crm.addresses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.shown_contact_methods_changed();

CREATE TRIGGER steward_90_shown_insert AFTER INSERT ON crm.addresses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.shown_contact_methods_changed();

CREATE TRIGGER steward_90_shown_update AFTER UPDATE ON crm.addresses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.shown_contact_methods_changed();

CREATE CONSTRAINT TRIGGER org_ref_guard_business_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.business_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'business_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_business_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.business_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'business_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.business_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.business_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.business_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.business_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.business_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_businesses_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.businesses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'businesses_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_businesses_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.businesses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'businesses_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER search_words_deleted AFTER DELETE ON crm.businesses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_forget('r.name || '' '' || coalesce(r.dba_name, '''')');

CREATE TRIGGER search_words_inserted AFTER INSERT ON crm.businesses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || coalesce(r.dba_name, '''') || '' '' || app.custom_search_text(r.custom)');

CREATE TRIGGER search_words_updated AFTER UPDATE ON crm.businesses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || coalesce(r.dba_name, '''') || '' '' || app.custom_search_text(r.custom)');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.custom_values_check('business');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('business');

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_businesses_primary_owner_id_fkey BEFORE INSERT OR UPDATE OF primary_owner_id, org_name ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.primary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.primary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('primary_owner_id', 'public.user_profiles', 'id', 'uuid', 'businesses_primary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_businesses_secondary_owner_id_fkey BEFORE INSERT OR UPDATE OF secondary_owner_id, org_name ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.secondary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.secondary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('secondary_owner_id', 'public.user_profiles', 'id', 'uuid', 'businesses_secondary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_businesses_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.type_id IS NOT NULL AND app.org_ref_other__crm__business_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'crm.business_types', 'id', 'uuid', 'businesses_type_id_fkey', 'business_types');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON crm.businesses FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON crm.businesses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('business');

CREATE TRIGGER steward_91_custom_sort_delete AFTER DELETE ON crm.businesses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('business');

CREATE TRIGGER steward_91_custom_sort_insert AFTER INSERT ON crm.businesses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('business');

CREATE TRIGGER steward_91_custom_sort_update AFTER UPDATE ON crm.businesses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('business');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.businesses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.businesses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.businesses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_contact_method_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.contact_method_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'contact_method_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_contact_method_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.contact_method_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'contact_method_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.contact_method_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.contact_method_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_80_method_kind AFTER UPDATE ON crm.contact_method_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.contact_method_type_kind_changed();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.contact_method_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.contact_method_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.contact_method_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_shown_kind AFTER UPDATE ON crm.contact_method_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.shown_contact_method_types_changed();

CREATE CONSTRAINT TRIGGER org_ref_guard_contact_methods_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.contact_methods DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'contact_methods_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_contact_methods_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.contact_methods DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'contact_methods_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_label BEFORE INSERT OR UPDATE ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.contact_method_label();

CREATE TRIGGER steward_06_kind BEFORE INSERT OR UPDATE ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.contact_method_prepare();

CREATE TRIGGER steward_07_one_primary BEFORE INSERT OR UPDATE OF is_primary, archive, kind, type_id, contact_id, business_id, household_id, user_id ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.demote_other_primaries();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_contact_methods_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'contact_methods_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_contact_methods_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'contact_methods_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_contact_methods_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'contact_methods_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_contact_methods_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.type_id IS NOT NULL AND app.org_ref_other__crm__contact_method_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'crm.contact_method_types', 'id', 'uuid', 'contact_methods_type_id_fkey', 'contact_method_types');

CREATE TRIGGER steward_30_ref_contact_methods_user_id_fkey BEFORE INSERT OR UPDATE OF user_id, org_name ON crm.contact_methods FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.user_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.user_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('user_id', 'public.user_profiles', 'id', 'uuid', 'contact_methods_user_id_fkey', 'user_profiles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.contact_methods REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.contact_methods REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.contact_methods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_shown_delete AFTER DELETE ON crm.contact_methods REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.shown_contact_methods_changed();

CREATE TRIGGER steward_90_shown_insert AFTER INSERT ON crm.contact_methods REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.shown_contact_methods_changed();

CREATE TRIGGER steward_90_shown_update AFTER UPDATE ON crm.contact_methods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.shown_contact_methods_changed();

CREATE CONSTRAINT TRIGGER org_ref_guard_contact_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.contact_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'contact_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_contact_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.contact_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'contact_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.contact_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.contact_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.contact_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.contact_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.contact_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_contacts_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.contacts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'contacts_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_contacts_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.contacts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'contacts_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER search_words_deleted AFTER DELETE ON crm.contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_forget('r.name');

CREATE TRIGGER search_words_inserted AFTER INSERT ON crm.contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || app.custom_search_text(r.custom)');

CREATE TRIGGER search_words_updated AFTER UPDATE ON crm.contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || app.custom_search_text(r.custom)');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.custom_values_check('contact');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('contact');

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_contacts_primary_owner_id_fkey BEFORE INSERT OR UPDATE OF primary_owner_id, org_name ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.primary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.primary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('primary_owner_id', 'public.user_profiles', 'id', 'uuid', 'contacts_primary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_contacts_secondary_owner_id_fkey BEFORE INSERT OR UPDATE OF secondary_owner_id, org_name ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.secondary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.secondary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('secondary_owner_id', 'public.user_profiles', 'id', 'uuid', 'contacts_secondary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_contacts_spouse_id_fkey BEFORE INSERT OR UPDATE OF spouse_id, org_name ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.spouse_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.spouse_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('spouse_id', 'crm.contacts', 'id', 'uuid', 'contacts_spouse_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_contacts_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name AND new.type_id IS NOT NULL AND app.org_ref_other__crm__contact_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'crm.contact_types', 'id', 'uuid', 'contacts_type_id_fkey', 'contact_types');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_85_mirror_spouse AFTER INSERT OR UPDATE OF spouse_id ON crm.contacts FOR EACH ROW WHEN (CURRENT_USER <> 'steward_import_writer'::name) EXECUTE FUNCTION app.mirror_spouse();

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON crm.contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('contact');

CREATE TRIGGER steward_91_custom_sort_delete AFTER DELETE ON crm.contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('contact');

CREATE TRIGGER steward_91_custom_sort_insert AFTER INSERT ON crm.contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('contact');

CREATE TRIGGER steward_91_custom_sort_update AFTER UPDATE ON crm.contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('contact');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_crm_file_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.crm_file_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'crm_file_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_crm_file_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.crm_file_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'crm_file_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.crm_file_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.crm_file_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.crm_file_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.crm_file_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.crm_file_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_crm_files_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.crm_files DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'crm_files_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_crm_files_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.crm_files DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'crm_files_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.crm_files FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.crm_files FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_crm_files_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON crm.crm_files FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'crm_files_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_crm_files_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON crm.crm_files FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'crm_files_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_crm_files_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON crm.crm_files FOR EACH ROW WHEN (new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'crm_files_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_crm_files_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON crm.crm_files FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__crm__crm_file_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'crm.crm_file_types', 'id', 'uuid', 'crm_files_type_id_fkey', 'crm_file_types');

CREATE TRIGGER steward_30_ref_crm_files_user_id_fkey BEFORE INSERT OR UPDATE OF user_id, org_name ON crm.crm_files FOR EACH ROW WHEN (new.user_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.user_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('user_id', 'public.user_profiles', 'id', 'uuid', 'crm_files_user_id_fkey', 'user_profiles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.crm_files REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.crm_files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.crm_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_households_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.households DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'households_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_households_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.households DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'households_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER search_words_deleted AFTER DELETE ON crm.households REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_forget('r.name');

CREATE TRIGGER search_words_inserted AFTER INSERT ON crm.households REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || app.custom_search_text(r.custom)');

CREATE TRIGGER search_words_updated AFTER UPDATE ON crm.households REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.search_words_learn('r.name || '' '' || app.custom_search_text(r.custom)');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.households FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON crm.households FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('household');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON crm.households FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('household');

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.households FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_households_primary_contact_id_fkey BEFORE INSERT OR UPDATE OF primary_contact_id, org_name ON crm.households FOR EACH ROW WHEN (new.primary_contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.primary_contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('primary_contact_id', 'crm.contacts', 'id', 'uuid', 'households_primary_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_households_primary_owner_id_fkey BEFORE INSERT OR UPDATE OF primary_owner_id, org_name ON crm.households FOR EACH ROW WHEN (new.primary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.primary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('primary_owner_id', 'public.user_profiles', 'id', 'uuid', 'households_primary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_households_secondary_contact_id_fkey BEFORE INSERT OR UPDATE OF secondary_contact_id, org_name ON crm.households FOR EACH ROW WHEN (new.secondary_contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.secondary_contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('secondary_contact_id', 'crm.contacts', 'id', 'uuid', 'households_secondary_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_households_secondary_owner_id_fkey BEFORE INSERT OR UPDATE OF secondary_owner_id, org_name ON crm.households FOR EACH ROW WHEN (new.secondary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.secondary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('secondary_owner_id', 'public.user_profiles', 'id', 'uuid', 'households_secondary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON crm.households FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON crm.households REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('household');

CREATE TRIGGER steward_91_custom_sort_delete AFTER DELETE ON crm.households REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('household');

CREATE TRIGGER steward_91_custom_sort_insert AFTER INSERT ON crm.households REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('household');

CREATE TRIGGER steward_91_custom_sort_update AFTER UPDATE ON crm.households REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('household');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.households REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.households REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.households REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER import_jobs_forget_old BEFORE INSERT ON crm.import_jobs FOR EACH ROW EXECUTE FUNCTION crm.forget_old_import_jobs();

CREATE TRIGGER import_jobs_limit BEFORE INSERT ON crm.import_jobs FOR EACH ROW EXECUTE FUNCTION crm.limit_open_import_jobs();

CREATE TRIGGER import_rows_limit AFTER INSERT ON crm.import_rows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION crm.import_rows_limit();

CREATE CONSTRAINT TRIGGER org_ref_guard_locations_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.locations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'locations_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_locations_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.locations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'locations_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.locations FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.locations FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.locations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.locations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.locations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_note_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.note_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'note_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_note_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.note_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'note_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.note_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.note_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.note_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.note_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.note_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_notes_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'notes_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_notes_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'notes_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.notes FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.notes FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_notes_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON crm.notes FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'notes_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_notes_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON crm.notes FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'notes_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_notes_contact_method_id_fkey BEFORE INSERT OR UPDATE OF contact_method_id, org_name ON crm.notes FOR EACH ROW WHEN (new.contact_method_id IS NOT NULL AND app.org_ref_other__crm__contact_methods(new.contact_method_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_method_id', 'crm.contact_methods', 'id', 'uuid', 'notes_contact_method_id_fkey', 'contact_methods');

CREATE TRIGGER steward_30_ref_notes_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON crm.notes FOR EACH ROW WHEN (new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'notes_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_notes_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON crm.notes FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__crm__note_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'crm.note_types', 'id', 'uuid', 'notes_type_id_fkey', 'note_types');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON crm.notes FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.notes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.notes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_notify AFTER INSERT OR UPDATE OF description ON crm.notes FOR EACH ROW EXECUTE FUNCTION app.notify_note_mentions();

CREATE CONSTRAINT TRIGGER org_ref_guard_other_contact_methods_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.other_contact_methods DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'other_contact_methods_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_other_contact_methods_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.other_contact_methods DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'other_contact_methods_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_label BEFORE INSERT OR UPDATE ON crm.other_contact_methods FOR EACH ROW EXECUTE FUNCTION app.contact_method_label();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.other_contact_methods FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.other_contact_methods FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_other_contact_methods_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON crm.other_contact_methods FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'other_contact_methods_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_other_contact_methods_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON crm.other_contact_methods FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'other_contact_methods_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_other_contact_methods_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON crm.other_contact_methods FOR EACH ROW WHEN (new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'other_contact_methods_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_other_contact_methods_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON crm.other_contact_methods FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__crm__contact_method_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'crm.contact_method_types', 'id', 'uuid', 'other_contact_methods_type_id_fkey', 'contact_method_types');

CREATE TRIGGER steward_30_ref_other_contact_methods_user_id_fkey BEFORE INSERT OR UPDATE OF user_id, org_name ON crm.other_contact_methods FOR EACH ROW WHEN (new.user_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.user_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('user_id', 'public.user_profiles', 'id', 'uuid', 'other_contact_methods_user_id_fkey', 'user_profiles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.other_contact_methods REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.other_contact_methods REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.other_contact_methods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE CONSTRAINT TRIGGER org_ref_guard_relationships_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON crm.relationships DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'relationships_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_relationships_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON crm.relationships DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'relationships_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON crm.relationships FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON crm.relationships FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_relationships_business_id1_fkey BEFORE INSERT OR UPDATE OF business_id1, org_name ON crm.relationships FOR EACH ROW WHEN (new.business_id1 IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id1, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id1', 'crm.businesses', 'id', 'uuid', 'relationships_business_id1_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_relationships_business_id2_fkey BEFORE INSERT OR UPDATE OF business_id2, org_name ON crm.relationships FOR EACH ROW WHEN (new.business_id2 IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id2, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id2', 'crm.businesses', 'id', 'uuid', 'relationships_business_id2_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_relationships_contact_id1_fkey BEFORE INSERT OR UPDATE OF contact_id1, org_name ON crm.relationships FOR EACH ROW WHEN (new.contact_id1 IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id1, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id1', 'crm.contacts', 'id', 'uuid', 'relationships_contact_id1_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_relationships_contact_id2_fkey BEFORE INSERT OR UPDATE OF contact_id2, org_name ON crm.relationships FOR EACH ROW WHEN (new.contact_id2 IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id2, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id2', 'crm.contacts', 'id', 'uuid', 'relationships_contact_id2_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_relationships_household_id1_fkey BEFORE INSERT OR UPDATE OF household_id1, org_name ON crm.relationships FOR EACH ROW WHEN (new.household_id1 IS NOT NULL AND app.org_ref_other__crm__households(new.household_id1, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id1', 'crm.households', 'id', 'uuid', 'relationships_household_id1_fkey', 'households');

CREATE TRIGGER steward_30_ref_relationships_household_id2_fkey BEFORE INSERT OR UPDATE OF household_id2, org_name ON crm.relationships FOR EACH ROW WHEN (new.household_id2 IS NOT NULL AND app.org_ref_other__crm__households(new.household_id2, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id2', 'crm.households', 'id', 'uuid', 'relationships_household_id2_fkey', 'households');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON crm.relationships REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON crm.relationships REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON crm.relationships REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('crm');

CREATE TRIGGER steward_30_ref_mail_campaigns_created_by_fkey BEFORE INSERT OR UPDATE OF created_by, org_name ON crm.mail_campaigns FOR EACH ROW WHEN (((new.created_by IS NOT NULL) AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name))) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'mail_campaigns_created_by_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_mail_suppressions_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON crm.mail_suppressions FOR EACH ROW WHEN (((new.message_id IS NOT NULL) AND app.org_ref_other__crm__messages(new.message_id, new.org_name))) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'mail_suppressions_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_message_attachments_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON crm.message_attachments FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'message_attachments_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_message_links_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON crm.message_links FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'message_links_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_messages_campaign_id_fkey BEFORE INSERT OR UPDATE OF campaign_id, org_name ON crm.messages FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.campaign_id IS NOT NULL AND app.org_ref_other__crm__mail_campaigns(new.campaign_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('campaign_id', 'crm.mail_campaigns', 'id', 'uuid', 'messages_campaign_id_fkey', 'mail_campaigns');

CREATE TRIGGER steward_30_ref_messages_sent_by_fkey BEFORE INSERT OR UPDATE OF sent_by, org_name ON crm.messages FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.sent_by IS NOT NULL AND app.org_ref_other__public__user_profiles(new.sent_by, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('sent_by', 'public.user_profiles', 'id', 'uuid', 'messages_sent_by_fkey', 'user_profiles');
