-- hr: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table hr.assignments add constraint assignments_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.assignments add constraint assignments_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.assignments add constraint assignments_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table hr.assignments add constraint assignments_position_id_fkey FOREIGN KEY (position_id) REFERENCES hr.positions(id) ON DELETE CASCADE;

alter table hr.assignments add constraint assignments_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES hr.staff_profiles(id) ON DELETE CASCADE;

alter table hr.groups add constraint groups_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.groups add constraint groups_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.groups add constraint groups_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table hr.positions add constraint positions_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.positions add constraint positions_group_id_fkey FOREIGN KEY (group_id) REFERENCES hr.groups(id) ON DELETE SET NULL;

alter table hr.positions add constraint positions_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.positions add constraint positions_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table hr.shift_members add constraint shift_members_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.shift_members add constraint shift_members_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.shift_members add constraint shift_members_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table hr.shift_members add constraint shift_members_shift_id_fkey FOREIGN KEY (shift_id) REFERENCES hr.shifts(id) ON DELETE CASCADE;

alter table hr.shift_members add constraint shift_members_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES hr.staff_profiles(id) ON DELETE CASCADE;

alter table hr.shifts add constraint shifts_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.shifts add constraint shifts_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.shifts add constraint shifts_location_id_fkey FOREIGN KEY (location_id) REFERENCES crm.locations(id) ON DELETE SET NULL;

alter table hr.shifts add constraint shifts_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table hr.shifts add constraint shifts_position_id_fkey FOREIGN KEY (position_id) REFERENCES hr.positions(id) ON DELETE SET NULL;

alter table hr.shifts add constraint shifts_primary_owner_id_fkey FOREIGN KEY (primary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table hr.shifts add constraint shifts_secondary_owner_id_fkey FOREIGN KEY (secondary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table hr.staff_profiles add constraint staff_profiles_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.staff_profiles add constraint staff_profiles_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table hr.staff_profiles add constraint staff_profiles_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table hr.staff_profiles add constraint staff_profiles_user_profile_id_fkey FOREIGN KEY (user_profile_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;
