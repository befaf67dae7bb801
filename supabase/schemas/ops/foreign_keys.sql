-- ops: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table ops.projects add constraint projects_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table ops.projects add constraint projects_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table ops.projects add constraint projects_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table ops.projects add constraint projects_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table ops.subtasks add constraint subtasks_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table ops.subtasks add constraint subtasks_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table ops.subtasks add constraint subtasks_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table ops.subtasks add constraint subtasks_task_id_fkey FOREIGN KEY (task_id) REFERENCES ops.tasks(id) ON DELETE CASCADE;

alter table ops.tasks add constraint tasks_assignee_id_fkey FOREIGN KEY (assignee_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table ops.tasks add constraint tasks_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE SET NULL;

alter table ops.tasks add constraint tasks_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table ops.tasks add constraint tasks_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table ops.tasks add constraint tasks_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE SET NULL;

alter table ops.tasks add constraint tasks_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table ops.tasks add constraint tasks_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table ops.tasks add constraint tasks_project_id_fkey FOREIGN KEY (project_id) REFERENCES ops.projects(id) ON DELETE SET NULL;

alter table ops.tasks add constraint tasks_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES catalog.reservations(id) ON DELETE SET NULL;
