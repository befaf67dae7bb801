-- hr: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE CONSTRAINT TRIGGER org_ref_guard_assignments_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON hr.assignments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'assignments_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_assignments_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON hr.assignments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'assignments_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON hr.assignments FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON hr.assignments FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_assignments_position_id_fkey BEFORE INSERT OR UPDATE OF position_id, org_name ON hr.assignments FOR EACH ROW WHEN (new.position_id IS NOT NULL AND app.org_ref_other__hr__positions(new.position_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('position_id', 'hr.positions', 'id', 'uuid', 'assignments_position_id_fkey', 'positions');

CREATE TRIGGER steward_30_ref_assignments_staff_id_fkey BEFORE INSERT OR UPDATE OF staff_id, org_name ON hr.assignments FOR EACH ROW WHEN (new.staff_id IS NOT NULL AND app.org_ref_other__hr__staff_profiles(new.staff_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('staff_id', 'hr.staff_profiles', 'id', 'uuid', 'assignments_staff_id_fkey', 'staff_profiles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON hr.assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON hr.assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON hr.assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE CONSTRAINT TRIGGER org_ref_guard_groups_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON hr.groups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'groups_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_groups_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON hr.groups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'groups_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON hr.groups FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON hr.groups FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON hr.groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON hr.groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON hr.groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE CONSTRAINT TRIGGER org_ref_guard_positions_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON hr.positions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'positions_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_positions_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON hr.positions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'positions_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON hr.positions FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON hr.positions FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_positions_group_id_fkey BEFORE INSERT OR UPDATE OF group_id, org_name ON hr.positions FOR EACH ROW WHEN (new.group_id IS NOT NULL AND app.org_ref_other__hr__groups(new.group_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('group_id', 'hr.groups', 'id', 'uuid', 'positions_group_id_fkey', 'groups');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON hr.positions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON hr.positions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON hr.positions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE CONSTRAINT TRIGGER org_ref_guard_shift_members_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON hr.shift_members DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'shift_members_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_shift_members_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON hr.shift_members DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'shift_members_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON hr.shift_members FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON hr.shift_members FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_shift_members_shift_id_fkey BEFORE INSERT OR UPDATE OF shift_id, org_name ON hr.shift_members FOR EACH ROW WHEN (new.shift_id IS NOT NULL AND app.org_ref_other__hr__shifts(new.shift_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('shift_id', 'hr.shifts', 'id', 'uuid', 'shift_members_shift_id_fkey', 'shifts');

CREATE TRIGGER steward_30_ref_shift_members_staff_id_fkey BEFORE INSERT OR UPDATE OF staff_id, org_name ON hr.shift_members FOR EACH ROW WHEN (new.staff_id IS NOT NULL AND app.org_ref_other__hr__staff_profiles(new.staff_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('staff_id', 'hr.staff_profiles', 'id', 'uuid', 'shift_members_staff_id_fkey', 'staff_profiles');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON hr.shift_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON hr.shift_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON hr.shift_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE CONSTRAINT TRIGGER org_ref_guard_shifts_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON hr.shifts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'shifts_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_shifts_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON hr.shifts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'shifts_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON hr.shifts FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON hr.shifts FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_shifts_location_id_fkey BEFORE INSERT OR UPDATE OF location_id, org_name ON hr.shifts FOR EACH ROW WHEN (new.location_id IS NOT NULL AND app.org_ref_other__crm__locations(new.location_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('location_id', 'crm.locations', 'id', 'uuid', 'shifts_location_id_fkey', 'locations');

CREATE TRIGGER steward_30_ref_shifts_position_id_fkey BEFORE INSERT OR UPDATE OF position_id, org_name ON hr.shifts FOR EACH ROW WHEN (new.position_id IS NOT NULL AND app.org_ref_other__hr__positions(new.position_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('position_id', 'hr.positions', 'id', 'uuid', 'shifts_position_id_fkey', 'positions');

CREATE TRIGGER steward_30_ref_shifts_primary_owner_id_fkey BEFORE INSERT OR UPDATE OF primary_owner_id, org_name ON hr.shifts FOR EACH ROW WHEN (new.primary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.primary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('primary_owner_id', 'public.user_profiles', 'id', 'uuid', 'shifts_primary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_shifts_secondary_owner_id_fkey BEFORE INSERT OR UPDATE OF secondary_owner_id, org_name ON hr.shifts FOR EACH ROW WHEN (new.secondary_owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.secondary_owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('secondary_owner_id', 'public.user_profiles', 'id', 'uuid', 'shifts_secondary_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON hr.shifts FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON hr.shifts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON hr.shifts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON hr.shifts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE CONSTRAINT TRIGGER org_ref_guard_staff_profiles_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON hr.staff_profiles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'staff_profiles_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_staff_profiles_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON hr.staff_profiles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'staff_profiles_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON hr.staff_profiles FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON hr.staff_profiles FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('staff');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON hr.staff_profiles FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('staff');

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON hr.staff_profiles FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_staff_profiles_user_profile_id_fkey BEFORE INSERT OR UPDATE OF user_profile_id, org_name ON hr.staff_profiles FOR EACH ROW WHEN (new.user_profile_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.user_profile_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('user_profile_id', 'public.user_profiles', 'id', 'uuid', 'staff_profiles_user_profile_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON hr.staff_profiles FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON hr.staff_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('staff');

CREATE TRIGGER steward_91_custom_sort_delete AFTER DELETE ON hr.staff_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('staff');

CREATE TRIGGER steward_91_custom_sort_insert AFTER INSERT ON hr.staff_profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('staff');

CREATE TRIGGER steward_91_custom_sort_update AFTER UPDATE ON hr.staff_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('staff');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON hr.staff_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON hr.staff_profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON hr.staff_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('team-portal');
