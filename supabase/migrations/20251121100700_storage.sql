-- Storage buckets and their object policies.
--   organization-assets: logos and record images; object name = {org slug}-{file name}.
--   accommodations:      lodging images and files; object name = {org slug}/{timestamp}_{file name}.
-- The org slug is app.org_slug(org name): whitespace removed, characters other than letters,
-- digits, '_' and '-' replaced by '-', fallback 'org'. Both buckets are public: anyone can fetch an
-- object by its public URL, only members write into their organisation's names.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('organization-assets', 'organization-assets', true, 5242880,
   array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']),
  ('accommodations', 'accommodations', true, 10485760,
   array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- The organisation whose namespace an object name falls in, among the caller's organisations
-- (the longest matching slug when the caller belongs to several whose slugs share a prefix).
create function app.object_org(p_bucket text, p_name text) returns text
  language sql stable security definer
  set search_path = ''
as $$
  select o
  from unnest(app.member_orgs()) as o
  where case p_bucket
          when 'organization-assets' then starts_with(p_name, app.org_slug(o) || '-')
          when 'accommodations' then split_part(p_name, '/', 1) = app.org_slug(o)
          else false
        end
  order by char_length(app.org_slug(o)) desc
  limit 1
$$;

-- An existing object may be replaced or removed only by members of the organisation its uploader
-- belongs to: flat "{slug}-" prefixes of different organisations can overlap ("Cedar-" is a prefix
-- of "Cedar-Grove-…"), so the prefix alone does not prove whose object it is.
create function app.object_owner_shares_org(p_owner text, p_org text) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select p_owner is null or exists (
    select 1 from public.user_profiles p
    where p.auth_user_id::text = p_owner and p.org_name = p_org and p.status = 'Active')
$$;

create policy "steward: members read their organisation's objects" on storage.objects
  for select to authenticated
  using (bucket_id in ('organization-assets', 'accommodations') and app.object_org(bucket_id, name) is not null);

create policy "steward: members upload into their organisation" on storage.objects
  for insert to authenticated
  with check (bucket_id in ('organization-assets', 'accommodations') and app.object_org(bucket_id, name) is not null);

create policy "steward: members replace their organisation's objects" on storage.objects
  for update to authenticated
  using (bucket_id in ('organization-assets', 'accommodations')
         and app.object_org(bucket_id, name) is not null
         and app.object_owner_shares_org(coalesce(owner_id, owner::text), app.object_org(bucket_id, name)))
  with check (bucket_id in ('organization-assets', 'accommodations') and app.object_org(bucket_id, name) is not null);

create policy "steward: members delete their organisation's objects" on storage.objects
  for delete to authenticated
  using (bucket_id in ('organization-assets', 'accommodations')
         and app.object_org(bucket_id, name) is not null
         and app.object_owner_shares_org(coalesce(owner_id, owner::text), app.object_org(bucket_id, name)));
