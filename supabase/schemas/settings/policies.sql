-- settings: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy components_read on settings.components
  as permissive
  for select
  to authenticated
  using (true);

create policy org_delete on settings.custom_fields
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on settings.custom_fields
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on settings.custom_fields
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy org_update on settings.custom_fields
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on settings.integrations
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on settings.integrations
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on settings.integrations
  as permissive
  for select
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_update on settings.integrations
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on settings.org_branding
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on settings.org_branding
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on settings.org_branding
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy org_update on settings.org_branding
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on settings.org_components
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on settings.org_components
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on settings.org_components
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy org_update on settings.org_components
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on settings.saved_filters
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR shared AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]))));

create policy org_insert on settings.saved_filters
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])) AND (profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_read on settings.saved_filters
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR ((profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR shared) AND (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy org_update on settings.saved_filters
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR shared AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]))))
  with check (org_name <> '_system_default_'::text AND ((profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR shared AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]))));

create policy org_delete on settings.user_role_permissions
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on settings.user_role_permissions
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on settings.user_role_permissions
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (role_id = ANY ((( SELECT app.my_role_ids() AS my_role_ids))::uuid[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on settings.user_role_permissions
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_read on settings.mail_templates as permissive for select to authenticated
  using (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[]));

create policy org_insert on settings.mail_templates as permissive for insert to authenticated
  with check (org_name <> '_system_default_'::text AND org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]));

create policy org_update on settings.mail_templates as permissive for update to authenticated
  using (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]))
  with check (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]));

create policy org_delete on settings.mail_templates as permissive for delete to authenticated
  using (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]));

create policy org_read on settings.mail_settings as permissive for select to authenticated
  using (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[]));

create policy org_insert on settings.mail_settings as permissive for insert to authenticated
  with check (org_name <> '_system_default_'::text AND org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]));

create policy org_update on settings.mail_settings as permissive for update to authenticated
  using (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]))
  with check (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]));

create policy org_delete on settings.mail_settings as permissive for delete to authenticated
  using (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]));
