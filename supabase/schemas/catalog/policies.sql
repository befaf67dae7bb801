-- catalog: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy org_delete on catalog.accommodation_blocks
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodation_blocks
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodation_blocks
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodation_blocks
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.accommodation_classes
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodation_classes
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodation_classes
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodation_classes
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.accommodation_files
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodation_files
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodation_files
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodation_files
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.accommodation_rate_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodation_rate_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodation_rate_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodation_rate_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.accommodation_rates
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodation_rates
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodation_rates
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodation_rates
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.accommodation_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodation_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodation_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodation_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.accommodations
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.accommodations
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.accommodations
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.accommodations
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.amenities
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.amenities
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.amenities
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.amenities
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.amenity_map
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.amenity_map
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.amenity_map
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.amenity_map
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.amenity_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.amenity_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.amenity_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.amenity_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.calendar_feeds
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.calendar_feeds
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.calendar_feeds
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.calendar_feeds
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.lodging_settings
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.lodging_settings
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.lodging_settings
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.lodging_settings
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.product_option_values
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.product_option_values
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.product_option_values
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.product_option_values
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.product_options
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.product_options
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.product_options
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.product_options
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.product_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.product_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.product_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.product_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.product_variants
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.product_variants
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.product_variants
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.product_variants
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.products
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.products
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.products
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.products
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.reservation_items
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.reservation_items
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.reservation_items
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.reservation_items
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.reservation_payments
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.reservation_payments
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.reservation_payments
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.reservation_payments
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.reservations
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.reservations
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.reservations
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.reservations
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.resource_classes
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.resource_classes
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.resource_classes
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.resource_classes
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.resource_reservations
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.resource_reservations
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.resource_reservations
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.resource_reservations
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.resource_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.resource_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.resource_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.resource_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('lodging'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.supplies
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.supplies
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.supplies
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.supplies
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.unit_conversions
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.unit_conversions
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.unit_conversions
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.unit_conversions
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.unit_types
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.unit_types
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.unit_types
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.unit_types
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_delete on catalog.variant_option_values
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on catalog.variant_option_values
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on catalog.variant_option_values
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy org_update on catalog.variant_option_values
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('catalog'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));
