-- An object in organization-assets belongs to the organisation with the LONGEST slug its name
-- starts with, among all organisations — not among the caller's only. Otherwise a member of "Acme"
-- could create "Acme-Labs-logo.png" in the namespace of "Acme-Labs", because "Acme-" is a prefix of
-- it. Organisations whose slugs are equal (e.g. "Cedar Grove" and "CedarGrove") share a namespace,
-- as the spec's naming leaves them no other.
create or replace function app.object_org(p_bucket text, p_name text) returns text
  language sql stable security definer
  set search_path = ''
as $$
  with matches as (
    select o.name, char_length(app.org_slug(o.name)) as slug_length
    from public.organizations o
    where o.name <> '_system_default_'
      and case p_bucket
            when 'organization-assets' then starts_with(p_name, app.org_slug(o.name) || '-')
            when 'accommodations' then split_part(p_name, '/', 1) = app.org_slug(o.name)
            else false
          end
  )
  select m.name
  from matches m
  where m.slug_length = (select max(slug_length) from matches)
    and m.name = any (app.member_orgs())
  order by m.name
  limit 1
$$;
