-- public: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE TRIGGER steward_30_ref_notifications_profile_id_fkey BEFORE INSERT OR UPDATE OF profile_id, org_name ON public.notifications FOR EACH ROW WHEN (new.profile_id IS NOT NULL AND app.org_ref_other__public__user_profiles(new.profile_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('profile_id', 'public.user_profiles', 'id', 'uuid', 'notifications_profile_id_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_orders_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON public.orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'orders_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_orders_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON public.orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'orders_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON public.orders FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON public.orders FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_orders_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON public.orders FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'orders_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_orders_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON public.orders FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'orders_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON public.orders FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON public.orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON public.orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON public.orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE CONSTRAINT TRIGGER org_ref_guard_organizations_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON public.organizations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'organizations_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_organizations_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON public.organizations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'organizations_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_keep_name BEFORE UPDATE ON public.organizations FOR EACH ROW EXECUTE FUNCTION app.keep_organization_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON public.organizations FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_history_append_only BEFORE DELETE OR UPDATE ON public.record_history FOR EACH ROW EXECUTE FUNCTION app.refuse_history_edit();

CREATE CONSTRAINT TRIGGER org_ref_guard_transactions_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON public.transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'transactions_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_transactions_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON public.transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'transactions_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER sales_by_month_delete AFTER DELETE ON public.transactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.count_sales();

CREATE TRIGGER sales_by_month_insert AFTER INSERT ON public.transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.count_sales();

CREATE TRIGGER sales_by_month_update AFTER UPDATE ON public.transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.count_sales();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON public.transactions FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON public.transactions FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_transactions_business_id_fkey BEFORE INSERT OR UPDATE OF business_id, org_name ON public.transactions FOR EACH ROW WHEN (new.business_id IS NOT NULL AND app.org_ref_other__crm__businesses(new.business_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('business_id', 'crm.businesses', 'id', 'uuid', 'transactions_business_id_fkey', 'businesses');

CREATE TRIGGER steward_30_ref_transactions_contact_id_fkey BEFORE INSERT OR UPDATE OF contact_id, org_name ON public.transactions FOR EACH ROW WHEN (new.contact_id IS NOT NULL AND app.org_ref_other__crm__contacts(new.contact_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('contact_id', 'crm.contacts', 'id', 'uuid', 'transactions_contact_id_fkey', 'contacts');

CREATE TRIGGER steward_30_ref_transactions_household_id_fkey BEFORE INSERT OR UPDATE OF household_id, org_name ON public.transactions FOR EACH ROW WHEN (new.household_id IS NOT NULL AND app.org_ref_other__crm__households(new.household_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('household_id', 'crm.households', 'id', 'uuid', 'transactions_household_id_fkey', 'households');

CREATE TRIGGER steward_30_ref_transactions_order_id_fkey BEFORE INSERT OR UPDATE OF order_id, org_name ON public.transactions FOR EACH ROW WHEN (new.order_id IS NOT NULL AND app.org_ref_other__public__orders(new.order_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('order_id', 'public.orders', 'id', 'uuid', 'transactions_order_id_fkey', 'orders');

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON public.transactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON public.transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON public.transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('operations');

CREATE CONSTRAINT TRIGGER org_ref_guard_user_profiles_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON public.user_profiles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'user_profiles_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_user_profiles_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON public.user_profiles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'user_profiles_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_05_guard BEFORE INSERT OR UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION app.guard_user_profile();

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_30_ref_user_profiles_group_id_fkey BEFORE INSERT OR UPDATE OF group_id, org_name ON public.user_profiles FOR EACH ROW WHEN (new.group_id IS NOT NULL AND app.org_ref_other__hr__groups(new.group_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('group_id', 'hr.groups', 'id', 'uuid', 'user_profiles_group_id_fkey', 'groups');

CREATE TRIGGER steward_30_ref_user_profiles_invited_by_fkey BEFORE INSERT OR UPDATE OF invited_by, org_name ON public.user_profiles FOR EACH ROW WHEN (new.invited_by IS NOT NULL AND app.org_ref_other__public__user_profiles(new.invited_by, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('invited_by', 'public.user_profiles', 'id', 'uuid', 'user_profiles_invited_by_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_user_profiles_role_in_org_fkey BEFORE INSERT OR UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION app.org_reference_guard('role_id', 'public.user_roles', 'id', 'uuid', 'user_profiles_role_in_org_fkey', 'user_roles');

CREATE TRIGGER steward_30_short_id BEFORE INSERT OR UPDATE ON public.user_profiles FOR EACH ROW EXECUTE FUNCTION app.stamp_short_id();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON public.user_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON public.user_profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON public.user_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_keep_manager_on_delete AFTER DELETE ON public.user_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.keep_an_organization_manager();

CREATE TRIGGER steward_90_keep_manager_on_update AFTER UPDATE ON public.user_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.keep_an_organization_manager();

CREATE CONSTRAINT TRIGGER org_ref_guard_user_roles_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON public.user_roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'user_roles_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_user_roles_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON public.user_roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'user_roles_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON public.user_roles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON public.user_roles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON public.user_roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');
