-- Settings:
-- branding, integrations, saved list filters, the roles view, the permission views (settings and
-- the public fallback) and public.user_profiles_view.

-- Standard component rules, except that every member of the organisation reads the rows (the
-- shell needs branding whatever the member's settings rights).
create function app.apply_member_readable_policies(p_table regclass, p_component text) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  perform app.apply_component_policies(p_table, p_component);
  execute format('drop policy org_read on %s', p_table);
  execute format('create policy org_read on %s for select to authenticated using '
                 '(org_name = ''_system_default_'' or org_name = any ((select app.member_orgs())::text[]))', p_table);
end;
$$;

create table settings.org_branding (
  id uuid primary key default gen_random_uuid(),
  -- One row per organisation (clients upsert on org_name) plus the `_system_default_` fallback.
  org_name text not null constraint org_branding_org_name_key unique
    references public.organizations (name) on delete cascade,
  logo_url text,
  primary_color app.hex_color,
  secondary_color app.hex_color,
  accent_color app.hex_color,
  background_color app.hex_color,
  card_color app.hex_color,
  border_color app.hex_color,
  button_color app.hex_color,
  button_text_color app.hex_color,
  text_color app.hex_color,
  link_color app.hex_color,
  font_family text,
  header_font text,
  paragraph_font text,
  custom_css text,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table settings.integrations (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint integrations_name_present check (btrim(name) <> ''),
  type text not null
    constraint integrations_type_check check (type in ('stripe', 'square', 'etsy', 'woocommerce', 'webhook', 'custom')),
  api_key text,
  api_secret text,
  base_url text,
  webhook_url text,
  webhook_secret text,
  settings jsonb not null default '{}',
  is_active boolean not null default true,
  -- The spec's name for last_modified_at; kept equal to it.
  updated_at timestamptz not null default now(),
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create function app.integration_updated_at() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := new.last_modified_at;
  return new;
end;
$$;

create trigger steward_40_updated_at before insert or update on settings.integrations
  for each row execute function app.integration_updated_at();

-- Saved list filters and sorts (tasks_filters, transactions_filters, supplies_filters, …): private
-- to the profile that saved them.
create table settings.saved_filters (
  id uuid primary key default gen_random_uuid(),
  profile_id uuid not null references public.user_profiles (id) on delete cascade,
  list_key text not null constraint saved_filters_list_key_format check (list_key ~ '^[a-z][a-z0-9_]*$'),
  name text not null constraint saved_filters_name_present check (btrim(name) <> ''),
  filter jsonb not null default '{}',
  sort jsonb not null default '[]',
  is_default boolean not null default false,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint saved_filters_profile_list_name_key unique (profile_id, list_key, name)
);
create unique index saved_filters_one_default_key on settings.saved_filters (profile_id, list_key) where is_default;

-- A saved filter belongs to the caller's profile in its organisation, whatever the client sends.
create function app.saved_filter_owner() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if app.is_app_user() then
      new.profile_id := app.profile_id_in(new.org_name);
    end if;
  else
    new.profile_id := old.profile_id;
  end if;
  return new;
end;
$$;

create trigger steward_25_owner before insert or update on settings.saved_filters
  for each row execute function app.saved_filter_owner();

do $$
begin
  perform app.add_audit_foreign_keys('settings.org_branding');
  perform app.add_audit_foreign_keys('settings.integrations');
  perform app.add_audit_foreign_keys('settings.saved_filters');
  perform app.attach_org_table('settings.org_branding');
  perform app.attach_org_table('settings.integrations');
  perform app.attach_org_table('settings.saved_filters');
  perform app.apply_member_readable_policies('settings.org_branding', 'settings');
  -- Integration secrets: only roles that may edit settings read integrations at all.
  perform app.apply_component_policies('settings.integrations', 'settings');
end;
$$;

drop policy org_read on settings.integrations;
create policy org_read on settings.integrations for select to authenticated
  using (org_name <> '_system_default_'
         and (org_name = any ((select app.orgs_with_access('settings', 'edit', 'Organization'))::text[])
              or (org_name = any ((select app.orgs_with_access('settings', 'edit', 'Personal'))::text[])
                  and created_by = any ((select app.my_profile_ids())::uuid[]))));

create policy org_read on settings.saved_filters for select to authenticated
  using (org_name = '_system_default_'
         or (profile_id = any ((select app.my_profile_ids())::uuid[]) and org_name = any ((select app.member_orgs())::text[])));
create policy org_insert on settings.saved_filters for insert to authenticated
  with check (org_name <> '_system_default_'
              and org_name = any ((select app.member_orgs())::text[])
              and profile_id = any ((select app.my_profile_ids())::uuid[]));
create policy org_update on settings.saved_filters for update to authenticated
  using (org_name <> '_system_default_' and profile_id = any ((select app.my_profile_ids())::uuid[]))
  with check (org_name <> '_system_default_' and profile_id = any ((select app.my_profile_ids())::uuid[]));
create policy org_delete on settings.saved_filters for delete to authenticated
  using (org_name <> '_system_default_' and profile_id = any ((select app.my_profile_ids())::uuid[]));
comment on table settings.saved_filters is 'component: settings (private to the owning profile)';

---------------------------------------------------------------------------------------------------
-- Views
---------------------------------------------------------------------------------------------------

-- Roles as the settings screens read them (id, name, org_name).
create view settings.roles with (security_invoker = true) as
select r.id, r.role_name as name, r.role_name, r.description, r.org_name, r.archive,
       r.created_at, r.created_by, r.last_modified_at, r.last_modified_by
from public.user_roles r;

-- The columns the session's permission check reads, no more. org_enabled: the organisation is not archived; org_comp_enabled:
-- the component is enabled for the organisation.
create view settings.user_role_permissions_view with (security_invoker = true) as
select rp.id as role_permissions_id, rp.role_id, r.role_name, r.description as role_description,
       rp.component_id, c.name as component_name, c.description as component_description, c.component_type,
       rp.create_access, rp.view_access, rp.edit_access, rp.delete_access,
       rp.org_name,
       coalesce(not o.archive, false) as org_enabled,
       coalesce(oc.enabled, false) as org_comp_enabled
from settings.user_role_permissions rp
join public.user_roles r on r.id = rp.role_id
join settings.components c on c.id = rp.component_id
left join public.organizations o on o.name = rp.org_name
left join settings.org_components oc on oc.org_name = rp.org_name and oc.component_id = rp.component_id;

-- The session reads this copy when its read of the settings schema fails.
create view public.user_role_permissions_view with (security_invoker = true) as
select * from settings.user_role_permissions_view;

-- The users list and user profile page: profile plus role, group, primary phone,
-- e-mail and address.
create view public.user_profiles_view with (security_invoker = true) as
select p.id, p.short_id, p.auth_user_id, p.org_name, p.name, p.display_name, p.first_name, p.last_name,
       p.email, p.phone, p.title, p.status, p.role_id, r.role_name, p.group_id, g.name as group_name,
       p.team_name, p.is_staff, p.source, p.invited_by, inv.name as invited_by_name, p.joined_at, p.username,
       p.timezone, p.language, p.avatar_url, p.is_primary,
       coalesce(ph.value, p.phone) as primary_phone, ph.label as primary_phone_label,
       coalesce(em.value, p.email) as primary_email, em.label as primary_email_label,
       coalesce(p.address_line_1, ad.address_line_1) as address_line_1,
       coalesce(p.address_line_2, ad.address_line_2) as address_line_2,
       coalesce(p.city, ad.city) as city,
       coalesce(p.state, ad.state) as state,
       coalesce(p.zip, ad.zip) as zip,
       coalesce(p.country, ad.country) as country,
       p.archive, p.created_at, p.created_by, cb.name as created_by_name,
       p.last_modified_at, p.last_modified_by, mb.name as last_modified_by_name
from public.user_profiles p
left join public.user_roles r on r.id = p.role_id
left join hr.groups g on g.id = p.group_id
left join public.user_profiles inv on inv.id = p.invited_by
left join public.user_profiles cb on cb.id = p.created_by
left join public.user_profiles mb on mb.id = p.last_modified_by
left join lateral (
  select v.value, v.label from crm.contact_methods_view v
  where v.user_id = p.id and v.kind = 'phone' and not v.archive
  order by v.is_primary desc, v.created_at desc limit 1) ph on true
left join lateral (
  select v.value, v.label from crm.contact_methods_view v
  where v.user_id = p.id and v.kind = 'email' and not v.archive
  order by v.is_primary desc, v.created_at desc limit 1) em on true
left join lateral (
  select a.address_line_1, a.address_line_2, a.city, a.state, a.zip, a.country
  from crm.addresses a
  where a.user_id = p.id and not a.archive
  order by a.is_primary desc, a.created_at desc limit 1) ad on true;

do $$
declare
  v_view text;
begin
  foreach v_view in array array['settings.roles', 'settings.user_role_permissions_view',
                                'public.user_role_permissions_view', 'public.user_profiles_view']
  loop
    perform app.secure_view(v_view::regclass);
  end loop;
end;
$$;
