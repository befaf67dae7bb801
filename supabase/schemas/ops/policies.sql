-- ops: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy org_delete on ops.projects
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_insert on ops.projects
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on ops.projects
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on ops.projects
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_delete on ops.subtasks
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on ops.subtasks
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on ops.subtasks
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on ops.subtasks
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on ops.tasks
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (assignee_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_insert on ops.tasks
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on ops.tasks
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (assignee_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on ops.tasks
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (assignee_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (assignee_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));
