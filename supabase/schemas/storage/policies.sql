-- storage: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy "steward: members delete their organisation's objects" on storage.objects
  as permissive
  for delete
  to authenticated
  using ((bucket_id = ANY (ARRAY['organization-assets'::text, 'accommodations'::text])) AND app.object_org(bucket_id, name) IS NOT NULL AND app.object_owner_shares_org(COALESCE(owner_id, owner::text), app.object_org(bucket_id, name)));

create policy "steward: members read their organisation's objects" on storage.objects
  as permissive
  for select
  to authenticated
  using ((bucket_id = ANY (ARRAY['organization-assets'::text, 'accommodations'::text])) AND app.object_org(bucket_id, name) IS NOT NULL);

create policy "steward: members replace their organisation's objects" on storage.objects
  as permissive
  for update
  to authenticated
  using ((bucket_id = ANY (ARRAY['organization-assets'::text, 'accommodations'::text])) AND app.object_org(bucket_id, name) IS NOT NULL AND app.object_owner_shares_org(COALESCE(owner_id, owner::text), app.object_org(bucket_id, name)))
  with check ((bucket_id = ANY (ARRAY['organization-assets'::text, 'accommodations'::text])) AND app.object_org(bucket_id, name) IS NOT NULL);

create policy "steward: members upload into their organisation" on storage.objects
  as permissive
  for insert
  to authenticated
  with check ((bucket_id = ANY (ARRAY['organization-assets'::text, 'accommodations'::text])) AND app.object_org(bucket_id, name) IS NOT NULL);
