-- catalog: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_blocks_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodation_blocks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_blocks_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_blocks_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodation_blocks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_blocks_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodation_blocks FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodation_blocks FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodation_blocks FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_accommodation_blocks_accommodation_id_fkey BEFORE INSERT OR UPDATE OF accommodation_id, org_name ON catalog.accommodation_blocks FOR EACH ROW WHEN (new.accommodation_id IS NOT NULL AND app.org_ref_other__catalog__accommodations(new.accommodation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('accommodation_id', 'catalog.accommodations', 'id', 'uuid', 'accommodation_blocks_accommodation_id_fkey', 'accommodations');

CREATE TRIGGER steward_40_no_block_over_reservation BEFORE INSERT OR UPDATE OF accommodation_id, block_start, block_end ON catalog.accommodation_blocks FOR EACH ROW EXECUTE FUNCTION app.refuse_block_over_reservation();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodation_blocks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodation_blocks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodation_blocks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_classes_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodation_classes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_classes_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_classes_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodation_classes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_classes_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodation_classes FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodation_classes FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodation_classes FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodation_classes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodation_classes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodation_classes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_files_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodation_files DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_files_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_files_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodation_files DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_files_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodation_files FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodation_files FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodation_files FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_accommodation_files_accommodation_id_fkey BEFORE INSERT OR UPDATE OF accommodation_id, org_name ON catalog.accommodation_files FOR EACH ROW WHEN (new.accommodation_id IS NOT NULL AND app.org_ref_other__catalog__accommodations(new.accommodation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('accommodation_id', 'catalog.accommodations', 'id', 'uuid', 'accommodation_files_accommodation_id_fkey', 'accommodations');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodation_files REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodation_files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodation_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_rate_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodation_rate_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_rate_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_rate_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodation_rate_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_rate_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodation_rate_types FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodation_rate_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodation_rate_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodation_rate_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodation_rate_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodation_rate_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_rates_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodation_rates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_rates_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_rates_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodation_rates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_rates_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodation_rates FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodation_rates FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodation_rates FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_accommodation_rates_accommodation_id_fkey BEFORE INSERT OR UPDATE OF accommodation_id, org_name ON catalog.accommodation_rates FOR EACH ROW WHEN (new.accommodation_id IS NOT NULL AND app.org_ref_other__catalog__accommodations(new.accommodation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('accommodation_id', 'catalog.accommodations', 'id', 'uuid', 'accommodation_rates_accommodation_id_fkey', 'accommodations');

CREATE TRIGGER steward_30_ref_accommodation_rates_class_id_fkey BEFORE INSERT OR UPDATE OF class_id, org_name ON catalog.accommodation_rates FOR EACH ROW WHEN (new.class_id IS NOT NULL AND app.org_ref_other__catalog__accommodation_classes(new.class_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('class_id', 'catalog.accommodation_classes', 'id', 'uuid', 'accommodation_rates_class_id_fkey', 'accommodation_classes');

CREATE TRIGGER steward_30_ref_accommodation_rates_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON catalog.accommodation_rates FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__catalog__accommodation_rate_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'catalog.accommodation_rate_types', 'id', 'uuid', 'accommodation_rates_type_id_fkey', 'accommodation_rate_types');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodation_rates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodation_rates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodation_rates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodation_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodation_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodation_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodation_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodation_types FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodation_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodation_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodation_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodation_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodation_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodations_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.accommodations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'accommodations_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_accommodations_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.accommodations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'accommodations_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.accommodations FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.accommodations FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON catalog.accommodations FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('accommodation');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON catalog.accommodations FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('accommodation');

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.accommodations FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_accommodations_caretaker_id_fkey BEFORE INSERT OR UPDATE OF caretaker_id, org_name ON catalog.accommodations FOR EACH ROW WHEN (new.caretaker_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.caretaker_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('caretaker_id', 'public.user_profiles', 'id', 'uuid', 'accommodations_caretaker_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_accommodations_class_id_fkey BEFORE INSERT OR UPDATE OF class_id, org_name ON catalog.accommodations FOR EACH ROW WHEN (new.class_id IS NOT NULL AND app.org_ref_other__catalog__accommodation_classes(new.class_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('class_id', 'catalog.accommodation_classes', 'id', 'uuid', 'accommodations_class_id_fkey', 'accommodation_classes');

CREATE TRIGGER steward_30_ref_accommodations_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON catalog.accommodations FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__catalog__accommodation_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'catalog.accommodation_types', 'id', 'uuid', 'accommodations_type_id_fkey', 'accommodation_types');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON catalog.accommodations FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON catalog.accommodations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('accommodation');

CREATE TRIGGER steward_91_custom_sort_delete AFTER DELETE ON catalog.accommodations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('accommodation');

CREATE TRIGGER steward_91_custom_sort_insert AFTER INSERT ON catalog.accommodations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('accommodation');

CREATE TRIGGER steward_91_custom_sort_update AFTER UPDATE ON catalog.accommodations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('accommodation');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.accommodations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.accommodations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.accommodations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_amenities_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.amenities DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'amenities_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_amenities_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.amenities DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'amenities_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.amenities FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.amenities FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.amenities FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_amenities_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON catalog.amenities FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__catalog__amenity_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'catalog.amenity_types', 'id', 'uuid', 'amenities_type_id_fkey', 'amenity_types');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.amenities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.amenities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.amenities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_amenity_map_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.amenity_map DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'amenity_map_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_amenity_map_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.amenity_map DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'amenity_map_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.amenity_map FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.amenity_map FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_amenity_map_accommodation_id_fkey BEFORE INSERT OR UPDATE OF accommodation_id, org_name ON catalog.amenity_map FOR EACH ROW WHEN (new.accommodation_id IS NOT NULL AND app.org_ref_other__catalog__accommodations(new.accommodation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('accommodation_id', 'catalog.accommodations', 'id', 'uuid', 'amenity_map_accommodation_id_fkey', 'accommodations');

CREATE TRIGGER steward_30_ref_amenity_map_amenity_id_fkey BEFORE INSERT OR UPDATE OF amenity_id, org_name ON catalog.amenity_map FOR EACH ROW WHEN (new.amenity_id IS NOT NULL AND app.org_ref_other__catalog__amenities(new.amenity_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('amenity_id', 'catalog.amenities', 'id', 'uuid', 'amenity_map_amenity_id_fkey', 'amenities');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.amenity_map REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.amenity_map REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.amenity_map REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_amenity_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.amenity_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'amenity_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_amenity_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.amenity_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'amenity_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.amenity_types FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.amenity_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.amenity_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.amenity_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.amenity_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.amenity_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_calendar_feeds_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.calendar_feeds DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'calendar_feeds_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_calendar_feeds_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.calendar_feeds DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'calendar_feeds_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_guard_calendar_feed BEFORE INSERT OR UPDATE ON catalog.calendar_feeds FOR EACH ROW EXECUTE FUNCTION app.guard_calendar_feed();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.calendar_feeds FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.calendar_feeds FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_calendar_feeds_accommodation_id_fkey BEFORE INSERT OR UPDATE OF accommodation_id, org_name ON catalog.calendar_feeds FOR EACH ROW WHEN (new.accommodation_id IS NOT NULL AND app.org_ref_other__catalog__accommodations(new.accommodation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('accommodation_id', 'catalog.accommodations', 'id', 'uuid', 'calendar_feeds_accommodation_id_fkey', 'accommodations');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.calendar_feeds REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.calendar_feeds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.calendar_feeds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_lodging_settings_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.lodging_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'lodging_settings_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_lodging_settings_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.lodging_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'lodging_settings_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.lodging_settings FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.lodging_settings FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.lodging_settings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.lodging_settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.lodging_settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_option_values_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.product_option_values DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'product_option_values_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_option_values_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.product_option_values DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'product_option_values_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.product_option_values FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.product_option_values FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_product_option_values_option_id_fkey BEFORE INSERT OR UPDATE OF option_id, org_name ON catalog.product_option_values FOR EACH ROW WHEN (new.option_id IS NOT NULL AND app.org_ref_other__catalog__product_options(new.option_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('option_id', 'catalog.product_options', 'id', 'uuid', 'product_option_values_option_id_fkey', 'product_options');

CREATE TRIGGER steward_30_ref_product_option_values_option_value_id_fkey BEFORE INSERT OR UPDATE OF option_value_id, org_name ON catalog.product_option_values FOR EACH ROW WHEN (new.option_value_id IS NOT NULL AND app.org_ref_other__catalog__product_options(new.option_value_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('option_value_id', 'catalog.product_options', 'id', 'uuid', 'product_option_values_option_value_id_fkey', 'product_options');

CREATE TRIGGER steward_30_ref_product_option_values_variant_id_fkey BEFORE INSERT OR UPDATE OF variant_id, org_name ON catalog.product_option_values FOR EACH ROW WHEN (new.variant_id IS NOT NULL AND app.org_ref_other__catalog__product_variants(new.variant_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('variant_id', 'catalog.product_variants', 'id', 'uuid', 'product_option_values_variant_id_fkey', 'product_variants');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.product_option_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.product_option_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.product_option_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_options_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.product_options DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'product_options_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_options_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.product_options DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'product_options_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.product_options FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.product_options FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_product_options_product_id_fkey BEFORE INSERT OR UPDATE OF product_id, org_name ON catalog.product_options FOR EACH ROW WHEN (new.product_id IS NOT NULL AND app.org_ref_other__catalog__products(new.product_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('product_id', 'catalog.products', 'id', 'uuid', 'product_options_product_id_fkey', 'products');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.product_options REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.product_options REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.product_options REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.product_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'product_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.product_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'product_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.product_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.product_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_product_types_product_id_fkey BEFORE INSERT OR UPDATE OF product_id, org_name ON catalog.product_types FOR EACH ROW WHEN (new.product_id IS NOT NULL AND app.org_ref_other__catalog__products(new.product_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('product_id', 'catalog.products', 'id', 'uuid', 'product_types_product_id_fkey', 'products');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.product_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.product_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.product_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_variants_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.product_variants DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'product_variants_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_product_variants_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.product_variants DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'product_variants_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.product_variants FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.product_variants FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_product_variants_product_id_fkey BEFORE INSERT OR UPDATE OF product_id, org_name ON catalog.product_variants FOR EACH ROW WHEN (new.product_id IS NOT NULL AND app.org_ref_other__catalog__products(new.product_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('product_id', 'catalog.products', 'id', 'uuid', 'product_variants_product_id_fkey', 'products');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.product_variants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.product_variants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.product_variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_products_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.products DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'products_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_products_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.products DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'products_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.products FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON catalog.products FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('product');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON catalog.products FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('product');

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.products FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_products_type_id_fkey BEFORE INSERT OR UPDATE OF type_id, org_name ON catalog.products FOR EACH ROW WHEN (new.type_id IS NOT NULL AND app.org_ref_other__catalog__product_types(new.type_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('type_id', 'catalog.product_types', 'id', 'uuid', 'products_type_id_fkey', 'product_types');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON catalog.products FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_31_sku BEFORE INSERT OR UPDATE ON catalog.products FOR EACH ROW EXECUTE FUNCTION app.stamp_product_sku();

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON catalog.products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('product');

CREATE TRIGGER steward_91_custom_sort_delete AFTER DELETE ON catalog.products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('product');

CREATE TRIGGER steward_91_custom_sort_insert AFTER INSERT ON catalog.products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('product');

CREATE TRIGGER steward_91_custom_sort_update AFTER UPDATE ON catalog.products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('product');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_reservation_items_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.reservation_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'reservation_items_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_reservation_items_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.reservation_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'reservation_items_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.reservation_items FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.reservation_items FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON catalog.reservation_items FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.reservation_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.reservation_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.reservation_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_reservation_payments_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.reservation_payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'reservation_payments_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_reservation_payments_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.reservation_payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'reservation_payments_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.reservation_payments FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.reservation_payments FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_reservation_payments_reservation_id_fkey BEFORE INSERT OR UPDATE OF reservation_id, org_name ON catalog.reservation_payments FOR EACH ROW WHEN (new.reservation_id IS NOT NULL AND app.org_ref_other__catalog__reservations(new.reservation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('reservation_id', 'catalog.reservations', 'id', 'uuid', 'reservation_payments_reservation_id_fkey', 'reservations');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.reservation_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.reservation_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.reservation_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_reservations_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.reservations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'reservations_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_reservations_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.reservations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'reservations_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_blank_defaults BEFORE INSERT OR UPDATE ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.lodging_blank_defaults();

CREATE TRIGGER steward_06_status_flow BEFORE INSERT OR UPDATE ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.stay_status_flow();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('reservation');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON catalog.reservations FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('reservation');

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_reservations_accommodation_id_fkey BEFORE INSERT OR UPDATE OF accommodation_id, org_name ON catalog.reservations FOR EACH ROW WHEN (new.accommodation_id IS NOT NULL AND app.org_ref_other__catalog__accommodations(new.accommodation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('accommodation_id', 'catalog.accommodations', 'id', 'uuid', 'reservations_accommodation_id_fkey', 'accommodations');

CREATE TRIGGER steward_30_ref_reservations_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON catalog.reservations FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'reservations_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_reservations_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON catalog.reservations FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'reservations_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_reservations_project_id_fkey BEFORE INSERT OR UPDATE OF project_id, org_name ON catalog.reservations FOR EACH ROW WHEN (new.project_id IS NOT NULL AND app.org_ref_other__ops__projects(new.project_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('project_id', 'ops.projects', 'id', 'uuid', 'reservations_project_id_fkey', 'projects');

CREATE TRIGGER steward_30_ref_reservations_rate_id_fkey BEFORE INSERT OR UPDATE OF rate_id, org_name ON catalog.reservations FOR EACH ROW WHEN (new.rate_id IS NOT NULL AND app.org_ref_other__catalog__accommodation_rates(new.rate_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('rate_id', 'catalog.accommodation_rates', 'id', 'uuid', 'reservations_rate_id_fkey', 'accommodation_rates');

CREATE TRIGGER steward_35_price_stay BEFORE INSERT OR UPDATE ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.price_stay();

CREATE TRIGGER steward_40_no_double_booking BEFORE INSERT OR UPDATE OF accommodation_id, check_in, check_out, status ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.refuse_reservation_overlap();

CREATE TRIGGER steward_45_confirmation_mail BEFORE INSERT OR UPDATE ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.confirm_stay_mail();

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON catalog.reservations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('reservation');

CREATE TRIGGER steward_91_custom_sort_delete AFTER DELETE ON catalog.reservations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('reservation');

CREATE TRIGGER steward_91_custom_sort_insert AFTER INSERT ON catalog.reservations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('reservation');

CREATE TRIGGER steward_91_custom_sort_update AFTER UPDATE ON catalog.reservations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('reservation');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.reservations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.reservations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.reservations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_resource_classes_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.resource_classes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'resource_classes_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_resource_classes_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.resource_classes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'resource_classes_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.resource_classes FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.resource_classes FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.resource_classes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.resource_classes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.resource_classes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_resource_reservations_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.resource_reservations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'resource_reservations_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_resource_reservations_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.resource_reservations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'resource_reservations_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.resource_reservations FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.resource_reservations FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_resource_reservations_reservation_item_id_fkey BEFORE INSERT OR UPDATE OF reservation_item_id, org_name ON catalog.resource_reservations FOR EACH ROW WHEN (new.reservation_item_id IS NOT NULL AND app.org_ref_other__catalog__reservation_items(new.reservation_item_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('reservation_item_id', 'catalog.reservation_items', 'id', 'uuid', 'resource_reservations_reservation_item_id_fkey', 'reservation_items');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.resource_reservations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.resource_reservations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.resource_reservations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_resource_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.resource_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'resource_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_resource_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.resource_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'resource_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.resource_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.resource_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.resource_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.resource_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.resource_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('lodging');

CREATE CONSTRAINT TRIGGER org_ref_guard_supplies_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.supplies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'supplies_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_supplies_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.supplies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'supplies_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.supplies FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON catalog.supplies FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('supply');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON catalog.supplies FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('supply');

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.supplies FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON catalog.supplies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('supply');

CREATE TRIGGER steward_91_custom_sort_delete AFTER DELETE ON catalog.supplies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('supply');

CREATE TRIGGER steward_91_custom_sort_insert AFTER INSERT ON catalog.supplies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('supply');

CREATE TRIGGER steward_91_custom_sort_update AFTER UPDATE ON catalog.supplies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('supply');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.supplies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.supplies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.supplies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_unit_conversions_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.unit_conversions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'unit_conversions_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_unit_conversions_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.unit_conversions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'unit_conversions_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.unit_conversions FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.unit_conversions FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_unit_conversions_unit_type_1_fkey BEFORE INSERT OR UPDATE OF unit_type_1, org_name ON catalog.unit_conversions FOR EACH ROW WHEN (new.unit_type_1 IS NOT NULL AND app.org_ref_other__catalog__unit_types(new.unit_type_1, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('unit_type_1', 'catalog.unit_types', 'id', 'uuid', 'unit_conversions_unit_type_1_fkey', 'unit_types');

CREATE TRIGGER steward_30_ref_unit_conversions_unit_type_2_fkey BEFORE INSERT OR UPDATE OF unit_type_2, org_name ON catalog.unit_conversions FOR EACH ROW WHEN (new.unit_type_2 IS NOT NULL AND app.org_ref_other__catalog__unit_types(new.unit_type_2, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('unit_type_2', 'catalog.unit_types', 'id', 'uuid', 'unit_conversions_unit_type_2_fkey', 'unit_types');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.unit_conversions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.unit_conversions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.unit_conversions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_unit_types_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.unit_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'unit_types_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_unit_types_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.unit_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'unit_types_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.unit_types FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.unit_types FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.unit_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.unit_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.unit_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE CONSTRAINT TRIGGER org_ref_guard_variant_option_values_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON catalog.variant_option_values DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'variant_option_values_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_variant_option_values_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON catalog.variant_option_values DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'variant_option_values_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON catalog.variant_option_values FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON catalog.variant_option_values FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_variant_option_values_option_id_fkey BEFORE INSERT OR UPDATE OF option_id, org_name ON catalog.variant_option_values FOR EACH ROW WHEN (new.option_id IS NOT NULL AND app.org_ref_other__catalog__product_options(new.option_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('option_id', 'catalog.product_options', 'id', 'uuid', 'variant_option_values_option_id_fkey', 'product_options');

CREATE TRIGGER steward_30_ref_variant_option_values_option_value_id_fkey BEFORE INSERT OR UPDATE OF option_value_id, org_name ON catalog.variant_option_values FOR EACH ROW WHEN (new.option_value_id IS NOT NULL AND app.org_ref_other__catalog__product_options(new.option_value_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('option_value_id', 'catalog.product_options', 'id', 'uuid', 'variant_option_values_option_value_id_fkey', 'product_options');

CREATE TRIGGER steward_30_ref_variant_option_values_variant_id_fkey BEFORE INSERT OR UPDATE OF variant_id, org_name ON catalog.variant_option_values FOR EACH ROW WHEN (new.variant_id IS NOT NULL AND app.org_ref_other__catalog__product_variants(new.variant_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('variant_id', 'catalog.product_variants', 'id', 'uuid', 'variant_option_values_variant_id_fkey', 'product_variants');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON catalog.variant_option_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON catalog.variant_option_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON catalog.variant_option_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('catalog');

CREATE TRIGGER steward_91_online_booking_status AFTER UPDATE OF status ON catalog.reservations FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION app.online_booking_status_mail();
