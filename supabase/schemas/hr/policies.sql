-- hr: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy org_delete on hr.assignments
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on hr.assignments
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on hr.assignments
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on hr.assignments
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on hr.groups
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on hr.groups
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on hr.groups
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on hr.groups
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on hr.positions
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on hr.positions
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on hr.positions
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on hr.positions
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on hr.shift_members
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on hr.shift_members
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on hr.shift_members
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on hr.shift_members
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on hr.shifts
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_insert on hr.shifts
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on hr.shifts
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on hr.shifts
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_delete on hr.staff_profiles
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on hr.staff_profiles
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on hr.staff_profiles
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on hr.staff_profiles
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('team-portal'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));
