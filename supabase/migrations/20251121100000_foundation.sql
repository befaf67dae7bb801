-- Foundation: schemas, the private `app` schema with its security-definer helpers, organisations,
-- roles, user profiles, components and role permissions, and the machinery every org-owned table
-- uses (org_name / audit / short_id triggers and component-aware row-level security).
--
-- Hosted Supabase already provides the roles (anon, authenticated, service_role), the `auth` and
-- `storage` schemas and pgcrypto in `extensions`; this file creates none of them.

create schema if not exists crm;
create schema if not exists catalog;
create schema if not exists hr;
create schema if not exists ops;
create schema if not exists settings;
-- Not exposed through the API: helpers that policies and triggers call.
create schema if not exists app;

grant usage on schema crm, catalog, hr, ops, settings to authenticated, service_role;
-- Policies run with the caller's privileges, so signed-in users need to reach the helpers.
grant usage on schema app to authenticated, service_role;
revoke all on schema app from public;

-- New tables in the area schemas are for signed-in users (row-level security decides) and the
-- service role; never for anon.
alter default privileges in schema crm, catalog, hr, ops, settings
  grant select, insert, update, delete on tables to authenticated;
alter default privileges in schema crm, catalog, hr, ops, settings
  grant all on tables to service_role;
alter default privileges in schema app grant execute on functions to authenticated, service_role;

---------------------------------------------------------------------------------------------------
-- Value types
---------------------------------------------------------------------------------------------------

-- The record status options, shared by every CRM-style record.
create domain app.record_status as text
  check (value in ('Active', 'Prospect / Pending', 'Inactive - Former', 'Inactive - Do Not Contact',
                   'Inactive - Deceased', 'Inactive - Other'));

create domain app.user_status as text check (value in ('Active', 'Pending', 'Inactive'));

-- Role permission levels: no access, the person's own records, or the whole organisation's.
create domain app.access_level as text check (value in ('None', 'Personal', 'Organization'));
create domain app.create_access as text check (value in ('allowed', 'not_allowed'));

create domain app.email as text check (value ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$');

create domain app.hex_color as text check (value ~ '^#[0-9A-Fa-f]{6}$');

---------------------------------------------------------------------------------------------------
-- Pure helpers
---------------------------------------------------------------------------------------------------

-- Short ids are derived from the row id so that fixed uuids (the seed) give fixed short ids:
-- 48 bits of sha256, base64url (8 characters, URL-safe).
create function app.short_id_for(p_id uuid) returns text
  language sql immutable strict parallel safe
  set search_path = ''
as $$
  select translate(encode(substring(sha256(uuid_send(p_id)) from 1 for 6), 'base64'), '+/', '-_')
$$;

-- The storage folder / file prefix of an organisation: whitespace removed, anything but
-- letters, digits, underscore and hyphen becomes a hyphen, fallback 'org'.
create function app.org_slug(p_name text) returns text
  language sql immutable parallel safe
  set search_path = ''
as $$
  select coalesce(
    nullif(regexp_replace(regexp_replace(coalesce(p_name, ''), '\s+', '', 'g'), '[^A-Za-z0-9_-]', '-', 'g'), ''),
    'org')
$$;

-- Statements issued by signed-in users or anon through the API. Everything else (the service role,
-- migrations, seed, and security-definer functions running as their owner) is trusted.
create function app.is_app_user() returns boolean
  language sql stable
  set search_path = ''
as $$
  select current_user in ('authenticated', 'anon')
$$;

---------------------------------------------------------------------------------------------------
-- Organisations, roles, profiles, components, permissions
---------------------------------------------------------------------------------------------------

create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  -- Every other table scopes by org_name; here it is the name itself, so the same filters work.
  org_name text generated always as (name) stored,
  display_name text,
  description text,
  type text,
  email text,
  phone text,
  address_line_1 text,
  address_line_2 text,
  city text,
  state text,
  zip text,
  country text,
  website text,
  timezone text,
  language text,
  logo_url text,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint organizations_name_key unique (name),
  constraint organizations_name_format check (name = btrim(name) and length(name) between 1 and 120)
);
-- Organisation names are unique regardless of case ("Acme" and "ACME" are the same organisation).
create unique index organizations_name_lower_key on public.organizations (lower(name));

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  org_name text not null references public.organizations (name) on delete cascade,
  role_name text not null constraint user_roles_role_name_present check (btrim(role_name) <> ''),
  description text,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  -- Target of the composite keys that keep a role inside its organisation.
  constraint user_roles_id_org_key unique (id, org_name)
);
create unique index user_roles_org_role_name_key on public.user_roles (org_name, lower(role_name));

create table public.user_profiles (
  id uuid primary key default gen_random_uuid(),
  short_id text not null,
  auth_user_id uuid references auth.users (id) on delete set null,
  org_name text not null references public.organizations (name) on delete cascade,
  name text not null constraint user_profiles_name_present check (btrim(name) <> ''),
  display_name text,
  first_name text,
  last_name text,
  email app.email,
  phone text,
  title text,
  status app.user_status not null default 'Pending',
  role_id uuid,
  group_id uuid,
  team_name text,
  is_staff boolean not null default false,
  source text not null default 'invited',
  invited_by uuid references public.user_profiles (id) on delete set null,
  joined_at timestamptz,
  username text,
  timezone text,
  language text,
  avatar_url text,
  address_line_1 text,
  address_line_2 text,
  city text,
  state text,
  zip text,
  country text,
  is_primary boolean not null default false,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint user_profiles_short_id_key unique (short_id),
  constraint user_profiles_role_in_org_fkey foreign key (role_id, org_name)
    references public.user_roles (id, org_name)
);
create unique index user_profiles_org_auth_user_key on public.user_profiles (org_name, auth_user_id)
  where auth_user_id is not null;
create unique index user_profiles_org_email_key on public.user_profiles (org_name, lower(email))
  where email is not null;
-- One primary organisation per user.
create unique index user_profiles_one_primary_key on public.user_profiles (auth_user_id)
  where is_primary and auth_user_id is not null;
create index user_profiles_auth_user_idx on public.user_profiles (auth_user_id, status);
create index user_profiles_email_idx on public.user_profiles (lower(email));

create table settings.components (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint components_name_key unique
    constraint components_name_format check (name ~ '^[a-z][a-z0-9-]*$'),
  display_name text not null,
  description text,
  -- 'remote': one of the six federated areas; 'feature': a finer switch inside one.
  component_type text not null default 'remote'
    constraint components_component_type_check check (component_type in ('remote', 'feature')),
  created_at timestamptz not null default now(),
  last_modified_at timestamptz not null default now()
);

create table settings.org_components (
  id uuid primary key default gen_random_uuid(),
  org_name text not null references public.organizations (name) on delete cascade,
  component_id uuid not null references settings.components (id) on delete cascade,
  -- Kept equal to the component's name so the session can read enabled names in one request.
  name text,
  description text,
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint org_components_org_component_key unique (org_name, component_id)
);

create table settings.user_role_permissions (
  id uuid primary key default gen_random_uuid(),
  org_name text not null references public.organizations (name) on delete cascade,
  role_id uuid not null,
  component_id uuid not null references settings.components (id) on delete cascade,
  view_access app.access_level not null default 'None',
  create_access app.create_access not null default 'not_allowed',
  edit_access app.access_level not null default 'None',
  delete_access app.access_level not null default 'None',
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint user_role_permissions_role_component_key unique (role_id, component_id),
  constraint user_role_permissions_role_in_org_fkey foreign key (role_id, org_name)
    references public.user_roles (id, org_name) on delete cascade
);

---------------------------------------------------------------------------------------------------
-- Who is calling: security-definer helpers (they read user_profiles without its policies, which
-- is what keeps the policies on user_profiles from recursing)
---------------------------------------------------------------------------------------------------

-- Organisations where the caller has an Active profile.
create function app.member_orgs() returns text[]
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(array_agg(distinct p.org_name), '{}')
  from public.user_profiles p
  where p.auth_user_id = auth.uid() and p.status = 'Active' and p.org_name <> '_system_default_'
$$;

-- The caller's Active profile ids (one per organisation).
create function app.my_profile_ids() returns uuid[]
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(array_agg(p.id), '{}')
  from public.user_profiles p
  where p.auth_user_id = auth.uid() and p.status = 'Active'
$$;

create function app.profile_id_in(p_org text) returns uuid
  language sql stable security definer
  set search_path = ''
as $$
  select p.id
  from public.user_profiles p
  where p.auth_user_id = auth.uid() and p.status = 'Active' and p.org_name = p_org
  limit 1
$$;

-- The organisation a row lands in when the client does not say: the primary one, else the only one.
create function app.default_org() returns text
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(
    (select p.org_name from public.user_profiles p
      where p.auth_user_id = auth.uid() and p.status = 'Active' and p.is_primary limit 1),
    (select min(p.org_name) from public.user_profiles p
      where p.auth_user_id = auth.uid() and p.status = 'Active'
      having count(*) = 1))
$$;

-- Organisations where the caller's role grants `p_level` for `p_action` on `p_component` and the
-- component is enabled for that organisation. p_action: view | edit | delete | create; p_level:
-- None | Personal | Organization (view/edit/delete) or allowed | not_allowed (create).
create function app.orgs_with_access(p_component text, p_action text, p_level text) returns text[]
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(array_agg(p.org_name), '{}')
  from public.user_profiles p
  join settings.components c on c.name = p_component
  join settings.org_components oc
    on oc.org_name = p.org_name and oc.component_id = c.id and oc.enabled
  join settings.user_role_permissions rp on rp.role_id = p.role_id and rp.component_id = c.id
  where p.auth_user_id = auth.uid()
    and p.status = 'Active'
    and p.org_name <> '_system_default_'
    and case p_action
          when 'view' then rp.view_access::text
          when 'edit' then rp.edit_access::text
          when 'delete' then rp.delete_access::text
          when 'create' then rp.create_access::text
        end = p_level
$$;

-- Storage folder names of the caller's organisations.
create function app.my_org_slugs() returns text[]
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(array_agg(app.org_slug(o)), '{}') from unnest(app.member_orgs()) as o
$$;

---------------------------------------------------------------------------------------------------
-- Row triggers shared by every org-owned table
---------------------------------------------------------------------------------------------------

-- org_name: filled on insert (the client's choice must be one of the caller's organisations; when
-- absent, the primary organisation), never changed afterwards; `_system_default_` rows belong to
-- the platform.
create function app.enforce_org_name() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if app.is_app_user() then
      if new.org_name is null then
        new.org_name := app.default_org();
        if new.org_name is null then
          raise exception using errcode = '42501',
            message = 'No active organization: choose an organization before creating records';
        end if;
      elsif new.org_name = '_system_default_' then
        raise exception using errcode = '42501', message = 'System default records cannot be changed';
      elsif not (new.org_name = any (app.member_orgs())) then
        raise exception using errcode = '42501',
          message = format('You are not a member of the organization %s', new.org_name);
      end if;
    end if;
  elsif new.org_name is distinct from old.org_name and app.is_app_user() then
    raise exception using errcode = '42501', message = 'org_name cannot be changed';
  end if;
  return new;
end;
$$;

-- Audit fields are the server's, not the client's: created_* once, last_modified_* on every write.
-- last_modified_at strictly increases so clients can use it for optimistic concurrency.
create function app.stamp_audit() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  v_profile uuid;
  v_app_user boolean := app.is_app_user();
begin
  if v_app_user then
    v_profile := app.profile_id_in(new.org_name);
  end if;
  if tg_op = 'INSERT' then
    if v_app_user then
      new.created_at := now();
      new.created_by := v_profile;
      new.last_modified_at := clock_timestamp();
      new.last_modified_by := v_profile;
    else
      new.created_at := coalesce(new.created_at, now());
      new.last_modified_at := coalesce(new.last_modified_at, new.created_at);
      new.last_modified_by := coalesce(new.last_modified_by, new.created_by);
    end if;
  else
    new.created_at := old.created_at;
    new.created_by := old.created_by;
    new.last_modified_at := greatest(clock_timestamp(), old.last_modified_at + interval '1 microsecond');
    if v_app_user then
      new.last_modified_by := v_profile;
    end if;
  end if;
  return new;
end;
$$;

-- short_id is derived from id on insert and never changes; client values are ignored.
create function app.stamp_short_id() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.short_id := app.short_id_for(new.id);
  else
    new.short_id := old.short_id;
  end if;
  return new;
end;
$$;

---------------------------------------------------------------------------------------------------
-- Wiring helpers used by every migration that adds an org-owned table
---------------------------------------------------------------------------------------------------

-- The row expression "caller may <action> this row" for a component, honouring Personal (rows the
-- caller created) and Organization levels. Each helper call is wrapped in a sub-select so Postgres
-- evaluates it once per statement, not once per row.
create function app.access_sql(p_component text, p_action text) returns text
  language sql immutable
  set search_path = ''
as $$
  select format(
    '(org_name = any ((select app.orgs_with_access(%1$L, %2$L, ''Organization''))::text[]) '
    'or (org_name = any ((select app.orgs_with_access(%1$L, %2$L, ''Personal''))::text[]) '
    'and created_by = any ((select app.my_profile_ids())::uuid[])))',
    p_component, p_action)
$$;

-- Triggers, grants and row-level security switch for an org-owned table; policies are separate so
-- that tables with special rules can write their own.
create function app.attach_org_table(p_table regclass) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  execute format('alter table %s enable row level security', p_table);
  execute format('create trigger steward_10_org_name before insert or update on %s '
                 'for each row execute function app.enforce_org_name()', p_table);
  execute format('create trigger steward_20_audit before insert or update on %s '
                 'for each row execute function app.stamp_audit()', p_table);
  if exists (select 1 from pg_catalog.pg_attribute
             where attrelid = p_table and attname = 'short_id' and not attisdropped) then
    execute format('create trigger steward_30_short_id before insert or update on %s '
                   'for each row execute function app.stamp_short_id()', p_table);
  end if;
  execute format('revoke all on %s from anon, authenticated, public', p_table);
  execute format('grant select, insert, update, delete on %s to authenticated', p_table);
  execute format('grant all on %s to service_role', p_table);
end;
$$;

-- The standard rules: read = the caller's organisations at their view level plus
-- `_system_default_`; create/edit/delete = the caller's organisations at their level, never
-- `_system_default_`; all only where the component is enabled for the organisation.
create function app.apply_component_policies(p_table regclass, p_component text) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  if not exists (select 1 from settings.components where name = p_component) and p_component not in
     ('crm', 'catalog', 'lodging', 'team-portal', 'operations', 'settings') then
    raise exception 'Unknown component %', p_component;
  end if;
  execute format('create policy org_read on %s for select to authenticated using '
                 '(org_name = ''_system_default_'' or %s)',
                 p_table, app.access_sql(p_component, 'view'));
  execute format('create policy org_insert on %s for insert to authenticated with check '
                 '(org_name <> ''_system_default_'' and org_name = any ((select app.orgs_with_access(%L, ''create'', ''allowed''))::text[]))',
                 p_table, p_component);
  execute format('create policy org_update on %s for update to authenticated using '
                 '(org_name <> ''_system_default_'' and %s) with check (org_name <> ''_system_default_'' and %s)',
                 p_table, app.access_sql(p_component, 'edit'), app.access_sql(p_component, 'edit'));
  execute format('create policy org_delete on %s for delete to authenticated using '
                 '(org_name <> ''_system_default_'' and %s)',
                 p_table, app.access_sql(p_component, 'delete'));
  execute format('comment on table %s is %L', p_table, 'component: ' || p_component);
end;
$$;

create function app.secure_org_table(p_table regclass, p_component text) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  perform app.attach_org_table(p_table);
  perform app.apply_component_policies(p_table, p_component);
end;
$$;

-- Audit columns point at user profiles. Deferred so that bootstrap code (and the seed) can create
-- an organisation's first rows and its first profile in one transaction, in any order.
create function app.add_audit_foreign_keys(p_table regclass) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  v_name text := (select relname from pg_catalog.pg_class where oid = p_table);
begin
  execute format('alter table %s add constraint %I foreign key (created_by) references public.user_profiles (id) '
                 'on delete set null deferrable initially deferred', p_table, v_name || '_created_by_fkey');
  execute format('alter table %s add constraint %I foreign key (last_modified_by) references public.user_profiles (id) '
                 'on delete set null deferrable initially deferred', p_table, v_name || '_last_modified_by_fkey');
end;
$$;

do $$
begin
  perform app.add_audit_foreign_keys('public.organizations');
  perform app.add_audit_foreign_keys('public.user_roles');
  perform app.add_audit_foreign_keys('public.user_profiles');
  perform app.add_audit_foreign_keys('settings.org_components');
  perform app.add_audit_foreign_keys('settings.user_role_permissions');
end;
$$;

---------------------------------------------------------------------------------------------------
-- Table-specific triggers
---------------------------------------------------------------------------------------------------

-- An organisation's name is the key every row refers to: it never changes.
create function app.keep_organization_name() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.name is distinct from old.name then
    raise exception using errcode = '42501', message = 'The organization name cannot be changed';
  end if;
  return new;
end;
$$;

create trigger steward_05_keep_name before update on public.organizations
  for each row execute function app.keep_organization_name();
create trigger steward_20_audit before insert or update on public.organizations
  for each row execute function app.stamp_audit();

-- Role permissions live in their role's organisation, whatever the client sends.
create function app.role_permission_org() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and new.org_name is null then
    new.org_name := (select r.org_name from public.user_roles r where r.id = new.role_id);
  end if;
  return new;
end;
$$;

create trigger steward_05_org_from_role before insert on settings.user_role_permissions
  for each row execute function app.role_permission_org();

-- org_components.name mirrors the component's name; the Settings component stays enabled so an
-- organisation can never lock itself out of turning components back on.
create function app.org_component_defaults() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  v_component settings.components%rowtype;
begin
  select * into v_component from settings.components c where c.id = new.component_id;
  new.name := v_component.name;
  new.description := coalesce(new.description, v_component.description);
  if v_component.name = 'settings' and not new.enabled then
    raise exception using errcode = '23514', message = 'The Settings component cannot be disabled';
  end if;
  return new;
end;
$$;

create trigger steward_05_component_defaults before insert or update on settings.org_components
  for each row execute function app.org_component_defaults();

-- What app users may not do to profiles: link them to someone else's login, or (without
-- organisation-wide settings edit rights) change their own role or status. E-mails are stored
-- lower-cased; setting a primary organisation clears the previous one.
create function app.clear_other_primary_profiles(p_auth_user_id uuid, p_keep uuid) returns void
  language sql
  security definer
  set search_path = ''
as $$
  update public.user_profiles
     set is_primary = false
   where auth_user_id = p_auth_user_id and is_primary and id <> p_keep
$$;

create function app.guard_user_profile() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.email := lower(new.email);
  if app.is_app_user() then
    if tg_op = 'INSERT' then
      if new.auth_user_id is not null then
        raise exception using errcode = '42501',
          message = 'A profile is linked to a login only when the invitee activates it';
      end if;
    else
      if new.auth_user_id is distinct from old.auth_user_id then
        raise exception using errcode = '42501', message = 'auth_user_id cannot be changed';
      end if;
      if old.auth_user_id = auth.uid()
         and (new.role_id is distinct from old.role_id or new.status is distinct from old.status or new.source is distinct from old.source)
         and not (old.org_name = any (app.orgs_with_access('settings', 'edit', 'Organization'))) then
        raise exception using errcode = '42501', message = 'You cannot change your own role or status';
      end if;
    end if;
  end if;
  if new.is_primary and new.auth_user_id is not null
     and (tg_op = 'INSERT' or not old.is_primary or new.auth_user_id is distinct from old.auth_user_id) then
    perform app.clear_other_primary_profiles(new.auth_user_id, new.id);
  end if;
  return new;
end;
$$;

create trigger steward_05_guard before insert or update on public.user_profiles
  for each row execute function app.guard_user_profile();

do $$
begin
  perform app.attach_org_table('public.user_roles');
  perform app.attach_org_table('public.user_profiles');
  perform app.attach_org_table('settings.org_components');
  perform app.attach_org_table('settings.user_role_permissions');
end;
$$;

---------------------------------------------------------------------------------------------------
-- Row-level security of the foundation tables
---------------------------------------------------------------------------------------------------

alter table public.organizations enable row level security;
revoke all on public.organizations from anon, authenticated, public;
-- Organisations are created only by apply_for_access; name and id are not editable.
grant select, update (display_name, description, type, email, phone, address_line_1, address_line_2, city,
  state, zip, country, website, timezone, language, logo_url, archive) on public.organizations to authenticated;
grant all on public.organizations to service_role;

create policy org_read on public.organizations for select to authenticated
  using (name = '_system_default_' or name = any ((select app.member_orgs())::text[]));
create policy org_update on public.organizations for update to authenticated
  using (name <> '_system_default_' and name = any ((select app.orgs_with_access('settings', 'edit', 'Organization'))::text[]))
  with check (name <> '_system_default_' and name = any ((select app.orgs_with_access('settings', 'edit', 'Organization'))::text[]));

-- Roles, profiles and enabled components follow the settings component's rules for writes (the same
-- builder as every org-owned table), but every member reads them: role names wherever users are
-- listed, the directory, and the components the session needs.
do $$
declare
  v_table regclass;
begin
  foreach v_table in array array['public.user_roles', 'public.user_profiles', 'settings.org_components']::regclass[]
  loop
    perform app.apply_component_policies(v_table, 'settings');
    execute format('drop policy org_read on %s', v_table);
    execute format('create policy org_read on %s for select to authenticated using '
                   '(org_name = ''_system_default_'' or org_name = any ((select app.member_orgs())::text[]))', v_table);
  end loop;
end;
$$;

-- A user always edits their own profile too (role and status only with settings rights, see
-- app.guard_user_profile).
drop policy org_update on public.user_profiles;
do $$
declare
  v_rule text := format('org_name <> ''_system_default_'' and (%s or (auth_user_id = (select auth.uid()) '
                        'and org_name = any ((select app.member_orgs())::text[])))', app.access_sql('settings', 'edit'));
begin
  execute format('create policy org_update on public.user_profiles for update to authenticated using (%s) with check (%s)',
                 v_rule, v_rule);
end;
$$;

-- Everyone reads the permissions of their own role (the session needs them); the whole
-- organisation's with settings view rights.
create function app.my_role_ids() returns uuid[]
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(array_agg(p.role_id), '{}')
  from public.user_profiles p
  where p.auth_user_id = auth.uid() and p.status = 'Active' and p.role_id is not null
$$;

create policy org_read on settings.user_role_permissions for select to authenticated
  using (org_name = '_system_default_' or role_id = any ((select app.my_role_ids())::uuid[]) or (org_name = any ((select app.orgs_with_access('settings', 'view', 'Organization'))::text[])
              or (org_name = any ((select app.orgs_with_access('settings', 'view', 'Personal'))::text[])
                  and created_by = any ((select app.my_profile_ids())::uuid[]))));
create policy org_insert on settings.user_role_permissions for insert to authenticated
  with check (org_name <> '_system_default_'
              and org_name = any ((select app.orgs_with_access('settings', 'create', 'allowed'))::text[]));
create policy org_update on settings.user_role_permissions for update to authenticated
  using (org_name <> '_system_default_' and (org_name = any ((select app.orgs_with_access('settings', 'edit', 'Organization'))::text[])
              or (org_name = any ((select app.orgs_with_access('settings', 'edit', 'Personal'))::text[])
                  and created_by = any ((select app.my_profile_ids())::uuid[]))))
  with check (org_name <> '_system_default_' and (org_name = any ((select app.orgs_with_access('settings', 'edit', 'Organization'))::text[])
              or (org_name = any ((select app.orgs_with_access('settings', 'edit', 'Personal'))::text[])
                  and created_by = any ((select app.my_profile_ids())::uuid[]))));
create policy org_delete on settings.user_role_permissions for delete to authenticated
  using (org_name <> '_system_default_' and (org_name = any ((select app.orgs_with_access('settings', 'delete', 'Organization'))::text[])
              or (org_name = any ((select app.orgs_with_access('settings', 'delete', 'Personal'))::text[])
                  and created_by = any ((select app.my_profile_ids())::uuid[]))));

alter table settings.components enable row level security;
revoke all on settings.components from anon, authenticated, public;
grant select on settings.components to authenticated;
grant all on settings.components to service_role;
-- The platform's component catalogue: read-only reference data for every signed-in user.
create policy components_read on settings.components for select to authenticated using (true);

-- Helpers are callable by signed-in users (their policies need them) and nobody else.
revoke execute on all functions in schema app from public;
grant execute on all functions in schema app to authenticated, service_role;
