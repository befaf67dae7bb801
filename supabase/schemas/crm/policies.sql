-- crm: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy org_delete on crm.addresses
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.addresses
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.addresses
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.addresses
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.business_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.business_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.business_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.business_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.businesses
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_insert on crm.businesses
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.businesses
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on crm.businesses
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_delete on crm.contact_method_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.contact_method_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.contact_method_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.contact_method_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.contact_methods
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.contact_methods
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.contact_methods
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.contact_methods
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.contact_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.contact_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.contact_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.contact_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.contacts
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_insert on crm.contacts
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.contacts
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on crm.contacts
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_delete on crm.crm_file_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.crm_file_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.crm_file_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.crm_file_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.crm_files
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.crm_files
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.crm_files
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.crm_files
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.households
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy org_insert on crm.households
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.households
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on crm.households
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND ((created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (primary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR (secondary_owner_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])))));

create policy import_jobs_own on crm.import_jobs
  as permissive
  for all
  to authenticated
  using (auth_user_id = (( SELECT auth.uid() AS uid)) AND (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])))
  with check (auth_user_id = (( SELECT auth.uid() AS uid)) AND (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy import_rows_own on crm.import_rows
  as permissive
  for all
  to authenticated
  using (job_id = ANY ((( SELECT crm.my_import_jobs() AS my_import_jobs))::uuid[]))
  with check (job_id = ANY ((( SELECT crm.my_import_jobs() AS my_import_jobs))::uuid[]));

create policy org_delete on crm.locations
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.locations
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.locations
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.locations
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.note_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.note_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.note_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.note_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.notes
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.notes
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.notes
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.notes
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.other_contact_methods
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.other_contact_methods
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.other_contact_methods
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.other_contact_methods
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on crm.relationships
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on crm.relationships
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on crm.relationships
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on crm.relationships
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy message_links_read on crm.message_links
  as permissive
  for select
  to authenticated
  using (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[]) AND
         CASE record_kind
           WHEN 'contact'::text THEN EXISTS (SELECT 1 FROM crm.contacts r WHERE r.id = message_links.record_id)
           WHEN 'business'::text THEN EXISTS (SELECT 1 FROM crm.businesses r WHERE r.id = message_links.record_id)
           WHEN 'household'::text THEN EXISTS (SELECT 1 FROM crm.households r WHERE r.id = message_links.record_id)
           WHEN 'user'::text THEN EXISTS (SELECT 1 FROM public.user_profiles r WHERE r.id = message_links.record_id)
           WHEN 'staff'::text THEN EXISTS (SELECT 1 FROM hr.staff_profiles r WHERE r.id = message_links.record_id)
           WHEN 'reservation'::text THEN EXISTS (SELECT 1 FROM catalog.reservations r WHERE r.id = message_links.record_id)
           ELSE false
         END);

create policy messages_read on crm.messages
  as permissive
  for select
  to authenticated
  using (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[]) AND
         (EXISTS (SELECT 1 FROM crm.message_links l WHERE l.message_id = messages.id)
          OR inbox AND (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])
                        OR org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[]))));

create policy message_attachments_read on crm.message_attachments
  as permissive
  for select
  to authenticated
  using (EXISTS (SELECT 1 FROM crm.messages m WHERE m.id = message_attachments.message_id));

create policy mail_campaigns_read on crm.mail_campaigns
  as permissive
  for select
  to authenticated
  using (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])
         OR created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]));

create policy mail_suppressions_read on crm.mail_suppressions
  as permissive
  for select
  to authenticated
  using (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])
         OR org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[]));

create policy mail_suppressions_delete on crm.mail_suppressions
  as permissive
  for delete
  to authenticated
  using (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]));
