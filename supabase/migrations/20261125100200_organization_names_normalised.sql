-- Organisation names are compared as a person reads them, and two organisations never share a
-- storage folder.
--
-- Unique by lower(name) let look-alikes through: an existing name plus a trailing tab or newline, a
-- doubled inner space, a no-break space, full-width letters (and `_system_default_` plus a tab) each
-- made a new organisation. Now:
-- * app.tidy_org_name(): Unicode NFKC, invisible characters (zero-width spaces and joiners, soft
--   hyphen, byte order mark) removed, every run of white space (tabs, newlines, no-break and other
--   Unicode spaces) made one space, trimmed. A new organisation's name is stored tidied (check
--   organizations_name_tidy, not validated against names stored before, which keep working as they
--   are).
-- * app.org_name_key(): the tidied name in lower case. Unique (organizations_name_normalized_key), so
--   the reserved `_system_default_` is covered by its own row.
-- * The storage folder (app.org_slug(name), the prefix of every object an organisation stores) is
--   unique too, in any case (organizations_storage_folder_key): "Cedar Grove" and
--   "CedarGrove" can no longer both exist and share one folder.
-- Apply for Access answers ST005 "An organization with this name already exists" for a look-alike and
-- ST010 "An organization with a very similar name already exists" when only the storage folder would
-- be shared.

create function app.tidy_org_name(p_name text) returns text
  language sql immutable parallel safe strict
  set search_path = ''
as $$
  select btrim(regexp_replace(
           regexp_replace(normalize(p_name, NFKC), '[\u00ad\u180e\u200b-\u200d\u2060\ufeff]', '', 'g'),
           '[\s\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+', ' ', 'g'))
$$;

create function app.org_name_key(p_name text) returns text
  language sql immutable parallel safe strict
  set search_path = ''
as $$
  select lower(app.tidy_org_name(p_name))
$$;

comment on function app.tidy_org_name(text) is 'an organisation name as stored: NFKC, invisible characters removed, white space collapsed to one space, trimmed';
comment on function app.org_name_key(text) is 'what makes two organisation names the same: the tidied name in lower case';

-- Names stored before this migration that would already be the same name or share a folder: the
-- indexes below cannot be built until someone decides which organisation gets a new name.
do $$
declare
  v_clash text;
begin
  select string_agg(names, '; ') into v_clash
  from (
    select string_agg(format('%L', name), ' / ' order by name) as names
    from public.organizations group by app.org_name_key(name) having count(*) > 1
    union all
    select string_agg(format('%L', name), ' / ' order by name)
    from public.organizations group by lower(app.org_slug(name)) having count(*) > 1
  ) clashes;
  if v_clash is not null then
    raise exception 'Organisations whose names are the same once normalised, or share a storage folder: %', v_clash
      using hint = 'Rename all but one of each group (name and every org_name referencing it) before applying this migration.';
  end if;
end;
$$;

create unique index organizations_name_normalized_key on public.organizations (app.org_name_key(name));
create unique index organizations_storage_folder_key on public.organizations (lower(app.org_slug(name)));
alter table public.organizations
  add constraint organizations_name_tidy check (name = app.tidy_org_name(name)) not valid;

-- Apply for Access: the name is tidied before anything else looks at it.
create or replace function public.apply_for_access(
  p_email text,
  p_password text,
  p_full_name text,
  p_business_name text,
  p_title text default null,
  p_phone text default null,
  p_username text default null)
  returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_full_name text := btrim(coalesce(p_full_name, ''));
  v_org text := app.tidy_org_name(coalesce(p_business_name, ''));
  v_user_id uuid;
  v_profile_id uuid := gen_random_uuid();
  v_role_id uuid := gen_random_uuid();
  v_constraint text;
begin
  perform app.require_signup_fields(p_email, p_password, p_full_name);
  if v_org = '' then
    raise exception using errcode = 'ST003', message = 'Business name is required for new organizations';
  end if;
  perform app.require_password(p_password);
  if char_length(v_org) > 120 then
    raise exception using errcode = 'ST009', message = 'Business name must be at most 120 characters';
  end if;
  if exists (select 1 from public.organizations o where app.org_name_key(o.name) = app.org_name_key(v_org)) then
    raise exception using errcode = 'ST005', message = 'An organization with this name already exists';
  end if;
  if exists (select 1 from public.organizations o where lower(app.org_slug(o.name)) = lower(app.org_slug(v_org))) then
    raise exception using errcode = 'ST010', message = 'An organization with a very similar name already exists';
  end if;
  if exists (select 1 from auth.users u where lower(u.email) = v_email)
     or exists (select 1 from public.user_profiles p where lower(p.email) = v_email and p.status = 'Active') then
    raise exception using errcode = 'ST006', message = 'A user with this email already exists';
  end if;

  begin
    v_user_id := app.create_auth_user(v_email, p_password, jsonb_strip_nulls(jsonb_build_object(
      'full_name', v_full_name, 'title', nullif(btrim(p_title), ''), 'phone', nullif(btrim(p_phone), ''),
      'username', nullif(btrim(p_username), ''), 'business_name', v_org, 'organization_name', v_org)));

    insert into public.organizations (name, display_name, created_by, last_modified_by)
    values (v_org, v_org, v_profile_id, v_profile_id);
  exception when unique_violation then
    -- Lost a race with a concurrent application for the same name or e-mail.
    get stacked diagnostics v_constraint = constraint_name;
    if v_constraint = 'organizations_storage_folder_key' then
      raise exception using errcode = 'ST010', message = 'An organization with a very similar name already exists';
    elsif v_constraint like 'organizations%' then
      raise exception using errcode = 'ST005', message = 'An organization with this name already exists';
    end if;
    raise exception using errcode = 'ST006', message = 'A user with this email already exists';
  end;

  insert into public.user_roles (id, org_name, role_name, description, created_by, last_modified_by)
  values (v_role_id, v_org, 'owner', 'Owner of the organization: full access to every component', v_profile_id, v_profile_id);

  insert into public.user_profiles (
    id, auth_user_id, org_name, name, first_name, last_name, email, phone, title, username, status, role_id,
    source, is_primary, joined_at, created_by, last_modified_by)
  values (
    v_profile_id, v_user_id, v_org, v_full_name,
    split_part(v_full_name, ' ', 1), nullif(btrim(substr(v_full_name, char_length(split_part(v_full_name, ' ', 1)) + 1)), ''),
    v_email, nullif(btrim(p_phone), ''), nullif(btrim(p_title), ''), nullif(btrim(p_username), ''), 'Active', v_role_id,
    'Form Application', true, now(), v_profile_id, v_profile_id);

  insert into settings.org_components (org_name, component_id, enabled, created_by, last_modified_by)
  select v_org, c.id, true, v_profile_id, v_profile_id from settings.components c;

  insert into settings.user_role_permissions (
    org_name, role_id, component_id, view_access, create_access, edit_access, delete_access, created_by, last_modified_by)
  select v_org, v_role_id, c.id, 'Organization', 'allowed', 'Organization', 'Organization', v_profile_id, v_profile_id
  from settings.components c;

  return jsonb_build_object('user_id', v_user_id, 'profile_id', v_profile_id, 'org_name', v_org);
end;
$$;

-- The storage namespaces no longer share a folder between organisations.
comment on function app.object_org(text, text) is
  'the organisation an object belongs to: the one whose storage folder (org slug, unique per organisation) is the longest prefix of the name';
