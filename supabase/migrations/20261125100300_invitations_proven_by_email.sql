-- An invitation is claimed only by the person who reads the invited e-mail.
--
-- Before: anonymous find_pending_invite(email) told anyone who knew an address which organisation had
-- invited it and with which role (even owner), activate_invite(email, any password) made the caller
-- that member, and it activated every Pending invitation of the address at once — so one organisation
-- inviting an address made the person Active, even primary, there when they accepted another's.
--
-- Now:
-- * request_invite_code(email) — anyone may call it and it always answers the same (nothing), whether
--   the address is invited or not. For each Pending invitation of the address it e-mails, through
--   the mail outbox (app.enqueue_mail), a 6-digit code for that invitation: valid for one hour, at most
--   5 codes per invitation per hour, the newest replacing the one before.
-- * find_pending_invite(email, code) — the invitation the code belongs to (name, title, organisation,
--   role), for the Apply for Access dialog to switch to activation. Without the right code: ST011.
-- * activate_invite(email, code, password, full name, title, phone) — claims that invitation and no
--   other: a new login (its e-mail confirmed, since the code proved it) or, when the address already
--   has one, that login if the password matches (ST008). Primary only if the login has no primary
--   organisation yet. The code is used up.
-- * 5 wrong codes for an address void its codes (a new one must be requested): a 6-digit code cannot be
--   guessed in the tries it gets. A wrong code is counted, so the two functions answer it without
--   raising (which would roll the count back): the body is the usual error object and the HTTP status is
--   400 (PostgREST's response.status), so clients read it as any other error. Called in SQL, they return
--   that object instead of raising.
--
-- New rule errors:
--   ST011 The code is not valid or has expired

create table app.invite_codes (
  profile_id uuid primary key references public.user_profiles (id) on delete cascade,
  email text not null,
  code_hash text not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  -- Codes sent in the current hour, to cap the mail one address can be sent.
  window_started_at timestamptz not null default now(),
  sends_in_window integer not null default 0
);
create index invite_codes_email_idx on app.invite_codes (email);
revoke all on app.invite_codes from anon, authenticated, public;
grant all on app.invite_codes to service_role;
comment on table app.invite_codes is 'one live code per Pending invitation, stored hashed; written and read only by the invitation functions';

create function app.invite_code_hash(p_profile_id uuid, p_code text) returns text
  language sql immutable
  set search_path = ''
as $$
  select encode(sha256(convert_to(p_profile_id::text || ':' || btrim(coalesce(p_code, '')), 'UTF8')), 'hex')
$$;

-- The error answer of a wrong code: returned, not raised, so the failed try stays counted.
create function app.invalid_invite_code(p_email text) returns jsonb
  language plpgsql
  set search_path = ''
as $$
begin
  update app.invite_codes
     set failed_attempts = failed_attempts + 1,
         expires_at = case when failed_attempts + 1 >= 5 then least(expires_at, now()) else expires_at end
   where email = p_email;
  perform set_config('response.status', '400', true);
  return jsonb_build_object('code', 'ST011', 'message', 'The code is not valid or has expired', 'details', null, 'hint', null);
end;
$$;

-- The Pending invitation a live code of this address belongs to, or null.
create function app.invitation_for_code(p_email text, p_code text) returns uuid
  language sql stable
  set search_path = ''
as $$
  select c.profile_id
    from app.invite_codes c
    join public.user_profiles p on p.id = c.profile_id
   where c.email = p_email
     and c.expires_at > now()
     and c.failed_attempts < 5
     and c.code_hash = app.invite_code_hash(c.profile_id, p_code)
     and p.status = 'Pending' and p.auth_user_id is null and lower(p.email) = p_email
   limit 1
$$;

drop function public.find_pending_invite(text);
drop function public.activate_invite(text, text, text, text, text);

create function public.request_invite_code(p_email text) returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_invite record;
  v_code text;
  v_org text;
begin
  if v_email = '' then
    raise exception using errcode = 'ST001', message = 'Please fill in all required fields';
  end if;
  if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception using errcode = 'ST002', message = 'Please enter a valid email address';
  end if;
  for v_invite in
    select p.id, p.org_name, r.role_name, c.window_started_at, c.sends_in_window
      from public.user_profiles p
      left join public.user_roles r on r.id = p.role_id
      left join app.invite_codes c on c.profile_id = p.id
     where lower(p.email) = v_email and p.status = 'Pending' and p.auth_user_id is null
     order by p.created_at, p.id
  loop
    -- At most 5 codes per invitation per hour; beyond that the answer is the same and no mail goes.
    if v_invite.window_started_at is not null and v_invite.window_started_at > now() - interval '1 hour'
       and v_invite.sends_in_window >= 5 then
      continue;
    end if;
    v_code := lpad(((('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint) % 1000000)::text, 6, '0');
    insert into app.invite_codes as c (profile_id, email, code_hash, expires_at, failed_attempts, window_started_at, sends_in_window)
    values (v_invite.id, v_email, app.invite_code_hash(v_invite.id, v_code), now() + interval '1 hour', 0, now(), 1)
    on conflict (profile_id) do update
      set email = excluded.email,
          code_hash = excluded.code_hash,
          expires_at = excluded.expires_at,
          failed_attempts = 0,
          window_started_at = case when c.window_started_at > now() - interval '1 hour' then c.window_started_at else now() end,
          sends_in_window = case when c.window_started_at > now() - interval '1 hour' then c.sends_in_window + 1 else 1 end;
    v_org := v_invite.org_name;
    perform app.enqueue_mail(
      v_email,
      format('Your code to join %s', v_org),
      format(E'%s has invited you to join it on Steward as %s.\n\n'
             'Your code: %s\n\n'
             'To accept, open Steward, choose Get Started, enter this e-mail address, then this code. '
             'The code works for one hour.\n\n'
             'If you did not expect this invitation, you can ignore this e-mail: nothing happens without the code.',
             v_org, coalesce(nullif(v_invite.role_name, ''), 'team member'), v_code),
      null,
      'invite_code',
      v_invite.org_name,
      'public.user_profiles',
      v_invite.id);
  end loop;
end;
$$;

create function public.find_pending_invite(p_email text, p_code text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_profile_id uuid := app.invitation_for_code(v_email, p_code);
begin
  if v_profile_id is null then
    return app.invalid_invite_code(v_email);
  end if;
  return (
    select jsonb_build_object('id', p.id, 'name', p.name, 'title', p.title, 'org_name', p.org_name,
                              'role_id', p.role_id, 'role_name', r.role_name)
      from public.user_profiles p
      left join public.user_roles r on r.id = p.role_id
     where p.id = v_profile_id);
end;
$$;

create function public.activate_invite(
  p_email text,
  p_code text,
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
  v_profile public.user_profiles%rowtype;
  v_profile_id uuid;
  v_user auth.users%rowtype;
  v_user_id uuid;
  v_has_primary boolean;
begin
  perform app.require_signup_fields(p_email, p_password, p_full_name);
  perform app.require_password(p_password);

  v_profile_id := app.invitation_for_code(v_email, p_code);
  if v_profile_id is null then
    return app.invalid_invite_code(v_email);
  end if;
  select * into v_profile from public.user_profiles p where p.id = v_profile_id for update;

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
    -- The code proved the address.
    update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = v_user_id;
    update auth.identities
       set identity_data = identity_data || jsonb_build_object('email_verified', true)
     where user_id = v_user_id and provider = 'email';
  end if;

  -- A login belongs to an organisation once.
  if exists (select 1 from public.user_profiles q where q.org_name = v_profile.org_name and q.auth_user_id = v_user_id) then
    raise exception using errcode = 'ST007', message = 'No pending invitation was found for this email';
  end if;
  v_has_primary := exists (select 1 from public.user_profiles p where p.auth_user_id = v_user_id and p.is_primary);

  update public.user_profiles p
     set auth_user_id = v_user_id,
         name = v_full_name,
         title = coalesce(nullif(btrim(p_title), ''), p.title),
         phone = coalesce(nullif(btrim(p_phone), ''), p.phone),
         status = 'Active',
         joined_at = now(),
         is_primary = not v_has_primary
   where p.id = v_profile_id;
  delete from app.invite_codes where profile_id = v_profile_id;

  return jsonb_build_object('user_id', v_user_id, 'profile_id', v_profile_id, 'org_name', v_profile.org_name, 'activated', 1);
end;
$$;

revoke all on function public.request_invite_code(text) from public;
revoke all on function public.find_pending_invite(text, text) from public;
revoke all on function public.activate_invite(text, text, text, text, text, text) from public;
grant execute on function public.request_invite_code(text) to anon, authenticated, service_role;
grant execute on function public.find_pending_invite(text, text) to anon, authenticated, service_role;
grant execute on function public.activate_invite(text, text, text, text, text, text) to anon, authenticated, service_role;

revoke all on function app.invite_code_hash(uuid, text) from public, anon, authenticated;
revoke all on function app.invalid_invite_code(text) from public, anon, authenticated;
revoke all on function app.invitation_for_code(text, text) from public, anon, authenticated;
