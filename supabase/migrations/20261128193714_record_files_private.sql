-- record files private: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

-- Record files move to the private record-files bucket as '{organisation id}/{file id}', and no public
-- URL of one is kept, in the row or in its history. The moved rows keep their stamps and write no history
-- (triggers off). Bodies follow their storage.objects rows, as the local stack keeps them (by version); a
-- hosted project with record files moves them through the Storage API first (supabase/README.md).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('record-files', 'record-files', false, 5242880,
        array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'application/pdf']);

set session_replication_role = replica;
update storage.objects o
   set bucket_id = 'record-files', name = org.id || '/' || f.id
  from crm.crm_files f
  join public.organizations org on org.name = f.org_name
 where o.bucket_id = 'organization-assets' and o.name = f.storage_path;
update crm.crm_files f
   set storage_path = org.id || '/' || f.id
  from public.organizations org
 where org.name = f.org_name and f.storage_path is not null and f.storage_path !~ '/';
update crm.crm_files set url = null where url like '%/storage/v1/object/public/organization-assets/%';
update public.record_history set changes = changes - 'url'
 where table_name = 'crm.crm_files' and changes::text like '%/storage/v1/object/public/organization-assets/%';
set session_replication_role = origin;

alter table crm.crm_files add constraint crm_files_storage_path_own CHECK (storage_path IS NULL OR split_part(storage_path, '/'::text, 2) = id::text);

CREATE OR REPLACE FUNCTION app.record_file_claimed(p_name text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from crm.crm_files f where f.id = app.record_file_id(p_name))
$function$;
revoke all on function app.record_file_claimed(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.record_file_claimed(p_name text) to authenticated;
grant execute on function app.record_file_claimed(p_name text) to service_role;

CREATE OR REPLACE FUNCTION app.record_file_id(p_name text)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case when p_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
              then split_part(p_name, '/', 2)::uuid end
$function$;
revoke all on function app.record_file_id(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.record_file_id(p_name text) to authenticated;
grant execute on function app.record_file_id(p_name text) to service_role;

CREATE OR REPLACE FUNCTION app.record_file_org(p_name text)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case when app.record_file_id(p_name) is not null then split_part(p_name, '/', 1)::uuid end
$function$;
revoke all on function app.record_file_org(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.record_file_org(p_name text) to authenticated;
grant execute on function app.record_file_org(p_name text) to service_role;

create policy "steward: record files are removed by those who may delete them" on storage.objects
  as permissive
  for delete
  to authenticated
  using (bucket_id = 'record-files'::text AND ((EXISTS ( SELECT 1
   FROM crm.crm_files f
     JOIN public.organizations o ON o.name = f.org_name
     JOIN LATERAL public.record_permissions('crm.crm_files'::text, ARRAY[f.id]) p(id, can_edit, can_delete) ON p.id = f.id
  WHERE f.id = app.record_file_id(objects.name) AND o.id = app.record_file_org(objects.name) AND p.can_delete)) OR owner_id = auth.uid()::text AND NOT app.record_file_claimed(name)));

create policy "steward: record files are replaced by those who may edit them" on storage.objects
  as permissive
  for update
  to authenticated
  using (bucket_id = 'record-files'::text AND (EXISTS ( SELECT 1
   FROM crm.crm_files f
     JOIN public.organizations o ON o.name = f.org_name
     JOIN LATERAL public.record_permissions('crm.crm_files'::text, ARRAY[f.id]) p(id, can_edit, can_delete) ON p.id = f.id
  WHERE f.id = app.record_file_id(objects.name) AND o.id = app.record_file_org(objects.name) AND p.can_edit)))
  with check (bucket_id = 'record-files'::text);

create policy "steward: record files are uploaded by those who may add them" on storage.objects
  as permissive
  for insert
  to authenticated
  with check (bucket_id = 'record-files'::text AND (app.record_file_org(name) IN ( SELECT o.id
   FROM public.organizations o
  WHERE o.name = ANY (app.orgs_with_access('crm'::text, 'create'::text, 'allowed'::text)))));

create policy "steward: record files follow their record" on storage.objects
  as permissive
  for select
  to authenticated
  using (bucket_id = 'record-files'::text AND ((EXISTS ( SELECT 1
   FROM crm.crm_files f
     JOIN public.organizations o ON o.name = f.org_name
  WHERE f.id = app.record_file_id(objects.name) AND o.id = app.record_file_org(objects.name))) OR owner_id = auth.uid()::text AND NOT app.record_file_claimed(name)));
