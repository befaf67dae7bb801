-- ops: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE CONSTRAINT TRIGGER org_ref_guard_projects_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON ops.projects DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'projects_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_projects_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON ops.projects DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'projects_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON ops.projects FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON ops.projects FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('project');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON ops.projects FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('project');

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON ops.projects FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_projects_owner_id_fkey BEFORE INSERT OR UPDATE OF owner_id, org_name ON ops.projects FOR EACH ROW WHEN (new.owner_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.owner_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('owner_id', 'public.user_profiles', 'id', 'uuid', 'projects_owner_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON ops.projects FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON ops.projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('project');

CREATE TRIGGER steward_91_custom_sort_delete AFTER DELETE ON ops.projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('project');

CREATE TRIGGER steward_91_custom_sort_insert AFTER INSERT ON ops.projects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('project');

CREATE TRIGGER steward_91_custom_sort_update AFTER UPDATE ON ops.projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('project');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON ops.projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON ops.projects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON ops.projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE CONSTRAINT TRIGGER org_ref_guard_subtasks_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON ops.subtasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'subtasks_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_subtasks_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON ops.subtasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'subtasks_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON ops.subtasks FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON ops.subtasks FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_subtasks_task_id_fkey BEFORE INSERT OR UPDATE OF task_id, org_name ON ops.subtasks FOR EACH ROW WHEN (new.task_id IS NOT NULL AND app.org_ref_other__ops__tasks(new.task_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('task_id', 'ops.tasks', 'id', 'uuid', 'subtasks_task_id_fkey', 'tasks');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON ops.subtasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON ops.subtasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON ops.subtasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE CONSTRAINT TRIGGER org_ref_guard_tasks_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON ops.tasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'tasks_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_tasks_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON ops.tasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'tasks_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON ops.tasks FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON ops.tasks FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('task');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON ops.tasks FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('task');

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON ops.tasks FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_tasks_assignee_id_fkey BEFORE INSERT OR UPDATE OF assignee_id, org_name ON ops.tasks FOR EACH ROW WHEN (new.assignee_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.assignee_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('assignee_id', 'public.user_profiles', 'id', 'uuid', 'tasks_assignee_id_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_tasks_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON ops.tasks FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'tasks_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_tasks_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON ops.tasks FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'tasks_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_tasks_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON ops.tasks FOR EACH ROW WHEN (new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'tasks_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_tasks_project_id_fkey BEFORE INSERT OR UPDATE OF project_id, org_name ON ops.tasks FOR EACH ROW WHEN (new.project_id IS NOT NULL AND app.org_ref_other__ops__projects(new.project_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('project_id', 'ops.projects', 'id', 'uuid', 'tasks_project_id_fkey', 'projects');

CREATE TRIGGER steward_30_ref_tasks_reservation_id_fkey BEFORE INSERT OR UPDATE OF reservation_id, org_name ON ops.tasks FOR EACH ROW WHEN (new.reservation_id IS NOT NULL AND app.org_ref_other__catalog__reservations(new.reservation_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('reservation_id', 'catalog.reservations', 'id', 'uuid', 'tasks_reservation_id_fkey', 'reservations');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON ops.tasks FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON ops.tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('task');

CREATE TRIGGER steward_91_custom_sort_delete AFTER DELETE ON ops.tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('task');

CREATE TRIGGER steward_91_custom_sort_insert AFTER INSERT ON ops.tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('task');

CREATE TRIGGER steward_91_custom_sort_update AFTER UPDATE ON ops.tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_sort_keys_upkeep('task');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON ops.tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON ops.tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON ops.tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_notify AFTER INSERT OR UPDATE OF assignee_id, due_date, status, archive ON ops.tasks FOR EACH ROW EXECUTE FUNCTION app.notify_task_change();
