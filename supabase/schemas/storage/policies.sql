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

-- record-files (private): an object is readable where its crm_files row is (that table's own rule, Personal
-- included), replaced where the row is editable and removed where it is deletable; an upload needs CRM
-- create in the organisation the name starts with. Until a row claims it, an object is its uploader's.
create policy "steward: record files follow their record" on storage.objects
  as permissive
  for select
  to authenticated
  using (bucket_id = 'record-files'::text AND (EXISTS ( SELECT 1
   FROM crm.crm_files f
     JOIN public.organizations o ON o.name = f.org_name
  WHERE f.id = app.record_file_id(objects.name) AND o.id = app.record_file_org(objects.name)) OR owner_id = (auth.uid())::text AND NOT app.record_file_claimed(name)));

create policy "steward: record files are uploaded by those who may add them" on storage.objects
  as permissive
  for insert
  to authenticated
  with check (bucket_id = 'record-files'::text AND (app.record_file_org(name) IN ( SELECT o.id
   FROM public.organizations o
  WHERE o.name = ANY (app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text)))));

create policy "steward: record files are replaced by those who may edit them" on storage.objects
  as permissive
  for update
  to authenticated
  using (bucket_id = 'record-files'::text AND (EXISTS ( SELECT 1
   FROM crm.crm_files f
     JOIN public.organizations o ON o.name = f.org_name
     JOIN public.record_permissions('crm.crm_files'::text, ARRAY[f.id]) p(id, can_edit, can_delete) ON p.id = f.id
  WHERE f.id = app.record_file_id(objects.name) AND o.id = app.record_file_org(objects.name) AND p.can_edit)))
  with check (bucket_id = 'record-files'::text);

create policy "steward: record files are removed by those who may delete them" on storage.objects
  as permissive
  for delete
  to authenticated
  using (bucket_id = 'record-files'::text AND (EXISTS ( SELECT 1
   FROM crm.crm_files f
     JOIN public.organizations o ON o.name = f.org_name
     JOIN public.record_permissions('crm.crm_files'::text, ARRAY[f.id]) p(id, can_edit, can_delete) ON p.id = f.id
  WHERE f.id = app.record_file_id(objects.name) AND o.id = app.record_file_org(objects.name) AND p.can_delete) OR owner_id = (auth.uid())::text AND NOT app.record_file_claimed(name)));

-- message-files (private): an object is readable where a message's attachment row naming it is (the
-- message's own rule); uploaded by a member into their organisation's folder (the org slug); until a
-- message claims it, an object is its uploader's.
create policy "steward: message files follow their message" on storage.objects
  as permissive
  for select
  to authenticated
  using (bucket_id = 'message-files'::text AND (EXISTS ( SELECT 1 FROM crm.message_attachments a
  WHERE a.bucket_id = 'message-files'::text AND a.storage_path = objects.name) OR owner_id = (auth.uid())::text AND NOT app.message_file_claimed(name)));

create policy "steward: message files are uploaded by members" on storage.objects
  as permissive
  for insert
  to authenticated
  with check (bucket_id = 'message-files'::text AND split_part(name, '/'::text, 1) = ANY (app.my_org_slugs()) AND name ~ '^[^/]+/[0-9a-f-]{36}$'::text);

create policy "steward: message files are removed by their uploader until sent" on storage.objects
  as permissive
  for delete
  to authenticated
  using (bucket_id = 'message-files'::text AND owner_id = (auth.uid())::text AND NOT app.message_file_claimed(name));
