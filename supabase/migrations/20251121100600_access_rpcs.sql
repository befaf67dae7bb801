-- Apply for Access and invitation activation: three functions callable by anon and signed-in users. Each is one statement, so
-- it either completes or changes nothing.
--
-- Errors carry their own SQLSTATE (PostgREST answers 400 with `code` set to it):
--   ST001 Please fill in all required fields
--   ST002 Please enter a valid email address
--   ST003 Business name is required for new organizations
--   ST004 Password must be at least 8 characters long
--   ST005 An organization with this name already exists
--   ST006 A user with this email already exists
--   ST007 No pending invitation was found for this email
--   ST008 The password does not match the existing account for this email
--   ST009 Business name must be at most 120 characters

-- Creates a login the way the auth service stores it: bcrypt password, e-mail identity, confirmed
-- at once unless the project requires e-mail confirmation (steward.auth_autoconfirm = 'off').
create function app.create_auth_user(p_email text, p_password text, p_user_metadata jsonb, p_id uuid default null)
  returns uuid
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
  v_email text := lower(btrim(p_email));
  v_now timestamptz := now();
  v_confirmed boolean := coalesce(nullif(current_setting('steward.auth_autoconfirm', true), ''), 'on') = 'on';
begin
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    confirmation_token, recovery_token, email_change_token_new, email_change,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
  values (
    '00000000-0000-0000-0000-000000000000', v_id, 'authenticated', 'authenticated', v_email,
    extensions.crypt(p_password, extensions.gen_salt('bf', 10)),
    case when v_confirmed then v_now end,
    '', '', '', '',
    jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email')),
    coalesce(p_user_metadata, '{}'::jsonb), v_now, v_now);
  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values (
    v_id::text, v_id,
    jsonb_build_object('sub', v_id::text, 'email', v_email, 'email_verified', v_confirmed, 'phone_verified', false),
    'email', v_now, v_now);
  return v_id;
end;
$$;

create function app.require_signup_fields(p_email text, p_password text, p_full_name text) returns void
  language plpgsql immutable
  set search_path = ''
as $$
begin
  if nullif(btrim(coalesce(p_email, '')), '') is null
     or nullif(btrim(coalesce(p_full_name, '')), '') is null
     or coalesce(p_password, '') = '' then
    raise exception using errcode = 'ST001', message = 'Please fill in all required fields';
  end if;
  if btrim(p_email) !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception using errcode = 'ST002', message = 'Please enter a valid email address';
  end if;
end;
$$;

create function app.require_password(p_password text) returns void
  language plpgsql immutable
  set search_path = ''
as $$
begin
  if char_length(p_password) < 8 then
    raise exception using errcode = 'ST004', message = 'Password must be at least 8 characters long';
  end if;
end;
$$;

---------------------------------------------------------------------------------------------------

-- The Pending invitation for an e-mail (the Apply for Access dialog switches to activation mode).
create function public.find_pending_invite(p_email text)
  returns table (id uuid, name text, title text, org_name text, role_id uuid, role_name text)
  language sql stable
  security definer
  set search_path = ''
as $$
  select p.id, p.name, p.title, p.org_name, p.role_id, r.role_name
  from public.user_profiles p
  left join public.user_roles r on r.id = p.role_id
  where lower(p.email) = lower(btrim(p_email))
    and p.status = 'Pending'
    and p.auth_user_id is null
  order by p.created_at
$$;

-- A new organisation with its owner: login, organisation, `owner` role with every permission,
-- every component enabled, and the Active profile (source 'Form Application').
create function public.apply_for_access(
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
  v_org text := btrim(coalesce(p_business_name, ''));
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
  if exists (select 1 from public.organizations o where lower(o.name) = lower(v_org)) then
    raise exception using errcode = 'ST005', message = 'An organization with this name already exists';
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
    if v_constraint like 'organizations%' then
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

-- The invitee sets a password: every Pending invitation for the e-mail becomes Active and is linked
-- to a new login, or to the existing one when the password matches it.
create function public.activate_invite(
  p_email text,
  p_password text,
  p_full_name text,
  p_title text default null,
  p_phone text default null)
  returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_full_name text := btrim(coalesce(p_full_name, ''));
  v_user auth.users%rowtype;
  v_user_id uuid;
  v_first public.user_profiles%rowtype;
  v_count integer;
  v_has_primary boolean;
begin
  perform app.require_signup_fields(p_email, p_password, p_full_name);
  perform app.require_password(p_password);

  select * into v_first
  from public.user_profiles p
  where lower(p.email) = v_email and p.status = 'Pending' and p.auth_user_id is null
  order by p.created_at, p.id
  limit 1
  for update;
  if not found then
    raise exception using errcode = 'ST007', message = 'No pending invitation was found for this email';
  end if;

  select * into v_user from auth.users u where lower(u.email) = v_email limit 1;
  if found then
    if v_user.encrypted_password is null
       or v_user.encrypted_password <> extensions.crypt(p_password, v_user.encrypted_password) then
      raise exception using errcode = 'ST008', message = 'The password does not match the existing account for this email';
    end if;
    v_user_id := v_user.id;
  else
    v_user_id := app.create_auth_user(v_email, p_password, jsonb_strip_nulls(jsonb_build_object(
      'full_name', v_full_name, 'title', nullif(btrim(p_title), ''), 'phone', nullif(btrim(p_phone), ''))));
  end if;

  v_has_primary := exists (select 1 from public.user_profiles p where p.auth_user_id = v_user_id and p.is_primary);

  update public.user_profiles p
     set auth_user_id = v_user_id,
         name = v_full_name,
         title = coalesce(nullif(btrim(p_title), ''), p.title),
         phone = coalesce(nullif(btrim(p_phone), ''), p.phone),
         status = 'Active',
         joined_at = now(),
         is_primary = (p.id = v_first.id and not v_has_primary)
   where lower(p.email) = v_email and p.status = 'Pending' and p.auth_user_id is null
     -- A login belongs to an organisation once.
     and not exists (select 1 from public.user_profiles q where q.org_name = p.org_name and q.auth_user_id = v_user_id);
  get diagnostics v_count = row_count;

  return jsonb_build_object('user_id', v_user_id, 'profile_id', v_first.id, 'org_name', v_first.org_name,
                            'activated', v_count);
end;
$$;

revoke all on function public.find_pending_invite(text) from public;
revoke all on function public.apply_for_access(text, text, text, text, text, text, text) from public;
revoke all on function public.activate_invite(text, text, text, text, text) from public;
grant execute on function public.find_pending_invite(text) to anon, authenticated, service_role;
grant execute on function public.apply_for_access(text, text, text, text, text, text, text) to anon, authenticated, service_role;
grant execute on function public.activate_invite(text, text, text, text, text) to anon, authenticated, service_role;

-- Logins are created only through the functions above.
revoke all on function app.create_auth_user(text, text, jsonb, uuid) from public, authenticated;
grant execute on function app.create_auth_user(text, text, jsonb, uuid) to service_role;
